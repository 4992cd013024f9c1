import { MARKET_VERDICTS } from '@autoradar/core';
import { bigint, index, integer, pgEnum, pgTable, timestamp } from 'drizzle-orm/pg-core';

export const marketVerdictEnum = pgEnum('market_verdict', MARKET_VERDICTS);

/**
 * The market estimate of a published listing (issue 33): the quartiles of its comparables' prices (core's
 * market-estimate.ts), their number and the verdict on its price. A row exists only when there is an estimate; it is
 * written by packages/server/src/market/ alone (the full recompute and the incremental pass) and read with the listing.
 */
export const marketEstimates = pgTable(
  'market_estimates',
  {
    // No foreign key (migration 0020): its check on every written row was a fifth of a full pass over a million
    // listings; a statement trigger on posts deletes the estimates of deleted listings instead, as the cascade did.
    postId: bigint('post_id', { mode: 'number' }).primaryKey(),
    low: bigint('low', { mode: 'number' }).notNull(),
    median: bigint('median', { mode: 'number' }).notNull(),
    high: bigint('high', { mode: 'number' }).notNull(),
    comparables: integer('comparables').notNull(),
    verdict: marketVerdictEnum('verdict').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The search's «только хорошая цена» walks the good ones.
  (t) => [index('market_estimates_verdict_idx').on(t.verdict, t.postId)],
);

export type MarketEstimate = typeof marketEstimates.$inferSelect;
