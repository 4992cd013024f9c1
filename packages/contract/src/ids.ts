// Ids and their bounds, without zod: the contract's id schemas (fields.ts, client-schemas.ts) and the apps read them.

// Ids follow their column (packages/db/src/schema):
// - 'serial' (int4): the catalogue (brands, models, generations, configurations), cities, partners and prompts,
//   1 to 2 147 483 647;
// - 'bigserial' (int8): every other table. Drizzle reads these columns as JS numbers, so only ids up to
//   Number.MAX_SAFE_INTEGER come back exactly; the contract never lets a larger one reach a query.
// A body id out of range is a 422; a path id out of range names nothing, so route.ts answers 404.

/** The largest value an int4 column holds. */
export const INT4_MAX = 2_147_483_647;
/** The largest int8 value that survives being read back as a JS number. */
export const INT8_SAFE_MAX = Number.MAX_SAFE_INTEGER;

export const ID_MAX = { serial: INT4_MAX, bigserial: INT8_SAFE_MAX } as const;
export type IdKind = keyof typeof ID_MAX;

/** The text of an id: no sign, no leading zero, at most 16 digits. */
export const ID_TEXT = /^[1-9]\d{0,15}$/;

/**
 * The one id parser: the text of a positive integer within the column's range (no sign, no leading zero, no
 * exponent), or null. Path and query ids, multipart fields and the API all read ids through it.
 */
export function parseId(text: string, kind: IdKind = 'bigserial'): number | null {
  if (!ID_TEXT.test(text)) return null;
  const id = Number(text);
  return id <= ID_MAX[kind] ? id : null;
}

/** A comma-separated id list (`?ids=1,2,3`), or null when any item is not an id. */
export function parseIdList(text: string, kind: IdKind = 'bigserial'): number[] | null {
  const ids = text.split(',').map((item) => parseId(item, kind));
  return ids.every((id) => id !== null) ? ids : null;
}

/** A body id as a number: an integer from 1 to the column's largest (fields.ts's IdSchema says the same with zod). */
export function isId(value: unknown, kind: IdKind = 'bigserial'): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= ID_MAX[kind];
}
