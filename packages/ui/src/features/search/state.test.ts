// @vitest-environment happy-dom
import type { Post } from '@autoradar/contract';
import { samplePost } from '@autoradar/contract/fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { criteriaFromStore, toSearchFilter } from './filter-rules';
import { stubApi, type FakeRequest } from './testing/fake-api';

// Fresh modules per test: the feed atom is retained in jotai's default store, as in the app.
async function load() {
  vi.resetModules();
  const jotai = await import('jotai');
  const state = await import('./state');
  const store = await import('../../store/posts-store');
  return { ...state, ...store, store: jotai.getDefaultStore() };
}

const post = (id: number, minutesAgo: number): Post => ({
  ...samplePost,
  id,
  published_at: new Date(Date.parse('2025-06-15T10:00:00.000Z') - minutesAgo * 60_000).toISOString(),
});
const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => post(from - i, i + 1));

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

describe('feed state', () => {
  it('loads the first page for the applied filter and reloads with the new one', async () => {
    localStorage.setItem('posts-store', JSON.stringify({ brands: [1], searchQuery: 'камри' }));
    const api = stubApi({
      'POST /api/posts/search': () => ({ body: { data: page(500, 24), meta: { total: 300, all: 5000 } } }),
    });
    const m = await load();
    m.store.sub(m.feedAtom, () => {});
    await vi.waitFor(() => expect(m.store.get(m.feedAtom).kind).toBe('loaded'));
    expect(api.to('POST /api/posts/search')[0]?.body).toMatchObject({ brands: [1], search: 'камри', priceFrom: null });

    m.store.set(m.updatePostsStoreAtom, { priceTo: 1_000_000 });
    m.store.set(m.reloadFeedAtom);
    // The cards stay on screen while the new answer comes.
    expect(m.store.get(m.feedAtom).kind).toBe('loaded');
    expect(m.store.get(m.feedReloadingAtom)).toBe(true);
    await vi.waitFor(() => expect(api.to('POST /api/posts/search')).toHaveLength(2));
    await vi.waitFor(() => expect(m.store.get(m.feedReloadingAtom)).toBe(false));
    expect(api.to('POST /api/posts/search')[1]?.body).toMatchObject({ brands: [1], priceTo: 1_000_000 });
  });

  it('says nothing was found with an empty answer', async () => {
    stubApi({ 'POST /api/posts/search': () => ({ body: { data: [], meta: { total: 0, all: 5000 } } }) });
    const m = await load();
    m.store.sub(m.feedAtom, () => {});
    await vi.waitFor(() => expect(m.store.get(m.feedAtom).kind).toBe('empty'));
  });

  it('pages on with the keyset cursor of the last card and stops at a short page', async () => {
    const api = stubApi({
      'POST /api/posts/search': (request: FakeRequest) => {
        const body = request.body as { olderId?: number };
        return body.olderId
          ? { body: { data: page(body.olderId - 1, 5), meta: { total: 29, all: 5000 } } }
          : { body: { data: page(500, 24), meta: { total: 29, all: 5000 } } };
      },
    });
    const m = await load();
    m.store.sub(m.feedAtom, () => {});
    await vi.waitFor(() => expect(m.store.get(m.feedAtom).kind).toBe('loaded'));
    await m.store.set(m.loadMoreAtom);
    const second = api.to('POST /api/posts/search')[1]?.body as Record<string, unknown>;
    expect(second).toMatchObject({ olderId: 477, older_published_at: post(477, 24).published_at });
    expect(second).not.toHaveProperty('offset');
    const feed = m.store.get(m.feedAtom);
    if (feed.kind !== 'loaded') throw new Error(feed.kind);
    expect(feed.data.posts).toHaveLength(29);
    expect(feed.data.hasMore).toBe(false);
    // Nothing more to ask for.
    await m.store.set(m.loadMoreAtom);
    expect(api.to('POST /api/posts/search')).toHaveLength(2);
  });

  it('retries a failed load-more by itself after 5 seconds', async () => {
    let failing = true;
    const api = stubApi({
      'POST /api/posts/search': (request) => {
        const body = request.body as { olderId?: number };
        if (!body.olderId) return { body: { data: page(500, 24), meta: { total: 100, all: 100 } } };
        return failing
          ? { status: 500, body: { message: 'Внутренняя ошибка сервера' } }
          : { body: { data: page(476, 24), meta: { total: 100, all: 100 } } };
      },
    });
    const m = await load();
    m.store.sub(m.feedAtom, () => {});
    await vi.waitFor(() => expect(m.store.get(m.feedAtom).kind).toBe('loaded'));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await m.store.set(m.loadMoreAtom);
    expect(m.store.get(m.loadMoreStateAtom)).toEqual({
      status: 'failed',
      message: 'Внутренняя ошибка сервера',
      offline: false,
    });
    failing = false;
    await vi.advanceTimersByTimeAsync(4_900);
    expect(m.store.get(m.loadMoreStateAtom).status).toBe('failed');
    await vi.advanceTimersByTimeAsync(200);
    await vi.waitFor(() => expect(m.store.get(m.loadMoreStateAtom).status).toBe('idle'));
    const feed = m.store.get(m.feedAtom);
    expect(feed.kind === 'loaded' && feed.data.posts.length).toBe(48);
    expect(api.to('POST /api/posts/search')).toHaveLength(3);
  });

  it('marks an updated listing and removes an unpublished one', async () => {
    stubApi({ 'POST /api/posts/search': () => ({ body: { data: page(10, 3), meta: { total: 3, all: 3 } } }) });
    const m = await load();
    m.store.sub(m.feedAtom, () => {});
    await vi.waitFor(() => expect(m.store.get(m.feedAtom).kind).toBe('loaded'));
    m.store.set(m.markPostUpdatedAtom, { ...post(9, 1), price: 1_000, isUpdated: false });
    m.store.set(m.removePostAtom, 10);
    const feed = m.store.get(m.feedAtom);
    if (feed.kind !== 'loaded') throw new Error(feed.kind);
    expect(feed.data.posts.map((shown) => [shown.id, shown.isUpdated, shown.price])).toEqual([
      [9, true, 1_000],
      [8, false, samplePost.price],
    ]);
    expect(feed.data.total).toBe(2);
  });
});

