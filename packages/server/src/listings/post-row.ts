import { eq, sql } from 'drizzle-orm';
import {
  isPostNew,
  isPostUpdated,
  type MarketVerdict,
  type MediaFileType,
  type PostStatus,
  type TariffUser,
} from '@autoradar/core';
import type { Post } from '@autoradar/contract';
import { marketEstimates, postMedia, posts, type Db } from '@autoradar/db';

// A listing as the contract's Post (spec §3), read and shaped in one place for everything that sends one: the API's
// feed and listing pages (modules/posts) and the live events of the API and the bot's own process
// (listings/listing-announcer.ts).

// Inside a subquery drizzle would print the bare column name ("id"), which post_media has too: qualify it.
export const postIdColumn = sql.raw('"posts"."id"');

export interface MediaRow {
  kind: MediaFileType;
  url: string;
  url_sm: string | null;
  poster: string | null;
  title: string | null;
}

const mediaJson = sql<MediaRow[]>`coalesce((
  select json_agg(json_build_object('kind', m.kind, 'url', m.url, 'url_sm', m.url_sm, 'poster', m.poster, 'title', m.title)
    order by m.position, m.id)
  from ${postMedia} m where m.post_id = ${postIdColumn}), '[]'::json)`;

export interface MarketRow {
  verdict: MarketVerdict;
  low: number;
  median: number;
  high: number;
  comparables: number;
}

// The market estimate (issue 33): a primary-key lookup per listing shown, so a feed page pays 20 of them.
const marketJson = sql<MarketRow | null>`(
  select json_build_object('verdict', e.verdict, 'low', e.low, 'median', e.median, 'high', e.high,
    'comparables', e.comparables)
  from ${marketEstimates} e where e.post_id = ${postIdColumn})`;

/** A timestamp as ISO 8601 in UTC with microseconds, so keyset cursors are exact. */
export const utcMicros = (column: typeof posts.publishedAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const postColumns = {
  id: posts.id,
  mark: posts.mark,
  model: posts.model,
  title: posts.title,
  year: posts.year,
  price: posts.price,
  currency: posts.currency,
  mileage: posts.mileage,
  text: posts.text,
  location: posts.location,
  published_at: utcMicros(posts.publishedAt),
  created_at: posts.createdAt,
  updated_at: posts.updatedAt,
  vk_owner_id: posts.vkOwnerId,
  vk_post_id: posts.vkPostId,
  hash: posts.hash,
  url: posts.url,
  channel: posts.channel,
  message_id: posts.messageId,
  brand_id: posts.brandId,
  model_id: posts.modelId,
  city_id: posts.cityId,
  status: posts.status,
  user_id: posts.userId,
  media: mediaJson,
  market: marketJson,
};

export interface PostRow {
  id: number;
  mark: string | null;
  model: string | null;
  title: string;
  year: number | null;
  price: number | null;
  currency: string;
  mileage: number | null;
  text: string;
  location: string | null;
  published_at: string;
  created_at: Date;
  updated_at: Date;
  vk_owner_id: number | null;
  vk_post_id: number | null;
  hash: string | null;
  url: string | null;
  channel: string;
  message_id: number | null;
  brand_id: number | null;
  model_id: number | null;
  city_id: number | null;
  status: PostStatus;
  user_id: number | null;
  media: MediaRow[];
  market: MarketRow | null;
}

/** Who looks at a listing and when: `isNew` depends on the tariff (the delay). */
export interface PostViewer {
  user: TariffUser | null;
  now: Date;
}

export async function findPost(db: Db, id: number): Promise<PostRow | undefined> {
  const [row] = (await db.select(postColumns).from(posts).where(eq(posts.id, id))) as PostRow[];
  return row;
}

export function toPost(row: PostRow, viewer: PostViewer): Post {
  return {
    id: row.id,
    mark: row.mark,
    model: row.model,
    title: row.title,
    year: row.year,
    price: row.price,
    currency: row.currency.trim(),
    mileage: row.mileage,
    text: row.text,
    location: row.location,
    published_at: row.published_at,
    isNew: isPostNew(row, viewer.user, viewer.now),
    isUpdated: isPostUpdated(row),
    mediaFiles: row.media.map((m) =>
      m.kind === 'video'
        ? { type: 'video' as const, src: m.url, poster: m.poster, title: m.title }
        : { type: 'photo' as const, url: m.url, url_sm: m.url_sm ?? m.url, title: m.title },
    ),
    vk_owner_id: row.vk_owner_id,
    vk_post_id: row.vk_post_id,
    hash: row.hash,
    url: row.url,
    channel: row.channel,
    message_id: row.message_id,
    brand_id: row.brand_id,
    model_id: row.model_id,
    city_id: row.city_id,
    status: row.status,
    market: row.market && {
      verdict: row.market.verdict,
      low: Number(row.market.low),
      median: Number(row.market.median),
      high: Number(row.market.high),
      comparables: Number(row.market.comparables),
    },
  };
}
