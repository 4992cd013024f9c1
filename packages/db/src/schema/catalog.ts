import { VEHICLE_KINDS } from '@autoradar/core';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';

export const vehicleKindEnum = pgEnum('vehicle_kind', VEHICLE_KINDS);

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: vehicleKindEnum('kind').notNull().default('car'),
    icon: text('icon'),
    popular: boolean('popular').notNull().default(false),
    synonyms: text('synonyms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Display order: popular brands first, then alphabetical (as in the reference files). */
    position: integer('position').notNull().default(0),
  },
  (t) => [
    unique('brands_kind_name_unique').on(t.kind, t.name),
    index('brands_kind_position_idx').on(t.kind, t.position),
  ],
);

export const models = pgTable(
  'models',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    synonyms: text('synonyms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    yearFrom: integer('year_from'),
    /** Null while the model is still produced. */
    yearTo: integer('year_to'),
  },
  (t) => [unique('models_brand_id_name_unique').on(t.brandId, t.name)],
);

export const generations = pgTable(
  'generations',
  {
    id: serial('id').primaryKey(),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    yearFrom: integer('year_from'),
    yearTo: integer('year_to'),
  },
  (t) => [unique('generations_model_id_name_unique').on(t.modelId, t.name)],
);

export const configurations = pgTable(
  'configurations',
  {
    id: serial('id').primaryKey(),
    generationId: integer('generation_id')
      .notNull()
      .references(() => generations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [unique('configurations_generation_id_name_unique').on(t.generationId, t.name)],
);

export type Brand = typeof brands.$inferSelect;
export type NewBrand = typeof brands.$inferInsert;
export type Model = typeof models.$inferSelect;
export type NewModel = typeof models.$inferInsert;
export type Generation = typeof generations.$inferSelect;
export type NewGeneration = typeof generations.$inferInsert;
export type Configuration = typeof configurations.$inferSelect;
export type NewConfiguration = typeof configurations.$inferInsert;
