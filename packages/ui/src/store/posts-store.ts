import { atom, type SetStateAction } from 'jotai';
import type { Model, Post } from '@autoradar/contract';
import { isId } from '@autoradar/contract/ids';
import { uniqueNotes } from '@autoradar/core';
import { afterFirstContent } from './first-content';
import { listOf, storedReader, storedValue } from './stored-value';

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
  /** «Только хорошая цена» (issue 33): set by a saved filter that asks for it. */
  goodPriceOnly: boolean;
  totalCount: number;
  all: number;
}

export const POSTS_STORE_KEY = 'posts-store';

/** Exactly the persisted fields, in the spec's order (goodPriceOnly: issue 33's saved-filter switch). */
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
  'goodPriceOnly',
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
    goodPriceOnly: false,
    totalCount: 0,
    all: 0,
  };
}

const storedId = storedReader((raw) => (isId(raw) ? raw : undefined));
const ids = (raw: unknown): number[] => {
  const parsed = listOf(storedId).safeParse(raw);
  return parsed.success ? uniqueNotes(parsed.data) : [];
};
const isAmount = (raw: unknown): raw is number =>
  typeof raw === 'number' && Number.isInteger(raw) && raw >= 0 && raw <= Number.MAX_SAFE_INTEGER;
const bound = (raw: unknown): number | null => (isAmount(raw) ? raw : null);
const count = (raw: unknown): number => (isAmount(raw) ? raw : 0);

/**
 * What was stored, field by field: anything written by an older version or by hand that does not fit is dropped
 * instead of breaking the feed (an id that is not one), and a key the spec does not name is never read. Plain code,
 * no zod: this runs before the first card (issue 32). The stored feed (`posts`) is read later, through the contract's
 * PostSchema (stored-posts.ts, after the first card): until then the store's `posts` is empty, and nothing on the
 * first screen reads it (the feed shows its own answer).
 */
const PostsStoreSchema = storedReader((raw): PostsStoreState | undefined => {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const stored = raw as Partial<Record<keyof PostsStoreState, unknown>>;
  return {
    posts: [],
    notes: ids(stored.notes),
    searchQuery: typeof stored.searchQuery === 'string' ? stored.searchQuery : '',
    priceFrom: bound(stored.priceFrom),
    priceTo: bound(stored.priceTo),
    yearFrom: bound(stored.yearFrom),
    yearTo: bound(stored.yearTo),
    brands: ids(stored.brands),
    models: ids(stored.models),
    cities: ids(stored.cities),
    goodPriceOnly: stored.goodPriceOnly === true,
    totalCount: count(stored.totalCount),
    all: count(stored.all),
  };
});

const stored = storedValue(POSTS_STORE_KEY, PostsStoreSchema, { fallback: createEmptyPostsStore });

/** What is written: the spec's fields and nothing else. */
function pickStored(state: PostsStoreState): PostsStoreState {
  const picked: Partial<PostsStoreState> = {};
  for (const field of POSTS_STORE_FIELDS) (picked as Record<string, unknown>)[field] = state[field];
  return picked as PostsStoreState;
}

export function readPersistedPostsStore(): PostsStoreState {
  return stored.read();
}

function persist(state: PostsStoreState): void {
  // Storage full or refused: the session keeps working on what is in memory.
  stored.write(pickStored(state));
}

const baseAtom = atom<PostsStoreState>(readPersistedPostsStore());
/** The `posts` the store starts with: the stored feed replaces it once read, unless something wrote posts first. */
const startPosts = baseAtom.init.posts;

baseAtom.onMount = (setSelf) => {
  if (typeof window === 'undefined') return;
  let mounted = true;
  // The stored feed, read through the contract's PostSchema once the first screen is up.
  void afterFirstContent()
    .then(() => import('./stored-posts'))
    .then(({ readStoredPosts }) => {
      const posts = readStoredPosts(POSTS_STORE_KEY);
      if (mounted && posts.length > 0) {
        setSelf((state) => (state.posts === startPosts ? { ...state, posts } : state));
      }
    })
    .catch(() => undefined); // its code did not load (offline): the feed writes its own answer anyway
  // Another tab changed favourites or the filter: follow it, so two tabs never overwrite each other's notes. The
  // feed this tab shows stays its own.
  const onStorage = (event: StorageEvent) => {
    if (event.key === POSTS_STORE_KEY) setSelf((state) => ({ ...stored.parse(event.newValue), posts: state.posts }));
  };
  window.addEventListener('storage', onStorage);
  return () => {
    mounted = false;
    window.removeEventListener('storage', onStorage);
  };
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
