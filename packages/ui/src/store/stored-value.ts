// The one way the apps keep something in the browser's storage: a key, a schema that reads what is there, and a
// fallback. Storage may be missing (no DOM), disabled (private mode, a sandboxed frame), full, or hold a value written
// by an older version of the app or by hand; none of that ever throws into a screen.

/**
 * What reads a stored value: a zod schema, or one of the plain readers below. The first screen's values (the posts
 * store, the token, flags, the layout) use the plain ones, so the first screen carries no zod (issue 32).
 */
export interface StoredSchema<T> {
  safeParse(raw: unknown): { success: true; data: T } | { success: false };
}

/** What a stored schema reads. */
export type StoredOutput<S> = S extends StoredSchema<infer T> ? T : never;

/** A plain reader: the value, or undefined when what is there does not fit. */
export function storedReader<T>(read: (raw: unknown) => T | undefined): StoredSchema<T> {
  return {
    safeParse(raw) {
      const data = read(raw);
      return data === undefined ? { success: false } : { success: true, data };
    },
  };
}

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
export function storedValue<S extends StoredSchema<unknown>, F = StoredOutput<S>>(
  key: string,
  schema: S,
  { fallback, format = 'json', area = 'local' }: StoredValueOptions<F>,
): StoredValue<StoredOutput<S>, F> {
  const parse = (text: string | null | undefined): StoredOutput<S> | F => {
    if (text === null || text === undefined) return fallback();
    let raw: unknown = text;
    if (format === 'json') {
      try {
        raw = JSON.parse(text);
      } catch {
        return fallback();
      }
    }
    const parsed = schema.safeParse(raw);
    return parsed.success ? (parsed.data as StoredOutput<S>) : fallback();
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
export function listOf<T>(item: StoredSchema<T>): StoredSchema<T[]> {
  return storedReader((raw) =>
    Array.isArray(raw)
      ? raw.flatMap((value: unknown): T[] => {
          const parsed = item.safeParse(value);
          return parsed.success ? [parsed.data] : [];
        })
      : [],
  );
}

/** A text as it is. */
export const textSchema: StoredSchema<string> = storedReader((raw) => (typeof raw === 'string' ? raw : undefined));

/** One of `values`. */
export function oneOf<const V extends string>(values: readonly V[]): StoredSchema<V> {
  return storedReader((raw) => ((values as readonly unknown[]).includes(raw) ? (raw as V) : undefined));
}

/** 'true' or 'false' as written by `String(flag)`. */
export const flagSchema: StoredSchema<boolean> = storedReader((raw) =>
  raw === 'true' ? true : raw === 'false' ? false : undefined,
);

/** A finite number, or the text of one (a time written with `String(ms)`). */
export const numberSchema: StoredSchema<number> = storedReader((raw) => {
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
});

/** A text kept as it is (a token, a launch's parameters); undefined when there is none. */
export const storedText = (key: string, area: 'local' | 'session' = 'local') =>
  storedValue(key, textSchema, { fallback: () => undefined, format: 'text', area });
