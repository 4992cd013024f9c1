import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  deliveries,
  draftMedia,
  drafts,
  filters,
  notifyJobs,
  sessions,
  sourcePosts,
  sources,
  users,
  type Db,
} from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { addListing } from '../listings/testing/listing-fixtures';
import { createMediaStorage } from '../media/storage';
import { DEFAULT_HOUSEKEEPING, readHousekeepingSettings, runHousekeeping, startHousekeeping } from './housekeeping';

// Issue 30: each housekeeping job removes exactly what is past its window and nothing else.

const NOW = new Date('2026-11-28T12:00:00Z');
const daysAgo = (d: number, extraMs = 0) => new Date(NOW.getTime() - d * 86_400_000 - extraMs);
const HOUR = 3_600_000;

describeEachDb('housekeeping', (getDb) => {
  let db: Db;
  let mediaDir: string;

  async function photoFile(key: string, mtime: Date): Promise<void> {
    const file = path.join(mediaDir, ...key.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, 'jpeg');
    await utimes(file, mtime, mtime);
  }

  beforeAll(async () => {
    db = getDb().db;
    mediaDir = await mkdtemp(path.join(os.tmpdir(), 'autoradar-hk-'));
    const made = await db
      .insert(users)
      .values(Array.from({ length: 6 }, (_, i) => ({ telegramId: 7_400_000_000 + i, firstName: `П${i}` })))
      .returning({ id: users.id });
    const u = made.map((r) => r.id);

    // Sessions: revoked 31 and 29 days ago, idle 181 and 179 days, a live one.
    await db.insert(sessions).values([
      { userId: u[0]!, tokenHash: 'gone-revoked', revokedAt: daysAgo(30, HOUR), lastUsedAt: daysAgo(31) },
      { userId: u[0]!, tokenHash: 'kept-revoked', revokedAt: daysAgo(29), lastUsedAt: daysAgo(29) },
      { userId: u[1]!, tokenHash: 'gone-idle', lastUsedAt: daysAgo(180, HOUR) },
      { userId: u[1]!, tokenHash: 'kept-idle', lastUsedAt: daysAgo(179) },
      { userId: u[2]!, tokenHash: 'kept-live', lastUsedAt: NOW },
    ]);

    // Deliveries and jobs around the 30-day window.
    const post = await addListing(db, {
      channel: 'site',
      title: 'Камри',
      text: '<p>Продаю</p>',
      publishedAt: daysAgo(40),
    });
    const [filter] = await db
      .insert(filters)
      .values({ userId: u[0]!, name: 'Камри', brands: [], models: [], cities: [] })
      .returning({ id: filters.id });
    const delivery = (channel: string, over: Partial<typeof deliveries.$inferInsert>) => ({
      filterId: filter!.id,
      postId: post.id,
      userId: u[0]!,
      channel,
      createdAt: daysAgo(40),
      ...over,
    });
    await db.insert(deliveries).values([
      delivery('telegram', { status: 'sent', sentAt: daysAgo(30, HOUR) }), // gone
      delivery('email', { status: 'sent', sentAt: daysAgo(29) }), // kept: sent recently
      delivery('push-failed', { status: 'failed' }), // gone: ended, created 40 days ago
      delivery('push-pending', { status: 'pending' }), // kept: still the queue
      delivery('push-unknown', { status: 'unknown' }), // kept: unresolved
    ]);
    await db.insert(notifyJobs).values([
      { postId: post.id, doneAt: daysAgo(30, HOUR) }, // gone
      { postId: post.id, doneAt: daysAgo(29) }, // kept
      { postId: post.id, runAt: daysAgo(40), createdAt: daysAgo(40) }, // kept: not done
    ]);

    // Drafts: abandoned 8 days (photos go), saved 6 days ago (kept), old row but a photo uploaded yesterday (kept),
    // a published one (kept).
    const draft = async (userId: number, updatedAt: Date, photos: [string, Date][], publishedPostId?: number) => {
      const [d] = await db
        .insert(drafts)
        .values({ userId, publishedPostId: publishedPostId ?? null })
        .returning({ id: drafts.id });
      // $onUpdate stamps updated_at on every drizzle update: set it in SQL afterwards.
      await db.execute(sql`update drafts set updated_at = ${updatedAt.toISOString()}::timestamptz where id = ${d!.id}`);
      for (const [name, mtime] of photos) {
        const key = `drafts/${d!.id}/${name}`;
        await db.insert(draftMedia).values({ draftId: d!.id, src: `/media/${key}` });
        await photoFile(key, mtime);
      }
      return d!.id;
    };
    await draft(u[3]!, daysAgo(8), [
      ['gone-a.jpg', daysAgo(8)],
      ['gone-b.jpg', daysAgo(9)],
    ]);
    await draft(u[4]!, daysAgo(6), [['kept-saved.jpg', daysAgo(9)]]);
    await draft(u[5]!, daysAgo(8), [['kept-uploaded.jpg', daysAgo(1)]]);
    await draft(u[2]!, daysAgo(20), [['kept-published.jpg', daysAgo(20)]], post.id);

    // Source post outcomes around the 30-day window (issue 28). A busy channel: messages 1–5 seen 31 days ago, 6–10
    // 29 days ago, 11–60 now: its page's 50 newest are 11–60, so 1–5 go and 6–10 stay inside the window. A quiet
    // channel with 3 old posts keeps them (its page). A channel whose newest message was seen first, 40 days ago, with
    // 51 posts after it 31 days ago: the oldest of those (message 1, the 51st newest) goes, its newest message stays.
    const [busy, quiet, late] = await db
      .insert(sources)
      .values(['hk_busy', 'hk_quiet', 'hk_late'].map((identifier) => ({ kind: 'telegram' as const, identifier })))
      .returning({ id: sources.id });
    const outcome = (sourceId: number, messageId: number, seenAt: Date) => ({
      sourceId,
      messageId,
      outcome: 'published' as const,
      excerpt: `${messageId}`,
      seenAt,
    });
    await db
      .insert(sourcePosts)
      .values([
        ...Array.from({ length: 60 }, (_, i) =>
          outcome(busy!.id, i + 1, i < 5 ? daysAgo(30, HOUR) : i < 10 ? daysAgo(29) : NOW),
        ),
        ...[1, 2, 3].map((m) => outcome(quiet!.id, m, daysAgo(90))),
        outcome(late!.id, 1000, daysAgo(40)),
        ...Array.from({ length: 51 }, (_, i) => outcome(late!.id, i + 1, daysAgo(31))),
      ]);
  });

  afterAll(async () => {
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('removes exactly what is past each window, and nothing the second time', async () => {
    const counted: unknown[] = [];
    const counts = await runHousekeeping({
      db,
      media: { mediaDir, ...createMediaStorage({ mediaDir }) },
      clock: () => NOW,
      onRun: (c) => counted.push(c),
    });
    expect(counts).toEqual({ sessions: 2, deliveries: 2, notifyJobs: 1, draftPhotos: 2, sourcePosts: 6 });
    expect(counted).toEqual([counts]);

    const tokens = (await db.select({ t: sessions.tokenHash }).from(sessions).orderBy(asc(sessions.tokenHash))).map(
      (r) => r.t,
    );
    expect(tokens).toEqual(['kept-idle', 'kept-live', 'kept-revoked']);
    const left = await db.select({ channel: deliveries.channel }).from(deliveries).orderBy(asc(deliveries.channel));
    expect(left.map((r) => r.channel)).toEqual(['email', 'push-pending', 'push-unknown']);
    expect(await db.select({ id: notifyJobs.id }).from(notifyJobs)).toHaveLength(2);
    const photos = (await db.select({ src: draftMedia.src }).from(draftMedia)).map((r) => path.basename(r.src)).sort();
    expect(photos).toEqual(['kept-published.jpg', 'kept-saved.jpg', 'kept-uploaded.jpg']);
    const names = (await readdir(mediaDir, { recursive: true }))
      .map((f) => path.basename(f))
      .filter((f) => f.endsWith('.jpg'))
      .sort();
    expect(names).toEqual(['kept-published.jpg', 'kept-saved.jpg', 'kept-uploaded.jpg']);
    expect(await db.select({ id: drafts.id }).from(drafts)).toHaveLength(4);
    const outcomes = await db
      .select({ source: sources.identifier, messageId: sourcePosts.messageId })
      .from(sourcePosts)
      .innerJoin(sources, sql`${sources.id} = ${sourcePosts.sourceId}`)
      .orderBy(asc(sources.identifier), asc(sourcePosts.messageId));
    const messagesOf = (source: string) => outcomes.filter((o) => o.source === source).map((o) => o.messageId);
    expect(messagesOf('hk_busy')).toEqual(Array.from({ length: 55 }, (_, i) => i + 6));
    expect(messagesOf('hk_quiet')).toEqual([1, 2, 3]);
    expect(messagesOf('hk_late')).toEqual([...Array.from({ length: 50 }, (_, i) => i + 2), 1000]);

    const again = await runHousekeeping({
      db,
      media: { mediaDir, ...createMediaStorage({ mediaDir }) },
      clock: () => NOW,
    });
    expect(again).toEqual({ sessions: 0, deliveries: 0, notifyJobs: 0, draftPhotos: 0, sourcePosts: 0 });
  });

  it('runs on its schedule and adds up what it removed', async () => {
    await db
      .insert(sessions)
      .values({ userId: (await db.select().from(users).limit(1))[0]!.id, tokenHash: 'late', lastUsedAt: daysAgo(200) });
    const hk = startHousekeeping(
      {
        db,
        media: { mediaDir, ...createMediaStorage({ mediaDir }) },
        clock: () => NOW,
        settings: DEFAULT_HOUSEKEEPING,
      },
      0,
    );
    await expect.poll(() => hk.totals().sessions).toBe(1);
    await hk.stop();
  });
});

it('reads its settings from the environment, naming a wrong one', () => {
  expect(readHousekeepingSettings({})).toEqual(DEFAULT_HOUSEKEEPING);
  expect(
    readHousekeepingSettings({
      HOUSEKEEPING_RETENTION_DAYS: '7',
      HOUSEKEEPING_INTERVAL_MINUTES: '5',
      HOUSEKEEPING_SOURCE_POST_DAYS: '14',
    }),
  ).toMatchObject({
    retentionDays: 7,
    sourcePostDays: 14,
    intervalMs: 300_000,
  });
  expect(() => readHousekeepingSettings({ HOUSEKEEPING_DRAFT_PHOTO_DAYS: 'неделя' })).toThrow(
    'Неверная настройка HOUSEKEEPING_DRAFT_PHOTO_DAYS=неделя: ожидается целое число от 1 до 3650',
  );
});
