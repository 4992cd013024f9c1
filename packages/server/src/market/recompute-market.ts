import { sql } from 'drizzle-orm';
import {
  estimateMarkets,
  MARKET_LATE_GOOD_PRICE_DAYS,
  MARKET_MIN_PRICE,
  MARKET_VERDICTS,
  MARKET_WINDOW_DAYS,
  mileageBand,
  type MarketVerdict,
} from '@autoradar/core';
import type { Db, DbTransaction } from '@autoradar/db';

// The market estimates of every published listing (issue 33). PostgreSQL reads the market (the listings of the last
// MARKET_WINDOW_DAYS days, a few columns, packed as text one value per model) and the stored estimates; core's
// estimateMarkets computes every listing's estimate by cell in this process; only the estimates that differ from the
// stored ones are written, in batches, and those that no longer hold are deleted. All in one transaction.
//
// Before (until i33c) the whole pass was one SQL statement: every listing spread into the cells of its three years,
// 3 M rows sorted and numbered by window functions, the quartiles interpolated in SQL — about 21 s of a PostgreSQL
// core for a million listings from an empty table, 15 s when nothing changed. Here PostgreSQL only scans and writes
// (docs/performance.md, i33c); the cells are sorted once per year group in typed arrays.
//
// The full pass reads the whole window; the incremental pass (market-estimator.ts) does the same for the models of the
// listings that changed, which also moves their comparables' estimates.

/** Model ids as an int[] parameter (both drivers take its text form). */
const intArray = (ids: readonly number[]) => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;
/** A column of numbers as the text form of an array parameter. */
const arrayText = (values: ArrayLike<number>, rows: readonly number[]) => {
  const parts = new Array<string>(rows.length);
  for (let k = 0; k < rows.length; k++) parts[k] = String(values[rows[k]!]);
  return `{${parts.join(',')}}`;
};

/** Rows written (or deleted) per statement: a parameter of a few hundred kilobytes per column. */
const WRITE_BATCH = 50_000;

/**
 * Parses rows packed by PostgreSQL as `a,b,c;d,e,f` (integers, `-` allowed) into `out` from `at`; answers the next
 * free index. A million rows as a few thousand text values cost the driver nothing per row, and this loop a few ms.
 */
function unpack(text: string, out: Float64Array, at: number): number {
  let k = at;
  let value = 0;
  let sign = 1;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 59;
    if (c === 44 || c === 59) {
      out[k++] = sign * value;
      value = 0;
      sign = 1;
    } else if (c === 45) sign = -1;
    else value = value * 10 + (c - 48);
  }
  return k;
}

/** How many rows of `columns` values the packed texts hold. */
function packedRows(texts: readonly string[]): number {
  let rows = 0;
  for (const text of texts) {
    if (!text) continue;
    rows++;
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 59) rows++;
  }
  return rows;
}

/**
 * Where the time of a pass went, in ms: reading the market, estimating it here, reading the stored estimates,
 * comparing them, writing.
 */
export interface RecomputeTimings {
  readMarket: number;
  estimate: number;
  readStored: number;
  compare: number;
  write: number;
}

export interface RecomputeResult {
  /** Listings with an estimate after the pass (of the models asked for). */
  estimated: number;
  /** Estimates written (new or changed). */
  written: number;
  /** Estimates removed (the listing left the market, or its market became too thin). */
  dropped: number;
  /** Listings that became a good price and were queued for the «Только хорошая цена» filters. */
  late: number;
  timings: RecomputeTimings;
}

