// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toggleFavouriteAtom } from '../../store/favourites';
import { postsStoreAtom } from '../../store/posts-store';
import { fakeApi, Providers, signInAs, signOut, testUser } from '../testing';
import { AppDrawer } from './app-drawer';
import { AppDrawerPanel } from './app-drawer-panel';

function renderDrawer(handlers: { onClose?: () => void; onSupport?: () => void } = {}) {
  return render(
    <Providers path="/search">
      <AppDrawerPanel
        onClose={handlers.onClose ?? (() => {})}
        onSupport={handlers.onSupport ?? (() => {})}
        year={2026}
      />
    </Providers>,
  );
}

const items = () =>
  within(screen.getByRole('dialog', { name: 'Меню' }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

describe('drawer (spec §2 main layout)', () => {
  beforeEach(() => fakeApi());
  afterEach(async () => {
    cleanup();
    getDefaultStore().set(postsStoreAtom, (state) => ({ ...state, notes: [] }));
    await signOut();
  });

  it('has the menu, the support item and the copyright; favourites appear with a green badge from the first one', async () => {
    await signInAs(testUser());
    const onSupport = vi.fn();
    renderDrawer({ onSupport });
    expect(items()).toEqual(['/search', '/new', '/pay', '/contacts']);
    expect(screen.getByText('© 2026 АвтоРадар')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Поддержка' }));
    expect(onSupport).toHaveBeenCalledTimes(1);

    cleanup();
    getDefaultStore().set(toggleFavouriteAtom, 101);
    getDefaultStore().set(toggleFavouriteAtom, 102);
    renderDrawer();
    expect(items()).toEqual(['/search', '/new', '/notes', '/pay', '/contacts']);
    const badge = screen.getByLabelText('в избранном: 2');
    expect(badge.textContent).toBe('2');
    expect(badge.className).toContain('app-badge-green');
  });

  it('shows the admin items to admins only', async () => {
    await signInAs(testUser());
    renderDrawer();
    expect(screen.queryByText('Администрирование')).toBeNull();
    expect(items()).not.toContain('/partners');
    cleanup();
    await signOut();
    fakeApi();
    await signInAs(testUser({ roles: ['admin'] }));
    renderDrawer();
    expect(screen.getByText('Администрирование')).toBeTruthy();
    expect(items()).toEqual([
      '/search',
      '/new',
      '/pay',
      '/contacts',
      '/partners',
      '/brands',
      '/models',
      '/addresses',
      '/sources',
    ]);
  });

  it('shows who is signed in, with the PRO mark only while PRO is active', async () => {
    await signInAs(testUser({ is_pro: true, pro_expired: new Date(Date.now() + 3_600_000).toISOString() }));
    renderDrawer();
    expect(screen.getByText('Анна Смирнова')).toBeTruthy();
    expect(screen.getByTestId('app-pro-mark').textContent).toBe('PRO');
    cleanup();
    await signOut();
    await signInAs(testUser({ is_pro: true, pro_expired: new Date(Date.now() - 1000).toISOString() }));
    renderDrawer();
    expect(screen.queryByTestId('app-pro-mark')).toBeNull();
  });

  it('Escape closes it', async () => {
    const onClose = vi.fn();
    renderDrawer({ onClose });
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('loads its contents when it opens (they are not part of the first screen)', async () => {
    await signInAs(testUser());
    const onClose = vi.fn();
    const { container } = render(
      <Providers path="/search">
        <AppDrawer onClose={onClose} onSupport={() => {}} year={2026} />
      </Providers>,
    );
    expect(await screen.findByText('© 2026 АвтоРадар')).toBeTruthy();
    expect(items()).toEqual(['/search', '/new', '/pay', '/contacts']);
    // A tap beside the panel closes it.
    await userEvent.click(container.querySelector<HTMLElement>('.app-drawer__backdrop')!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
