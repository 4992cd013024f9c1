import { atomWithCall } from '../../api/atom-with-call';
import { fetchMyPosts } from './api';

/** The profile's own listings, loaded afresh on every visit (one may have been published a moment ago). */
export const myPostsAtom = atomWithCall((signal) => fetchMyPosts(signal), {
  isEmpty: (data) => data.posts.length === 0,
});
