import { contract, type Post } from '@autoradar/contract';
import { call as appCall, type Call } from '../../api/client';

export interface MyPosts {
  posts: Post[];
  count: number;
}

/** GET /api/posts/my: the user's own listings with their state, and how many there are. */
export async function fetchMyPosts(signal?: AbortSignal, call: Call = appCall): Promise<MyPosts> {
  const answer = await call(contract.posts.my, { signal });
  return { posts: answer.data, count: answer.meta.count };
}

/** POST /api/auth/logout-all: revokes every token of the user, this one included. */
export async function logoutEverywhere(call: Call = appCall): Promise<void> {
  await call(contract.auth.logoutAll);
}
