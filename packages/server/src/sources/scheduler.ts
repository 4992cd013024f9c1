import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { contentHash } from '@autoradar/core/aggregation';
import type { AnalysisIndex } from '@autoradar/core/analysis/index';
import { postSources, sources, type Db, type Source } from '@autoradar/db';
import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import { ingestEdit, ingestGone, ingestPosts, type IngestInput, type IngestPhoto } from '../ingest/ingest-post';
import type { ListingDeps } from '../listings/listing-lifecycle';
import type { MediaStorage } from '../media/storage';
import { sourceReadsTotal } from '../runtime/metrics';
import { backoffDelay } from './backoff';
import type { SourceFailure, SourcePost, SourceReader, SourceReadSuccess } from './source-reader';
import { schedulerMessages } from './sources.messages';
import { storeSourcePhotos, type PhotoDownloader } from './store-source-photos';

// Sources on a schedule (issue 28, DESIGN.md §6): every active source of a scheduled kind (web preview, MTProto, VK
// wall) is due at its own `next_read_at`; a worker claims due rows under a lease (`FOR UPDATE SKIP LOCKED`, the
// pattern of the notification queue), so two workers never read one source at once and a dead worker's claim runs
// out. A read goes through the reader (which keeps the host's limits), and what it found goes through ingestion and
// the listing lifecycle: new posts become listings (or link to one), re-checked posts whose text changed are edits,
// posts a successful read confirms gone are unpublished. A failed read changes no listing: it only backs the source
// off (exponential, jittered, Retry-After as a floor), and a source that cannot be read at all (preview off, renamed,
// not found, private) or has failed for 24 h is marked broken with the reader's Russian message and tried hourly.
// The loop is its own (runOnce/start/stop, an injected clock) so that it can move onto a shared jobs loop as it is.

/** Posts of one read whose photos are fetched and re-encoded at once. */
const PHOTO_POSTS_AT_ONCE = 4;

/** The ways of reading a source that the scheduler runs (telegram_bot sources arrive as updates). */
export const SCHEDULED_READ_VIA = ['telegram_preview', 'telegram_mtproto', 'vk_wall'] as const;
export type ScheduledReadVia = (typeof SCHEDULED_READ_VIA)[number];

export interface SchedulerTuning {
  /**
   * Sources claimed in one go: no more than are read at once, so that a claimed source does not wait in the host
   * limiter's queue while its lease (and the read's abort) runs; the loop claims again at once while batches are full.
   */
  batchSize: number;
  /** Sources read at once by this worker (the host limiter holds each host to its own limits below this). */
  concurrency: number;
  /** How long a claim lasts; a read is aborted before it runs out. */
  leaseMs: number;
  /** How often an idle worker looks for due sources (a new source is read within this). */
  pollIntervalMs: number;
  /** Read intervals: the first one, and the bounds it adapts within. */
  intervalMs: { initial: number; min: number; max: number };
  /** Posts with at least this many new ones halve the interval; a read with none makes it 1.5 times longer. */
  busyPosts: number;
  /** How many of the newest listed posts are re-checked for edits and deletions. */
  recheckCount: number;
  /** Only posts within this many ids of the cursor are re-checked (about one page of the web preview). */
  recheckSpan: number;
  /** A source failing this long is marked broken. */
  brokenAfterMs: number;
  /** How long a post waits for its photos. */
  photoDeadlineMs: number;
}

export const DEFAULT_SCHEDULER_TUNING: SchedulerTuning = {
  batchSize: 4,
  concurrency: 4,
  leaseMs: 120_000,
  pollIntervalMs: 5_000,
  intervalMs: { initial: 300_000, min: 60_000, max: 3_600_000 },
  busyPosts: 5,
  recheckCount: 20,
  recheckSpan: 20,
  brokenAfterMs: 24 * 3_600_000,
  photoDeadlineMs: 10_000,
};

/** Failures that no retry fixes by itself: the source is broken until it reads again (tried at the longest interval). */
const PERMANENT: ReadonlySet<SourceFailure['code']> = new Set([
  'not-found',
  'preview-disabled',
  'renamed',
  'private',
  'auth',
]);

