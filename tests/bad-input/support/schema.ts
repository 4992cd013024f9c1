import fc from 'fast-check';
import type { JsonSchema } from './operations';
import { FilePart } from './values';

// Reading the contract's JSON Schemas: which types a field takes, its bounds, a plausible valid value, and every
// place in a body where a value sits (the slots the mutations aim at).

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';
export type Path = (string | number)[];

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The alternatives of a node: anyOf/oneOf branches, or the node itself. */
export function branches(schema: JsonSchema): JsonSchema[] {
  const alternatives = [...asArray(schema.anyOf as JsonSchema[]), ...asArray(schema.oneOf as JsonSchema[])];
  if (alternatives.length === 0) return [schema];
  // Keywords beside anyOf (bounds documented with meta()) apply to every branch.
  const { anyOf: _a, oneOf: _o, ...outer } = schema;
  return alternatives.flatMap((branch) => branches({ ...outer, ...branch }));
}

export function typesOf(schema: JsonSchema): Set<JsonType> {
  const out = new Set<JsonType>();
  for (const branch of branches(schema)) {
    for (const type of asArray(branch.type as JsonType | JsonType[])) out.add(type);
    if ('const' in branch) out.add(jsonTypeOf(branch.const));
    for (const value of asArray(branch.enum as unknown[])) out.add(jsonTypeOf(value));
    if (branch.format === 'binary') out.add('string');
  }
  return out;
}

export function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

export interface Bounds {
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

/** The tightest numeric and length bounds any branch or the node itself declares. */
export function boundsOf(schema: JsonSchema): Bounds {
  const out: Bounds = {};
  const keys = [
    'minimum',
    'maximum',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'minLength',
    'maxLength',
    'minItems',
    'maxItems',
  ] as const;
  for (const node of [schema, ...branches(schema)]) {
    for (const key of keys) {
      const value = node[key];
      if (typeof value !== 'number') continue;
      const current = out[key];
      const tighter = key.startsWith('min') || key === 'exclusiveMinimum' ? Math.max : Math.min;
      out[key] = current === undefined ? value : tighter(current, value);
    }
  }
  return out;
}

export const isFileSchema = (schema: JsonSchema) => branches(schema).some((b) => b.format === 'binary');

function properties(schema: JsonSchema): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const branch of branches(schema)) Object.assign(out, (branch.properties ?? {}) as Record<string, JsonSchema>);
  return out;
}

function required(schema: JsonSchema): Set<string> {
  return new Set(branches(schema).flatMap((b) => (b.required ?? []) as string[]));
}

function itemsOf(schema: JsonSchema): JsonSchema | undefined {
  for (const branch of branches(schema)) if (branch.items) return branch.items as JsonSchema;
  return undefined;
}

const SAMPLE_TEXTS = ['Казань', 'Тест', 'Иван', 'Лада Веста', 'Москва', 'a', '+7 999 123-45-67', 'https://example.ru'];

/** Integers near the ids and values the fixtures hold, inside the declared bounds. */
function integerArb(bounds: Bounds): fc.Arbitrary<number> {
  const lo = Math.max(
    bounds.minimum ?? -1e6,
    bounds.exclusiveMinimum !== undefined ? bounds.exclusiveMinimum + 1 : -1e6,
  );
  const hi = Math.min(bounds.maximum ?? 1e9, bounds.exclusiveMaximum !== undefined ? bounds.exclusiveMaximum - 1 : 1e9);
  if (lo > hi) return fc.constant(lo);
  const small = fc.integer({ min: lo, max: Math.min(hi, lo + 40) });
  return fc.oneof({ arbitrary: small, weight: 4 }, { arbitrary: fc.integer({ min: lo, max: hi }), weight: 1 });
}

function stringArb(schema: JsonSchema, bounds: Bounds): fc.Arbitrary<string> {
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (typeof schema.pattern === 'string') {
    const re = new RegExp(schema.pattern);
    // Digit-only patterns are ids (or id lists) as text: small numbers, so that they name rows the fixtures made.
    if (re.test('12') && !re.test('a')) {
      const id = fc.integer({ min: 1, max: 40 }).map(String);
      const list = fc.array(id, { minLength: 1, maxLength: 3 }).map((ids) => ids.join(','));
      return (re.test('1,2') ? fc.oneof(id, list) : id).filter((text) => re.test(text));
    }
    try {
      return fc.stringMatching(re);
    } catch {
      // A pattern fast-check cannot generate from: plain text below.
    }
  }
  const max = bounds.maxLength ?? 40;
  const min = bounds.minLength ?? 0;
  return fc
    .oneof(fc.constantFrom(...SAMPLE_TEXTS), fc.string({ minLength: min, maxLength: Math.min(max, 40) }))
    .filter((s) => s.length >= min && s.length <= max);
}

/**
 * A value the schema's own keywords accept. The contract's refinements (core rules) are not in JSON Schema, so such
 * a value is often still refused; examples from the fixtures supply values that pass them.
 */
export function validArb(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const alternatives = branches(schema);
  if (alternatives.length > 1) {
    return fc.oneof(...alternatives.map((b) => ({ arbitrary: validArb(b, depth), weight: b.type === 'null' ? 1 : 3 })));
  }
  const node = alternatives[0]!;
  if ('const' in node) return fc.constant(node.const);
  if (Array.isArray(node.enum)) return fc.constantFrom(...(node.enum as unknown[]));
  if (node.format === 'binary') return fc.constantFrom(new FilePart('jpeg', 'photo.jpg', 'image/jpeg'));
  const types = asArray(node.type as JsonType | JsonType[]);
  if (types.length > 1) {
    return fc.oneof(
      ...types.map((type) => ({ arbitrary: validArb({ ...node, type }, depth), weight: type === 'null' ? 1 : 3 })),
    );
  }
  const bounds = boundsOf(node);
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return integerArb(bounds);
    case 'number':
      return fc.oneof(integerArb(bounds), fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }));
    case 'string':
      return stringArb(node, bounds);
    case 'array': {
      const items = itemsOf(node);
      if (!items || depth > 4) return fc.constant([]);
      return fc.array(validArb(items, depth + 1), { maxLength: 3 });
    }
    case 'object':
    default: {
      const props = properties(node);
      if (Object.keys(props).length === 0 || depth > 4) return fc.constant({});
      const req = required(node);
      return fc.record(
        Object.fromEntries(Object.entries(props).map(([key, prop]) => [key, validArb(prop, depth + 1)])),
        { requiredKeys: Object.keys(props).filter((key) => req.has(key)) },
      );
    }
  }
}

export interface Slot {
  path: Path;
  schema: JsonSchema;
  /** The slot is an object property the schema requires. */
  required: boolean;
}

/** Every place a value sits: the root, each property (recursively), the first item of each array. */
export function slotsOf(schema: JsonSchema, path: Path = [], isRequired = true, depth = 0): Slot[] {
  const out: Slot[] = [{ path, schema, required: isRequired }];
  if (depth > 5) return out;
  const props = properties(schema);
  const req = required(schema);
  for (const [key, prop] of Object.entries(props)) out.push(...slotsOf(prop, [...path, key], req.has(key), depth + 1));
  const items = itemsOf(schema);
  if (items) out.push(...slotsOf(items, [...path, 0], true, depth + 1));
  return out;
}