/** The market of the pass: one entry per listing in the window (ids and columns for estimateMarkets). */
async function readMarket(tx: Db | DbTransaction, now: Date, modelIds: readonly number[] | null) {
  const since = new Date(now.getTime() - MARKET_WINDOW_DAYS * 86_400_000).toISOString();
  const ofModels = modelIds === null ? sql`` : sql`and p.model_id = any(${intArray(modelIds)})`;
  // One text per model (a hash aggregate over one scan of posts); the cities' regions are mapped here.
  const [market, cities] = [
    await tx.execute<{ model_id: number; rows: string }>(sql`
      select p.model_id, string_agg(concat_ws(',', p.id, p.year, p.price, p.mileage, coalesce(p.city_id, -1)), ';') as rows
      from posts p
      where p.status = 'published' and p.currency = 'RUB' and p.price >= ${sql.raw(String(MARKET_MIN_PRICE))}
        and p.model_id is not null and p.year is not null and p.mileage is not null
        and p.published_at >= ${since}::timestamptz ${ofModels}
      group by p.model_id`),
    await tx.execute<{ id: number; region: string }>(sql`select id, region from cities where region is not null`),
  ];
  const regionIds = new Map<string, number>();
  const regionOfCity = new Map<number, number>();
  for (const city of cities.rows) {
    if (!regionIds.has(city.region)) regionIds.set(city.region, regionIds.size);
    regionOfCity.set(Number(city.id), regionIds.get(city.region)!);
  }
  const texts = market.rows.map((row) => row.rows);
  const length = packedRows(texts);
  const packed = new Float64Array(length * 5);
  const model = new Int32Array(length);
  let at = 0;
  for (const row of market.rows) {
    const next = unpack(row.rows, packed, at);
    model.fill(Number(row.model_id), at / 5, next / 5);
    at = next;
  }
  const id = new Float64Array(length);
  const year = new Int32Array(length);
  const price = new Float64Array(length);
  const band = new Int32Array(length);
  const region = new Int32Array(length);
  for (let i = 0; i < length; i++) {
    id[i] = packed[i * 5]!;
    year[i] = packed[i * 5 + 1]!;
    price[i] = packed[i * 5 + 2]!;
    band[i] = mileageBand(packed[i * 5 + 3]!);
    region[i] = regionOfCity.get(packed[i * 5 + 4]!) ?? -1;
  }
  return { id, columns: { length, model, year, band, price, region } };
}

/** The stored estimates of the pass's listings (all, or those of the models), as rows of 6 numbers. */
async function readStored(tx: Db | DbTransaction, modelIds: readonly number[] | null) {
  const verdict = sql.raw(`case m.verdict ${MARKET_VERDICTS.map((v, i) => `when '${v}' then ${i}`).join(' ')} end`);
  const scope =
    modelIds === null
      ? sql`market_estimates m`
      : sql`market_estimates m join posts p on p.id = m.post_id and p.model_id = any(${intArray(modelIds)})`;
  // Chunks of neighbouring ids, so no text grows with the table; the chunk is computed in a subquery the planner
  // cannot see through, so it counts on a few hundred groups and hashes them instead of sorting a million rows.
  const { rows } = await tx.execute<{ rows: string }>(sql`
    select string_agg(concat_ws(',', s.post_id, s.low, s.median, s.high, s.comparables, s.verdict), ';') as rows
    from (select m.post_id, m.low, m.median, m.high, m.comparables, ${verdict} as verdict, m.post_id / 65536 as chunk
          from ${scope} offset 0) s
    group by s.chunk`);
  const texts = rows.map((row) => row.rows);
  const stored = new Float64Array(packedRows(texts) * 6);
  let at = 0;
  for (const text of texts) at = unpack(text, stored, at);
  return stored;
}

/**
 * Recomputes the estimates: of every published listing, or (modelIds) of the listings of these models only. `now`
 * sets the 90-day window.
 */
