import type { FastifyInstance } from 'fastify';
import { MESSAGES, isProActive, type TariffUser } from '@autoradar/core';
import { parseChannelName, realtimeEndpoints } from '@autoradar/contract';
import { DomainError } from '@autoradar/server/domain-error';
import { route } from '../http/route';
import { channelKind } from './protocol';
import { signChannelAuth } from './signatures';

/**
 * Why a user may not join a private channel, or null when they may: their own `private-user.{id}`, and
 * `private-posts.pro` (undelayed new listings, DESIGN §5) while their PRO is active. Public channels need no
 * signature and presence channels are not served, so neither is ever signed.
 */
export function refuseChannel(user: { id: number } & TariffUser, channel: string, now: Date): string | null {
  if (channelKind(channel) !== 'private') return MESSAGES.forbidden;
  const ref = parseChannelName(channel);
  if (ref?.kind === 'user' && ref.id === user.id) return null;
  if (ref?.kind === 'pro-posts') return isProActive(user, now) ? null : MESSAGES.proRequired;
  return MESSAGES.forbidden;
}

/** POST /broadcasting/auth: the bearer token names the user (route() answers 401 without one), the channel decides. */
export function broadcastingAuthRoutes(app: FastifyInstance, credentials: { key: string; secret: string }): void {
  // Encapsulated, so the form parser pusher-js needs here changes no other route.
  void app.register(async (scope) => {
    if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 4_096 },
        (_request, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(String(body))));
        },
      );
    }
    route(scope, realtimeEndpoints.auth, async ({ body, user }) => {
      const refusal = refuseChannel(user, body.channel_name, scope.clock());
      if (refusal !== null) throw new DomainError('forbidden', refusal);
      return { auth: signChannelAuth(credentials, body.socket_id, body.channel_name) };
    });
  });
}
