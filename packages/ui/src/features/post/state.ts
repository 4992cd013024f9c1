import { MESSAGES } from '@autoradar/core';
import { ApiError } from '../../api/api-error';
import { callFamily, describeCallError } from '../../api/atom-with-call';
import { fetchPost, type PostPageData } from './api';

/** The listing is not there (gone, or never was; a malformed id, 422, names none either): the page offers the way
 * home instead of a retry. */
export const isPostMissing = (status: number | null | undefined) => status === 404 || status === 422;

/** The text of the page's failed state: the API's message, «Не найдено» for a missing listing without one. */
export function describePostError(error: unknown): string {
  if (error instanceof ApiError && isPostMissing(error.status)) return error.body?.message ?? MESSAGES.notFound;
  return describeCallError(error);
}

/** The listing page's call, one atom per id (realtime `post.updated` events patch the same atom). */
export const postAtomFamily = callFamily<PostPageData>((id, signal) => fetchPost(id, signal), {
  describeError: describePostError,
});
