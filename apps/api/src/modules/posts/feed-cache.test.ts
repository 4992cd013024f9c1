import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { contract } from '@autoradar/contract';
import type { NewPost } from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { createDomainEvents } from '@autoradar/server/events/domain-events';
import { changeListings, updateListing } from '@autoradar/server/listings/listing-lifecycle';
import { addListing } from '@autoradar/server/listings/testing/listing-fixtures';
import { buildTestApp, signInAdmin, signInPro, testClock, testConfig } from '../../testing/test-app';
import { readJson } from '../../testing/read-json';

const HOUR = 3_600_000;

describeEachDb('feed answer cache', (getDb) => {
  let app: FastifyInstance;
  const clock = testClock();
  const ago = (hours: number) => new Date(clock().getTime() - hours * HOUR);

  const addPost = (over: Partial<NewPost> = {}) =>
    addListing(getDb().db, {
      channel: 'avto_msk',
      title: 'Кэш Тест',
      text: '<p>Продаю.</p>',
      status: 'published',
      publishedAt: ago(48),
      ...over,
    });
  const ids = async (headers: Record<string, string> = {}) =>
    readJson(
      await app.inject({ method: 'POST', url: '/api/posts/search', payload: {}, headers }),
      contract.posts.search,
    ).data.map((p) => p.id);

  beforeAll(async () => {
    app = await buildTestApp(getDb(), { clock, config: testConfig({ FEED_CACHE_TTL_MS: '1000' }) });
  });
  afterAll(() => app.close());

  it('shares one answer for a second, then asks the database again', async () => {
    const first = await addPost();
    expect(await ids()).toContain(first.id);
    const second = await addPost({ publishedAt: ago(30) });
    expect(await ids()).not.toContain(second.id);
    clock.advance(1_001);
    expect(await ids()).toContain(second.id);
  });

  it('keeps guests and PRO users apart: a fresh aggregated listing is shown at once to PRO only', async () => {
    const pro = await signInPro(getDb(), clock());
    clock.advance(5_000);
    expect(await ids()).toBeDefined();
    const fresh = await addPost({ publishedAt: ago(1) });
    expect(await ids(pro.headers)).toContain(fresh.id);
    expect(await ids()).not.toContain(fresh.id);
  });

  it('forgets everything when a listing changes, in this process or another one', async () => {
    clock.advance(5_000);
    const gone = await addPost({ publishedAt: ago(26) });
    expect(await ids()).toContain(gone.id);
    const admin = await signInAdmin(getDb());
    const res = await app.inject({ method: 'PUT', url: `/api/posts/${gone.id}/unpublish`, headers: admin.headers });
    expect(res.statusCode).toBe(204);
    expect(await ids()).not.toContain(gone.id);

    const other = await addPost({ publishedAt: ago(25) });
    expect(await ids()).not.toContain(other.id);
    // Another process (the bot, another instance) edits a listing: its change reaches this one through the relay.
    const elsewhere = createDomainEvents({ log: { error: () => {} }, db: getDb().db });
    await changeListings({ db: getDb().db, events: elsewhere }, (l) => updateListing(l, other.id, { price: 1_000 }));
    await vi.waitFor(async () => expect(await ids()).toContain(other.id));
  });
});
