import { and, asc, eq, inArray, min, sql } from 'drizzle-orm';
import type { Api } from 'grammy';
import type { LinkSettings } from '@autoradar/core';
import { deliveries, filters, postMedia, posts, users, type Db } from '@autoradar/db';
import { createWorkerLoop, newWorkerId } from '../jobs/worker-loop';
import type { Mailer } from '../mail';
import { deliveriesTotal } from '../runtime/metrics';
import { buildNotificationEmail } from './notify-email';
import { sendTelegramNotice, type SendOutcome, type TelegramNotice } from './notify-telegram';
import type { NotifiedListing } from './notify.messages';
import { runPriceAlerts } from './price-alerts';
import {
  claimDeliveries,
  claimNotifyJobs,
  failNotifyJob,
  markBotBlocked,
  markOutcome,
  markSending,
  markSent,
  releaseDeliveries,
  runNotifyJob,
  type ClaimedDelivery,
} from './queue';

// The notification worker: matching jobs -> delivery rows -> Telegram and e-mail. Event-driven: wake() (the publish
// path in this process, or a PostgreSQL NOTIFY from another) starts a pass at once; the poll is only a safety net and
// the timer for held (working-time) deliveries. Any number of workers may run on one database (queue.ts).

export interface NotifyWorkerLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface NotifyWorkerOptions {
  db: Db;
  clock?: () => Date;
  log: NotifyWorkerLog;
  links: LinkSettings;
  appName: string;
  /** The notification Api (createNotifyTelegramApi); without it Telegram deliveries wait for a bot token. */
  telegram?: Api;
  mailer?: Mailer;
  /** Safety-net poll when nothing wakes the worker. */
  pollIntervalMs?: number;
  /** How long claimed rows stay with this worker; longer than a batch under Telegram's limits. */
  leaseMs?: number;
  /** Deliveries sent at once (the throttler still keeps 30/s overall and 1/s per chat). */
  concurrency?: number;
  batchSize?: number;
  /** A failed delivery is retried this many times with backoff, then left failed with its reason. */
  maxAttempts?: number;
}

export interface NotifyWorker {
  readonly id: string;
  start(): void;
  wake(): void;
  /** One full pass (jobs, then due deliveries until none is left); tests call it with a moved clock. */
  runOnce(): Promise<{ matched: number; sent: number }>;
  stop(): Promise<void>;
}

interface Group {
  channel: 'telegram' | 'email';
  userId: number;
  rows: ClaimedDelivery[];
}

