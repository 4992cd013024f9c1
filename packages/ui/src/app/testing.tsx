// Test helpers of the shell's component tests: the app's providers, and a signed-in session whose user comes from a
// fake API at the HTTP boundary (the session loads GET /api/user/data through the real client).
import type { ReactNode } from 'react';
import { getDefaultStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { AppRoot } from '@telegram-apps/telegram-ui';
import type { User } from '@autoradar/contract';
import { vi } from 'vitest';
import { PlatformContext, type Platform } from '../platform';
import { logoutAtom, signInAtom } from '../session/state';

export const webPlatform: Platform = { kind: 'web', openLink: () => {} };

export function Providers({
  path,
  platform = webPlatform,
  children,
}: {
  path: string;
  platform?: Platform;
  children: ReactNode;
}) {
  return (
    <PlatformContext.Provider value={platform}>
      <AppRoot appearance="light">
        <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
      </AppRoot>
    </PlatformContext.Provider>
  );
}

export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 41,
    email: null,
    has_telegram: true,
    roles: [],
    is_pro: false,
    pro_expired: null,
    started_at: null,
    photo_url: null,
    name: 'Анна Смирнова',
    first_name: 'Анна',
    last_name: 'Смирнова',
    username: 'anna',
    ...overrides,
  };
}

/**
 * The API at the HTTP boundary: GET /api/user/data answers `user` (401 without one), POST /api/ck00p/posts an empty
 * list, anything else 404. Components keep their real client.
 */
export function fakeApi(user?: User): void {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const { pathname } = new URL(new Request(input, init).url);
    const [status, body] =
      pathname === '/api/user/data'
        ? user
          ? [200, user]
          : [401, { message: 'Требуется вход' }]
        : pathname === '/api/ck00p/posts'
          ? [200, { data: [] }]
          : [404, { message: 'Не найдено' }];
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
}

/** Signs the default store's session in as `user` through the fake API. */
export async function signInAs(user: User): Promise<void> {
  fakeApi(user);
  await getDefaultStore().set(signInAtom, `token-${user.id}`);
}

export async function signOut(): Promise<void> {
  await getDefaultStore().set(logoutAtom);
  vi.unstubAllGlobals();
}
