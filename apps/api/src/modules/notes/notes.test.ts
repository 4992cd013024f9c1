import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { contract } from '@autoradar/contract';
import { FEED_MESSAGES } from '@autoradar/core';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import type { DomainEventPayloads } from '@autoradar/server/events/domain-events';
import { changeListings, publishListing, updateListing } from '@autoradar/server/listings/listing-lifecycle';
import { buildTestApp, signIn, testClock } from '../../testing/test-app';
import { readError, readJson } from '../../testing/read-json';

// Favourites on the server, the price history and the alert switch (issue 33), through the API on both databases.

describeEachDb('favourites on the server', (getDb) => {
  let app: FastifyInstance;
  const clock = testClock(new Date('2026-11-20T09:00:00Z'));
  const changes: DomainEventPayloads['notes.changed'][] = [];
  beforeAll(async () => {
    app = await buildTestApp(getDb(), { clock });
    app.events.on('notes.changed', (event) => void changes.push(event.payload), { subscriber: 'test' });
  });
  afterAll(() => app.close());

  const listing = (price: number | null, title = 'Toyota Camry 2018') =>
    changeListings({ db: getDb().db, events: app.events, clock }, (l) =>
      publishListing(l, { channel: 'site', title, price, currency: 'RUB', year: 2018 }, []),
    );
  const reprice = (postId: number, price: number) =>
    changeListings({ db: getDb().db, events: app.events, clock }, (l) => updateListing(l, postId, { price }));
  const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, headers: object, payload?: object) =>
    app.inject({ method, url, headers: headers as Record<string, string>, ...(payload ? { payload } : {}) });

  it('adds with the price of the moment, lists, keeps the first price on a second add and removes', async () => {
    const user = await signIn(getDb());
    const postId = await listing(2_000_000);
    changes.length = 0;

    const added = await call('PUT', `/api/notes/${postId}`, user.headers);
    expect(added.statusCode).toBe(200);
    expect(readJson(added, contract.notes.add).data).toEqual({
      id: postId,
      price_when_added: 2_000_000,
      currency_when_added: 'RUB',
      added_at: clock().toISOString(),
    });
    expect(changes).toEqual([{ userId: user.id, id: postId, note: expect.objectContaining({ id: postId }) as object }]);

    clock.advance(60_000);
    await reprice(postId, 1_900_000);
    const again = await call('PUT', `/api/notes/${postId}`, user.headers);
    expect(readJson(again, contract.notes.add).data.price_when_added).toBe(2_000_000);
    expect(changes).toHaveLength(1);

    const list = readJson(await call('GET', '/api/notes', user.headers), contract.notes.list).data;
    expect(list.map((n) => n.id)).toEqual([postId]);
    // The cards' read still answers the listing itself, with its price of now.
    const cards = await call('POST', '/api/notes', user.headers, { ids: [postId] });
    expect(readJson(cards, contract.posts.notes).data[0]!.price).toBe(1_900_000);

    const removed = await call('DELETE', `/api/notes/${postId}`, user.headers);
    expect(removed.statusCode).toBe(204);
    expect(changes.at(-1)).toEqual({ userId: user.id, id: postId, note: null });
    expect(readJson(await call('GET', '/api/notes', user.headers), contract.notes.list).data).toEqual([]);
    // Removing again changes nothing and still answers 204.
    expect((await call('DELETE', `/api/notes/${postId}`, user.headers)).statusCode).toBe(204);
    expect(changes.filter((c) => c.note === null)).toHaveLength(1);
  });

  it('answers 404 in Russian for a listing that does not exist, and 401 for a guest', async () => {
    const user = await signIn(getDb());
    const missing = await call('PUT', '/api/notes/999999999', user.headers);
    expect(missing.statusCode).toBe(404);
    expect(readError(missing).message).toBe(FEED_MESSAGES.postNotFound);
    expect((await call('GET', '/api/notes', {})).statusCode).toBe(401);
  });

  it('merges the browser’s favourites once: unknown ids dropped, nothing removed, order kept', async () => {
    const user = await signIn(getDb());
    const [a, b, c] = [await listing(1_000_000), await listing(null), await listing(3_000_000)];
    await call('PUT', `/api/notes/${c}`, user.headers);
    clock.advance(1_000);
    const merged = await call('POST', '/api/notes/merge', user.headers, { ids: [b, 999_999_999, a, c] });
    const data = readJson(merged, contract.notes.merge).data;
    expect(data.map((n) => n.id)).toEqual([c, b, a]);
    expect(data.find((n) => n.id === b)!.price_when_added).toBeNull();
  });

  it('answers every price a listing had, oldest first, and 404 for an unknown listing', async () => {
    const postId = await listing(2_500_000);
    const first = clock().toISOString();
    clock.advance(86_400_000);
    await reprice(postId, 2_400_000);
    clock.advance(86_400_000);
    await reprice(postId, 2_350_000);
    const answer = await call('GET', `/api/posts/${postId}/prices`, {});
    expect(readJson(answer, contract.notes.prices).data).toEqual([
      { price: 2_500_000, currency: 'RUB', recorded_at: first },
      { price: 2_400_000, currency: 'RUB', recorded_at: new Date(Date.parse(first) + 86_400_000).toISOString() },
      { price: 2_350_000, currency: 'RUB', recorded_at: clock().toISOString() },
    ]);
    expect((await call('GET', '/api/posts/999999999/prices', {})).statusCode).toBe(404);
  });

  it('turns the price alerts off and on', async () => {
    const user = await signIn(getDb());
    expect(readJson(await call('GET', '/api/user/price-alerts', user.headers), contract.notes.alerts)).toEqual({
      price_alerts: true,
    });
    const off = await call('PUT', '/api/user/price-alerts', user.headers, { price_alerts: false });
    expect(readJson(off, contract.notes.setAlerts)).toEqual({ price_alerts: false });
    expect(readJson(await call('GET', '/api/user/price-alerts', user.headers), contract.notes.alerts)).toEqual({
      price_alerts: false,
    });
    expect((await call('PUT', '/api/user/price-alerts', user.headers, { price_alerts: 'да' })).statusCode).toBe(422);
  });
});
