import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
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
import { createdAt, updatedAt } from './columns';
import { mediaKinds, postStatuses } from './enums';
import { users } from './users';

export const postStatusEnum = pgEnum('post_status', postStatuses);
export const mediaKindEnum = pgEnum('media_kind', mediaKinds);

// Feed queries filter on status = 'published' and order by (published_at desc, id desc) with keyset paging;
// the partial indexes below serve exactly that order, alone and behind the common equality filters.
// NULLS FIRST is what a plain `desc()` sorts by; an index declared NULLS LAST would not serve it.
const isPublished = sql`status = 'published'`;
const newestFirst = (t: { publishedAt: ExtraConfigColumn; id: ExtraConfigColumn }) =>
  [t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst()] as const;

export const posts = pgTable(
  'posts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
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
    /** HTML. */
    text: text('text').notNull().default(''),
    location: text('location'),
    status: postStatusEnum('status').notNull().default('published'),
    isDemo: boolean('is_demo').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('posts_feed_idx').on(...newestFirst(t)).where(isPublished),
    index('posts_brand_feed_idx').on(t.brandId, ...newestFirst(t)).where(isPublished),
    index('posts_model_feed_idx').on(t.modelId, ...newestFirst(t)).where(isPublished),
    index('posts_city_feed_idx').on(t.cityId, ...newestFirst(t)).where(isPublished),
    // Guests and basic users see the product's own listings of the last 24 hours and everything older: the own
    // listings get their own feed index, so the delay is two index ranges instead of a filtered scan.
    index('posts_own_feed_idx').on(...newestFirst(t)).where(sql`status = 'published' and channel = 'site'`),
    index('posts_price_idx').on(t.price).where(isPublished),
    index('posts_year_idx').on(t.year).where(isPublished),
    index('posts_user_id_idx').on(t.userId, t.publishedAt.desc().nullsFirst()),
    index('posts_fts_idx').using(
      'gin',
      sql`to_tsvector('russian', coalesce(title, '') || ' ' || coalesce(text, ''))`,
    ),
    // Trigram matching catches misspelled brand and model names in the text query.
    index('posts_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    // Ingestion de-duplicates re-delivered channel posts on these natural keys.
    uniqueIndex('posts_channel_message_id_unique').on(t.channel, t.messageId),
    uniqueIndex('posts_vk_post_unique').on(t.vkOwnerId, t.vkPostId),
  ],
);

/**
 * The document the full-text index covers. Queries must use this exact expression
 * (`postSearchVector @@ websearch_to_tsquery('russian', q)`) for PostgreSQL to pick `posts_fts_idx`.
 */
export const postSearchVector = sql`to_tsvector('russian', coalesce(${posts.title}, '') || ' ' || coalesce(${posts.text}, ''))`;

export const postMedia = pgTable(
  'post_media',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    kind: mediaKindEnum('kind').notNull().default('photo'),
    /** Photo URL, or the video source for kind `video`. */
    url: text('url').notNull(),
    urlSm: text('url_sm'),
    poster: text('poster'),
    title: text('title'),
    position: integer('position').notNull().default(0),
    isMain: boolean('is_main').notNull().default(false),
  },
  (t) => [index('post_media_post_id_position_idx').on(t.postId, t.position)],
);

export type Post = typeof posts.$inferSelect;
export type NewPost = typeof posts.$inferInsert;
export type PostMedia = typeof postMedia.$inferSelect;
export type NewPostMedia = typeof postMedia.$inferInsert;
