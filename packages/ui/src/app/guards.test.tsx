// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GuestOnly, RequireSignIn } from '../session/components/guards';
import type { Platform } from '../platform';
import { LandingRoute, RequireAdmin } from './guards';
import { fakeApi, Providers, signInAs, signOut, testUser } from './testing';

/** Where the router is, so a redirect can be read off the page. */
function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function renderAt(path: string, platform?: Platform) {
  return render(
    <Providers path={path} {...(platform ? { platform } : {})}>
      <Routes>
        <Route index element={<LandingRoute />} />
        <Route
          path="login"
          element={
            <GuestOnly>
              <p>Страница входа</p>
            </GuestOnly>
          }
        />
        <Route
          path="profile"
          element={
            <RequireSignIn>
              <p>Профиль</p>
            </RequireSignIn>
          }
        />
        <Route
          path="partners"
          element={
            <RequireSignIn>
              <RequireAdmin>
                <p>Партнеры</p>
              </RequireAdmin>
            </RequireSignIn>
          }
        />
        <Route path="search" element={<p>Лента</p>} />
      </Routes>
      <Where />
    </Providers>,
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('route guards (spec §2)', () => {
  beforeEach(() => fakeApi());
  afterEach(async () => {
    cleanup();
    await signOut();
  });

  it('a guest opening a signed-in route goes to /login with the original path and query in redirect', () => {
    renderAt('/profile?tab=posts');
    expect(where()).toBe('/login?redirect=%2Fprofile%3Ftab%3Dposts');
    expect(screen.getByText('Страница входа')).toBeTruthy();
  });

  it('a guest sees the landing at / (its screen loads on demand)', async () => {
    renderAt('/');
    expect(where()).toBe('/');
    // The first import of the landing's module graph can take a while on a loaded machine.
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 })).toBeTruthy();
  });

  it('a guest launched by Telegram at / waits for the mini-app sign-in instead of loading the landing', () => {
    renderAt('/', { kind: 'miniapp', openLink: () => {}, initData: 'query_id=1&user=%7B%7D&hash=x' });
    expect(where()).toBe('/');
    expect(screen.getByRole('status', { name: 'Загрузка' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('a signed-in user opening / or /login goes to search', async () => {
    await signInAs(testUser());
    renderAt('/');
    expect(where()).toBe('/search');
    cleanup();
    renderAt('/login');
    expect(where()).toBe('/search');
  });

  it('a signed-in user who is not an admin sees «Недостаточно прав» with the way to the feed', async () => {
    await signInAs(testUser());
    renderAt('/partners');
    expect(where()).toBe('/partners');
    expect(screen.getByRole('heading', { name: 'Недостаточно прав' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Перейти к поиску' }).getAttribute('href')).toBe('/search');
    expect(screen.queryByText('Партнеры')).toBeNull();
  });

  it('an admin opens the admin route', async () => {
    await signInAs(testUser({ roles: ['admin'] }));
    renderAt('/partners');
    expect(screen.getByText('Партнеры')).toBeTruthy();
    expect(screen.queryByText('Недостаточно прав')).toBeNull();
  });
});
