import type { z } from 'zod';
import { ErrorSchema } from './errors';

export const AUTH_LEVELS = ['guest', 'user', 'pro', 'admin'] as const;
/**
 * guest: anyone (a bearer token, when sent, still identifies the user, e.g. for undelayed listings);
 * user: a valid bearer token; pro: PRO active (core isProActive); admin: the admin role.
 */
export type AuthLevel = (typeof AUTH_LEVELS)[number];

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface EndpointDefinition {
  method: HttpMethod;
  /** Fastify/ts-rest style: '/api/posts/:id'. */
  path: string;
  summary: string;
  auth: AuthLevel;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  responses: Record<number, z.ZodType>;
  /** The body is multipart/form-data (file uploads). */
  multipart?: boolean;
  /** The body may also come form-encoded (pusher-js posts channel auth that way; HTML forms do). */
  formUrlEncoded?: boolean;
  /** A browser navigation answered with a 302 and a Location header. */
  redirect?: boolean;
  /** The 200 answer is a server-rendered HTML page. */
  html?: boolean;
  /** The 200 answer is a file to save (Content-Disposition: attachment). */
  download?: boolean;
  /** Served by the websocket server's port (REVERB_PORT) instead of the HTTP port. */
  server?: 'realtime';
}

export const ERROR_STATUSES = [401, 403, 404, 409, 422, 500, 503] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

/** The error statuses defineEndpoint adds, computed from the definition so clients see them in the type. */
type AddedErrorStatus<E extends EndpointDefinition> = E extends { html: true } | { redirect: true }
  ? never
  : | (E['auth'] extends 'guest' ? never : 401)
    | (E['auth'] extends 'pro' | 'admin' ? 403 : never)
    | (E extends { params: z.ZodType } ? 404 : never)
    | (E extends { body: z.ZodType } | { query: z.ZodType } | { params: z.ZodType } ? 422 : never)
    | 500;

export type Endpoint<E extends EndpointDefinition = EndpointDefinition> = Omit<E, 'responses'> & {
  responses: Omit<{ [S in AddedErrorStatus<E>]: typeof ErrorSchema }, keyof E['responses']> & E['responses'];
};

/**
 * Declares an endpoint and adds the error answers its shape implies, all with the one envelope: 401 when a token is
 * needed, 403 for PRO and admin, 404 when the path names a resource, 422 when there is input to validate, and 500.
 * Pages and redirects answer browsers, so they declare their own answers only.
 */
export function defineEndpoint<const E extends EndpointDefinition>(definition: E): Endpoint<E> {
  if (definition.html || definition.redirect) return definition as unknown as Endpoint<E>;
  const errors: Partial<Record<ErrorStatus, typeof ErrorSchema>> = {};
  if (definition.auth !== 'guest') errors[401] = ErrorSchema;
  if (definition.auth === 'pro' || definition.auth === 'admin') errors[403] = ErrorSchema;
  if (definition.params) errors[404] = ErrorSchema;
  if (definition.body || definition.query || definition.params) errors[422] = ErrorSchema;
  errors[500] = ErrorSchema;
  return { ...definition, responses: { ...errors, ...definition.responses } } as unknown as Endpoint<E>;
}

type SuccessStatus = 200 | 201 | 204 | 302;

/** The typed pieces of an endpoint, for clients and route handlers. */
export type EndpointParams<E> = E extends { params: infer P extends z.ZodType } ? z.input<P> : undefined;
export type EndpointQuery<E> = E extends { query: infer Q extends z.ZodType } ? z.input<Q> : undefined;
export type EndpointBody<E> = E extends { body: infer B extends z.ZodType } ? z.input<B> : undefined;
export type EndpointSuccessStatus<E extends EndpointDefinition> = Extract<keyof E['responses'], SuccessStatus>;
export type EndpointResponse<
  E extends EndpointDefinition,
  S extends keyof E['responses'] = EndpointSuccessStatus<E>,
> = E['responses'][S] extends z.ZodType ? z.output<E['responses'][S]> : never;
