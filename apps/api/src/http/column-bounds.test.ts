import { describe, expect, it } from 'vitest';
import { getTableName, type Column } from 'drizzle-orm';
import { z } from 'zod';
import {
  allEndpoints,
  ID_MAX,
  IdParamSchema,
  SerialIdListParamSchema,
  SerialIdParamSchema,
  type EndpointEntry,
} from '@autoradar/contract';
import {
  brands,
  cities,
  configurations,
  draftContacts,
  draftMedia,
  drafts,
  filters,
  generations,
  models,
  orders,
  partners,
  payments,
  posts,
  prompts,
  sources,
} from '@autoradar/db';

// Issue 19: a number the contract accepts must fit the column it is written to or compared with, or PostgreSQL
// answers 500 (int4 overflow) or the value comes back changed (int8 read as a JS number past 2^53). This test walks
// every request schema of the contract, finds each number (and each id sent as text), and checks its bounds
// against the column named below. A new numeric field without a column here fails the test.

type Bounds = { min: number; max: number };

/** A number of a request: where it sits (`body.contacts.*.id`) and the bounds its schema enforces. */
interface NumericField extends Bounds {
  endpoint: string;
  path: string;
}

const ID_TEXT_SCHEMAS = new Map<z.ZodType, Bounds>([
  [IdParamSchema, { min: 1, max: ID_MAX.bigserial }],
  [SerialIdParamSchema, { min: 1, max: ID_MAX.serial }],
  [SerialIdListParamSchema, { min: 1, max: ID_MAX.serial }],
]);

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault) {
    current = current.unwrap() as z.ZodType;
  }
  return current;
}

function collect(schema: z.ZodType, endpoint: string, path: string, into: NumericField[]): void {
  const idText = ID_TEXT_SCHEMAS.get(unwrap(schema));
  if (idText) {
    into.push({ endpoint, path, ...idText });
    return;
  }
  const inner = unwrap(schema);
  if (inner instanceof z.ZodNumber) {
    into.push({ endpoint, path, min: inner.minValue ?? -Infinity, max: inner.maxValue ?? Infinity });
  } else if (inner instanceof z.ZodObject) {
    for (const [key, value] of Object.entries<z.ZodType>(inner.shape)) {
      collect(value, endpoint, `${path}.${key}`, into);
    }
  } else if (inner instanceof z.ZodArray) {
    collect(inner.element as z.ZodType, endpoint, `${path}.*`, into);
  } else if (inner instanceof z.ZodUnion) {
    for (const option of inner.options as z.ZodType[]) collect(option, endpoint, path, into);
  }
}

function numericFields(entries: EndpointEntry[]): NumericField[] {
  const fields: NumericField[] = [];
  for (const { name, endpoint } of entries) {
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = endpoint[part];
      if (schema) collect(schema, name, part, fields);
    }
  }
  return fields;
}

/**
 * Where each request number lands: written to the column, or compared with it in a query (a feed price bound
 * against posts.price). Keys are `endpoint path`; a field that reaches several columns names them all.
 */
const draftForm = (endpoint: string) => ({
  [`${endpoint} params.id`]: [drafts.id],
  [`${endpoint} body.year`]: [drafts.year, posts.year],
  [`${endpoint} body.mileage`]: [drafts.mileage, posts.mileage],
  [`${endpoint} body.price`]: [drafts.price, posts.price],
  [`${endpoint} body.contacts.*.id`]: [draftContacts.id],
  [`${endpoint} body.media.*.id`]: [draftMedia.id],
  [`${endpoint} body.brand_id`]: [drafts.brandId, posts.brandId],
  [`${endpoint} body.model_id`]: [drafts.modelId, posts.modelId],
  [`${endpoint} body.generation_id`]: [drafts.generationId, posts.generationId],
  [`${endpoint} body.configuration_id`]: [drafts.configurationId, posts.configurationId],
});
const savedFilter = (endpoint: string) => ({
  [`${endpoint} body.brands.*`]: [filters.brands, posts.brandId],
  [`${endpoint} body.models.*`]: [filters.models, posts.modelId],
  [`${endpoint} body.cities.*`]: [filters.cities, posts.cityId],
  [`${endpoint} body.priceFrom`]: [filters.priceFrom, posts.price],
  [`${endpoint} body.priceTo`]: [filters.priceTo, posts.price],
  [`${endpoint} body.yearFrom`]: [filters.yearFrom, posts.year],
  [`${endpoint} body.yearTo`]: [filters.yearTo, posts.year],
});
const feedQuery = (endpoint: string) => ({
  [`${endpoint} body.brands.*`]: [posts.brandId],
  [`${endpoint} body.models.*`]: [posts.modelId],
  [`${endpoint} body.cities.*`]: [posts.cityId],
  [`${endpoint} body.priceFrom`]: [posts.price],
  [`${endpoint} body.priceTo`]: [posts.price],
  [`${endpoint} body.yearFrom`]: [posts.year],
  [`${endpoint} body.yearTo`]: [posts.year],
});

/** A number stored inside a jsonb document: it comes back as a JS number, exact within the safe range. */
type Target = Column | { jsonIn: Column };

