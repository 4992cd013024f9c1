import { ROLES, URL_MAX_LENGTH } from '@autoradar/core';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ErrorSchema } from './errors';
import { answerList, answerText, DateTimeSchema, EMAIL_MAX_LENGTH, IdSchema, NAME_MAX_LENGTH } from './fields';
import { named } from './schema-names';

/** Spec §3. pro_expired and started_at feed core's isProActive and getTestPeriodState. */
export const UserSchema = named(
  'User',
  z.object({
    id: IdSchema,
    email: answerText(EMAIL_MAX_LENGTH).nullable(),
    has_telegram: z.boolean(),
    roles: answerList(z.enum(ROLES), ROLES.length),
    is_pro: z.boolean(),
    pro_expired: DateTimeSchema.nullable(),
    started_at: DateTimeSchema.nullable(),
    photo_url: answerText(URL_MAX_LENGTH).nullable(),
    name: answerText(NAME_MAX_LENGTH).nullable(),
    first_name: answerText(NAME_MAX_LENGTH).nullable(),
    last_name: answerText(NAME_MAX_LENGTH).nullable(),
    username: answerText(NAME_MAX_LENGTH).nullable(),
  }),
);
export type User = z.infer<typeof UserSchema>;

export const GetUserDataResponseSchema = UserSchema;
export const StartTestPeriodResponseSchema = named('StartTestPeriodResponse', z.object({ data: UserSchema }));

/**
 * Telegram's answer to the mini-app's write-access request (issue 13): whether the bot may message the user
 * (`allows_write_to_pm`), which the notification worker needs before Telegram delivery.
 */
export const WriteAccessSchema = named('WriteAccess', z.object({ allows_write_to_pm: z.boolean() }));
export type WriteAccess = z.infer<typeof WriteAccessSchema>;

export const userEndpoints = {
  /** Run at start when a token exists and forced after login; the answer is the user itself (spec §7). */
  data: defineEndpoint({
    method: 'GET',
    path: '/api/user/data',
    summary: 'The signed-in user',
    auth: 'user',
    responses: { 200: GetUserDataResponseSchema },
  }),
  /** Starts the one 24-hour PRO test period: sets started_at, grants PRO until started_at + 24 h (DESIGN §4). */
  startTestPeriod: defineEndpoint({
    method: 'POST',
    path: '/api/test-period',
    summary: 'Start the free 24-hour PRO test period',
    auth: 'user',
    responses: { 200: StartTestPeriodResponseSchema, 409: ErrorSchema },
  }),
  /** Records the user's answer to Telegram's write-access request; the answer is what is now stored. */
  writeAccess: defineEndpoint({
    method: 'PUT',
    path: '/api/user/write-access',
    summary: 'Record whether the bot may write to the user',
    auth: 'user',
    body: WriteAccessSchema,
    responses: { 200: WriteAccessSchema },
  }),
};
