import { MESSAGES } from '@autoradar/core';

/**
 * What went wrong, in the domain's terms. The API's route() turns the code into a status (apps/api/src/http/
 * http-error.ts, the one table); the bot and the workers read the code and the Russian message as they are.
 */
export type DomainErrorCode =
  | 'bad_request'
  | 'unauthenticated'
  | 'payment_required'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'invalid'
  | 'too_many'
  | 'unavailable';

/** A refusal a service throws: a code, a Russian message for the user and, for a form, the message per field. */
export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const notFound = (message: string = MESSAGES.notFound) => new DomainError('not_found', message);

/** A form that does not pass: `message` above it, `fieldErrors` beside its fields. */
export const invalid = (message: string, fieldErrors?: Record<string, string[]>) =>
  new DomainError('invalid', message, fieldErrors);

/** One field's message under the generic "check the form" heading. */
export const invalidField = (field: string, message: string) =>
  invalid(MESSAGES.validationFailed, { [field]: [message] });
