import {
  LISTING_PRICE_MAX,
  MEDIA_FILE_TYPES,
  MILEAGE_MAX,
  OWN_CHANNEL,
  POST_STATUSES,
  YEAR_INPUT_MAX,
  YEAR_MIN,
} from '@autoradar/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  customType,
  index,
  integer,
  pgEnum,
  type ExtraConfigColumn,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { brands, configurations, generations, models } from './catalog';
import { cities } from './cities';
import { bigId, createdAt, ownedBy, rangeCheck, updatedAt } from './columns';
import { users } from './users';

export const postStatusEnum = pgEnum('post_status', POST_STATUSES);
export const mediaKindEnum = pgEnum('media_kind', MEDIA_FILE_TYPES);

// Feed queries filter on status = 'published' and order by (published_at desc, id desc) with keyset paging;
// the partial indexes below serve exactly that order, alone and behind the common equality filters.
// NULLS FIRST is what a plain `desc()` sorts by; an index declared NULLS LAST would not serve it.
const isPublished = sql`status = 'published'`;
const newestFirst = (t: { publishedAt: ExtraConfigColumn; id: ExtraConfigColumn }) =>
  [t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst()] as const;
/**
 * Every column a feed filter reads besides the text (issue 21): as trailing key columns of the feed indexes, so a
 * walk in feed order tests a filter on the index entry alone (an index-only scan) instead of fetching each row.
 * Drizzle has no INCLUDE, so they are keys; they only follow the order columns.
 */
type FilterColumn = 'brandId' | 'modelId' | 'cityId' | 'price' | 'year' | 'channel';
const filterColumns = (t: Record<FilterColumn, ExtraConfigColumn>, leading?: FilterColumn) =>
  (['brandId', 'modelId', 'cityId', 'price', 'year', 'channel'] as const).filter((c) => c !== leading).map((c) => t[c]);

/** A PostgreSQL tsvector, read back as its text form (the feed never reads it, only matches it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const posts = pgTable(
  'posts',
  {
    id: bigId(),
    /** `site` for the product's own listings, else the Telegram channel username or `vk`. */
    channel: text('channel').notNull(),
    messageId: bigint('message_id', { mode: 'number' }),
    vkOwnerId: bigint('vk_owner_id', { mode: 'number' }),
    vkPostId: bigint('vk_post_id', { mode: 'number' }),
    url: text('url'),
    /** Content hash of an aggregated post; NULLs are distinct, so own listings may leave it empty. */
    hash: text('hash').unique(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    modelId: integer('model_id').references(() => models.id, { onDelete: 'set null' }),
    generationId: integer('generation_id').references(() => generations.id, { onDelete: 'set null' }),
    configurationId: integer('configuration_id').references(() => configurations.id, { onDelete: 'set null' }),
    cityId: integer('city_id').references(() => cities.id, { onDelete: 'set null' }),
    mark: text('mark'),
    model: text('model'),
    title: text('title').notNull(),
    year: integer('year'),
    /** Whole roubles (or whole units of `currency`). */
    price: bigint('price', { mode: 'number' }),
    currency: char('currency', { length: 3 }).notNull().default('RUB'),
    mileage: integer('mileage'),
    /** The VIN the listing states (issue 33: its text, or the seller's entry), upper-cased; null when none. */
    vin: text('vin'),
    /** HTML. */
    text: text('text').notNull().default(''),
    location: text('location'),
    status: postStatusEnum('status').notNull().default('published'),
    isDemo: boolean('is_demo').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The document the full-text index covers, stored (issue 21): matching a row reads it instead of parsing the
     * title and HTML text again. Queries match `postSearchVector` (this column).
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('russian', coalesce(title, '') || ' ' || coalesce(text, ''))`,
    ),
  },
  (t) => [
    index('posts_feed_idx')
      .on(...newestFirst(t), ...filterColumns(t))
      .where(isPublished),
    index('posts_brand_feed_idx')
      .on(t.brandId, ...newestFirst(t), ...filterColumns(t, 'brandId'))
      .where(isPublished),
    index('posts_model_feed_idx')
      .on(t.modelId, ...newestFirst(t), ...filterColumns(t, 'modelId'))
      .where(isPublished),
    index('posts_city_feed_idx')
      .on(t.cityId, ...newestFirst(t), ...filterColumns(t, 'cityId'))
      .where(isPublished),
    // Guests and basic users see the product's own listings of the last 24 hours and everything older: the own
    // listings get their own feed index, so the delay is two index ranges instead of a filtered scan.
    index('posts_own_feed_idx')
      .on(...newestFirst(t))
      .where(sql`status = 'published' and channel = ${sql.raw(`'${OWN_CHANNEL}'`)}`),
    // A sparse filter's matches gathered by its range and sorted (issue 21): the feed columns ride along, so the
    // range is read from the index alone.
    index('posts_price_idx')
      .on(t.price, t.year, ...newestFirst(t), t.brandId, t.modelId, t.cityId, t.channel)
      .where(isPublished),
    index('posts_year_idx')
      .on(t.year, t.price, ...newestFirst(t), t.brandId, t.modelId, t.cityId, t.channel)
      .where(isPublished),
    index('posts_user_id_idx').on(t.userId, t.publishedAt.desc().nullsFirst()),
    index('posts_fts_idx').using('gin', t.searchVector),
    // Trigram matching catches misspelled brand and model names in the text query.
    index('posts_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    // Ingestion de-duplicates re-delivered channel posts on these natural keys.
    uniqueIndex('posts_channel_message_id_unique').on(t.channel, t.messageId),
    uniqueIndex('posts_vk_post_unique').on(t.vkOwnerId, t.vkPostId),
    // 0 is allowed for aggregated listings that state no price; own listings are above 0 by the contract.
    rangeCheck('posts_price_range', t.price, 0, LISTING_PRICE_MAX),
    rangeCheck('posts_mileage_range', t.mileage, 0, MILEAGE_MAX),
    rangeCheck('posts_year_range', t.year, YEAR_MIN, YEAR_INPUT_MAX),
  ],
);

/**
 * The document the full-text index covers: `postSearchVector @@ websearch_to_tsquery('russian', q)` uses
 * `posts_fts_idx`.
 */
export const postSearchVector = sql`${posts.searchVector}`;

export const postMedia = pgTable(
  'post_media',
  {
    id: bigId(),
    postId: ownedBy('post_id', () => posts.id),
    kind: mediaKindEnum('kind').notNull().default('photo'),
    /** Photo URL, or the video source for kind `video`. */
    url: text('url').notNull(),
    urlSm: text('url_sm'),
    poster: text('poster'),
    title: text('title'),
    position: integer('position').notNull().default(0),
    isMain: boolean('is_main').notNull().default(false),
    /** Telegram's file_id once the photo was sent by the bot: later notifications reuse it instead of the URL. */
    telegramFileId: text('telegram_file_id'),
  },
  (t) => [index('post_media_post_id_position_idx').on(t.postId, t.position)],
);

export type Post = typeof posts.$inferSelect;
export type NewPost = typeof posts.$inferInsert;
export type PostMedia = typeof postMedia.$inferSelect;
export type NewPostMedia = typeof postMedia.$inferInsert;
