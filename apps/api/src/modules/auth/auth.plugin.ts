import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { User } from '@autoradar/contract';
import type { Db } from '@autoradar/db';
import { findUserByToken } from './sessions.repo';
import { bearerToken } from './tokens';
import { toUserDto } from '../users/user-dto';

/** The signed-in user as every route sees it: the contract's User (core's tariff rules read the same fields). */
export type AuthUser = User;

declare module 'fastify' {
  interface FastifyInstance {
    auth: { userFromRequest(request: FastifyRequest): Promise<AuthUser | null> };
    /** The one clock of the API; tests inject a fixed or moving one. */
    clock: () => Date;
  }
  interface FastifyRequest {
    authUser?: Promise<AuthUser | null>;
  }
}

export function registerAuth(app: FastifyInstance, deps: { db: Db; clock: () => Date }): void {
  app.decorate('clock', deps.clock);
  app.decorateRequest('authUser', undefined);
  app.decorate('auth', {
    // Resolved once per request, whoever asks first (route guard, realtime auth, a service).
    userFromRequest(request: FastifyRequest) {
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