export function createNotifyWorker(options: NotifyWorkerOptions): NotifyWorker {
  const { db, log } = options;
  const clock = options.clock ?? (() => new Date());
  const leaseMs = options.leaseMs ?? 120_000;
  const pollIntervalMs = options.pollIntervalMs ?? 10_000;
  const concurrency = options.concurrency ?? 8;
  const batchSize = options.batchSize ?? 100;
  const maxAttempts = options.maxAttempts ?? 5;
  const id = newWorkerId();
  const held = new Set<number>();

  /** When the next pending delivery falls due; a row another worker holds, when its lease runs out (if it died). */
  async function nextDueMs(): Promise<number> {
    const [row] = await db
      .select({
        due: min(sql<Date>`greatest(${deliveries.dueAt}, coalesce(${deliveries.lockedUntil}, ${deliveries.dueAt}))`),
      })
      .from(deliveries)
      .where(eq(deliveries.status, 'pending'));
    return row?.due ? new Date(row.due).getTime() - clock().getTime() : Infinity;
  }

  const loop = createWorkerLoop({
    runOnce: async () => {
      await runOnce();
      return false;
    },
    pollMs: pollIntervalMs,
    nextDueMs,
    onError: (err) => log.error({ err }, 'Очередь уведомлений недоступна'),
  });

  async function runJobs(): Promise<number> {
    let matched = 0;
    for (;;) {
      const jobs = await claimNotifyJobs(db, id, clock(), leaseMs);
      if (jobs.length === 0) return matched;
      for (const job of jobs) {
        try {
          matched += await runNotifyJob(db, job, id, clock());
        } catch (err) {
          log.error({ err, postId: job.postId }, 'Уведомления: не удалось подобрать фильтры к объявлению');
          await failNotifyJob(db, job, id, clock(), err instanceof Error ? err.message : String(err));
        }
      }
    }
  }

  /** Everything a notice shows, for the claimed rows. */
  async function loadListings(rows: ClaimedDelivery[]) {
    const postIds = [...new Set(rows.map((r) => r.postId))];
    const filterIds = [...new Set(rows.map((r) => r.filterId))];
    const [postRows, mediaRows, filterRows] = await Promise.all([
      db.select().from(posts).where(inArray(posts.id, postIds)),
      db
        .select()
        .from(postMedia)
        .where(and(inArray(postMedia.postId, postIds), eq(postMedia.kind, 'photo')))
        .orderBy(asc(postMedia.postId), asc(postMedia.position)),
      db
        .select({ id: filters.id, name: filters.name, token: filters.unsubscribeToken, active: filters.active })
        .from(filters)
        .where(inArray(filters.id, filterIds)),
    ]);
    const postById = new Map(postRows.map((p) => [p.id, p]));
    const photoOf = new Map<number, (typeof mediaRows)[number]>();
    for (const m of mediaRows) if (!photoOf.has(m.postId)) photoOf.set(m.postId, m);
    const filterById = new Map(filterRows.map((f) => [f.id, f]));
    return { postById, photoOf, filterById };
  }

  type Listings = Awaited<ReturnType<typeof loadListings>>;

  async function settle(group: Group, outcome: SendOutcome, ctx: Listings): Promise<number> {
    const ids = group.rows.map((r) => r.id);
    deliveriesTotal.inc({ channel: group.channel, result: outcome.kind }, ids.length);
    switch (outcome.kind) {
      case 'sent':
        await markSent(db, ids, id, clock());
        // The send log line (issue 30): the request ids that published these listings, to follow one end to end.
        log.info(
          {
            deliveryIds: ids,
            userId: group.userId,
            channel: group.channel,
            requestIds: [...new Set(group.rows.map((r) => r.requestId).filter(Boolean))],
          },
          'Уведомления: отправлено',
        );
        if (outcome.photoFileId) {
          // Later notices of this batch send the file_id too.
          const photo = [...ctx.photoOf.values()].find((m) => m.id === outcome.photoFileId!.mediaId);
          if (photo) photo.telegramFileId = outcome.photoFileId.fileId;
          await db
            .update(postMedia)
            .set({ telegramFileId: outcome.photoFileId.fileId })
            .where(eq(postMedia.id, outcome.photoFileId.mediaId));
        }
        return ids.length;
      case 'blocked':
        await markOutcome(db, ids, id, { status: 'failed', error: outcome.error });
        await markBotBlocked(db, group.userId);
        log.info({ userId: group.userId }, 'Уведомления: пользователь заблокировал бота, Telegram для него отключён');
        return 0;
      case 'unknown':
        await markOutcome(db, ids, id, { status: 'unknown', error: outcome.error });
        log.error(
          { ids, error: outcome.error },
          'Уведомления: результат отправки неизвестен, повторно не отправляется',
        );
        return 0;
      case 'lost':
        return 0;
      case 'failed':
      case 'retry': {
        const attempts = Math.max(...group.rows.map((r) => r.attempts)) + 1;
        if (outcome.kind === 'failed' || attempts >= maxAttempts) {
          await markOutcome(db, ids, id, { status: 'failed', error: outcome.error });
          log.error({ ids, error: outcome.error }, 'Уведомления: доставка не удалась');
        } else {
          const backoff = Math.min(3_600_000, 2 ** attempts * 5_000);
          await markOutcome(db, ids, id, {
            status: 'pending',
            error: outcome.error,
            dueAt: new Date(clock().getTime() + backoff),
          });
        }
        return 0;
      }
    }
  }

  async function deliver(group: Group, ctx: Listings): Promise<number> {
    const ids = group.rows.map((r) => r.id);
    const [user] = await db.select().from(users).where(eq(users.id, group.userId));
    const usable = group.rows.filter((r) => {
      const post = ctx.postById.get(r.postId);
      const filter = ctx.filterById.get(r.filterId);
      return post?.status === 'published' && filter?.active;
    });
    const dropped = group.rows.filter((r) => !usable.includes(r));
    if (dropped.length > 0)
      await markOutcome(
        db,
        dropped.map((r) => r.id),
        id,
        { status: 'skipped', error: 'Объявление снято или фильтр приостановлен до отправки' },
      );
    if (usable.length === 0) return 0;
    const rows = usable;
    const ready = { ...group, rows };
    const listings = rows.map((r) => {
      const post = ctx.postById.get(r.postId)!;
      const filter = ctx.filterById.get(r.filterId)!;
      const listing: NotifiedListing & { filterId: number } = {
        postId: post.id,
        title: post.title,
        price: post.price,
        currency: post.currency,
        year: post.year,
        mileage: post.mileage,
        city: post.location,
        filterName: filter.name,
        filterId: filter.id,
      };
      return { listing, post, filter, photo: ctx.photoOf.get(post.id) };
    });
    const beforeSend = () =>
      markSending(
        db,
        rows.map((r) => r.id),
        id,
        clock(),
        leaseMs,
      );

    if (group.channel === 'telegram') {
      if (!user?.telegramId || user.botBlocked) {
        await markOutcome(db, ids, id, {
          status: 'skipped',
          error: 'У пользователя нет Telegram или бот заблокирован',
        });
        return 0;
      }
      if (!options.telegram) {
        // No bot token in this process: leave the rows to a process that has one.
        await releaseDeliveries(db, ids, id);
        return 0;
      }
      const notice: TelegramNotice = {
        chatId: user.telegramId,
        listings: listings.map(({ listing, photo }) => ({
          ...listing,
          ...(photo
            ? {
                photo: {
                  mediaId: photo.id,
                  url: absoluteUrl(options.links.appUrl, photo.url),
                  fileId: photo.telegramFileId,
                },
              }
            : {}),
        })),
      };
      return settle(ready, await sendTelegramNotice(options.telegram, options.links, notice, beforeSend), ctx);
    }

    if (!user?.email) {
      await markOutcome(db, ids, id, { status: 'skipped', error: 'У пользователя нет e-mail' });
      return 0;
    }
    if (!options.mailer) {
      await releaseDeliveries(db, ids, id);
      return 0;
    }
    const message = buildNotificationEmail(options.links.appUrl, options.appName, {
      to: user.email,
      listings: listings.map(({ listing, filter, photo }) => ({
        ...listing,
        unsubscribeToken: filter.token,
        ...(photo ? { photoUrl: photo.url } : {}),
      })),
    });
    if (!(await beforeSend())) return 0;
    try {
      await options.mailer.send(message);
      return settle(ready, { kind: 'sent' }, ctx);
    } catch (err) {
      const code = (err as { responseCode?: number }).responseCode;
      const error = err instanceof Error ? err.message : String(err);
      // An SMTP refusal (5xx) is final; a lost connection after DATA may have delivered: unknown.
      return settle(
        ready,
        code && code >= 500 ? { kind: 'failed', error } : code ? { kind: 'retry', error } : { kind: 'unknown', error },
        ctx,
      );
    }
  }

  /** Worktime deliveries of one user and channel due together become one message; others go one by one. */
  function groupOf(rows: ClaimedDelivery[]): Group[] {
    const groups = new Map<string, Group>();
    for (const r of rows) {
      const heldForWindow = r.dueAt.getTime() - r.createdAt.getTime() > 1_000;
      const key = heldForWindow ? `${r.userId}:${r.channel}` : `row:${r.id}`;
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { channel: r.channel, userId: r.userId, rows: [] }));
      g.rows.push(r);
    }
    // Oldest listing first within a message.
    for (const g of groups.values()) g.rows.sort((a, b) => a.postId - b.postId);
    return [...groups.values()];
  }

  async function runDeliveries(): Promise<number> {
    let sent = 0;
    // Rows this pass gave back (no sender for their channel here) are not taken again in the same pass.
    const seen = new Set<number>();
    while (!loop.signal.aborted) {
      const rows = await claimDeliveries(db, id, clock(), leaseMs, batchSize);
      if (rows.length === 0) return sent;
      if (rows.every((r) => seen.has(r.id))) {
        await releaseDeliveries(
          db,
          rows.map((r) => r.id),
          id,
        );
        return sent;
      }
      for (const r of rows) seen.add(r.id);
      for (const r of rows) held.add(r.id);
      try {
        const ctx = await loadListings(rows);
        const groups = groupOf(rows);
        // One chat's messages one after another (Telegram: 1 per second per chat); chats in parallel.
        const byUser = new Map<string, Group[]>();
        for (const g of groups) {
          const k = `${g.channel}:${g.userId}`;
          byUser.set(k, [...(byUser.get(k) ?? []), g]);
        }
        const lanes = [...byUser.values()];
        let next = 0;
        await Promise.all(
          Array.from({ length: Math.min(concurrency, lanes.length) }, async () => {
            while (next < lanes.length && !loop.signal.aborted) {
              const lane = lanes[next++]!;
              for (const g of lane) {
                if (loop.signal.aborted) break;
                try {
                  sent += await deliver(g, ctx);
                } catch (err) {
                  log.error({ err }, 'Уведомления: ошибка доставки');
                } finally {
                  for (const r of g.rows) held.delete(r.id);
                }
              }
            }
          }),
        );
      } finally {
        const left = rows.filter((r) => held.has(r.id)).map((r) => r.id);
        for (const r of left) held.delete(r);
        await releaseDeliveries(db, left, id).catch(() => undefined);
      }
    }
    return sent;
  }

  async function runOnce() {
    const matched = await runJobs();
    const sent = await runDeliveries();
    // Price-drop and sold alerts on favourites (issue 33): their own queue, price-alerts.ts.
    const alerts = await runPriceAlerts({ ...options, clock, workerId: id, leaseMs, maxAttempts });
    return { matched, sent: sent + alerts };
  }

  return {
    id,
    start: loop.start,
    wake: loop.wake,
    runOnce,
    stop: loop.stop,
  };
}

function absoluteUrl(appUrl: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${appUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}
