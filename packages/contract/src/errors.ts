import { MESSAGES, type FieldErrors } from '@autoradar/core';
import { z } from 'zod';
import { answerList, answerText, FIELD_MESSAGES_MAX, FIELD_PATH_MAX_LENGTH, MESSAGE_MAX_LENGTH } from './fields';
import { named } from './schema-names';

/** The one error envelope of every 4xx and 5xx JSON response; `errors` holds 422 field messages by dotted path. */
export const ErrorSchema = named(
  'Error',
  z.object({
    message: answerText(MESSAGE_MAX_LENGTH),
    errors: z
      .record(answerText(FIELD_PATH_MAX_LENGTH), answerList(answerText(MESSAGE_MAX_LENGTH), FIELD_MESSAGES_MAX))
      .optional(),
  }),
);
export type ErrorBody = z.infer<typeof ErrorSchema>;

/**
 * Russian messages for zod's built-in issues, for parses that do not set their own: pass it as the `error` option
 * (`schema.safeParse(data, { error: ruErrorMap })`); parseWithContract does. A module-level z.config would change
 * every other zod user in the process, so the map is opt-in.
 */
export const ruErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? MESSAGES.required : MESSAGES.invalidValue;
    case 'too_big':
      return issue.origin === 'string' && typeof issue.maximum === 'number'
        ? MESSAGES.maxLength(issue.maximum)
        : MESSAGES.invalidValue;
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1 ? MESSAGES.required : MESSAGES.invalidValue;
    case 'invalid_format':
      if (issue.format === 'email') return MESSAGES.invalidEmail;
      if (issue.format === 'datetime' || issue.format === 'date') return MESSAGES.invalidDate;
      return MESSAGES.invalidValue;
    default:
      return MESSAGES.invalidValue;
  }
};

/** Turns zod issues into the envelope: one list of messages per dotted path ('contacts.0.value'). */
export function toErrorBody(issues: readonly z.core.$ZodIssue[]): ErrorBody {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    const messages = (errors[path] ??= []);
    // A field's own check and a core rule over the whole form may refuse the same value with the same words.
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return { message: MESSAGES.validationFailed, errors };
}

/** Field errors of a core rule in the envelope's shape. */
export function fieldErrorsToErrorBody(fieldErrors: FieldErrors): ErrorBody {
  return {
    message: MESSAGES.validationFailed,
    errors: Object.fromEntries(Object.entries(fieldErrors).map(([path, message]) => [path, [message]])),
  };
}

export type ContractParseResult<T> = { success: true; data: T } | { success: false; error: ErrorBody };

/** Parses with Russian messages and answers in the envelope, ready for a 422. */
export function parseWithContract<S extends z.ZodType>(schema: S, data: unknown): ContractParseResult<z.output<S>> {
  const result = schema.safeParse(data, { error: ruErrorMap });
  return result.success
    ? { success: true, data: result.data }
    : { success: false, error: toErrorBody(result.error.issues) };
}