export interface SchedulerLog {
  error(obj: unknown, msg?: string): void;
  info?(obj: unknown, msg?: string): void;
}

export interface SourceSchedulerOptions {
  db: Db;
  /** The listing lifecycle's deps (its events announce what changed; its clock stamps it). */
  listings: ListingDeps;
  index: AnalysisIndex;
  /** A reader per way of reading; a source whose reader is missing is marked broken with a message saying so. */
  readers: Partial<Record<ScheduledReadVia, SourceReader>>;
  /** Photos are downloaded and stored as ours; without it listings are made without photos (tests, benchmarks). */
  photos?: { downloader: PhotoDownloader; storage: MediaStorage; maxBytes?: number };
  workerId?: string;
  clock?: () => Date;
  random?: () => number;
  log?: SchedulerLog;
  tuning?: Partial<SchedulerTuning>;
}

export interface SchedulerRunReport {
  claimed: number;
  readOk: number;
  readFailed: number;
  /** Listings published, linked, updated or unpublished by the reads. */
  published: number;
  rejected: number;
  updated: number;
  unpublished: number;
}

export interface SourceScheduler {
  readonly workerId: string;
  /** Claims the due sources once and reads them; resolves when they are all done. */
  runOnce(): Promise<SchedulerRunReport>;
  start(): void;
  /** Looks for due sources now (a source was just added or resumed). */
  wake(): void;
  /** Stops claiming and waits for the reads under way. */
  stop(): Promise<void>;
}

const emptyReport = (): SchedulerRunReport => ({
  claimed: 0,
  readOk: 0,
  readFailed: 0,
  published: 0,
  rejected: 0,
  updated: 0,
  unpublished: 0,
});

