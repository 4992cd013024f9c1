import { stat } from 'node:fs/promises';
import path from 'node:path';
import { and, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { deliveries, draftMedia, drafts, notifyJobs, postMedia, sessions, sourcePosts, type Db } from '@autoradar/db';
import { SOURCE_LATEST_POSTS } from '../ingest/sources';
import { mediaKeyFromUrl } from '../media/storage';
import { housekeepingRemovedTotal } from '../runtime/metrics';

// Housekeeping (issue 30): rows and files nobody needs any more, removed on a schedule by the worker process (and by
// the API when it runs the notification worker itself, the embedded setup). Each job deletes in batches, so a long
// backlog never holds one big lock, and answers how many it removed; every run adds its counts to the process's
// metrics (autoradar_housekeeping_removed_total{job}), and `onRun` sees them too.

const DAY_MS = 86_400_000;
const BATCH = 1_000;

export type HousekeepingSettings = {
  /** Sessions signed out (revoked) longer ago than this are deleted. */
  revokedSessionDays: number;
  /** Sessions not used for this long are expired: deleted, so the token no longer signs in. */
  idleSessionDays: number;
  /** Notification deliveries finished (sent, failed, skipped) and notification jobs done longer ago than this. */
  retentionDays: number;
  /** Photos of a draft nobody touched (form or upload) for this long are removed, rows and files. */
  draftPhotoDays: number;
  /**
   * Source post outcomes («Источники»: a source's 24-hour counters and its latest posts) seen longer ago than this are
   * deleted, except each source's newest SOURCE_LATEST_POSTS (its page) and its newest message.
   */
  sourcePostDays: number;
  /** How often the jobs run. */
  intervalMs: number;
};

export const DEFAULT_HOUSEKEEPING: HousekeepingSettings = {
  revokedSessionDays: 30,
  idleSessionDays: 180,
  retentionDays: 30,
  draftPhotoDays: 7,
  sourcePostDays: 30,
  intervalMs: 3_600_000,
};

/** The settings from the environment, each checked with its variable's name in the error. */
export function readHousekeepingSettings(env: NodeJS.ProcessEnv = process.env): HousekeepingSettings {
  const days = (name: string, fallback: number) => intSetting(env, name, fallback, 1, 3650);
  return {
    revokedSessionDays: days('HOUSEKEEPING_REVOKED_SESSION_DAYS', DEFAULT_HOUSEKEEPING.revokedSessionDays),
    idleSessionDays: days('HOUSEKEEPING_IDLE_SESSION_DAYS', DEFAULT_HOUSEKEEPING.idleSessionDays),
    retentionDays: days('HOUSEKEEPING_RETENTION_DAYS', DEFAULT_HOUSEKEEPING.retentionDays),
    draftPhotoDays: days('HOUSEKEEPING_DRAFT_PHOTO_DAYS', DEFAULT_HOUSEKEEPING.draftPhotoDays),
    sourcePostDays: days('HOUSEKEEPING_SOURCE_POST_DAYS', DEFAULT_HOUSEKEEPING.sourcePostDays),
    intervalMs: intSetting(env, 'HOUSEKEEPING_INTERVAL_MINUTES', 60, 1, 10_080) * 60_000,
  };
}

function intSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new Error(`Неверная настройка ${name}=${raw}: ожидается целое число от ${min} до ${max}`);
  }
  return value;
}

export type HousekeepingCounts = {
  sessions: number;
  deliveries: number;
  notifyJobs: number;
  draftPhotos: number;
  sourcePosts: number;
};

export type HousekeepingJob = keyof HousekeepingCounts;

const before = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** Deletes `ids()` batch by batch until a batch comes back short; the number deleted. */
async function inBatches(step: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await step();
    total += n;
    if (n < BATCH) return total;
  }
}

/** Signed-out sessions past the retention and sessions idle past the idle limit. */
export function purgeExpiredSessions(db: Db, now: Date, s: HousekeepingSettings): Promise<number> {
  const expired = or(
    and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, before(now, s.revokedSessionDays))),
    lt(sessions.lastUsedAt, before(now, s.idleSessionDays)),
  );
  return inBatches(async () => {
    const gone = await db
      .delete(sessions)
      .where(inArray(sessions.id, db.select({ id: sessions.id }).from(sessions).where(expired).limit(BATCH)))
      .returning({ id: sessions.id });
    return gone.length;
  });
}

/**
 * Deliveries that ended (sent, failed, skipped) longer ago than the retention. Pending, sending and unknown ones stay
 * whatever their age: they are still the queue.
 */
