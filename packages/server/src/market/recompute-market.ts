import { sql, type SQL } from 'drizzle-orm';
import {
  MARKET_GOOD_SHARE,
  MARKET_HIGH_SHARE,
  MARKET_LATE_GOOD_PRICE_DAYS,
  MARKET_MIN_COMPARABLES,
  MARKET_MIN_PRICE,
  MARKET_WINDOW_DAYS,
  MARKET_YEAR_SPREAD,
  MILEAGE_BAND_LIMITS,
  type MarketVerdict,
} from '@autoradar/core';
import type { Db, DbTransaction } from '@autoradar/db';

// The market estimates of every published listing, set-based (issue 33): core's market-estimate.ts in one statement.
// A group ("cell") is a model, a year and a mileage band, and a region or the whole country; each listing of the last
// MARKET_WINDOW_DAYS days lands in the cells of its year and the MARKET_YEAR_SPREAD years either side, so the cell of
// (model, year y, band) holds exactly the comparables of a listing of year y, plus the listing itself (core's
// estimateListing counts the others and takes the quartiles over all of them). percentile_cont computes the quartiles
// per cell in one sort; each listing then reads its regional cell when that holds MARKET_MIN_COMPARABLES others, else
// the national one. Rows are written only when they changed, and the estimates that no longer hold are deleted, in
// the same statement.
//
// The full pass reads the whole window; the incremental pass (market-estimator.ts) runs the same statement for the
// models of the listings that changed, which also moves their comparables' estimates.

const band = sql.raw(`width_bucket(p.mileage, array[${MILEAGE_BAND_LIMITS.join(',')}])`);
const spread = sql.raw(String(MARKET_YEAR_SPREAD));
/** A cell's rows: the listing and at least MARKET_MIN_COMPARABLES others. */
const minRows = sql.raw(String(MARKET_MIN_COMPARABLES + 1));
const goodFactor = sql.raw(String(1 - MARKET_GOOD_SHARE));
const highFactor = sql.raw(String(1 + MARKET_HIGH_SHARE));
const QUARTILES = [0.25, 0.5, 0.75] as const;
/** The 0-based position of quartile q among a cell's n sorted prices, in float8 as percentile_cont computes it. */
const position = (n: string, q: number) => `((${n} - 1) * ${q}::float8)`;
/** Only the rows of rank (1-based) next to a quartile's position are needed. */
const nearQuartiles = (n: string, rn: string) =>
  sql.raw(
    `${rn} in (${QUARTILES.flatMap((q) => [`floor(${position(n, q)}) + 1`, `ceil(${position(n, q)}) + 1`]).join(', ')})`,
  );
/**
 * The quartiles of a cell as percentile_cont gives them (the value below the position plus the share of the step),
 * rounded to roubles: columns low, median, high.
 */
const quartilesOf = (n: string, rn: string) =>
  sql.raw(
    QUARTILES.map((q, i) => {
      const below = `max(price) filter (where ${rn} = floor(${position(n, q)}) + 1)::float8`;
      const above = `max(price) filter (where ${rn} = ceil(${position(n, q)}) + 1)::float8`;
      const share = `(${position(`max(${n})`, q)} - floor(${position(`max(${n})`, q)}))`;
      return `round((${below} + ${share} * (${above} - ${below}))::numeric)::bigint as ${['low', 'median', 'high'][i]}`;
    }).join(', '),
  );

/** Model ids as an int[] parameter (both drivers take its text form). */
const intArray = (ids: readonly number[]) => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;

