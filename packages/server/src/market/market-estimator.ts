import { sql } from 'drizzle-orm';
import type { Db } from '@autoradar/db';
import { LISTING_EVENTS, type DomainEvents } from '../events/domain-events';
import { recomputeMarket, type RecomputeResult } from './recompute-market';

// Keeps market_estimates current (issue 33): a full pass at start and every `fullIntervalMs`, and between them an
// incremental pass a moment (`debounceMs`) after listings are published, edited or unpublished anywhere (the relay
// brings the other processes' events): the models of those listings are recomputed, so a new listing gets its
// estimate and its comparables' estimates move with it. Two processes may run it on one database: the passes only
// write what changed, and a full pass is skipped while another process holds it (an advisory lock).

export interface MarketEstimatorOptions {
  db: Db;
  events: DomainEvents;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  clock?: () => Date;
  /** Between full passes; 0: only the one at start. */
  fullIntervalMs?: number;
  /** How long listing events are gathered before an incremental pass. */
  debounceMs?: number;
}

export interface MarketEstimator {
  start(): void;
  /** Resolves when the passes under way and due are done (tests, the benchmark). */
  idle(): Promise<void>;
  /** Runs a full pass now. */
  recomputeAll(): Promise<RecomputeResult | null>;
  stop(): Promise<void>;
}

export const MARKET_FULL_INTERVAL_MS = 6 * 3_600_000;
export const MARKET_DEBOUNCE_MS = 2_000;
/** pg_try_advisory_xact_lock key of the full pass ("market" in ASCII). */
const FULL_PASS_LOCK = 0x6d61726b6574;

export function createMarketEstimator(options: MarketEstimatorOptions): MarketEstimator {
  const { db, log } = options;
  const clock = options.clock ?? (() => new Date());
  const debounceMs = options.debounceMs ?? MARKET_DEBOUNCE_MS;
  const fullIntervalMs = options.fullIntervalMs ?? MARKET_FULL_INTERVAL_MS;
  const pending = new Set<number>();
  let timer: NodeJS.Timeout | undefined;
  let interval: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let unsubscribe: (() => void) | undefined;

  /** One pass at a time per process: passes queue behind each other. */
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = running.then(work, work);
    running = next.catch(() => undefined);
    return next;
  };

  const fullPass = async () => {
    const started = Date.now();
    const result = await db.transaction(async (tx) => {
      const lock = await tx.execute<{ locked: boolean }>(
        sql`select pg_try_advisory_xact_lock(${FULL_PASS_LOCK}) as locked`,
      );
      if (!lock.rows[0]?.locked) return null;
      return recomputeMarket(tx, { now: clock() });
    });
    if (result) log.info({ ...result, ms: Date.now() - started }, 'рыночные оценки пересчитаны');
    return result;
  };
  const recomputeAll = () => serial(fullPass);

  /**
   * At start, the full pass only when no estimate was written within the interval: a deploy or a restart (two API
   * instances, a crashed worker) would otherwise recompute every listing at the moment the process starts serving
   * (a minute of PostgreSQL on a million listings, measured as a 4× slower feed in bench:feed --mix-only).
   */
  const startPass = () =>
    serial(async () => {
      if (fullIntervalMs > 0) {
        const latest = await db.execute<{ last: string | Date | null }>(
          sql`select max(computed_at) as last from market_estimates`,
        );
        const last = latest.rows[0]?.last;
        if (last && clock().getTime() - new Date(last).getTime() < fullIntervalMs) return null;
      }
      return fullPass();
    });

  const flush = () =>
    serial(async () => {
      timer = undefined;
      const ids = [...pending];
      pending.clear();
      if (ids.length === 0) return;
      const rows = await db.execute<{ model_id: number }>(
        sql`select distinct model_id from posts where id = any(${`{${ids.join(',')}}`}::bigint[]) and model_id is not null`,
      );
      await recomputeMarket(db, { now: clock(), modelIds: rows.rows.map((row) => Number(row.model_id)) });
    });

  const guarded = (what: string, work: () => Promise<unknown>) => () => {
    if (stopped) return;
    work().catch((error: unknown) => log.error({ err: error }, what));
  };

  return {
    start() {
      unsubscribe = options.events.on(
        LISTING_EVENTS,
        (event) => {
          pending.add(event.payload.postId);
          timer ??= setTimeout(guarded('рыночные оценки: ошибка пересчёта новых объявлений', flush), debounceMs);
        },
        { subscriber: 'market-estimator', from: 'anywhere' },
      );
      guarded('рыночные оценки: ошибка полного пересчёта', startPass)();
      if (fullIntervalMs > 0)
        interval = setInterval(guarded('рыночные оценки: ошибка полного пересчёта', recomputeAll), fullIntervalMs);
    },
    async idle() {
      if (timer) {
        clearTimeout(timer);
        timer = undefined;
        await flush();
      }
      await running;
    },
    recomputeAll,
    async stop() {
      stopped = true;
      unsubscribe?.();
      if (timer) clearTimeout(timer);
      if (interval) clearInterval(interval);
      await running;
    },
  };
}
