import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { posts } from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { createDomainEvents, type DomainEvent } from '../events/domain-events';
import { unpublishPost } from './moderation';
import { addListing } from './testing/listing-fixtures';

describeEachDb('unpublishPost (moderation)', (getDb) => {
  const now = new Date('2026-06-15T09:00:00Z');
  const clock = () => now;

  it('announces listing.unpublished once per listing that actually left the feed', async () => {
    const { id } = await addListing(getDb().db, {
      channel: 'site',
      title: 'Skoda Octavia 2019',
      text: '<p>Продаю</p>',
      year: 2019,
      price: 900_000,
      publishedAt: new Date(now.getTime() - 3_600_000),
    });
    const events = createDomainEvents({ log: { error: () => {} } });
    const heard: DomainEvent[] = [];
    events.on('listing.unpublished', (event) => void heard.push(event), { subscriber: 'test' });
    const deps = { db: getDb().db, clock, events };
    await unpublishPost(deps, id);
    await unpublishPost(deps, id);
    expect(heard).toEqual([{ name: 'listing.unpublished', payload: { postId: id } }]);
    await expect(unpublishPost(deps, 987_654_321)).rejects.toMatchObject({ code: 'not_found' });
    expect(heard).toHaveLength(1);
    const [row] = await getDb().db.select().from(posts).where(eq(posts.id, id));
    expect(row!.status).toBe('unpublished');
    expect(row!.updatedAt).toEqual(now);
  });
});