export function recomputeStatement(now: Date, modelIds: readonly number[] | null): SQL {
  const since = new Date(now.getTime() - MARKET_WINDOW_DAYS * 86_400_000).toISOString();
  // The stored row of each estimate: the full pass hashes the whole table once; a model's pass looks its few
  // listings up by key (a lateral subquery kept from being flattened by its limit, so the nested loop the pass's
  // settings otherwise avoid is the plan), rather than read a million rows for a few thousand.
  const storedRow =
    modelIds === null
      ? sql`left join market_estimates old on old.post_id = f.post_id`
      : sql`left join lateral (select m.post_id, m.low, m.median, m.high, m.comparables, m.verdict
          from market_estimates m where m.post_id = f.post_id limit 1) old on true`;
  const lateSince = new Date(now.getTime() - MARKET_LATE_GOOD_PRICE_DAYS * 86_400_000).toISOString();
  const ofModels = modelIds === null ? sql`` : sql`and p.model_id = any(${intArray(modelIds)})`;
  // Regions as small integers: the cells are sorted and hashed on them (a text key, compared by collation, made the
  // regional sort the dearest step). The quartiles are read off ranks: each cell's rows are numbered by price once
  // (a window over the sorted cells; the regional numbering sorts each national cell's rows again, an incremental
  // sort), and only the two rows around each quartile's position are kept and interpolated as percentile_cont does.
  // percentile_cont itself sorted every cell on its own, 1.5 M of them for the regional cells of a million listings,
  // most of them too thin to be used.
  return sql`
    with regions as materialized (
      select c.id as city_id, dense_rank() over (order by c.region) as rid
      from cities c where c.region is not null
    ),
    base as materialized (
      select p.id, p.model_id, p.year, p.price, ${band} as band, r.rid
      from posts p left join regions r on r.city_id = p.city_id
      where p.status = 'published' and p.currency = 'RUB' and p.price >= ${sql.raw(String(MARKET_MIN_PRICE))}
        and p.model_id is not null and p.year is not null and p.mileage is not null
        and p.published_at >= ${since}::timestamptz ${ofModels}
    ),
    ranked as materialized (
      select b.model_id, b.year + d as year, b.band, b.rid, b.price,
        row_number() over national_cell as rn_n, count(*) over national_cell as n_n,
        row_number() over regional_cell as rn_r, count(*) over regional_cell as n_r
      from base b cross join generate_series(-${spread}, ${spread}) d
      -- A whole-partition frame: the rank and the cell's size come from one window pass per level.
      window national_cell as (partition by b.model_id, b.year + d, b.band order by b.price
          rows between unbounded preceding and unbounded following),
        regional_cell as (partition by b.model_id, b.year + d, b.band, b.rid order by b.price
          rows between unbounded preceding and unbounded following)
    ),
    national as (
      select model_id, year, band, max(n_n)::int as n, ${quartilesOf('n_n', 'rn_n')}
      from ranked where n_n >= ${minRows} and ${nearQuartiles('n_n', 'rn_n')}
      group by model_id, year, band
    ),
    regional as (
      select model_id, year, band, rid, max(n_r)::int as n, ${quartilesOf('n_r', 'rn_r')}
      from ranked where rid is not null and n_r >= ${minRows} and ${nearQuartiles('n_r', 'rn_r')}
      group by model_id, year, band, rid
    ),
    chosen as (
      select b.id, b.price, coalesce(r.n, n.n) - 1 as comparables, coalesce(r.low, n.low) as low,
        coalesce(r.median, n.median) as median, coalesce(r.high, n.high) as high
      from base b
      join national n on n.model_id = b.model_id and n.year = b.year and n.band = b.band
      left join regional r on r.model_id = b.model_id and r.year = b.year and r.band = b.band and r.rid = b.rid
    ),
    fresh as materialized (
      select id as post_id, low, median, high, comparables,
        (case
          when price < low and price <= median * ${goodFactor} then 'good'
          when price > high and price >= median * ${highFactor} then 'high'
          else 'fair'
        end)::market_verdict as verdict
      from chosen
    ),
    -- Only what differs from the stored row goes to the upsert, found by one hash join with the table as it was. An
    -- upsert of an unchanged row is not free: ON CONFLICT DO UPDATE locks the conflicting row even when its WHERE
    -- says no (a tuple lock and its WAL record per listing), which a full pass that changes nothing paid a million
    -- times. The old verdict read here also tells which listings became a good price.
    changed as materialized (
      select f.post_id, f.low, f.median, f.high, f.comparables, f.verdict, old.verdict as old_verdict
      from fresh f ${storedRow}
      where old.post_id is null
        or (old.low, old.median, old.high, old.comparables, old.verdict)
          is distinct from (f.low, f.median, f.high, f.comparables, f.verdict)
    ),
    written as (
      insert into market_estimates (post_id, low, median, high, comparables, verdict, computed_at)
      select post_id, low, median, high, comparables, verdict, ${now.toISOString()}::timestamptz from changed
      on conflict (post_id) do update set
        low = excluded.low, median = excluded.median, high = excluded.high, comparables = excluded.comparables,
        verdict = excluded.verdict, computed_at = excluded.computed_at
      where (market_estimates.low, market_estimates.median, market_estimates.high, market_estimates.comparables,
             market_estimates.verdict)
        is distinct from (excluded.low, excluded.median, excluded.high, excluded.comparables, excluded.verdict)
      returning 1
    ),
    -- Issue 33: listings whose verdict became good in this pass, published recently, get a matching job for the
    -- «Только хорошая цена» filters that skipped them; only when such a filter exists, and not while the listing's
    -- own job is still open (that job reads the verdict itself). The deliveries' unique (filter, listing, channel)
    -- keeps it to one message.
    late as (
      insert into notify_jobs (post_id, good_price_only, run_at)
      select c.post_id, true, ${now.toISOString()}::timestamptz
      from changed c
      join posts p on p.id = c.post_id
      where c.verdict = 'good' and c.old_verdict is distinct from 'good'
        and p.published_at >= ${lateSince}::timestamptz
        and (select exists (select 1 from filters f where f.good_price_only and f.active))
        and not exists (select 1 from notify_jobs j where j.post_id = c.post_id and j.done_at is null)
      returning 1
    ),
    dropped as (
      delete from market_estimates m
      where not exists (select 1 from fresh f where f.post_id = m.post_id)
        ${modelIds === null ? sql`` : sql`and exists (select 1 from posts p where p.id = m.post_id ${ofModels})`}
      returning 1
    )
    select (select count(*)::int from fresh) as estimated, (select count(*)::int from written) as written,
      (select count(*)::int from dropped) as dropped, (select count(*)::int from late) as late`;
}

