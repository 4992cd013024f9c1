import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  DEFAULT_TIME_ZONE,
  type DeliveryChannel,
  type MarketVerdict,
  type MatchableListing,
  type SendMode,
  type WorktimeSettings,
} from '@autoradar/core';
import type { Db } from '@autoradar/db';

// The SQL form of core's matchFilter (packages/core/src/match-filter.ts), the one rule of "a listing satisfies a saved
// filter". The filters' brands, models and cities are kept as exact keys in filter_match_keys (migration 0012, written
// only by triggers on filters, users and models): subject = brand id (that brand with any model), -model id, or 0 (any
// brand); city = city id or 0 (any city); with the owner's PRO end, the price and year bounds, and the filter's
// send_mode and via. A listing (brand b, model m, city c) probes the six keys {b, -m, 0} x {c, 0} through one btree and
// everything else is checked and read on the index entries (an index-only scan): no filter and no user row is read,
// except the working-hours settings and time zone of the few worktime filters. The test 'finds exactly the filters core
// matchFilter admits' checks it against matchFilter on random data and edits, on PGlite and PostgreSQL.
// «Только хорошая цена» (issue 33) is not a key: of the filters the keys admit, those with the switch are looked up
// (filters_good_price_only_idx, an index-only probe) and kept only when the listing's market verdict is `good`; the
// verdict is asked for (`marketVerdict`) only when there is such a filter.

/** A saved filter that admits a listing, with what a delivery row needs of it and its owner. */
export interface MatchedFilter {
  filterId: number;
  userId: number;
  via: DeliveryChannel[];
  sendMode: SendMode;
  /** Read for worktime filters only; null otherwise. */
  worktimeSettings: WorktimeSettings | null;
  timeZone: string;
}

const intArray = (xs: readonly number[]) => sql`${`{${xs.join(',')}}`}::integer[]`;

/** The keys a listing probes: its brand, its model (negated) and 0 = any brand, times its city and 0 = any city. */
export function listingMatchKeys(listing: MatchableListing) {
  const subjects = [0];
  if (listing.brand_id !== null) subjects.push(listing.brand_id);
  if (listing.brand_id !== null && listing.model_id !== null) subjects.push(-listing.model_id);
  const cities = listing.city_id === null ? [0] : [listing.city_id, 0];
  return { subjects, cities };
}

/** The active saved filters of users with active PRO (is_pro and pro_expired after `now`) that admit the listing. */
export function matchFiltersQuery(listing: MatchableListing, now: Date) {
  const { subjects, cities } = listingMatchKeys(listing);
  const price = listing.price;
  const year = listing.year;
  return sql`
    select k.filter_id as "filterId", k.user_id as "userId", k.via, k.send_mode as "sendMode"
    from filter_match_keys k
    where k.subject = any(${intArray(subjects)}) and k.city = any(${intArray(cities)})
      and k.pro_until > ${now.toISOString()}::timestamptz
      and (k.price_from is null or ${price}::bigint >= k.price_from)
      and (k.price_to is null or ${price}::bigint <= k.price_to)
      and (k.year_from is null or ${year}::integer >= k.year_from)
      and (k.year_to is null or ${year}::integer <= k.year_to)`;
}

/**
 * The same rule read straight from the filters' own columns, every filter looked at: what the benchmark measures the
 * keyed matcher against (a full scan), and a second reading of matchFilter for the tests.
 */
export function matchFiltersScanQuery(listing: MatchableListing, brandModelIds: readonly number[], now: Date) {
  const brand = listing.brand_id ?? -1;
  const model = listing.model_id ?? -1;
  const city = listing.city_id ?? -1;
  return sql`
    select f.id as "filterId", f.user_id as "userId"
    from filters f
    join users u on u.id = f.user_id
    where f.active
      and (
        ((f.brands @> array[${brand}]::integer[] or (f.brands = '{}' and f.models = '{}'))
          and not (f.models && ${intArray(brandModelIds)}))
        or f.models @> array[${model}]::integer[]
      )
      and (f.cities = '{}' or f.cities @> array[${city}]::integer[])
      and (f.price_from is null or ${listing.price}::bigint >= f.price_from)
      and (f.price_to is null or ${listing.price}::bigint <= f.price_to)
      and (f.year_from is null or ${listing.year}::integer >= f.year_from)
      and (f.year_to is null or ${listing.year}::integer <= f.year_to)
      and u.is_pro and u.pro_expired > ${now.toISOString()}::timestamptz`;
}

