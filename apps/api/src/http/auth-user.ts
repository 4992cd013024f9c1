import type { User } from '@autoradar/contract';

// What route() needs from the app: the signed-in user and the clock. modules/auth/auth.plugin.ts provides them; the
// declarations live here so that http/ depends on nothing above it.

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
