import type { Post } from '@autoradar/contract';
import { routes } from '@autoradar/contract/routes';
import { FEED_IDS_MAX } from '@autoradar/core';
import { call as appCall, type Call } from '../../api/client';

/** POST /api/notes {ids}: the favourite listings still on the site (the newest favourites when there are many). */
export async function fetchNotes(ids: readonly number[], signal?: AbortSignal, call: Call = appCall): Promise<Post[]> {
  if (ids.length === 0) return [];
  const { data } = await call(routes.posts.notes, {
    body: { ids: ids.slice(-FEED_IDS_MAX) },
    signal,
  });
  return data;
}