export async function recomputeMarket(
  db: Db | DbTransaction,
  options: {
    now: Date;
    modelIds?: readonly number[];
    /** Called as each phase ends (the benchmark reads the CPU times there). */
    onPhase?: (phase: keyof RecomputeTimings) => void;
  },
): Promise<RecomputeResult> {
  const timings: RecomputeTimings = { readMarket: 0, estimate: 0, readStored: 0, compare: 0, write: 0 };
  if (options.modelIds && options.modelIds.length === 0)
    return { estimated: 0, written: 0, dropped: 0, late: 0, timings };
  const { now } = options;
  const modelIds = options.modelIds ?? null;
  let clock = performance.now();
  const lap = (phase: keyof RecomputeTimings) => {
    const at = performance.now();
    timings[phase] += at - clock;
    clock = at;
    options.onPhase?.(phase);
  };
  return db.transaction(async (tx) => {
    // The hash aggregates of the reads hold the whole market's text (~35 MB a million listings) in memory.
    await tx.execute(sql`set local work_mem = '256MB'`);
    const { id, columns } = await readMarket(tx, now, modelIds);
    lap('readMarket');
    const fresh = estimateMarkets(columns);
    const freshOf = new Map<number, number>();
    let estimated = 0;
    for (let i = 0; i < columns.length; i++) {
      if (fresh.comparables[i] === 0) continue;
      freshOf.set(id[i]!, i);
      estimated++;
    }
    lap('estimate');
    const stored = await readStored(tx, modelIds);
    lap('readStored');

    // What differs: changed or new estimates (with the verdict they had, for the late good prices), and the stored
    // ones that no longer hold.
    const upsert: number[] = [];
    const oldVerdict = new Int8Array(columns.length).fill(-1);
    const seen = new Uint8Array(columns.length);
    const drop: number[] = [];
    for (let k = 0; k < stored.length; k += 6) {
      const i = freshOf.get(stored[k]!);
      if (i === undefined) {
        drop.push(stored[k]!);
        continue;
      }
      seen[i] = 1;
      oldVerdict[i] = stored[k + 5]!;
      if (
        stored[k + 1] !== fresh.low[i] ||
        stored[k + 2] !== fresh.median[i] ||
        stored[k + 3] !== fresh.high[i] ||
        stored[k + 4] !== fresh.comparables[i] ||
        stored[k + 5] !== fresh.verdict[i]
      )
        upsert.push(i);
    }
    for (const i of freshOf.values()) if (!seen[i]) upsert.push(i);
    lap('compare');

    // In key order, so the primary key's pages are filled one after another.
    upsert.sort((a, b) => id[a]! - id[b]!);
    drop.sort((a, b) => a - b);
    const verdictNames = Array.from(fresh.verdict, (v) => MARKET_VERDICTS[v]!);
    let written = 0;
    for (let from = 0; from < upsert.length; from += WRITE_BATCH) {
      const rows = upsert.slice(from, from + WRITE_BATCH);
      const result = await tx.execute<{ n: number }>(sql`
        with w as (
          insert into market_estimates (post_id, low, median, high, comparables, verdict, computed_at)
          select u.post_id, u.low, u.median, u.high, u.comparables, u.verdict, ${now.toISOString()}::timestamptz
          from unnest(${arrayText(id, rows)}::bigint[], ${arrayText(fresh.low, rows)}::bigint[],
                      ${arrayText(fresh.median, rows)}::bigint[], ${arrayText(fresh.high, rows)}::bigint[],
                      ${arrayText(fresh.comparables, rows)}::int[],
                      ${`{${rows.map((i) => verdictNames[i]).join(',')}}`}::market_verdict[])
            as u(post_id, low, median, high, comparables, verdict)
          -- Another process's incremental pass may have written the row since it was read.
          on conflict (post_id) do update set
            low = excluded.low, median = excluded.median, high = excluded.high, comparables = excluded.comparables,
            verdict = excluded.verdict, computed_at = excluded.computed_at
          returning 1)
        select count(*)::int as n from w`);
      written += Number(result.rows[0]!.n);
    }
    let dropped = 0;
    for (let from = 0; from < drop.length; from += WRITE_BATCH) {
      const ids = `{${drop.slice(from, from + WRITE_BATCH).join(',')}}`;
      const result = await tx.execute<{ n: number }>(sql`
        with d as (delete from market_estimates where post_id = any(${ids}::bigint[]) returning 1)
        select count(*)::int as n from d`);
      dropped += Number(result.rows[0]!.n);
    }
    const late = await queueLateGoodPrices(
      tx,
      upsert
        .filter((i) => MARKET_VERDICTS[fresh.verdict[i]!] === 'good' && MARKET_VERDICTS[oldVerdict[i]!] !== 'good')
        .map((i) => id[i]!),
      now,
    );
    lap('write');
    return { estimated, written, dropped, late, timings };
  });
}

/**
 * Issue 33: listings whose verdict became good in this pass, published recently, get a matching job for the
 * «Только хорошая цена» filters that skipped them; only when such a filter exists, and not while the listing's own job
 * is still open (that job reads the verdict itself). The deliveries' unique (filter, listing, channel) keeps it to one
 * message.
 */
async function queueLateGoodPrices(tx: Db | DbTransaction, ids: number[], now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const filters = await tx.execute<{ any: boolean }>(
    sql`select exists (select 1 from filters f where f.good_price_only and f.active) as any`,
  );
  if (!filters.rows[0]?.any) return 0;
  const lateSince = new Date(now.getTime() - MARKET_LATE_GOOD_PRICE_DAYS * 86_400_000).toISOString();
  let late = 0;
  for (let from = 0; from < ids.length; from += WRITE_BATCH) {
    const batch = `{${ids.slice(from, from + WRITE_BATCH).join(',')}}`;
    const result = await tx.execute<{ n: number }>(sql`
      with l as (
        insert into notify_jobs (post_id, good_price_only, run_at)
        select p.id, true, ${now.toISOString()}::timestamptz
        from posts p
        where p.id = any(${batch}::bigint[]) and p.published_at >= ${lateSince}::timestamptz
          and not exists (select 1 from notify_jobs j where j.post_id = p.id and j.done_at is null)
        returning 1)
      select count(*)::int as n from l`);
    late += Number(result.rows[0]!.n);
  }
  return late;
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
