// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDefaultStore } from 'jotai';
import type { Post } from '@autoradar/contract';
import { samplePost } from '@autoradar/contract/fixtures';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallState } from '../../../api/atom-with-call';
import { EMPTY_CRITERIA } from '../filter-rules';
import { feedLayoutAtom, type FeedData } from '../state';
import { renderInApp } from '../testing/render';
import { FIRST_CARDS } from '../../../first-paint/snapshot';
import { FeedView } from './search-screen';

const data = (posts: Post[], total: number, all = total, hasMore = false): FeedData => ({
  key: '',
  criteria: EMPTY_CRITERIA,
  posts,
  total,
  all,
  hasMore,
});

function view(state: CallState<FeedData>, retry = () => {}, layout: 'single' | 'triple' = 'single') {
  return renderInApp(<FeedView state={state} retry={retry} layout={layout} reloading={false} />);
}

afterEach(cleanup);

describe('feed states', () => {
  it('shows placeholder cards while loading', () => {
    view({ kind: 'loading' });
    expect(screen.getByRole('status').textContent).toContain('Загружаем объявления…');
  });

  it('a failure shows its message and a retry', async () => {
    const retry = vi.fn();
    view({ kind: 'failed', message: 'Внутренняя ошибка сервера', status: 500 }, retry);
    expect(screen.getByText('Внутренняя ошибка сервера')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(retry).toHaveBeenCalled();
  });

  it('no connection says so and offers a retry', () => {
    view({ kind: 'offline' });
    expect(screen.getByText('Проблемы с соединением. Проверьте интернет')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
  });

  it('nothing found says «Ничего не найдено» with the zero count', () => {
    view({ kind: 'empty', data: data([], 0, 4_000) });
    expect(screen.getByText('Ничего не найдено')).toBeTruthy();
    expect(screen.getByText('Найдено 0 объявлений')).toBeTruthy();
  });

  it('the cards with the count, the AI badge, the layout toggle and «Показать ещё»', () => {
    getDefaultStore().set(feedLayoutAtom, 'triple');
    view(
      { kind: 'loaded', data: data([samplePost, { ...samplePost, id: 43 }], 2_345, 9_000, true) },
      () => {},
      'triple',
    );
    expect(screen.getByText('Найдено ≈ 2 350 объявлений')).toBeTruthy();
    expect(screen.getByText('Всего в базе: ≈ 9 000')).toBeTruthy();
    expect(screen.getByText('Проанализировано ИИ')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('list', { name: 'Объявления' }).className).toContain('feed-grid--triple');
    expect(screen.getByRole('button', { name: 'Мелкие карточки' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Показать ещё' })).toBeTruthy();
  });

  it('the last page says there is nothing more', () => {
    view({ kind: 'loaded', data: data([samplePost], 1) });
    expect(screen.getByText('Найдено 1 объявление')).toBeTruthy();
    expect(screen.getByText('Больше объявлений нет')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
  });

  it('a whole page of cards ends up on screen with «Показать ещё» after it', async () => {
    const posts = Array.from({ length: FIRST_CARDS + 12 }, (_, i) => ({ ...samplePost, id: 1_000 + i }));
    view({ kind: 'loaded', data: data(posts, 500, 9_000, true) });
    // The first screen's cards come first; the rest of the page follows by itself.
    expect(screen.getAllByRole('article').length).toBeGreaterThanOrEqual(FIRST_CARDS);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(posts.length));
    expect(screen.getByRole('button', { name: 'Показать ещё' })).toBeTruthy();
  });
});
