import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { answerText, MESSAGE_MAX_LENGTH } from './fields';
import { named } from './schema-names';

export const HealthResponseSchema = named('HealthResponse', z.object({ status: z.literal('ok'), db: z.literal('ok') }));

/** Also a valid error envelope (it has `message`), so clients reading errors generically still work. */
export const HealthUnavailableResponseSchema = named(
  'HealthUnavailableResponse',
  z.object({ status: z.literal('error'), db: z.literal('error'), message: answerText(MESSAGE_MAX_LENGTH) }),
);

const check = z.enum(['ok', 'error']);

/** Readiness (issue 30): the database, the migrations this build ships, and Redis when configured (`off` without). */
export const ReadyResponseSchema = named(
  'ReadyResponse',
  z.object({ status: z.literal('ok'), db: z.literal('ok'), migrations: z.literal('ok'), redis: z.enum(['ok', 'off']) }),
);

export const NotReadyResponseSchema = named(
  'NotReadyResponse',
  z.object({
    status: z.literal('error'),
    db: check,
    migrations: check,
    redis: z.enum(['ok', 'error', 'off']),
    message: answerText(MESSAGE_MAX_LENGTH),
  }),
);

export const healthEndpoints = {
  check: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness and database reachability',
    auth: 'guest',
    responses: { 200: HealthResponseSchema, 503: HealthUnavailableResponseSchema },
  }),
  ready: defineEndpoint({
    method: 'GET',
    path: '/api/ready',
    summary: 'Readiness: database, migrations applied, Redis when configured',
    auth: 'guest',
    responses: { 200: ReadyResponseSchema, 503: NotReadyResponseSchema },
  }),
};
