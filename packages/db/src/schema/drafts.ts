import { CONTACT_TYPES, LISTING_PRICE_MAX, MILEAGE_MAX, YEAR_INPUT_MAX, YEAR_MIN } from '@autoradar/core';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { brands, configurations, generations, models } from './catalog';
import { bigId, createdAt, ownedBy, rangeCheck, updatedAt } from './columns';
import { posts } from './posts';
import { users } from './users';

export const contactTypeEnum = pgEnum('contact_type', CONTACT_TYPES);

// Every field but the owner is optional: a draft is saved while the form is still incomplete.
export const drafts = pgTable(
  'drafts',
  {
    id: bigId(),
    userId: ownedBy('user_id', () => users.id),
    year: integer('year'),
    mileage: integer('mileage'),
    price: bigint('price', { mode: 'number' }),
    city: text('city'),
    description: text('description'),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    modelId: integer('model_id').references(() => models.id, { onDelete: 'set null' }),
    generationId: integer('generation_id').references(() => generations.id, { onDelete: 'set null' }),
    configurationId: integer('configuration_id').references(() => configurations.id, { onDelete: 'set null' }),
    /** The car's VIN as the seller stated it (issue 33), normalised; copied to `posts.vin` on publishing. */
    vin: text('vin'),
    publishedPostId: bigint('published_post_id', { mode: 'number' }).references(() => posts.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('drafts_user_id_idx').on(t.userId),
    // One open (unpublished) draft per user: GET /api/drafts/create from two tabs at once finds the same one.
    uniqueIndex('drafts_one_open_per_user')
      .on(t.userId)
      .where(sql`published_post_id is null`),
    // Publishing copies these into posts, whose checks they must pass.
    rangeCheck('drafts_price_range', t.price, 0, LISTING_PRICE_MAX),
    rangeCheck('drafts_mileage_range', t.mileage, 0, MILEAGE_MAX),
    rangeCheck('drafts_year_range', t.year, YEAR_MIN, YEAR_INPUT_MAX),
  ],
);

export const draftMedia = pgTable(
  'draft_media',
  {
    id: bigId(),
    draftId: ownedBy('draft_id', () => drafts.id),
    src: text('src').notNull(),
    srcSm: text('src_sm'),
    main: boolean('main').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('draft_media_draft_id_idx').on(t.draftId, t.position)],
);

export const draftContacts = pgTable(
  'draft_contacts',
  {
    id: bigId(),
    draftId: ownedBy('draft_id', () => drafts.id),
    type: contactTypeEnum('type').notNull(),
    value: text('value').notNull().default(''),
  },
  (t) => [index('draft_contacts_draft_id_idx').on(t.draftId)],
);

export type Draft = typeof drafts.$inferSelect;
export type NewDraft = typeof drafts.$inferInsert;
export type DraftMedia = typeof draftMedia.$inferSelect;
export type NewDraftMedia = typeof draftMedia.$inferInsert;
export type DraftContact = typeof draftContacts.$inferSelect;
export type NewDraftContact = typeof draftContacts.$inferInsert;
