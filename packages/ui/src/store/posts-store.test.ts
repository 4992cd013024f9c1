// @vitest-environment happy-dom
import { createStore } from 'jotai';
import { samplePost } from '@autoradar/contract/fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The store reads localStorage when its module loads, so each test imports a fresh copy.
async function load() {
  vi.resetModules();
  return import('./posts-store');
}

/** The store as a screen holds it, once the first screen is up: the stored feed is read then (issue 32). */
async function mountedAfterFirstContent(m: Awaited<ReturnType<typeof load>>) {
  const store = createStore();
  store.sub(m.postsStoreAtom, () => {});
  expect(store.get(m.postsStoreAtom).posts).toEqual([]); // not before the first card
  (await import('./first-content')).markFirstContentShown();
  return store;
}

const stored = () => JSON.parse(localStorage.getItem('posts-store') ?? 'null') as Record<string, unknown> | null;

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('posts store', () => {
  it('persists exactly the fields of spec §3 under posts-store, never scrollY or modelsMap', async () => {
    const m = await load();
    const store = createStore();
    store.set(m.updatePostsStoreAtom, { posts: [samplePost], brands: [1], totalCount: 5, all: 9 });
    store.set(m.feedScrollYAtom, 1200);
    store.set(m.rememberModelsAtom, [{ id: 10, name: 'Camry', synonyms: [], car_brand_id: 1 }]);
    expect(Object.keys(stored() ?? {})).toEqual([
      'posts',
      'notes',
      'searchQuery',
      'priceFrom',
      'priceTo',
      'yearFrom',
      'yearTo',
      'brands',
      'models',
      'cities',
      'goodPriceOnly',
      'totalCount',
      'all',
    ]);
    expect(stored()).toMatchObject({ brands: [1], totalCount: 5, all: 9, posts: [{ id: 42 }] });
    expect(JSON.stringify(stored())).not.toMatch(/scrollY|modelsMap|Camry"\s*,\s*"synonyms/);
  });

  it("a bulk update maps 'search' to searchQuery", async () => {
    const m = await load();
    const store = createStore();
    store.set(m.updatePostsStoreAtom, { search: 'камри', priceFrom: 100_000 });
    expect(store.get(m.postsStoreAtom)).toMatchObject({ searchQuery: 'камри', priceFrom: 100_000 });
    expect(store.get(m.postsStoreAtom)).not.toHaveProperty('search');
    expect(stored()).toMatchObject({ searchQuery: 'камри' });
  });

  it('a reload reads the stored filter, favourites and feed back', async () => {
    localStorage.setItem(
      'posts-store',
      JSON.stringify({ notes: [3, 5], yearFrom: 2010, cities: [7], posts: [samplePost], searchQuery: 'седан' }),
    );
    const m = await load();
    const store = await mountedAfterFirstContent(m);
    const state = store.get(m.postsStoreAtom);
    expect(state).toMatchObject({ notes: [3, 5], yearFrom: 2010, yearTo: null, cities: [7], searchQuery: 'седан' });
    await vi.waitFor(() => expect(store.get(m.postsStoreAtom).posts.map((post) => post.id)).toEqual([42]), 15_000);
  });

  it('drops stored values that do not fit instead of breaking the feed', async () => {
    localStorage.setItem(
      'posts-store',
      JSON.stringify({
        notes: [3, 3, 'x', -1, 5],
        priceFrom: 'дёшево',
        posts: [{ id: 'broken' }, samplePost],
        brands: 'all',
        scrollY: 400,
        extra: true,
      }),
    );
    const m = await load();
    const store = await mountedAfterFirstContent(m);
    const state = store.get(m.postsStoreAtom);
    expect(state.notes).toEqual([3, 5]);
    expect(state.priceFrom).toBeNull();
    expect(state.brands).toEqual([]);
    await vi.waitFor(() => expect(store.get(m.postsStoreAtom).posts).toHaveLength(1), 15_000);
    expect(store.get(m.postsStoreAtom).posts[0]?.id).toBe(42);
    expect(store.get(m.postsStoreAtom)).not.toHaveProperty('scrollY');
    expect(store.get(m.postsStoreAtom)).not.toHaveProperty('extra');
  });

  it('starts empty when the stored text is not JSON', async () => {
    localStorage.setItem('posts-store', '{oops');
    const m = await load();
    expect(createStore().get(m.postsStoreAtom)).toEqual(m.createEmptyPostsStore());
  });

  it('follows another tab that changed the store', async () => {
    const m = await load();
    const store = createStore();
    store.sub(m.postsStoreAtom, () => {});
    const newValue = JSON.stringify({ ...m.createEmptyPostsStore(), notes: [8] });
    window.dispatchEvent(new StorageEvent('storage', { key: 'posts-store', newValue }));
    expect(store.get(m.postsStoreAtom).notes).toEqual([8]);
  });
});
