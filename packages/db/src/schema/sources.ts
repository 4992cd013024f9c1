import { SOURCE_KINDS } from '@autoradar/core/aggregation';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigId, createdAt, ownedBy, updatedAt } from './columns';
import { partners } from './partners';
import { posts } from './posts';

// Aggregation (issue 15): the channels and walls listings come from, every source post a listing was seen in (one
// listing per physical vehicle, many sources), and every price a listing had.

export const sourceKindEnum = pgEnum('source_kind', SOURCE_KINDS);

export const sources = pgTable(
  'sources',
  {
    id: serial('id').primaryKey(),
    kind: sourceKindEnum('kind').notNull(),
    /** Telegram: the channel's @username (without @) or its numeric chat id; VK: the wall's owner id (groups < 0). */
    identifier: text('identifier').notNull(),
    title: text('title').notNull().default(''),
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    /** Last message id (Telegram) or wall post id (VK) read; polling continues after it. */
    lastPosition: bigint('last_position', { mode: 'number' }),
    postsSeen: integer('posts_seen').notNull().default(0),
    postsPublished: integer('posts_published').notNull().default(0),
    postsRejected: integer('posts_rejected').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sources_kind_identifier_unique').on(t.kind, t.identifier)],
);

export const postSources = pgTable(
  'post_sources',
  {
    id: bigId(),
    postId: ownedBy('post_id', () => posts.id),
    sourceId: integer('source_id').references(() => sources.id, { onDelete: 'set null' }),
    /** Telegram: the message id (the first of an album); VK: the wall post id. */
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    url: text('url'),
    /** contentHash of the source post's text (packages/core/aggregation): a repost is found by it. */
    contentHash: text('content_hash'),
    /** dHashes (16 hex digits) of the source post's photos. */
    photoHashes: text('photo_hashes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('post_sources_source_message_unique').on(t.sourceId, t.messageId),
    index('post_sources_post_id_idx').on(t.postId),
    index('post_sources_content_hash_idx').on(t.contentHash),
  ],
);

export const postPrices = pgTable(
  'post_prices',
  {
    id: bigId(),
    postId: ownedBy('post_id', () => posts.id),
    price: bigint('price', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull().default('RUB'),
    /** The source whose post or edit stated this price (null: the listing's own seller). */
    sourceId: integer('source_id').references(() => sources.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('post_prices_post_id_recorded_at_idx').on(t.postId, t.recordedAt)],
);

export type Source = typeof sources.$inferSelect;
export type NewSource = typeof sources.$inferInsert;
export type PostSource = typeof postSources.$inferSelect;
export type PostPrice = typeof postPrices.$inferSelect;
