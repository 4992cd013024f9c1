import { MESSAGES } from '@autoradar/core';
import type { Db } from '@autoradar/db';
import { HttpError } from '../../http/http-error';
import { postExists, setPostUnpublished } from './moderation.repo';

/**
 * Realtime hook: called once when a post actually left the feed (not again for a repeated request). The realtime
 * wiring publishes `post.unpublished` on `post.{id}` from here, so open cards and pages react at once.
 */
export type PostUnpublishedListener = (postId: number) => void;

export interface ModerationDeps {
  db: Db;
  clock: () => Date;
  onPostUnpublished?: PostUnpublishedListener;
}

/** Admin: the listing leaves the feed, search, counts and the landing carousel. Repeating it changes nothing. */
export async function unpublishPost(deps: ModerationDeps, postId: number): Promise<void> {
  const changed = await setPostUnpublished(deps.db, postId, deps.clock());
  if (changed) {
    deps.onPostUnpublished?.(postId);
    return;
  }
  if (!(await postExists(deps.db, postId))) throw new HttpError(404, MESSAGES.notFound);
}