export function purgeFinishedDeliveries(db: Db, now: Date, s: HousekeepingSettings): Promise<number> {
  const cutoff = before(now, s.retentionDays);
  const finished = and(
    inArray(deliveries.status, ['sent', 'failed', 'skipped']),
    lt(sql`coalesce(${deliveries.sentAt}, ${deliveries.createdAt})`, cutoff),
  );
  return inBatches(async () => {
    const gone = await db
      .delete(deliveries)
      .where(inArray(deliveries.id, db.select({ id: deliveries.id }).from(deliveries).where(finished).limit(BATCH)))
      .returning({ id: deliveries.id });
    return gone.length;
  });
}

/** Notification (matching) jobs done longer ago than the retention; open ones stay. */
export function purgeFinishedJobs(db: Db, now: Date, s: HousekeepingSettings): Promise<number> {
  const done = and(isNotNull(notifyJobs.doneAt), lt(notifyJobs.doneAt, before(now, s.retentionDays)));
  return inBatches(async () => {
    const gone = await db
      .delete(notifyJobs)
      .where(inArray(notifyJobs.id, db.select({ id: notifyJobs.id }).from(notifyJobs).where(done).limit(BATCH)))
      .returning({ id: notifyJobs.id });
    return gone.length;
  });
}

/** Sources whose old outcomes one statement prunes: each statement ranks only these sources' rows. */
const SOURCE_GROUP = 100;

/**
 * Source post outcomes (issue 28) seen before the window, beyond each source's newest SOURCE_LATEST_POSTS (the rows its
 * page lists, newest first by seen_at then message id) and other than its newest message. The read cursor is
 * sources.last_position and the re-check list comes from post_sources, so no read needs these rows; the 24-hour
 * counters need only the last day. Sources are taken a group at a time: a statement ranks and deletes one group's rows.
 */
export async function purgeOldSourcePosts(db: Db, now: Date, s: HousekeepingSettings): Promise<number> {
  const cutoff = before(now, s.sourcePostDays);
  const withOld = await db
    .selectDistinct({ sourceId: sourcePosts.sourceId })
    .from(sourcePosts)
    .where(lt(sourcePosts.seenAt, cutoff));
  const ids = withOld.map((row) => row.sourceId).sort((a, b) => a - b);
  let removed = 0;
  for (let i = 0; i < ids.length; i += SOURCE_GROUP) {
    const group = ids.slice(i, i + SOURCE_GROUP);
    const ranked = db.$with('ranked').as(
      db
        .select({
          id: sourcePosts.id,
          seenAt: sourcePosts.seenAt,
          messageId: sourcePosts.messageId,
          rank: sql<number>`row_number() over (partition by ${sourcePosts.sourceId} order by ${sourcePosts.seenAt} desc, ${sourcePosts.messageId} desc)`.as(
            'rank',
          ),
          newest: sql<number>`max(${sourcePosts.messageId}) over (partition by ${sourcePosts.sourceId})`.as('newest'),
        })
        .from(sourcePosts)
        .where(inArray(sourcePosts.sourceId, group)),
    );
    const past = db
      .with(ranked)
      .select({ id: ranked.id })
      .from(ranked)
      .where(and(gt(ranked.rank, SOURCE_LATEST_POSTS), lt(ranked.seenAt, cutoff), ne(ranked.messageId, ranked.newest)));
    const gone = await db.delete(sourcePosts).where(inArray(sourcePosts.id, past)).returning({ id: sourcePosts.id });
    removed += gone.length;
  }
  return removed;
}

/**
 * Photos of open (unpublished) drafts untouched for `draftPhotoDays`: their rows and their files. A draft is touched
 * when its form is saved (updated_at) or a photo is uploaded to it (the file's time: an upload does not change the
 * draft row), so a seller back after six days keeps everything. A file a listing also shows is never removed.
 */
