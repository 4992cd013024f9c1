import { atom, type SetStateAction } from 'jotai';
import { PostSchema, type Model, type Post } from '@autoradar/contract';
import { uniqueNotes } from '@autoradar/core';

/**
 * The posts store of spec §3: the feed's last answer, the favourites and the applied filter, persisted under
 * `posts-store` so a reload opens the same feed and selection. scrollY and modelsMap live beside it, unpersisted.
 */
export interface PostsStoreState {
  posts: Post[];
  /** Favourite post ids, without duplicates. */
  notes: number[];
  searchQuery: string;
  priceFrom: number | null;
  priceTo: number | null;
  yearFrom: number | null;
  yearTo: number | null;
  brands: number[];
  models: number[];
  cities: number[];
  totalCount: number;
  all: number;
}

export const POSTS_STORE_KEY = 'posts-store';

/** Exactly the persisted fields, in the spec's order. */
export const POSTS_STORE_FIELDS = [
  'posts',
  'notes',
  'searchQuery',
  'priceFrom',
  'priceTo',
  'yearFrom',
  'yearTo',
  'brands',
  'models',
  'cities',
  'totalCount',
  'all',
] as const satisfies readonly (keyof PostsStoreState)[];

export function createEmptyPostsStore(): PostsStoreState {
  return {
    posts: [],
    notes: [],
    searchQuery: '',
    priceFrom: null,
    priceTo: null,
    yearFrom: null,
    yearTo: null,
    brands: [],
    models: [],
    cities: [],
    totalCount: 0,
    all: 0,
  };
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage disabled (private mode, sandboxed frame)
  }
}

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
const ids = (value: unknown): number[] => (Array.isArray(value) ? uniqueNotes(value.filter(isId)) : []);
const bound = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
const count = (value: unknown): number => bound(value) ?? 0;

/**
 * What was stored, field by field: anything written by an older version or by hand that does not fit is dropped
 * instead of breaking the feed, and a key the spec does not name is never read.
 */
export function parsePostsStore(text: string | null | undefined): PostsStoreState {
  const empty = createEmptyPostsStore();
  if (!text) return empty;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return empty;
  }
  if (typeof raw !== 'object' || raw === null) return empty;
  const value = raw as Record<string, unknown>;
  const posts = Array.isArray(value['posts'])
    ? value['posts'].flatMap((post) => {
        const parsed = PostSchema.safeParse(post);
        return parsed.success ? [parsed.data] : [];
      })
    : [];
  return {
    posts,
    notes: ids(value['notes']),
    searchQuery: typeof value['searchQuery'] === 'string' ? value['searchQuery'] : '',
    priceFrom: bound(value['priceFrom']),
    priceTo: bound(value['priceTo']),
    yearFrom: bound(value['yearFrom']),
    yearTo: bound(value['yearTo']),
    brands: ids(value['brands']),
    models: ids(value['models']),
    cities: ids(value['cities']),
    totalCount: count(value['totalCount']),
    all: count(value['all']),
  };
}

/** The stored text: the spec's fields and nothing else. */
export function serializePostsStore(state: PostsStoreState): string {
  const picked: Partial<PostsStoreState> = {};
  for (const field of POSTS_STORE_FIELDS) (picked as Record<string, unknown>)[field] = state[field];
  return JSON.stringify(picked);
}

export function readPersistedPostsStore(): PostsStoreState {
  try {
    return parsePostsStore(storage()?.getItem(POSTS_STORE_KEY));
  } catch {
    return createEmptyPostsStore();
  }
}

function persist(state: PostsStoreState): void {
  try {
    storage()?.setItem(POSTS_STORE_KEY, serializePostsStore(state));
  } catch {
    // Storage full or refused: the session keeps working on what is in memory.
  }
}

const baseAtom = atom<PostsStoreState>(readPersistedPostsStore());

// Another tab changed favourites or the filter: follow it, so two tabs never overwrite each other's notes.
baseAtom.onMount = (setSelf) => {
  if (typeof window === 'undefined') return;
  const onStorage = (event: StorageEvent) => {
    if (event.key === POSTS_STORE_KEY) setSelf(parsePostsStore(event.newValue));
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
};

/** The whole store; every write is persisted at once. */
export const postsStoreAtom = atom(
  (get) => get(baseAtom),
  (get, set, update: SetStateAction<PostsStoreState>) => {
    const next = typeof update === 'function' ? update(get(baseAtom)) : update;
    set(baseAtom, next);
    persist(next);
  },
);

/** A bulk update of the store; the key `search` means searchQuery (spec §3). */
export type PostsStorePatch = Partial<PostsStoreState> & { search?: string };

export const updatePostsStoreAtom = atom(null, (_get, set, patch: PostsStorePatch) => {
  const { search, ...rest } = patch;
  const changes: Partial<PostsStoreState> = search === undefined ? rest : { ...rest, searchQuery: search };
  if (changes.notes) changes.notes = uniqueNotes(changes.notes);
  set(postsStoreAtom, (state) => ({ ...state, ...changes }));
});

/** Where the feed was scrolled when the user left it (not persisted: a reload starts at the top). */
export const feedScrollYAtom = atom(0);

/** Models already loaded, by id, so chips and saved filters name them without another request (not persisted). */
export const modelsMapAtom = atom<ReadonlyMap<number, Model>>(new Map());

/** Adds loaded models to modelsMap. */
export const rememberModelsAtom = atom(null, (get, set, models: readonly Model[]) => {
  if (models.length === 0) return;
  const next = new Map(get(modelsMapAtom));
  for (const model of models) next.set(model.id, model);
  set(modelsMapAtom, next);
});