const LANDS_IN: Record<string, Target[]> = {
  ...draftForm('drafts.update'),
  ...draftForm('drafts.publish'),
  'drafts.uploadMedia body.draft_id': [drafts.id],
  ...savedFilter('filters.create'),
  ...savedFilter('filters.update'),
  'filters.update params.id': [filters.id],
  'filters.delete params.id': [filters.id],
  'filters.toggle params.id': [filters.id],
  'filters.unsubscribe params.id': [filters.id],
  'filters.create body.worktime_settings.days.*': [{ jsonIn: filters.worktimeSettings }],
  'filters.update body.worktime_settings.days.*': [{ jsonIn: filters.worktimeSettings }],
  ...feedQuery('posts.search'),
  'posts.search body.newestId': [posts.id],
  'posts.search body.olderId': [posts.id],
  ...feedQuery('posts.countNew'),
  'posts.get params.id': [posts.id],
  'posts.page params.id': [posts.id],
  'posts.notes body.ids.*': [posts.id],
  'posts.unpublish params.id': [posts.id],
  // Favourites on the server (issue 33): listing ids.
  'notes.add params.id': [posts.id],
  'notes.remove params.id': [posts.id],
  'notes.merge body.ids.*': [posts.id],
  'notes.prices params.id': [posts.id],
  'reference.brands query.ids': [brands.id],
  'reference.brand params.id': [brands.id],
  'reference.models query.car_brand_id': [brands.id],
  'reference.models query.ids': [models.id],
  'reference.generations params.id': [models.id],
  'reference.configurations params.id': [models.id],
  'reference.cities query.ids': [cities.id],
  'reference.carData body.brand_id': [brands.id],
  'reference.carData body.model_id': [models.id],
  'reference.carData body.generation_id': [generations.id],
  'reference.carData body.configuration_id': [configurations.id],
  'reference.updateBrand params.id': [brands.id],
  'reference.deleteBrand params.id': [brands.id],
  'reference.createModel body.car_brand_id': [models.brandId],
  'reference.updateModel params.id': [models.id],
  'reference.updateModel body.car_brand_id': [models.brandId],
  'reference.deleteModel params.id': [models.id],
  'reference.updateCity params.id': [cities.id],
  'reference.deleteCity params.id': [cities.id],
  // The server computes the amount itself, but the sum is compared with it.
  'payment.pay body.sum': [payments.amount],
  ...Object.fromEntries(
    ['get', 'update', 'prompts', 'createPrompt', 'orders', 'createOrder'].map((key): [string, Target[]] => [
      `partners.${key} params.id`,
      [partners.id],
    ]),
  ),
  ...Object.fromEntries(
    ['prompt', 'updatePrompt', 'deletePrompt'].flatMap((key): [string, Target[]][] => [
      [`partners.${key} params.id`, [partners.id]],
      [`partners.${key} params.promptId`, [prompts.id]],
    ]),
  ),
  ...Object.fromEntries(
    ['order', 'refreshOrder', 'downloadOrder'].flatMap((key): [string, Target[]][] => [
      [`partners.${key} params.id`, [partners.id]],
      [`partners.${key} params.orderId`, [orders.id]],
    ]),
  ),
  ...Object.fromEntries(
    ['get', 'pause', 'resume', 'remove'].map((key): [string, Target[]] => [`sources.${key} params.id`, [sources.id]]),
  ),
  'partners.createPrompt body.position': [prompts.position],
  'partners.updatePrompt body.position': [prompts.position],
  'partners.createOrder body.partner_id': [orders.partnerId],
};

const INT4: Bounds = { min: -2_147_483_648, max: 2_147_483_647 };
// bigint columns in mode 'number' come back as JS numbers: exact only within the safe range.
const INT8_AS_NUMBER: Bounds = { min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER };

/** What a column can hold and give back unchanged, from drizzle's column metadata. */
function columnRange(target: Target): Bounds {
  if ('jsonIn' in target) {
    if (target.jsonIn.columnType !== 'PgJsonb') throw new Error(`${target.jsonIn.name} is not jsonb`);
    return INT8_AS_NUMBER;
  }
  const column = target;
  const base = column.columnType === 'PgArray' ? (column as unknown as { baseColumn: Column }).baseColumn : column;
  switch (base.columnType) {
    case 'PgInteger':
    case 'PgSerial':
      return INT4;
    case 'PgBigInt53':
    case 'PgBigSerial53':
      return INT8_AS_NUMBER;
    default:
      throw new Error(`${getTableName(column.table)}.${column.name}: ${base.columnType} is not a number column`);
  }
}

const fields = numericFields(allEndpoints());

describe('request numbers fit their columns', () => {
  it('finds the numbers of the contract (the walk itself works)', () => {
    expect(fields.length).toBeGreaterThan(60);
    expect(fields).toContainEqual({
      endpoint: 'drafts.update',
      path: 'body.price',
      min: 1,
      max: 100_000_000_000,
    });
    expect(fields).toContainEqual({ endpoint: 'posts.get', path: 'params.id', min: 1, max: ID_MAX.bigserial });
  });

  it('names a column for every number and only for numbers that exist', () => {
    const found = fields.map((f) => `${f.endpoint} ${f.path}`);
    expect(found.filter((key) => !(key in LANDS_IN))).toEqual([]);
    expect(Object.keys(LANDS_IN).filter((key) => !found.includes(key))).toEqual([]);
  });

  it.each(fields.map((f) => [`${f.endpoint} ${f.path}`, f] as const))('%s', (key, field) => {
    expect(Number.isFinite(field.min) && Number.isFinite(field.max), `${key} has both bounds`).toBe(true);
    for (const target of LANDS_IN[key] ?? []) {
      const range = columnRange(target);
      const column = 'jsonIn' in target ? target.jsonIn : target;
      const where = `${key} -> ${getTableName(column.table)}.${column.name}`;
      expect(field.min, where).toBeGreaterThanOrEqual(range.min);
      expect(field.max, where).toBeLessThanOrEqual(range.max);
    }
  });

  it('would catch the outage: an unbounded price against a bigint column', () => {
    const unbounded: NumericField = { endpoint: 'x', path: 'body.price', ...{ min: 1, max: Infinity } };
    expect(unbounded.max <= columnRange(posts.price).max).toBe(false);
    expect(ID_MAX.bigserial <= columnRange(brands.id).max).toBe(false);
  });
});
