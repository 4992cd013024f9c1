import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '@autoradar/db';
import type { AuthUser } from '../../http/auth-user';
import { findUserByToken } from './sessions.repo';
import { bearerToken } from './tokens';
import { toUserDto } from '@autoradar/server/users/user-dto';

/** Provides what http/auth-user.ts declares: `app.auth` and `app.clock`. */
export function registerAuth(app: FastifyInstance, deps: { db: Db; clock: () => Date }): void {
  app.decorate('clock', deps.clock);
  app.decorateRequest('authUser', undefined);
  app.decorate('auth', {
    // Resolved once per request, whoever asks first (route guard, realtime auth, a service).
    userFromRequest(request: FastifyRequest): Promise<AuthUser | null> {
      request.authUser ??= (async () => {
        const token = bearerToken(request.headers.authorization);
        if (!token) return null;
        const row = await findUserByToken(deps.db, token, deps.clock());
        return row ? toUserDto(row) : null;
      })();
      return request.authUser;
    },
  });
}
