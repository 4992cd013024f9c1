import { contract, type Post } from '@autoradar/contract';
import { MESSAGES } from '@autoradar/core';
import { ApiError } from '../../api/api-error';
import { call as appCall, type Call } from '../../api/client';

/** What the listing page can show: the listing, the API's «not found» message, a connection problem or another error. */
export type PostLoad =
  | { kind: 'loaded'; post: Post }
  | { kind: 'notFound'; message: string }
  | { kind: 'offline' }
  | { kind: 'failed'; message: string };

export async function loadPost(id: string, signal?: AbortSignal, call: Call = appCall): Promise<PostLoad> {
  try {
    const { data } = await call(contract.posts.get, { params: { id }, ...(signal ? { signal } : {}) });
    return { kind: 'loaded', post: data };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error; // an abort: the page has moved on
    if (error.isNetworkError) return { kind: 'offline' };
    // A malformed id (422) names no listing either.
    if (error.status === 404 || error.status === 422) return { kind: 'notFound', message: error.body?.message ?? MESSAGES.notFound };
    return { kind: 'failed', message: error.body?.message ?? MESSAGES.unknownError };
  }
}
