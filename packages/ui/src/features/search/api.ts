import type { Filter, Post, SaveFilterRequest, SearchPostsRequest } from '@autoradar/contract';
import { routes } from '@autoradar/contract/routes';
import { call as appCall, type Call } from '../../api/client';

// The feed and saved-filter calls; the reference data the dialogs choose from is api/reference.ts.

export interface FeedPage {
  posts: Post[];
  total: number;
  all: number;
}

/** POST /api/posts/search: one page of the feed, newest first, after the keyset cursor when given. */
export async function searchPosts(body: SearchPostsRequest, signal?: AbortSignal, call: Call = appCall) {
  const { data, meta } = await call(routes.posts.search, { body, signal });
  return { posts: data, total: meta.total, all: meta.all } satisfies FeedPage;
}

/** POST /api/posts/count-new: how many listings of the filter are newer than the newest one shown. */
export async function countNewPosts(
  body: Omit<SearchPostsRequest, 'older_published_at' | 'olderId' | 'newestId'> & {
    latest_published_at: string | null;
  },
  signal?: AbortSignal,
  call: Call = appCall,
): Promise<number> {
  const { count } = await call(routes.posts.countNew, { body, signal });
  return count;
}

/** GET /api/user/filters. */
export async function fetchSavedFilters(signal?: AbortSignal, call: Call = appCall): Promise<Filter[]> {
  const { data } = await call(routes.filters.list, { signal });
  return data;
}

export async function createSavedFilter(body: SaveFilterRequest, call: Call = appCall): Promise<Filter> {
  const { data } = await call(routes.filters.create, { body });
  return data;
}

export async function updateSavedFilter(id: number, body: SaveFilterRequest, call: Call = appCall): Promise<Filter> {
  const { data } = await call(routes.filters.update, { params: { id: String(id) }, body });
  return data;
}

export async function deleteSavedFilter(id: number, call: Call = appCall): Promise<void> {
  await call(routes.filters.delete, { params: { id: String(id) } });
}

export async function toggleSavedFilter(id: number, active: boolean, call: Call = appCall): Promise<Filter> {
  const { data } = await call(routes.filters.toggle, { params: { id: String(id) }, body: { active } });
  return data;
}
