import { contract, type Post } from '@autoradar/contract';
import { call as appCall, type Call } from '../../api/client';

/** The landing carousel's listings; a failure leaves the carousel out (spec §8: its load failure is silent). */
export async function loadFeaturedPosts(signal?: AbortSignal, call: Call = appCall): Promise<Post[]> {
  try {
    const { data } = await call(contract.posts.featured, { body: {}, ...(signal ? { signal } : {}) });
    return data;
  } catch {
    return [];
  }
}
