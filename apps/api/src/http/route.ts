import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MESSAGES, isAdmin, isProActive } from '@autoradar/core';
import { parseWithContract, type EndpointDefinition } from '@autoradar/contract';
import { ImageRejectedError } from '@autoradar/server/media/image';
import type { AuthUser } from './auth-user';
import { refusalOf, HttpError } from './http-error';
import { readMultipartBody } from './multipart';
import { userLimiter } from './rate-limits';

// Every HTTP route is registered from its contract entry (STYLE.md habit 2): the path and method come from the
// contract, input is parsed with its schemas (Russian 422s), the auth level is checked on the server, and the
// answer is parsed with the response schema, so a column the contract does not name never leaves the server.

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type DeclaredStatus<E extends EndpointDefinition> = Extract<keyof E['responses'], number>;

export interface RouteContext<E extends EndpointDefinition> {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
  /** The signed-in user; non-null whenever the endpoint's auth level is above guest. */
  user: E['auth'] extends 'guest' ? AuthUser | null : AuthUser;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** An answer the contract declares; 200 may be returned as the bare body, refusals are thrown (DomainError). */
export type RouteResult<E extends EndpointDefinition> =
  | z.input<E['responses'][200 & keyof E['responses']]>
  | { [S in DeclaredStatus<E>]: { status: S; body: z.input<E['responses'][S]> } }[DeclaredStatus<E>]
  | FastifyReply;

export type RouteHandler<E extends EndpointDefinition> = (ctx: RouteContext<E>) => Promise<RouteResult<E>>;

const CONTRACT_ROUTE = Symbol('contractRoute');

export function isContractRoute(config: unknown): boolean {
  return typeof config === 'object' && config !== null && CONTRACT_ROUTE in config;
}

function isStatusResult(value: unknown): value is { status: number; body: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    'body' in value &&
    Object.keys(value).length === 2
  );
}

function parseInput(schema: z.ZodType | undefined, data: unknown, where: 'params' | 'query' | 'body'): unknown {
  if (!schema) return undefined;
  const parsed = parseWithContract(schema, data ?? (where === 'body' ? undefined : {}));
  if (!parsed.success) {
    // A path parameter that does not parse names no resource: a 404, as for an unknown id.
    if (where === 'params') throw new HttpError(404, MESSAGES.notFound);
    throw new HttpError(422, parsed.error.message, parsed.error.errors);
  }
  return parsed.data;
}

/** Errors a lower layer throws in its own terms (DomainError, an image refused), as the HTTP answer they mean. */
function toHttpError(err: unknown): unknown {
  if (err instanceof ImageRejectedError) return new HttpError(422, err.message, { [err.field]: [err.message] });
  return refusalOf(err) ?? err;
}

export function checkAuthLevel(level: EndpointDefinition['auth'], user: AuthUser | null, now: Date): void {
  if (level === 'guest') return;
  if (!user) throw new HttpError(401, MESSAGES.unauthenticated);
  if (level === 'pro' && !isProActive(user, now)) throw new HttpError(403, MESSAGES.proRequired);
  if (level === 'admin' && !isAdmin(user)) throw new HttpError(403, MESSAGES.forbidden);
}

export interface RouteOptions {
  /**
   * Limit for this route (@fastify/rate-limit): `max` per `timeWindow` from one address, and `perUser` per window
   * from one signed-in user when given, counted across the routes of one `group` (http/rate-limits.ts). Answers 429
   * with a Russian message.
   */
  rateLimit?: { max: number; timeWindow: number; perUser?: number; group?: string };
  /** The largest body this route reads, in bytes (Fastify's default is the app's bodyLimit). */
  bodyLimit?: number;
}

export function route<E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  handler: RouteHandler<E>,
  options: RouteOptions = {},
): void {
  const { rateLimit, bodyLimit } = options;
  const perUser =
    rateLimit?.perUser === undefined
      ? undefined
      : userLimiter(app, rateLimit.group ?? `${endpoint.method} ${endpoint.path}`, {
          ip: rateLimit.max,
          user: rateLimit.perUser,
          windowMs: rateLimit.timeWindow,
        });
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(bodyLimit ? { bodyLimit } : {}),
    config: {
      [CONTRACT_ROUTE]: true,
      ...(rateLimit ? { rateLimit: { max: rateLimit.max, timeWindow: rateLimit.timeWindow } } : {}),
    },
    handler: async (request, reply) => {
      const user = await app.auth.userFromRequest(request);
      checkAuthLevel(endpoint.auth, user, app.clock());
      const params = parseInput(endpoint.params, request.params, 'params');
      const query = parseInput(endpoint.query, request.query, 'query');
      const rawBody = endpoint.multipart ? await readMultipartBody(request) : request.body;
      const input = parseInput(endpoint.body, rawBody, 'body');
      // Counted once the input parsed: a malformed request costs only its address's count.
      if (perUser && user) await perUser(request, reply);
      const ctx = { params, query, body: input, user, request, reply } as RouteContext<E>;
      const result: unknown = await handler(ctx).catch((err: unknown) => {
        throw toHttpError(err);
      });
      if (result === reply || reply.sent) return reply;
      const { status, body } = isStatusResult(result) ? result : { status: 200, body: result };
      const schema = endpoint.responses[status];
      if (!schema) throw new Error(`${endpoint.method} ${endpoint.path}: status ${status} is not in the contract`);
      if (endpoint.html) return reply.status(status).type('text/html; charset=utf-8').send(body);
      const out = schema.safeParse(body);
      if (!out.success) {
        request.log.error(
          { issues: out.error.issues },
          `${endpoint.method} ${endpoint.path}: answer does not match the contract`,
        );
        throw new Error('response does not match the contract');
      }
      return reply.status(status).send(out.data);
    },
  });
}