export async function purgeAbandonedDraftPhotos(
  db: Db,
  now: Date,
  s: HousekeepingSettings,
  media: { mediaDir: string; remove(key: string): Promise<void> },
): Promise<number> {
  const cutoff = before(now, s.draftPhotoDays);
  const candidates = await db
    .select({ id: draftMedia.id, draftId: draftMedia.draftId, src: draftMedia.src, srcSm: draftMedia.srcSm })
    .from(draftMedia)
    .innerJoin(drafts, sql`${drafts.id} = ${draftMedia.draftId}`)
    .where(and(isNull(drafts.publishedPostId), lt(drafts.updatedAt, cutoff)));
  if (candidates.length === 0) return 0;

  const byDraft = new Map<number, typeof candidates>();
  for (const row of candidates) byDraft.set(row.draftId, [...(byDraft.get(row.draftId) ?? []), row]);
  const keysOf = (row: (typeof candidates)[number]) =>
    [row.src, row.srcSm].map((u) => (u ? mediaKeyFromUrl(u) : null)).filter((k): k is string => k !== null);

  let removed = 0;
  for (const rows of byDraft.values()) {
    const keys = rows.flatMap(keysOf);
    if (await anyTouchedSince(media.mediaDir, keys, cutoff)) continue;
    const urls = rows.flatMap((r) => [r.src, r.srcSm]).filter((u): u is string => !!u);
    const shown = await db
      .select({ url: postMedia.url, urlSm: postMedia.urlSm })
      .from(postMedia)
      .where(or(inArray(postMedia.url, urls), inArray(postMedia.urlSm, urls)));
    const kept = new Set(shown.flatMap((m) => [m.url, m.urlSm]));
    const gone = await db
      .delete(draftMedia)
      .where(
        inArray(
          draftMedia.id,
          rows.map((r) => r.id),
        ),
      )
      .returning({ id: draftMedia.id });
    removed += gone.length;
    for (const row of rows) {
      for (const [url, key] of [row.src, row.srcSm].map((u) => [u, u ? mediaKeyFromUrl(u) : null] as const)) {
        if (url && key && !kept.has(url)) await media.remove(key);
      }
    }
  }
  return removed;
}

async function anyTouchedSince(mediaDir: string, keys: string[], cutoff: Date): Promise<boolean> {
  for (const key of keys) {
    try {
      const { mtimeMs } = await stat(path.join(mediaDir, ...key.split('/')));
      if (mtimeMs >= cutoff.getTime()) return true;
    } catch {
      // already gone: nothing to keep
    }
  }
  return false;
}

export type HousekeepingDeps = {
  db: Db;
  media: { mediaDir: string; remove(key: string): Promise<void> };
  settings?: HousekeepingSettings;
  clock?: () => Date;
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Called after each run with what each job removed (the metrics counters, issue 30). */
  onRun?: (counts: HousekeepingCounts) => void;
};

/** Every job once; a job that fails is logged and counted as 0, the others still run. */
export async function runHousekeeping(deps: HousekeepingDeps): Promise<HousekeepingCounts> {
  const s = deps.settings ?? DEFAULT_HOUSEKEEPING;
  const now = (deps.clock ?? (() => new Date()))();
  const jobs: Record<HousekeepingJob, () => Promise<number>> = {
    sessions: () => purgeExpiredSessions(deps.db, now, s),
    deliveries: () => purgeFinishedDeliveries(deps.db, now, s),
    notifyJobs: () => purgeFinishedJobs(deps.db, now, s),
    draftPhotos: () => purgeAbandonedDraftPhotos(deps.db, now, s, deps.media),
    sourcePosts: () => purgeOldSourcePosts(deps.db, now, s),
  };
  const counts: HousekeepingCounts = { sessions: 0, deliveries: 0, notifyJobs: 0, draftPhotos: 0, sourcePosts: 0 };
  for (const [job, run] of Object.entries(jobs) as [HousekeepingJob, () => Promise<number>][]) {
    try {
      counts[job] = await run();
    } catch (err) {
      deps.log?.error({ err, job }, `housekeeping: ${job} failed`);
    }
  }
  for (const [job, n] of Object.entries(counts)) housekeepingRemovedTotal.inc({ job }, n);
  deps.log?.info({ housekeeping: counts }, 'housekeeping done');
  deps.onRun?.(counts);
  return counts;
}

export type Housekeeping = {
  /** Removed so far by this process, per job (for a metrics counter). */
  totals(): HousekeepingCounts;
  runNow(): Promise<HousekeepingCounts>;
  stop(): Promise<void>;
};

/** Runs the jobs a minute after start and then every `intervalMs`; runs never overlap. */
export function startHousekeeping(deps: HousekeepingDeps, firstRunMs = 60_000): Housekeeping {
  const s = deps.settings ?? DEFAULT_HOUSEKEEPING;
  const totals: HousekeepingCounts = { sessions: 0, deliveries: 0, notifyJobs: 0, draftPhotos: 0, sourcePosts: 0 };
  let running: Promise<HousekeepingCounts> | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const runNow = () => {
    running ??= runHousekeeping({
      ...deps,
      settings: s,
      onRun: (counts) => {
        for (const job of Object.keys(totals) as HousekeepingJob[]) totals[job] += counts[job];
        deps.onRun?.(counts);
      },
    }).finally(() => {
      running = undefined;
    });
    return running;
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      void runNow()
        .catch(() => undefined)
        .finally(() => schedule(s.intervalMs));
    }, ms);
    timer.unref();
  };
  schedule(firstRunMs);

  return {
    totals: () => ({ ...totals }),
    runNow,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
