import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { REALTIME_EVENTS, userChannel } from '@autoradar/contract/channels';
import { useSession } from '../session/hooks';
import { mergeUserAtom } from '../session/state';
import { applyNoteChangeAtom, syncFavouritesAtom } from '../store/favourites';
import { realtimeClient } from './instance';
import { realtimeStateAtom } from './state';
import { useChannel } from './use-channel';

/**
 * Ties the realtime connection to the session (spec §3, §4): a new token reconnects so private channels are
 * authorised with it; the signed-in user's `private-user.{id}` merges `user.updated` into the user and applies
 * `notes.changed` to the favourites (issue 33), which are synced with the server once the user is known; logout
 * leaves that channel and the connection goes on as a guest's. They are synced again each time the server confirms
 * the user's channel: a change made while it was not subscribed (the realtime client starts after the first card,
 * issue 32; a reconnect) is then not lost.
 */
export function RealtimeSession() {
  const { token, user } = useSession();
  const mergeUser = useSetAtom(mergeUserAtom);
  const applyNoteChange = useSetAtom(applyNoteChangeAtom);
  const syncFavourites = useSetAtom(syncFavouritesAtom);
  useEffect(() => realtimeClient.setToken(token), [token]);
  useEffect(() => {
    // After a long outage the reconnect policy gives up (spec §9: five attempts); a user coming back to the tab or
    // the network coming back is the manual connect that tries again.
    const resume = () => {
      if (document.visibilityState === 'visible') realtimeClient.resume();
    };
    window.addEventListener('online', resume);
    document.addEventListener('visibilitychange', resume);
    return () => {
      window.removeEventListener('online', resume);
      document.removeEventListener('visibilitychange', resume);
    };
  }, []);
  const userId = user?.id;
  const channel = userId === undefined ? null : userChannel(userId);
  const subscribed = useAtomValue(realtimeStateAtom).channels.has(channel ?? '');
  useEffect(() => {
    if (userId === undefined) return;
    syncFavourites(userId).catch(() => undefined); // offline: the browser's list stays until the next start
  }, [userId, syncFavourites]);
  useEffect(() => {
    if (userId !== undefined && subscribed) syncFavourites(userId).catch(() => undefined);
  }, [userId, subscribed, syncFavourites]);
  useChannel(channel, REALTIME_EVENTS.userUpdated, mergeUser);
  useChannel(channel, REALTIME_EVENTS.notesChanged, applyNoteChange);
  return null;
}
