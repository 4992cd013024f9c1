// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Providers } from '../testing';
import { AppFloatingMenu, FLOATING_MENU_KEY } from './app-floating-menu';

const renderMenu = () =>
  render(
    <Providers path="/search">
      <AppFloatingMenu />
    </Providers>,
  );

describe('floating menu (spec §2)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('offers the bottom navigation links and remembers that it was open, across a reload', async () => {
    const user = userEvent.setup();
    renderMenu();
    expect(screen.queryByRole('navigation', { name: 'Быстрое меню' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Открыть быстрое меню' }));
    const links = screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Поиск', '/search'],
      ['Избранное', '/notes'],
      ['Продать', '/new'],
      ['Профиль', '/profile'],
    ]);
    expect(screen.getByRole('link', { name: 'Поиск' }).getAttribute('aria-current')).toBe('page');

    cleanup(); // a reload: the component starts again from storage
    renderMenu();
    expect(screen.getByRole('navigation', { name: 'Быстрое меню' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Скрыть быстрое меню' }));
    cleanup();
    renderMenu();
    expect(screen.queryByRole('navigation', { name: 'Быстрое меню' })).toBeNull();
    expect(localStorage.getItem(FLOATING_MENU_KEY)).toBe('false');
  });
});
