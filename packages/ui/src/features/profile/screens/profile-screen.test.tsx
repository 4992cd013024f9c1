// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppRoot } from '@telegram-apps/telegram-ui';
import type { Post, User } from '@autoradar/contract';
import { samplePost, sampleUser } from '@autoradar/contract/fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeToken } from '../../../api/token-storage';
import { PlatformContext, type Platform } from '../../../platform';
import { UserAvatar } from '../components/user-avatar';
import { avatarColour, initialsOf } from '../user-display';
import { ProfileView } from './profile-screen';

const platform: Platform = { kind: 'web', openLink: () => {} };
const now = new Date('2026-06-15T10:00:00Z');

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The API at the HTTP boundary: the user's listings and the sign-out calls, recorded. */
function installFakeApi(posts: Post[]) {
  const sent: { method: string; path: string; authorization: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? new Request(input, init) : new Request(String(input), init);
      const path = new URL(request.url).pathname;
      sent.push({ method: request.method, path, authorization: request.headers.get('Authorization') });
      if (path === '/api/posts/my') return json(200, { data: posts, meta: { count: posts.length } });
      if (path === '/api/auth/logout-all' || path === '/api/logout') return new Response(null, { status: 204 });
      return json(404, { message: 'Не найдено' });
    }),
  );
  return sent;
}

function renderProfile(user: User) {
  return render(
    <PlatformContext.Provider value={platform}>
      <AppRoot appearance="light">
        <MemoryRouter initialEntries={['/profile']}>
          <Routes>
            <Route path="/profile" element={<ProfileView user={user} now={now} />} />
            <Route path="/" element={<p>Главная страница</p>} />
          </Routes>
        </MemoryRouter>
      </AppRoot>
    </PlatformContext.Provider>,
  );
}

beforeEach(() => storeToken('profile-token'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('avatar', () => {
  it('shows the initials on a coloured circle when there is no photo', () => {
    const { container } = render(
      <AppRoot appearance="light">
        <UserAvatar user={{ ...sampleUser, photo_url: null }} />
      </AppRoot>,
    );
    expect(screen.getByText('ИП')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    const circle = container.querySelector<HTMLElement>('.profile-avatar')!;
    expect(circle.style.backgroundColor).not.toBe('');
  });

  it('shows the photo, and the initials instead when the photo fails to load', () => {
    const { container } = render(
      <AppRoot appearance="light">
        <UserAvatar user={sampleUser} />
      </AppRoot>,
    );
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(sampleUser.photo_url);
    expect(img.getAttribute('alt')).toBe('Фото: Иван Петров');
    expect(screen.queryByText('ИП')).toBeNull();
    fireEvent.error(img);
    expect(screen.getByText('ИП')).toBeTruthy();
  });

  it('makes initials from what the account has, and keeps one colour per account', () => {
    expect(initialsOf({ name: null, first_name: 'анна', last_name: null, username: null })).toBe('А');
    expect(initialsOf({ name: 'Пётр Ильич Чайковский', first_name: null, last_name: null, username: null })).toBe('ПИ');
    expect(initialsOf({ name: null, first_name: null, last_name: null, username: 'car_fan' })).toBe('CF');
    expect(initialsOf({ name: null, first_name: null, last_name: null, username: null })).toBe('?');
    expect(avatarColour(7)).toBe(avatarColour(14));
    expect(avatarColour(7)).not.toBe(avatarColour(8));
  });
});

describe('profile', () => {
  const unpublished: Post = { ...samplePost, id: 43, title: 'Lada Vesta 2021', status: 'unpublished' };

  it('shows the name, e-mail, PRO until its date, and «Мои объявления» with the count and each state', async () => {
    installFakeApi([samplePost, unpublished]);
    const user = { ...sampleUser, pro_expired: '2026-07-15T12:00:00.000Z' };
    renderProfile(user);
    expect(screen.getByRole('heading', { level: 1, name: 'Иван Петров' })).toBeTruthy();
    expect(screen.getByText('ivan@example.ru')).toBeTruthy();
    expect(screen.getByText('PRO активен до 15 июля 2026 г. в 15:00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Продлить PRO' }).getAttribute('href')).toBe('/pay');

    const section = screen.getByRole('region', { name: /Мои объявления/ });
    expect(await within(section).findByText('Toyota Camry 2.5 AT, 2018')).toBeTruthy();
    expect(within(section).getByLabelText('Объявлений: 2')).toBeTruthy();
    expect(within(section).getByText('Опубликовано')).toBeTruthy();
    expect(within(section).getByText('Снято с публикации')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Добавить' }).getAttribute('href')).toBe('/new');
  });

  it('without PRO offers it on /pay; without listings offers the first one', async () => {
    installFakeApi([]);
    renderProfile({ ...sampleUser, is_pro: false, pro_expired: null, email: null });
    expect(screen.getByText('Базовый тариф')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Подключить PRO' }).getAttribute('href')).toBe('/pay');
    expect(screen.getByText('E-mail не указан')).toBeTruthy();
    expect(await screen.findByText('У вас пока нет объявлений')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Подать объявление' }).getAttribute('href')).toBe('/new');
  });

  it('signs out on every device after a confirmation, forgets the token and goes home', async () => {
    const sent = installFakeApi([]);
    const user = userEvent.setup();
    renderProfile(sampleUser);
    await user.click(screen.getByRole('button', { name: 'Выйти на всех устройствах' }));
    await user.click(screen.getByRole('button', { name: 'Да, выйти везде' }));
    expect(await screen.findByText('Главная страница')).toBeTruthy();
    expect(localStorage.getItem('autoradar:token')).toBeNull();
    await waitFor(() => expect(sent.map((r) => r.path)).toContain('/api/auth/logout-all'));
    const call = sent.find((r) => r.path === '/api/auth/logout-all')!;
    expect(call).toMatchObject({ method: 'POST', authorization: 'Bearer profile-token' });
    // The token is dead already: no second call tries it.
    expect(sent.some((r) => r.path === '/api/logout')).toBe(false);
  });
});
