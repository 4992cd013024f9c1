// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider, getDefaultStore } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppRoot } from '@telegram-apps/telegram-ui';
import type { Post } from '@autoradar/contract';
import { samplePost } from '@autoradar/contract/fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlatformContext, type Platform } from '../../platform';
import { clearStoredToken, storeToken } from '../../api/token-storage';
import { favouriteIdsAtom } from '../../store/favourites';
import { updatePostsStoreAtom } from '../../store/posts-store';
import { PostCard } from './post-card';

const platform: Platform = { kind: 'web', openLink: () => {} };

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

// happy-dom never reports intersections: this one lets a test say whether the card is on screen.
const observers = new Set<FakeObserver>();
class FakeObserver {
  constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {
    observers.add(this);
  }
  observe() {
    this.callback([{ isIntersecting: true }]);
  }
  report(isIntersecting: boolean) {
    this.callback([{ isIntersecting }]);
  }
  disconnect() {
    observers.delete(this);
  }
}

function renderCard(post: Post, props: { canNote?: boolean } = {}, store = getDefaultStore()) {
  render(
    <Provider store={store}>
      <PlatformContext.Provider value={platform}>
        <AppRoot appearance="light">
          <MemoryRouter initialEntries={['/search']}>
            <Routes>
              <Route path="*" element={<PostCard post={post} {...props} />} />
            </Routes>
            <Where />
          </MemoryRouter>
        </AppRoot>
      </PlatformContext.Provider>
    </Provider>,
  );
  return store;
}

const photos: Post = {
  ...samplePost,
  mediaFiles: [
    { type: 'photo', url: '/m/1.jpg', url_sm: '/m/1_sm.jpg', title: null },
    { type: 'photo', url: '/m/2.jpg', url_sm: '/m/2_sm.jpg', title: null },
    { type: 'video', src: '/m/3.mp4', poster: '/m/3_poster.jpg', title: 'Обзор' },
  ],
};

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2025-06-15T10:00:00.000Z') });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearStoredToken();
  getDefaultStore().set(updatePostsStoreAtom, { notes: [] });
  localStorage.clear();
});

describe('post card', () => {
  it('shows title, price in roubles, year, place and time ago, and links to the listing', () => {
    renderCard(samplePost);
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/posts/42');
    expect(link.textContent).toContain('Toyota Camry 2.5 AT, 2018');
    expect(link.textContent).toContain('2\u00a0350\u00a0000\u00a0₽');
    expect(link.textContent).toContain('2018 г. · Казань');
    expect(link.textContent).toContain('30 минут назад');
  });

  it('shows a foreign price with its currency sign and a missing one as not given', () => {
    renderCard({ ...samplePost, id: 1, price: 15_000, currency: 'usd' });
    expect(screen.getByRole('link').textContent).toContain('15\u00a0000\u00a0$');
    cleanup();
    renderCard({ ...samplePost, id: 2, price: null });
    expect(screen.getByRole('link').textContent).toContain('Цена не указана');
  });

  it('moves the relative time on every minute', () => {
    renderCard(samplePost);
    expect(screen.getByText('30 минут назад')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText('31 минуту назад')).toBeTruthy();
  });

  it('changes photos every 3 seconds, video posters included, and starts over', () => {
    renderCard(photos);
    const src = () => screen.getByRole('link').querySelector('img')?.getAttribute('src');
    expect(src()).toBe('/m/1_sm.jpg');
    expect(screen.getByRole('img', { name: 'Фото 1 из 3' })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    expect(src()).toBe('/m/2_sm.jpg');
    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    expect(src()).toBe('/m/3_poster.jpg');
    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    expect(src()).toBe('/m/1_sm.jpg');
  });

  it('keeps the photo while the card is off screen', () => {
    renderCard(photos);
    const src = () => screen.getByRole('link').querySelector('img')?.getAttribute('src');
    act(() => {
      [...observers].forEach((observer) => observer.report(false));
    });
    act(() => {
      vi.advanceTimersByTime(9_000);
    });
    expect(src()).toBe('/m/1_sm.jpg');
    act(() => {
      [...observers].forEach((observer) => observer.report(true));
    });
    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    expect(src()).toBe('/m/2_sm.jpg');
  });

  it('says there is no photo when there is none', () => {
    renderCard({ ...samplePost, mediaFiles: [] });
    expect(screen.getByText('Нет фото')).toBeTruthy();
  });

  it('highlights a new listing and marks an updated one', () => {
    renderCard({ ...samplePost, isNew: true, isUpdated: false });
    expect(screen.getByRole('article').className).toContain('post-card--new');
    expect(screen.getByText('Новое')).toBeTruthy();
    cleanup();
    renderCard({ ...samplePost, isNew: false, isUpdated: true });
    expect(screen.getByRole('article').className).toContain('post-card--updated');
    expect(screen.getByText('Обновлено')).toBeTruthy();
    cleanup();
    renderCard({ ...samplePost, isNew: false, isUpdated: false });
    expect(screen.getByRole('article').className).toBe('post-card');
  });

  it('a signed-in user favourites and unfavourites with the button', async () => {
    storeToken('token');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const store = renderCard(samplePost);
    await user.click(screen.getByRole('button', { name: 'Добавить в избранное' }));
    expect(store.get(favouriteIdsAtom)).toEqual([42]);
    const pressed = screen.getByRole('button', { name: 'Убрать из избранного' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    await user.click(pressed);
    expect(store.get(favouriteIdsAtom)).toEqual([]);
    expect(screen.getByTestId('where').textContent).toBe('/search');
  });

  it("a guest's favourite sends them to sign in and back here", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const store = renderCard(samplePost);
    await user.click(screen.getByRole('button', { name: 'Добавить в избранное' }));
    expect(store.get(favouriteIdsAtom)).toEqual([]);
    expect(screen.getByTestId('where').textContent).toBe('/login?redirect=%2Fsearch');
  });

  it('offers no favourite button when the card may not be noted', () => {
    renderCard(samplePost, { canNote: false });
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('PostCard market badge (issue 33)', () => {
  afterEach(cleanup);

  it('shows the verdict beside the price, and no badge without an estimate', () => {
    renderCard({
      ...samplePost,
      market: { verdict: 'good', low: 1_900_000, median: 2_000_000, high: 2_100_000, comparables: 12 },
    });
    expect(screen.getByTestId('market-badge').textContent).toBe('Хорошая цена');
    cleanup();
    renderCard({ ...samplePost, market: null });
    expect(screen.queryByTestId('market-badge')).toBeNull();
  });
});
