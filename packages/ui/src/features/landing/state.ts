import { atomWithCall } from '../../api/atom-with-call';
import { fetchFeaturedPosts } from './api';

/** The landing carousel's listings, loaded on each visit to the landing page. */
export const featuredPostsAtom = atomWithCall((signal) => fetchFeaturedPosts(signal), {
  isEmpty: (posts) => posts.length === 0,
});
