import { afterEach, expect, it } from 'vitest';
import { guestAnnouncements, posts } from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { createDomainEvents } from '../events/domain-events';
import { createGuestAnnouncementJob } from './guest-announcements';
import { changeListings, publishListing } from './listing-lifecycle';

// The delay job on both databases: an aggregated listing's announcement is due 24 hours after it was published, an
// own listing has none, and two processes polling at once announce each due listing exactly once.

const HOUR = 3_600_000;
const published = new Date('2026-06-01T10:00:00Z');

describeEachDb('guest announcements (the 24-hour delay job)', (getDb) => {
  afterEach(async () => {
    await getDb().db.delete(posts);
  });

  const events = createDomainEvents({ log: { error: () => {} } });
  const publish = (channel: string, publishedAt = published) =>
    changeListings({ db: getDb().db, events, clock: () => publishedAt }, (l) =>
      publishListing(l, { channel, title: 'Toyota Camry', price: 2_450_000, publishedAt }, []),
    );

  const job = (now: () => Date, announced: number[]) =>
    createGuestAnnouncementJob({
      db: getDb().db,
      clock: now,
      log: { error: () => {} },
      batchSize: 3,
      announce: async (id) => {
        announced.push(id);
      },
    });

  it('schedules aggregated listings 24 hours after publication and own listings not at all', async () => {
    const aggregated = await publish('kazan_cars');
    await publish('site');
    const rows = await getDb().db.select().from(guestAnnouncements);
    expect(rows).toEqual([{ postId: aggregated, dueAt: new Date(published.getTime() + 24 * HOUR) }]);
  });

  it('announces a listing once its delay is over, and only once', async () => {
    const id = await publish('kazan_cars');
    let now = new Date(published.getTime() + 24 * HOUR - 1_000);
    const announced: number[] = [];
    const worker = job(() => now, announced);
    expect(await worker.runDue()).toEqual([]);
    now = new Date(published.getTime() + 24 * HOUR);
    expect(await worker.runDue()).toEqual([id]);
    expect(await worker.runDue()).toEqual([]);
    expect(announced).toEqual([id]);
  });

  it('shares the due listings between two processes polling at once: each is announced exactly once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 10; i += 1) ids.push(await publish(`channel_${i}`, new Date(published.getTime() + i * 1_000)));
    const now = () => new Date(published.getTime() + 25 * HOUR);
    const first: number[] = [];
    const second: number[] = [];
    await Promise.all([job(now, first).runDue(), job(now, second).runDue()]);
    expect([...first, ...second].sort((a, b) => a - b)).toEqual(ids);
    expect(await getDb().db.select().from(guestAnnouncements)).toEqual([]);
  });

  it('keeps announcing the others when one announcement fails', async () => {
    const a = await publish('channel_a');
    const b = await publish('channel_b');
    const announced: number[] = [];
    const worker = createGuestAnnouncementJob({
      db: getDb().db,
      clock: () => new Date(published.getTime() + 25 * HOUR),
      log: { error: () => {} },
      announce: async (id) => {
        if (id === a) throw new Error('transport down');
        announced.push(id);
      },
    });
    expect(await worker.runDue()).toEqual([b]);
    expect(announced).toEqual([b]);
  });
});
