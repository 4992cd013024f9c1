import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { REALTIME_EVENTS, userChannel } from '@autoradar/contract';
import { useSession } from '../session/hooks';
import { mergeUserAtom } from '../session/state';
import { realtimeClient } from './instance';
import { useChannel } from './use-channel';

/**
 * Ties the realtime connection to the session (spec §3, §4): a new token reconnects so private channels are
 * authorised with it; the signed-in user's `private-user.{id}` merges `user.updated` into the user; logout leaves
 * that channel and the connection goes on as a guest's.
 */
export function RealtimeSession() {
  const { token, user } = useSession();
  const mergeUser = useSetAtom(mergeUserAtom);
  useEffect(() => realtimeClient.setToken(token), [token]);
  useChannel(user ? userChannel(user.id) : null, REALTIME_EVENTS.userUpdated, mergeUser);
  return null;
}