export interface MatchOptions {
  /**
   * The listing's market verdict (null: no estimate), asked for only when a matched filter has «Только хорошая цена»
   * and the listing does not carry `market_verdict`.
   */
  marketVerdict?: () => Promise<MarketVerdict | null>;
  /**
   * Only the «Только хорошая цена» filters (issue 33): the listing became a good price after it was published, and the
   * other filters had their chance then.
   */
  goodPriceOnly?: boolean;
}

export async function findMatchingFilters(
  db: Db,
  listing: MatchableListing,
  now: Date,
  options: MatchOptions = {},
): Promise<MatchedFilter[]> {
  type Row = { filterId: number | string; userId: number | string; via: DeliveryChannel[]; sendMode: SendMode };
  const keyed = await db.execute<Row & Record<string, unknown>>(matchFiltersQuery(listing, now));
  let rows = keyed.rows;
  if (rows.length > 0) {
    const ids = rows.map((r) => Number(r.filterId));
    const good = await db.execute<{ id: number | string }>(sql`
      select id from filters where good_price_only and active and id = any(${`{${ids.join(',')}}`}::bigint[])`);
    if (good.rows.length > 0) {
      const verdict =
        listing.market_verdict !== undefined ? listing.market_verdict : ((await options.marketVerdict?.()) ?? null);
      if (verdict !== 'good') {
        const dropped = new Set(good.rows.map((r) => Number(r.id)));
        rows = rows.filter((r) => !dropped.has(Number(r.filterId)));
      }
    }
    if (options.goodPriceOnly) {
      const kept = new Set(good.rows.map((r) => Number(r.id)));
      rows = rows.filter((r) => kept.has(Number(r.filterId)));
    }
  }
  const worktime = rows.filter((r) => r.sendMode === 'worktime').map((r) => Number(r.filterId));
  const settings = new Map<number, { worktimeSettings: WorktimeSettings | null; timeZone: string }>();
  if (worktime.length > 0) {
    type Settings = { id: number | string; worktimeSettings: WorktimeSettings | null; timeZone: string };
    const found = await db.execute<Settings & Record<string, unknown>>(sql`
      select f.id, f.worktime_settings as "worktimeSettings", u.time_zone as "timeZone"
      from filters f join users u on u.id = f.user_id
      where f.id = any(${`{${worktime.join(',')}}`}::bigint[])`);
    for (const r of found.rows) settings.set(Number(r.id), r);
  }
  return rows.map((r) => {
    const filterId = Number(r.filterId);
    const s = settings.get(filterId);
    return {
      filterId,
      userId: Number(r.userId),
      via: r.via,
      sendMode: r.sendMode,
      worktimeSettings: s?.worktimeSettings ?? null,
      timeZone: s?.timeZone ?? DEFAULT_TIME_ZONE,
    };
  });
}

/** The ids of a brand's models, for the scan's "no chosen model of this brand" condition. */
export async function modelIdsOfBrand(db: Db, brandId: number | null): Promise<number[]> {
  if (brandId === null) return [];
  const { rows } = await db.execute<{ id: number }>(sql`select id from models where brand_id = ${brandId}`);
  return rows.map((r) => Number(r.id));
}

const dialect = new PgDialect();

/** The SQL text and parameters of a statement, for EXPLAIN and the benchmark's plain client. */
export function sqlText(query: ReturnType<typeof sql>) {
  const q = dialect.sqlToQuery(query);
  return { text: q.sql, params: q.params };
}
