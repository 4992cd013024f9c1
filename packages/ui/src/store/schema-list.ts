import { z } from 'zod';

/**
 * listOf (stored-value.ts) as a zod schema, for stored values that are zod schemas themselves (the listing draft): a
 * list read item by item, what does not fit `item` dropped, a value that is not a list read as empty.
 */
export function schemaListOf<S extends z.ZodType>(item: S) {
  return z
    .array(z.unknown())
    .catch([])
    .transform((values) =>
      values.flatMap((value): z.output<S>[] => {
        const parsed = item.safeParse(value);
        return parsed.success ? [parsed.data] : [];
      }),
    );
}
