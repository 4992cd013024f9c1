// @vitest-environment happy-dom
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

async function load() {
  vi.resetModules();
  const favourites = await import('./favourites');
  const postsStore = await import('./posts-store');
  return { ...favourites, ...postsStore };
}

const storedNotes = () => (JSON.parse(localStorage.getItem('posts-store') ?? '{}') as { notes?: number[] }).notes;

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('favourites', () => {
  it('toggles ids in the persisted notes without duplicates and counts them', async () => {
    localStorage.setItem('autoradar:token', 'token-of-a-user');
    const m = await load();
    const store = createStore();
    expect(store.set(m.toggleFavouriteAtom, 42)).toBe('added');
    expect(store.set(m.toggleFavouriteAtom, 7)).toBe('added');
    expect(store.get(m.favouriteIdsAtom)).toEqual([42, 7]);
    expect(store.get(m.favouritesCountAtom)).toBe(2);
    expect(store.get(m.favouriteIdSetAtom).has(7)).toBe(true);
    expect(storedNotes()).toEqual([42, 7]);

    expect(store.set(m.toggleFavouriteAtom, 42)).toBe('removed');
    expect(store.get(m.favouriteIdsAtom)).toEqual([7]);
    expect(storedNotes()).toEqual([7]);
    // A bulk write with repeated ids still stores each once.
    store.set(m.updatePostsStoreAtom, { notes: [7, 7, 9] });
    expect(store.get(m.favouritesCountAtom)).toBe(2);
  });

  it("a guest's toggle changes nothing and asks to sign in", async () => {
    const m = await load();
    const store = createStore();
    expect(store.set(m.toggleFavouriteAtom, 42)).toBe('sign-in-required');
    expect(store.get(m.favouritesCountAtom)).toBe(0);
    expect(storedNotes()).toBeUndefined();
  });

  it('removes listings that are gone', async () => {
    localStorage.setItem('autoradar:token', 'token-of-a-user');
    localStorage.setItem('posts-store', JSON.stringify({ notes: [1, 2, 3] }));
    const m = await load();
    const store = createStore();
    store.set(m.removeFavouritesAtom, [2, 3]);
    expect(store.get(m.favouriteIdsAtom)).toEqual([1]);
  });
});