export function createSourceScheduler(options: SourceSchedulerOptions): SourceScheduler {
  const { db } = options;
  const tuning: SchedulerTuning = {
    ...DEFAULT_SCHEDULER_TUNING,
    ...options.tuning,
    intervalMs: { ...DEFAULT_SCHEDULER_TUNING.intervalMs, ...options.tuning?.intervalMs },
  };
  const clock = options.clock ?? (() => new Date());
  const random = options.random ?? Math.random;
  const log = options.log ?? { error: () => {} };
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const limit = pLimit(tuning.concurrency);

  async function claim(now: Date, count = tuning.batchSize): Promise<Source[]> {
    return db.transaction(async (tx) => {
      // Picked first, then leased by id (jobs/claim.ts: as one statement, the planner may claim past the limit).
      const due = await tx
        .select({ id: sources.id })
        .from(sources)
        .where(
          and(
            inArray(sources.state, ['active', 'broken']),
            inArray(sources.readVia, [...SCHEDULED_READ_VIA]),
            lte(sources.nextReadAt, now),
            or(isNull(sources.leasedUntil), lte(sources.leasedUntil, now)),
          ),
        )
        .orderBy(asc(sources.nextReadAt), asc(sources.id))
        .limit(count)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(sources)
        .set({ leasedBy: workerId, leasedUntil: new Date(now.getTime() + tuning.leaseMs) })
        .where(
          inArray(
            sources.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  /** Ids of the newest listed posts near the cursor, still shown when last read: re-checked for edits and deletions. */
  async function recheckIdsOf(source: Source): Promise<number[]> {
    if (source.lastPosition === null) return [];
    const rows = await db
      .select({ messageId: postSources.messageId })
      .from(postSources)
      .where(
        and(
          eq(postSources.sourceId, source.id),
          isNull(postSources.goneAt),
          gt(postSources.messageId, source.lastPosition - tuning.recheckSpan),
        ),
      )
      .orderBy(desc(postSources.messageId))
      .limit(tuning.recheckCount);
    return rows.map((row) => row.messageId);
  }

  async function photosOf(source: Source, post: SourcePost): Promise<IngestPhoto[]> {
    if (!options.photos || post.photos.length === 0) return [];
    const stored = await storeSourcePhotos({
      photos: post.photos,
      downloader: options.photos.downloader,
      storage: options.photos.storage,
      keyBase: `sources/${source.id}/${post.id}`,
      deadlineMs: tuning.photoDeadlineMs,
      maxBytes: options.photos.maxBytes,
    });
    if (stored.missed.length > 0) log.info?.({ source: source.id, post: post.id, missed: stored.missed }, 'photos');
    return stored.photos;
  }

  /** What a successful read found, through ingestion; the cursor moves only after this. */
  async function ingestRead(source: Source, read: SourceReadSuccess, report: SchedulerRunReport) {
    const vkOwnerId = source.kind === 'vk' ? Number(source.identifier) : undefined;
    // Photos first (a few posts at a time, each waiting for its own up to photoDeadlineMs), then the read's posts in
    // one transaction.
    const photoSlots = pLimit(PHOTO_POSTS_AT_ONCE);
    const inputs: IngestInput[] = await Promise.all(
      read.fresh.map(async (post) => ({
        source,
        messageId: post.id,
        text: post.text,
        url: post.url,
        photos: await photoSlots(() => photosOf(source, post)),
        ...(vkOwnerId === undefined ? {} : { vkOwnerId }),
      })),
    );
    for (const result of await ingestPosts(options.listings, options.index, inputs)) {
      if (result.status === 'published' || result.status === 'linked') report.published++;
      else if (result.status === 'rejected') report.rejected++;
    }
    if (read.rechecked.length > 0) {
      const stored = await db
        .select({ messageId: postSources.messageId, contentHash: postSources.contentHash })
        .from(postSources)
        .where(
          and(
            eq(postSources.sourceId, source.id),
            inArray(
              postSources.messageId,
              read.rechecked.map((post) => post.id),
            ),
          ),
        );
      const hashOf = new Map(stored.map((row) => [row.messageId, row.contentHash]));
      for (const post of read.rechecked) {
        if (!hashOf.has(post.id) || hashOf.get(post.id) === contentHash(post.text)) continue;
        const result = await ingestEdit(options.listings, options.index, {
          source,
          messageId: post.id,
          text: post.text,
        });
        if (result.status === 'updated' && result.changed) report.updated++;
        else if (result.status === 'unpublished') report.unpublished++;
      }
    }
    for (const id of read.gone) {
      const result = await ingestGone(options.listings, { source, messageId: id });
      if (result.status === 'unpublished') report.unpublished++;
    }
  }

  const mine = (source: Source) => and(eq(sources.id, source.id), eq(sources.leasedBy, workerId));
  /** The state after a read, unless the operator paused the source meanwhile. */
  const stateAfter = (state: 'active' | 'broken') =>
    sql`case when ${sources.state} = 'paused' then ${sources.state} else ${state}::source_state end`;

  async function succeed(source: Source, read: SourceReadSuccess, now: Date) {
    const { min, max } = tuning.intervalMs;
    // A source's first read starts from the configured interval (SOURCE_INTERVAL), later ones from the adapted one.
    const current = source.readsOk === 0 ? tuning.intervalMs.initial : source.intervalSeconds * 1000;
    const next =
      read.fresh.length >= tuning.busyPosts
        ? Math.max(min, Math.round(current / 2))
        : read.fresh.length === 0
          ? Math.min(max, Math.round(current * 1.5))
          : Math.min(max, Math.max(min, current));
    // ±10 % so that sources added together drift apart.
    const wait = Math.round(next * (0.9 + random() * 0.2));
    await db
      .update(sources)
      .set({
        state: stateAfter('active'),
        lastPosition: read.lastSeenId,
        lastReadAt: now,
        lastError: null,
        failures: 0,
        failingSince: null,
        readsOk: sql`${sources.readsOk} + 1`,
        intervalSeconds: Math.round(next / 1000),
        nextReadAt: new Date(now.getTime() + wait),
        leasedBy: null,
        leasedUntil: null,
        ...(read.channel.title && !source.title ? { title: read.channel.title } : {}),
      })
      .where(mine(source));
  }

  async function fail(source: Source, failure: SourceFailure, now: Date) {
    const failures = source.failures + 1;
    const failingSince = source.failingSince ?? now;
    const permanent = PERMANENT.has(failure.code);
    const day = now.getTime() - failingSince.getTime() >= tuning.brokenAfterMs;
    const wait = permanent
      ? tuning.intervalMs.max
      : backoffDelay(failures, {
          baseMs: tuning.intervalMs.min,
          maxMs: tuning.intervalMs.max,
          random,
          retryAfterMs: failure.retryAfterMs,
        });
    await db
      .update(sources)
      .set({
        state: stateAfter(permanent || day || source.state === 'broken' ? 'broken' : 'active'),
        lastError: day && !permanent ? schedulerMessages.failingDay(failure.message) : failure.message,
        failures,
        failingSince,
        readsFailed: sql`${sources.readsFailed} + 1`,
        nextReadAt: new Date(now.getTime() + wait),
        leasedBy: null,
        leasedUntil: null,
      })
      .where(mine(source));
  }

  async function readSource(source: Source, report: SchedulerRunReport) {
    const via = source.readVia as ScheduledReadVia;
    const reader = options.readers[via];
    if (!reader) {
      report.readFailed++;
      sourceReadsTotal.inc({ via, result: 'no-reader' });
      await fail(source, { code: 'auth', message: schedulerMessages.noReader(via) }, clock());
      return;
    }
    try {
      const outcome = await reader.read({
        identifier: source.identifier,
        lastSeenId: source.lastPosition,
        recheckIds: await recheckIdsOf(source),
        // The claim must outlive the read: a read still running when the lease ends could meet another worker's.
        signal: AbortSignal.timeout(Math.max(1_000, tuning.leaseMs - 15_000)),
      });
      if (!outcome.ok) {
        report.readFailed++;
        sourceReadsTotal.inc({ via, result: outcome.failure.code });
        await fail(source, outcome.failure, clock());
        return;
      }
      await ingestRead(source, outcome, report);
      report.readOk++;
      sourceReadsTotal.inc({ via, result: 'ok' });
      await succeed(source, outcome, clock());
    } catch (err) {
      // A bug or the database: nothing of this read is trusted; the cursor stays and the source is tried again.
      log.error({ err, source: source.id }, 'source read failed');
      report.readFailed++;
      sourceReadsTotal.inc({ via, result: 'error' });
      const detail = err instanceof Error ? err.message.slice(0, 200) : String(err);
      await fail(source, { code: 'network', message: schedulerMessages.unexpected(detail) }, clock()).catch(
        (e: unknown) => log.error({ err: e, source: source.id }, 'source release failed'),
      );
    }
  }

  async function runOnce(): Promise<SchedulerRunReport> {
    const report = emptyReport();
    const claimed = await claim(clock());
    report.claimed = claimed.length;
    await Promise.all(claimed.map((source) => limit(() => readSource(source, report))));
    return report;
  }

  let running = false;
  let loop: Promise<void> | null = null;
  let wakeUp: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      wakeUp = resolve;
      timer = setTimeout(resolve, ms);
    }).finally(() => {
      if (timer) clearTimeout(timer);
      timer = null;
      wakeUp = null;
    });

  /**
   * The loop keeps `concurrency` reads going: each read that ends makes room for the next due source at once, rather
   * than a claimed batch waiting for its slowest read (one read of many new posts held three idle slots).
   */
  async function run() {
    const reading = new Set<Promise<void>>();
    while (running) {
      let claimed: Source[] = [];
      const room = tuning.concurrency - reading.size;
      if (room > 0) {
        try {
          claimed = await claim(clock(), Math.min(room, tuning.batchSize));
        } catch (err) {
          log.error({ err }, 'source scheduler run failed');
        }
        for (const source of claimed) {
          const read: Promise<void> = readSource(source, emptyReport())
            .catch((err: unknown) => log.error({ err, source: source.id }, 'source read failed'))
            .finally(() => {
              reading.delete(read);
              wakeUp?.();
            });
          reading.add(read);
        }
      }
      if (!running) break;
      // Room left and sources were due: more may be. Otherwise wait for a read to end, a wake or the next poll.
      if (claimed.length > 0 && reading.size < tuning.concurrency) continue;
      await pause(tuning.pollIntervalMs);
    }
    await Promise.all(reading);
  }

  return {
    workerId,
    runOnce,
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    wake() {
      wakeUp?.();
    },
    async stop() {
      running = false;
      wakeUp?.();
      await loop;
      loop = null;
    },
  };
}
