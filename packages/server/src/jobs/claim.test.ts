import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { deliveries, filters, sources, users } from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { addListing } from '../listings/testing/listing-fixtures';
import { claimDeliveries } from '../notify/queue';
import { createSourceScheduler } from '../sources/scheduler';
import { loadAnalysisIndex } from '../ingest/analysis-reference';
import { createDomainEvents } from '../events/domain-events';

// A claim takes at most its batch (issue 30): 300 ready rows, two workers with batches of 50 take 50 each, different
// ones. As one UPDATE … WHERE id IN (SELECT … LIMIT 50 FOR UPDATE SKIP LOCKED), PostgreSQL's planner rescanned the
// subquery on a fresh table and the first worker took all 300.

describeEachDb('the job claim', (getDb) => {
  it('leases no more than its limit, and two workers get different rows', async () => {
    const { db } = getDb();
    const owners = await db
      .insert(users)
      .values(Array.from({ length: 300 }, (_, i) => ({ telegramId: 7_460_000_000 + i, firstName: `К${i}` })))
      .returning({ id: users.id });
    const saved = await db
      .insert(filters)
      .values(owners.map((u) => ({ userId: u.id, name: 'Любая', active: true, via: ['telegram' as const] })))
      .returning({ id: filters.id, userId: filters.userId });
    const post = await addListing(db, { channel: 'site', title: 'Камри', text: '<p>Продаю</p>' });
    const now = new Date();
    await db.insert(deliveries).values(
      saved.map((f) => ({
        filterId: f.id,
        postId: post.id,
        userId: f.userId,
        channel: 'telegram' as const,
        dueAt: now,
      })),
    );

    const first = await claimDeliveries(db, 'worker-a', now, 120_000, 50);
    const second = await claimDeliveries(db, 'worker-b', now, 120_000, 50);
    expect(first).toHaveLength(50);
    expect(second).toHaveLength(50);
    const a = new Set(first.map((r) => r.id));
    expect(second.filter((r) => a.has(r.id))).toEqual([]);
    expect(await db.$count(deliveries, eq(deliveries.lockedBy, 'worker-a'))).toBe(50);
  });

  it('has the source scheduler claim no more than its batch', async () => {
    const { db } = getDb();
    await db.insert(sources).values(
      Array.from({ length: 12 }, (_, i) => ({
        kind: 'vk' as const,
        identifier: `-${7_460_000 + i}`,
        readVia: 'vk_wall' as const,
        nextReadAt: new Date(Date.now() - 60_000),
      })),
    );
    const scheduler = createSourceScheduler({
      db,
      listings: { db, events: createDomainEvents({ log: { error: () => {} } }) },
      index: loadAnalysisIndex(),
      readers: {},
      tuning: { batchSize: 4 },
    });
    expect((await scheduler.runOnce()).claimed).toBe(4);
  });
});
