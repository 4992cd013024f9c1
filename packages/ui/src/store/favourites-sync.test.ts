// @vitest-environment happy-dom
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NoteEntry } from '@autoradar/contract';

// Favourites on the server (issue 33): the browser's ids are uploaded once per user, then the server's list is the
// truth; a change from another tab or device applies at once.

async function load() {
  vi.resetModules();
  return {
    ...(await import('./favourites')),
    ...(await import('./posts-store')),
    ...(await import('../session/state')),
  };
}

const entry = (id: number, price: number | null = 1_000_000): NoteEntry => ({
  id,
  price_when_added: price,
  currency_when_added: price === null ? null : 'RUB',
  added_at: '2026-11-28T10:00:00.000Z',
});

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('autoradar:token', 'token-of-a-user');
});
afterEach(() => localStorage.clear());

describe('favourites synced with the server', () => {
  it('uploads the browser’s ids once, then takes the server’s list; live changes apply', async () => {
    localStorage.setItem('posts-store', JSON.stringify({ notes: [5, 6] }));
    const m = await load();
    const store = createStore();
    const calls: { path: string; body?: unknown }[] = [];
    let server = [entry(9), entry(5), entry(6)];
    const call = vi.fn((endpoint: { path: string }, input?: { body?: unknown }) => {
      calls.push({ path: endpoint.path, ...(input?.body ? { body: input.body } : {}) });
      return Promise.resolve({ data: server });
    });
    store.set(m.favouritesCallAtom, { call: call as never });
    vi.spyOn(await import('../session/api'), 'fetchUser').mockResolvedValue({ id: 7 } as never);
    await store.set(m.loadUserAtom);

    await store.set(m.syncFavouritesAtom, 7);
    expect(calls).toEqual([{ path: '/api/notes/merge', body: { ids: [5, 6] } }]);
    expect(store.get(m.favouriteIdsAtom)).toEqual([9, 5, 6]);

    // The second start: only the list, whatever the browser holds.
    server = [entry(9)];
    await store.set(m.syncFavouritesAtom, 7);
    expect(calls.at(-1)).toEqual({ path: '/api/notes' });
    expect(store.get(m.favouriteIdsAtom)).toEqual([9]);

    store.set(m.applyNoteChangeAtom, { id: 11, note: entry(11, 2_000_000) });
    expect(store.get(m.favouriteIdsAtom)).toEqual([9, 11]);
    expect(store.get(m.favouriteEntriesAtom).get(11)?.price_when_added).toBe(2_000_000);
    store.set(m.applyNoteChangeAtom, { id: 9, note: null });
    expect(store.get(m.favouriteIdsAtom)).toEqual([11]);
  });

  it('sends a signed-in toggle to the server and takes it back when the server refuses', async () => {
    const m = await load();
    const store = createStore();
    vi.spyOn(await import('../session/api'), 'fetchUser').mockResolvedValue({ id: 8 } as never);
    await store.set(m.loadUserAtom);
    const call = vi
      .fn<(endpoint: { path: string }, input: unknown) => Promise<never>>()
      .mockRejectedValue(new Error('offline'));
    store.set(m.favouritesCallAtom, { call: call as never });
    expect(store.set(m.toggleFavouriteAtom, 42)).toBe('added');
    expect(store.get(m.favouriteIdsAtom)).toEqual([42]);
    await vi.waitFor(() => expect(store.get(m.favouriteIdsAtom)).toEqual([]));
    expect(call.mock.calls[0]![0].path).toBe('/api/notes/:id');
    expect(call.mock.calls[0]![1]).toEqual({ params: { id: '42' } });
  });

  it('a sync answered after a toggle keeps the toggle, pending or already answered (the list predates it)', async () => {
    const m = await load();
    const store = createStore();
    vi.spyOn(await import('../session/api'), 'fetchUser').mockResolvedValue({ id: 9 } as never);
    await store.set(m.loadUserAtom);
    // The server's calls answer when the test says so, in the order it chooses.
    const answers: { route: string; resolve: (value: unknown) => void }[] = [];
    const call = vi.fn(
      (endpoint: { method: string; path: string }) =>
        new Promise((resolve) =>
          answers.push({ route: `${endpoint.method} ${endpoint.path}`, resolve: (data) => resolve({ data }) }),
        ),
    );
    store.set(m.favouritesCallAtom, { call: call as never });
    const answer = async (route: string, data: unknown) => {
      const index = answers.findIndex((a) => a.route === route);
      answers.splice(index, 1)[0]!.resolve(data);
      await vi.waitFor(() => Promise.resolve());
    };

    // The list is asked for while the server holds 3 only; then the user adds 4 and removes 3.
    const sync = store.set(m.syncFavouritesAtom, 9);
    store.set(m.applyNoteChangeAtom, { id: 3, note: entry(3) });
    expect(store.set(m.toggleFavouriteAtom, 4)).toBe('added');
    expect(store.set(m.toggleFavouriteAtom, 3)).toBe('removed');
    // The removal is answered before the list, the addition is still on its way.
    await answer('DELETE /api/notes/:id', undefined);
    await answer('POST /api/notes/merge', [entry(3), entry(5)]);
    await sync;
    expect(store.get(m.favouriteIdsAtom)).toEqual([5, 4]);
    expect([...store.get(m.favouriteEntriesAtom).keys()]).toEqual([5]);
    await answer('PUT /api/notes/:id', entry(4, 900_000));
    expect([...store.get(m.favouriteEntriesAtom).keys()].sort()).toEqual([4, 5]);

    // A sync asked for after the toggles takes the server's list as it is.
    const next = store.set(m.syncFavouritesAtom, 9);
    await answer('GET /api/notes', [entry(4, 900_000)]);
    await next;
    expect(store.get(m.favouriteIdsAtom)).toEqual([4]);
  });
});
