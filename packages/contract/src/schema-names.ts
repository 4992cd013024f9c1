import type { z } from 'zod';

// Component names for the OpenAPI document. A plain map rather than zod's registry because the generator needs to
// list every named schema, and zod registries cannot be iterated.
const names = new Map<z.ZodType, string>();

/** Gives a schema its public name (the `Schema`-less export name); the same schema object must be reused to share it. */
export function named<T extends z.ZodType>(name: string, schema: T): T {
  const existing = [...names.entries()].find(([, value]) => value === name);
  if (existing && existing[0] !== schema) throw new Error(`Schema name ${name} is used twice`);
  const previous = names.get(schema);
  if (previous !== undefined && previous !== name) throw new Error(`Schema ${previous} cannot be renamed ${name}`);
  names.set(schema, name);
  return schema;
}

export function getSchemaName(schema: z.ZodType): string | undefined {
  return names.get(schema);
}

export function listNamedSchemas(): [z.ZodType, string][] {
  return [...names.entries()];
}