/**
 * The pass's transaction settings. The planner cannot know how many cells pass their HAVING and picks a nested loop
 * for the regional cells, which is quadratic (16 M join tests for one popular model of 15 000 listings); every join
 * here is an equality of whole sets, so hash joins are right. The per-cell sorts of a million listings fit in memory
 * instead of spilling to disk.
 */
export const RECOMPUTE_SETTINGS = [`set local enable_nestloop = off`, `set local work_mem = '512MB'`] as const;

export interface RecomputeResult {
  /** Listings with an estimate after the pass (of the models asked for). */
  estimated: number;
  /** Estimates written (new or changed). */
  written: number;
  /** Estimates removed (the listing left the market, or its market became too thin). */
  dropped: number;
  /** Listings that became a good price and were queued for the «Только хорошая цена» filters. */
  late: number;
}

/**
 * Recomputes the estimates: of every published listing, or (modelIds) of the listings of these models only. `now`
 * sets the 90-day window.
 */
export async function recomputeMarket(
  db: Db | DbTransaction,
  options: { now: Date; modelIds?: readonly number[] },
): Promise<RecomputeResult> {
  if (options.modelIds && options.modelIds.length === 0) return { estimated: 0, written: 0, dropped: 0, late: 0 };
  const result = await db.transaction(async (tx) => {
    for (const setting of RECOMPUTE_SETTINGS) await tx.execute(sql.raw(setting));
    return tx.execute<{ estimated: number; written: number; dropped: number; late: number }>(
      recomputeStatement(options.now, options.modelIds ?? null),
    );
  });
  const row = result.rows[0]!;
  return {
    estimated: Number(row.estimated),
    written: Number(row.written),
    dropped: Number(row.dropped),
    late: Number(row.late),
  };
}

/**
 * A listing's market verdict for the notification matcher («Только хорошая цена»): the stored one, else its model's
 * incremental pass is run now (a listing is matched the moment it is published, before the estimator's debounced pass
 * has seen it) and the row read again. Null: no estimate (too few comparables, no model, no usable price).
 */
export async function marketVerdictOf(
  db: Db,
  listing: { id: number; modelId: number | null },
  now: Date,
): Promise<MarketVerdict | null> {
  const read = async () => {
    const { rows } = await db.execute<{ verdict: MarketVerdict }>(
      sql`select verdict from market_estimates where post_id = ${listing.id}`,
    );
    return rows[0]?.verdict ?? null;
  };
  const stored = await read();
  if (stored !== null || listing.modelId === null) return stored;
  await recomputeMarket(db, { now, modelIds: [listing.modelId] });
  return read();
}