describe('filter state', () => {
  it('removing a brand drops its models, keeping those of brands still chosen', async () => {
    const m = await load();
    m.store.set(m.rememberModelsAtom, [
      { id: 10, name: 'Camry', synonyms: [], car_brand_id: 1 },
      { id: 20, name: 'Rio', synonyms: [], car_brand_id: 2 },
    ]);
    m.store.set(m.updatePostsStoreAtom, { brands: [1, 2], models: [10, 20] });
    m.store.set(m.applyBrandsAtom, [2]);
    expect(m.store.get(m.postsStoreAtom)).toMatchObject({ brands: [2], models: [20] });
    m.store.set(m.applyBrandsAtom, []);
    expect(m.store.get(m.postsStoreAtom)).toMatchObject({ brands: [], models: [] });
  });

  it('a model of one of two namesake brands drops the other, which would match any of its models', async () => {
    const m = await load();
    m.store.set(m.rememberBrandsAtom, [
      { id: 4, name: 'BMW', icon: null, popular: true, synonyms: [] },
      { id: 5, name: 'BMW', icon: null, popular: true, synonyms: [] },
      { id: 1, name: 'Toyota', icon: null, popular: true, synonyms: [] },
    ]);
    m.store.set(m.rememberModelsAtom, [{ id: 50, name: 'R 1250 GS', synonyms: [], car_brand_id: 5 }]);
    m.store.set(m.updatePostsStoreAtom, { brands: [4, 5, 1] });
    m.store.set(m.applyModelsAtom, [50]);
    expect(m.store.get(m.postsStoreAtom)).toMatchObject({ brands: [5, 1], models: [50] });
  });

  it('choosing a saved filter loads its values and keeps the typed query', async () => {
    const m = await load();
    m.store.set(m.updatePostsStoreAtom, { search: 'седан', cities: [5] });
    m.store.set(m.selectSavedFilterAtom, {
      id: 4,
      name: 'Кроссоверы',
      brands: [1],
      models: [],
      cities: [],
      priceFrom: 1_000_000,
      priceTo: null,
      yearFrom: 2018,
      yearTo: null,
      goodPriceOnly: true,
      active: false,
      send_mode: 'immediately',
      worktime_settings: null,
      via: ['telegram'],
    });
    expect(m.store.get(m.selectedFilterIdAtom)).toBe(4);
    expect(m.store.get(m.postsStoreAtom)).toMatchObject({
      brands: [1],
      cities: [],
      priceFrom: 1_000_000,
      yearFrom: 2018,
      goodPriceOnly: true,
      searchQuery: 'седан',
    });
    // The feed asks for what the filter asks: «Только хорошая цена» included.
    expect(toSearchFilter(criteriaFromStore(m.store.get(m.postsStoreAtom)))).toMatchObject({ goodPriceOnly: true });
  });

  it('keeps the layout choice in localStorage', async () => {
    let m = await load();
    expect(m.store.get(m.feedLayoutAtom)).toBe('single');
    m.store.set(m.feedLayoutAtom, 'triple');
    expect(localStorage.getItem('feed-layout')).toBe('triple');
    m = await load();
    expect(m.store.get(m.feedLayoutAtom)).toBe('triple');
    localStorage.setItem('feed-layout', 'mosaic');
    m = await load();
    expect(m.store.get(m.feedLayoutAtom)).toBe('single');
  });
});
