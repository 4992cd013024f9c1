import type { Db } from '@autoradar/db';
import { countUpTo, estimateCount, type CountQuery } from './feed-sql/count';

/**
 * Counts for `meta.total`, `meta.all` and count-new without counting a million rows (docs/decisions.md, "Feed
 * counts"): up to `cap` matches the count is exact (a scan that stops at cap + 1); above it the planner's estimate
 * is answered (never below cap + 1) and kept for `ttlMs` per condition, so the next pages of the same filter cost
 * nothing. Exact counts are never cached: a small result changes visibly with each new listing.
 */
export class FeedCounter {
  private readonly estimates = new Map<string, { value: number; expires: number }>();

  constructor(
    private readonly db: Db,
    private readonly options: { cap: number; ttlMs: number; maxEntries: number; now?: () => number },
  ) {}

  /** Whether a count this counter answered is exact (else it is the planner's estimate). */
  isExact(count: number): boolean {
    return count <= this.options.cap;
  }

  /**
   * `costly`: matching a row is expensive (full text), so the planner is asked first and a clearly large result is
   * not counted at all.
   */
  async count(key: string, query: CountQuery, costly = false): Promise<number> {
    const now = (this.options.now ?? Date.now)();
    const cached = this.estimates.get(key);
    if (cached && cached.expires > now) return cached.value;
    if (cached) this.estimates.delete(key);

    const early = costly ? await estimateCount(this.db, query.condition) : null;
    if (early === null || early <= this.options.cap * TRUSTED_ESTIMATE_FACTOR) {
      const exact = await countUpTo(this.db, query, this.options.cap);
      if (exact <= this.options.cap) return exact;
    }
    const value = Math.max(this.options.cap + 1, early ?? (await estimateCount(this.db, query.condition)));
    if (this.estimates.size >= this.options.maxEntries) {
      // Oldest first: a Map iterates in insertion order.
      const oldest = this.estimates.keys().next();
      if (!oldest.done) this.estimates.delete(oldest.value);
    }
    this.estimates.set(key, { value, expires: now + this.options.ttlMs });
    return value;
  }
}

/** An estimate this many times the cap is taken as "above the cap" without counting. */
const TRUSTED_ESTIMATE_FACTOR = 2;

/** Exact up to this many matches (a bounded index scan of about a millisecond). */
export const FEED_COUNT_EXACT_CAP = 1_000;
/** How long an estimate above the cap is reused for the same condition. */
export const FEED_COUNT_ESTIMATE_TTL_MS = 30_000;
