import { SOURCE_KINDS, SOURCE_READ_VIA, SOURCE_STATES } from '@autoradar/core/aggregation';
import { SOURCE_POST_OUTCOMES } from '@autoradar/core/source-links';
import { sql } from 'drizzle-orm';
import {
  bigint,
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
export const sourceReadViaEnum = pgEnum('source_read_via', SOURCE_READ_VIA);
export const sourceStateEnum = pgEnum('source_state', SOURCE_STATES);
export const sourcePostOutcomeEnum = pgEnum('source_post_outcome', SOURCE_POST_OUTCOMES);

export const sources = pgTable(
  'sources',
  {
    id: serial('id').primaryKey(),
    kind: sourceKindEnum('kind').notNull(),
    /** Telegram: the channel's @username (without @) or its numeric chat id; VK: the wall's owner id (groups < 0). */
    identifier: text('identifier').notNull(),
    title: text('title').notNull().default(''),
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    /** How it is read (issue 28); telegram_bot sources arrive as channel_post updates and are never scheduled. */
    readVia: sourceReadViaEnum('read_via').notNull().default('telegram_bot'),
    state: sourceStateEnum('state').notNull().default('active'),
    /** Last message id (Telegram) or wall post id (VK) read: the cursor, reads continue after it. */
    lastPosition: bigint('last_position', { mode: 'number' }),
    /** MTProto: the channel's peer, resolved once (contacts.resolveUsername is allowed a few times a day). */
    mtprotoChannelId: text('mtproto_channel_id'),
    mtprotoAccessHash: text('mtproto_access_hash'),
    /** The read interval now (adapts between the scheduler's bounds: quiet sources less often, busy ones more). */
    intervalSeconds: integer('interval_seconds').notNull().default(300),
    nextReadAt: timestamp('next_read_at', { withTimezone: true }).notNull().defaultNow(),
    /** The scheduler's lease: a worker that claimed the source reads it until then; a dead worker's lease runs out. */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    leasedBy: text('leased_by'),
    /** The last successful read. */
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    /** Why the last read failed, in Russian for the operator; null after a successful read. */
    lastError: text('last_error'),
    /** Reads failed in a row, and since when (24 h of failures mark the source broken). */
    failures: integer('failures').notNull().default(0),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    readsOk: integer('reads_ok').notNull().default(0),
    readsFailed: integer('reads_failed').notNull().default(0),
    postsSeen: integer('posts_seen').notNull().default(0),
    postsPublished: integer('posts_published').notNull().default(0),
    postsRejected: integer('posts_rejected').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sources_kind_identifier_unique').on(t.kind, t.identifier),
    index('sources_due_idx').on(t.nextReadAt),
  ],
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
    /** A scheduled read confirmed the source post gone (deleted from the channel or wall). */
    goneAt: timestamp('gone_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('post_sources_source_message_unique').on(t.sourceId, t.messageId),
    index('post_sources_post_id_idx').on(t.postId),
    index('post_sources_content_hash_idx').on(t.contentHash),
  ],
);

/**
 * What became of each post a source showed (issue 28): published, or rejected and why. «Источники» counts a source's
 * last 24 hours from it and lists its latest posts; one row per source post (a repeat read records nothing new).
 */
export const sourcePosts = pgTable(
  'source_posts',
  {
    id: bigId(),
    sourceId: integer('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    /** As post_sources.message_id: the Telegram message id (an album's first) or the VK wall post id. */
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    outcome: sourcePostOutcomeEnum('outcome').notNull(),
    /** The analysis's own reason of a rejection (core NonSaleReason: buying, service, no-vehicle…). */
    reason: text('reason'),
    /** The listing it was published as or is a duplicate of. */
    postId: bigint('post_id', { mode: 'number' }).references(() => posts.id, { onDelete: 'set null' }),
    url: text('url'),
    /** The start of the post's text, for the operator to recognise it. */
    excerpt: text('excerpt').notNull().default(''),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('source_posts_source_message_unique').on(t.sourceId, t.messageId),
    index('source_posts_source_seen_idx').on(t.sourceId, t.seenAt),
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
export type SourcePostRow = typeof sourcePosts.$inferSelect;
