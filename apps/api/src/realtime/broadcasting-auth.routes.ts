import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@autoradar/core';
import { parseChannelName, realtimeEndpoints } from '@autoradar/contract';
import { HttpError } from '../http/http-error';
import { route } from '../http/route';
import { channelKind } from './protocol';
import { signChannelAuth } from './signatures';

/**
 * Private channels a user may join: only their own `private-user.{id}`. Public channels need no signature and
 * presence channels are not served, so neither is ever signed.
 */
export function mayJoinChannel(user: { id: number }, channel: string): boolean {
  if (channelKind(channel) !== 'private') return false;
  const ref = parseChannelName(channel);
  return ref?.kind === 'user' && ref.id === user.id;
}

/** POST /broadcasting/auth: the bearer token names the user (route() answers 401 without one), the channel decides. */
export function broadcastingAuthRoutes(app: FastifyInstance, credentials: { key: string; secret: string }): void {
  // Encapsulated, so the form parser pusher-js needs here changes no other route.
  void app.register(async (scope) => {
    if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4_096 }, (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      });
    }
    route(scope, realtimeEndpoints.auth, async ({ body, user }) => {
      if (!mayJoinChannel(user, body.channel_name)) throw new HttpError(403, MESSAGES.forbidden);
      return { auth: signChannelAuth(credentials, body.socket_id, body.channel_name) };
    });
  });
}
