import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './http-error';
import { HTTP_MESSAGES } from './http.messages';

// Limits on the calls that cost someone else work or space: a staff message, a stored photo, a published listing, a
// matcher's filter, a paid report, a log line. Each is counted per client address (before anything is read) and
// per signed-in user (after the input parsed, so a malformed request costs nothing but the address's count). With
// REDIS_URL every instance counts in the same place (app.ts).

export interface RateLimit {
  /** Requests per window from one address. */
  ip: number;
  /** Requests per window from one signed-in user; none for guests. */
  user: number;
  windowMs: number;
}

const MINUTE = 60_000;

export const RATE_LIMITS = {
  support: { ip: 20, user: 10, windowMs: MINUTE },
  inspection: { ip: 20, user: 10, windowMs: MINUTE },
  upload: { ip: 120, user: 60, windowMs: MINUTE },
  publish: { ip: 30, user: 10, windowMs: MINUTE },
  filterWrite: { ip: 60, user: 30, windowMs: MINUTE },
  reportOrder: { ip: 30, user: 10, windowMs: MINUTE },
  clientError: { ip: 30, user: 30, windowMs: MINUTE },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** The limit as the route options take it; `scale` is RATE_LIMIT_SCALE (tests of other things raise it). */
export function limitOf(name: RateLimitName, scale: number): RateLimit {
  const limit = RATE_LIMITS[name];
  return {
    ip: Math.max(1, Math.round(limit.ip * scale)),
    user: Math.max(1, Math.round(limit.user * scale)),
    windowMs: limit.windowMs,
  };
}

/** The 429 every limit answers: how long to wait, in Russian, and the same in Retry-After. */
export function tooManyRequests(retryAfterSeconds: number): HttpError {
  return new HttpError(429, HTTP_MESSAGES.tooManyRetryIn(Math.max(1, retryAfterSeconds)));
}

type Check = ReturnType<FastifyInstance['createRateLimit']>;
/** One count per app and group, whichever of the group's routes asks. */
const checks = new WeakMap<FastifyInstance, Map<string, Check>>();

/**
 * The per-user half of a route's limit: counted under the group (or the route) and the user's id, in the same store
 * as the per-address half. Resolves when the request may go on; throws the 429 (and sets Retry-After) otherwise.
 * Call it for signed-in users only.
 */
export function userLimiter(
  app: FastifyInstance,
  group: string,
  limit: RateLimit,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return async (request, reply) => {
    let byGroup = checks.get(app);
    if (!byGroup) checks.set(app, (byGroup = new Map<string, Check>()));
    let check = byGroup.get(group);
    if (!check) {
      // Created on first use: the plugin is registered before any route is called.
      check = app.createRateLimit({
        max: limit.user,
        timeWindow: limit.windowMs,
        keyGenerator: async (req) => `user:${(await app.auth.userFromRequest(req))?.id ?? 'guest'}:${group}`,
      });
      byGroup.set(group, check);
    }
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      const seconds = Math.max(1, result.ttlInSeconds);
      void reply.header('retry-after', String(seconds));
      throw tooManyRequests(seconds);
    }
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** RATE_LIMIT_SCALE: multiplies every limit of RATE_LIMITS (app.ts). */
    rateLimitScale: number;
  }
}

/** The route options of a named limit, one user count for all its routes: `route(app, endpoint, handler, limited(app, 'publish'))`. */
export function limited(app: FastifyInstance, name: RateLimitName) {
  const limit = limitOf(name, app.hasDecorator('rateLimitScale') ? app.rateLimitScale : 1);
  return { rateLimit: { max: limit.ip, timeWindow: limit.windowMs, perUser: limit.user, group: name } };
}
