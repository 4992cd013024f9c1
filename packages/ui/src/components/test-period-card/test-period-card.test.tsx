// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { AppRoot } from '@telegram-apps/telegram-ui';
import type { User } from '@autoradar/contract';
import { sampleUser } from '@autoradar/contract/fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlatformContext, type Platform } from '../../platform';
import { logoutAtom, signInAtom } from '../../session/state';
import { TestPeriodCard } from './test-period-card';
import type { TestPeriodSounds } from './sounds';

const platform: Platform = { kind: 'web', openLink: () => {} };
const start = new Date('2025-06-15T10:00:00.000Z');
const HOUR = 3_600_000;

/** A basic user: no PRO, no test period started. */
const baseUser: User = { ...sampleUser, id: 7, is_pro: false, pro_expired: null, started_at: null };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The API at the HTTP boundary: the user as the server holds it, and the test-period call's answer. */
function fakeServer(user: User, activation?: () => Response) {
  const server = { user, calls: [] as string[] };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const path = new URL(request.url, 'http://app.test').pathname;
    server.calls.push(`${request.method} ${path}`);
    if (path === '/api/user/data') return json(200, server.user);
    if (path === '/api/test-period' && activation) return activation();
    return json(404, { message: 'Не найдено' });
  });
  return server;
}

function recordingSounds() {
  const played: string[] = [];
  const sounds: TestPeriodSounds = { playStop: () => played.push('stop'), playFail: () => played.push('fail') };
  return { played, sounds };
}

async function renderCard(options: { user?: User; sounds?: TestPeriodSounds } = {}) {
  const store = createStore();
  if (options.user) await store.set(signInAtom, 'token-7');
  return render(
    <Provider store={store}>
      <PlatformContext.Provider value={platform}>
        <AppRoot appearance="light">
          <MemoryRouter initialEntries={['/search']}>
            <TestPeriodCard sounds={options.sounds ?? recordingSounds().sounds} />
          </MemoryRouter>
        </AppRoot>
      </PlatformContext.Provider>
    </Provider>,
  );
}

/** The clock: Date and the card's one-second interval are faked; promises and Testing Library's waits stay real. */
function fakeClock(at: Date) {
  vi.useFakeTimers({ now: at, toFake: ['Date', 'setInterval', 'clearInterval'] });
}

const tick = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

/** Lets promises (the fake API's answers) run until `done`, without the faked interval Testing Library polls with. */
async function settle(done: () => boolean) {
  for (let i = 0; i < 50 && !done(); i += 1) await act(() => Promise.resolve());
}

beforeEach(() => {
  // Vitest runs without globals, so Testing Library cannot announce the act() environment itself.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  localStorage.clear();
});

afterEach(async () => {
  cleanup();
  await createStore().set(logoutAtom);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('test-period card', () => {
  it('offers a guest to sign in first, coming back to the same page', async () => {
    fakeClock(start);
    await renderCard();
    expect(screen.getByRole('heading', { name: 'Тестовый период PRO' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Войти' }).getAttribute('href')).toBe('/login?redirect=%2Fsearch');
    expect(screen.queryByRole('button', { name: 'Активировать бесплатно' })).toBeNull();
  });

  it('activates for a signed-in user, then counts down from 24:00:00 with a full bar', async () => {
    const server = fakeServer(baseUser, () => {
      server.user = {
        ...baseUser,
        started_at: start.toISOString(),
        is_pro: true,
        pro_expired: '2025-06-16T10:00:00.000Z',
      };
      return json(200, { data: server.user });
    });
    fakeClock(start);
    await renderCard({ user: baseUser });
    const button = await screen.findByRole('button', { name: 'Активировать бесплатно' });
    act(() => button.click());

    expect(await screen.findByRole('heading', { name: 'Тестовый период активен' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('24:00:00');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await settle(() => server.calls.filter((c) => c === 'GET /api/user/data').length === 2);
    expect(server.calls.filter((c) => c === 'GET /api/user/data')).toHaveLength(2);
    expect(server.calls).toContain('POST /api/test-period');

    tick(1_000);
    expect(screen.getByRole('timer').textContent).toBe('23:59:59');
    tick(6 * HOUR - 1_000);
    expect(screen.getByRole('timer').textContent).toBe('18:00:00');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('75');
    expect(screen.getByText('Осталось 75% периода')).toBeTruthy();
  });

  it('runs out on screen: «Доступ истек», PRO offered, and the stop sound once', async () => {
    const startedAt = new Date(start.getTime() - 24 * HOUR + 2_000).toISOString();
    const user = { ...baseUser, started_at: startedAt, is_pro: true, pro_expired: '2025-06-15T10:00:02.000Z' };
    const server = fakeServer(user);
    const { played, sounds } = recordingSounds();
    fakeClock(start);
    await renderCard({ user, sounds });
    expect(screen.getByRole('timer').textContent).toBe('00:00:02');
    expect(played).toEqual([]);

    tick(1_000);
    expect(screen.getByRole('timer').textContent).toBe('00:00:01');
    tick(1_000);
    expect(screen.getByRole('heading', { name: 'Доступ истек' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Подключить PRO' }).getAttribute('href')).toBe('/pay');
    expect(played).toEqual(['stop']);
    // The user is reloaded, so the rest of the app sees PRO gone.
    await settle(() => server.calls.filter((c) => c === 'GET /api/user/data').length === 2);
    expect(server.calls.filter((c) => c === 'GET /api/user/data')).toHaveLength(2);
    tick(5_000);
    expect(played).toEqual(['stop']);
  });

  it('an expired period found on opening shows «Доступ истек» without a sound', async () => {
    const user = { ...baseUser, started_at: '2025-06-01T08:00:00.000Z', pro_expired: '2025-06-02T08:00:00.000Z' };
    fakeServer(user);
    const { played, sounds } = recordingSounds();
    fakeClock(start);
    await renderCard({ user, sounds });
    expect(screen.getByRole('heading', { name: 'Доступ истек' })).toBeTruthy();
    expect(played).toEqual([]);
  });

  it("a failed activation shows the server's message and plays the fail sound", async () => {
    fakeServer(baseUser, () => json(409, { message: 'Тестовый период уже был активирован' }));
    const { played, sounds } = recordingSounds();
    fakeClock(start);
    await renderCard({ user: baseUser, sounds });
    act(() => screen.getByRole('button', { name: 'Активировать бесплатно' }).click());
    expect((await screen.findByRole('alert')).textContent).toBe('Тестовый период уже был активирован');
    expect(played).toEqual(['fail']);
    expect(screen.getByRole('button', { name: 'Активировать бесплатно' })).toBeTruthy();
  });

  it('stays out of the way of a paid PRO', async () => {
    const user = { ...baseUser, is_pro: true, pro_expired: '2025-07-15T10:00:00.000Z' };
    fakeServer(user);
    fakeClock(start);
    const { container } = await renderCard({ user });
    expect(container.querySelector('.test-period')).toBeNull();
  });
});
