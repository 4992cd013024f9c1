import * as z from 'zod/mini';
import type { $ZodType, output } from 'zod/v4/core';

// The one way the apps keep something in the browser's storage: a key, a schema that reads what is there, and a
// fallback. zod/mini, not classic zod: this runs on the first screen (issue 32); any zod schema reads through it.
// Storage may be missing (no DOM), disabled (private mode, a sandboxed frame), full, or hold a value written
// by an older version of the app or by hand; none of that ever throws into a screen.

/** How the value is written: as JSON (objects, lists), or as its own text (a token, a flag, a layout's name). */
export type StoredFormat = 'json' | 'text';

export interface StoredValueOptions<F> {
  /** What `read` answers when nothing is stored, the text is not JSON, or the schema refuses it. */
  fallback: () => F;
  /** 'json' unless said otherwise. */
  format?: StoredFormat;
  /** localStorage (kept across visits) unless 'session' (this tab's visit only: the mini-app's launch). */
  area?: 'local' | 'session';
}

export interface StoredValue<T, F = T> {
  readonly key: string;
  /** The stored value as the schema reads it, else the fallback. */
  read(): T | F;
  /** The same reading of a text got elsewhere (another tab's `storage` event carries `newValue`). */
  parse(text: string | null | undefined): T | F;
  /** Keeps the value; a full or disabled storage is ignored (the value still lives in memory for this visit). */
  write(value: T): void;
  remove(): void;
}

/** The storage when the page may use it; undefined without a DOM or when the browser refuses it. */
function storage(area: 'local' | 'session'): Storage | undefined {
  try {
    if (area === 'session') return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** A value kept under `key`, read through `schema` (the contract's where the shape is one of its). */
export function storedValue<S extends $ZodType, F = output<S>>(
  key: string,
  schema: S,
  { fallback, format = 'json', area = 'local' }: StoredValueOptions<F>,
): StoredValue<output<S>, F> {
  const parse = (text: string | null | undefined): output<S> | F => {
    if (text === null || text === undefined) return fallback();
    let raw: unknown = text;
    if (format === 'json') {
      try {
        raw = JSON.parse(text);
      } catch {
        return fallback();
      }
    }
    const parsed = z.safeParse(schema, raw);
    return parsed.success ? parsed.data : fallback();
  };
  return {
    key,
    parse,
    read() {
      try {
        return parse(storage(area)?.getItem(key));
      } catch {
        return fallback();
      }
    },
    write(value) {
      try {
        storage(area)?.setItem(key, format === 'json' ? JSON.stringify(value) : String(value));
      } catch {
        // full or refused: the value lives in memory for this visit
      }
    },
    remove() {
      try {
        storage(area)?.removeItem(key);
      } catch {
        // nothing to remove
      }
    },
  };
}

/**
 * A list read item by item: what does not fit `item` is dropped and the rest kept, and a value that is not a list at
 * all reads as empty. For stored lists, where one stale entry must not cost the others.
 */
export function listOf<S extends $ZodType>(item: S) {
  return z.pipe(
    z.catch(z.array(z.unknown()), []),
    z.transform((values: unknown[]) =>
      values.flatMap((value): output<S>[] => {
        const parsed = z.safeParse(item, value);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
  );
}

/** 'true' or 'false' as written by `String(flag)`. */
export const flagSchema = z.pipe(
  z.enum(['true', 'false']),
  z.transform((text: 'true' | 'false') => text === 'true'),
);

/** A text kept as it is (a token, a launch's parameters); undefined when there is none. */
export const storedText = (key: string, area: 'local' | 'session' = 'local') =>
  storedValue(key, z.string(), { fallback: () => undefined, format: 'text', area });
