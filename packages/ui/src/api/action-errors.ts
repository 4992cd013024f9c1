import type { FieldErrors } from '@autoradar/core';
import { MESSAGES } from '@autoradar/core';
import { ApiError } from './api-error';
import { describeCallError, isOffline } from './atom-with-call';

// How a screen words a failed action (spec §8), and a form's field errors from the API's 422 envelope.

/** No answer: the connection hint; otherwise `fallback` (the spec's text for that action). */
export const describeOr = (fallback: string) => (error: unknown) =>
  isOffline(error) ? MESSAGES.connectionProblem : fallback;

/** The API's own Russian message (why a delete was refused), else the generic text. */
export const describeApiMessage = (error: unknown) =>
  isOffline(error) ? MESSAGES.connectionProblem : describeCallError(error);

/**
 * The first message of each field of a 422 answer, by the form field it belongs to: a nested path ('synonyms.2')
 * belongs to its first segment.
 */
export function fieldErrorsOf(error: unknown): FieldErrors {
  return error instanceof ApiError && error.status === 422 ? firstErrors(error.body?.errors) : {};
}

/** The envelope's field lists (an answer's or a contract parse's), one message per form field. */
export function firstErrors(errors: Record<string, readonly string[]> | undefined): FieldErrors {
  const result: FieldErrors = {};
  for (const [path, messages] of Object.entries(errors ?? {})) {
    const field = path.split('.')[0] ?? path;
    if (messages[0] && !(field in result)) result[field] = messages[0];
  }
  return result;
}
