import { useSetAtom } from 'jotai';
import { postChannel, REALTIME_EVENTS } from '@autoradar/contract/channels';
import type { CallAtom } from '../../../api/atom-with-call';
import { useChannel } from '../../../realtime';
import type { Post } from '@autoradar/contract';
import { fetchPost } from '../api';

/**
 * Spec §4 post card on the post page: `post.updated` reloads the listing (keeping it on screen meanwhile, so the
 * server decides again what this viewer may see); `post.unpublished` calls `onUnpublished` to show the notice.
 */
export function usePostLiveUpdates(id: string, postAtom: CallAtom<Post>, onUnpublished: () => void): void {
  const dispatch = useSetAtom(postAtom);
  const numeric = /^[1-9]\d{0,15}$/.test(id) ? Number(id) : null;
  const channel = numeric !== null && Number.isSafeInteger(numeric) ? postChannel(numeric) : null;
  useChannel(channel, REALTIME_EVENTS.postUpdated, () => {
    dispatch({ type: 'run', load: (signal) => fetchPost(id, signal), keepData: true });
  });
  useChannel(channel, REALTIME_EVENTS.postUnpublished, () => onUnpublished());
}
