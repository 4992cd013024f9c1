import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    city: text('city').notNull(),
    /** Short FIAS region name ("Московская", "Татарстан"); with `region_type` it names the region. */
    region: text('region').notNull(),
    regionType: text('region_type').notNull(),
    regionFull: text('region_full').notNull(),
    federalDistrict: text('federal_district'),
    /** A size hint for ordering (2010-census era), not current statistics. */
    population: integer('population'),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    /** UTC offset as in the source ("UTC+3"), not an IANA zone. */
    timezone: text('timezone'),
    isRegionCapital: boolean('is_region_capital').notNull().default(false),
    synonyms: text('synonyms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [unique('cities_city_region_unique').on(t.city, t.region)],
);

export type City = typeof cities.$inferSelect;
export type NewCity = typeof cities.$inferInsert;
