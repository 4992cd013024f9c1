import type { Post } from '@autoradar/contract';
import { routes } from '@autoradar/contract/routes';
import { call as appCall, type Call } from '../../api/client';

/** The landing carousel's listings (POST /api/ck00p/posts). */
export async function fetchFeaturedPosts(signal?: AbortSignal, call: Call = appCall): Promise<Post[]> {
  const { data } = await call(routes.posts.featured, { body: {}, signal });
  return data;
}
