import { MESSAGES } from './messages';

/** The error envelope's fields a client may receive; `error` is what the mini-app sign-in also looks at. */
export interface ApiErrorBody {
  message?: string | null;
  errors?: Record<string, readonly string[]> | null;
  error?: string | null;
}

/** How a call failed, as the UI's API client reports it. */
export type ApiFailure =
  | { kind: 'response'; status: number; body?: ApiErrorBody | null }
  | { kind: 'network' }
  | { kind: 'unknown'; message?: string | null };

/** All validation messages, one per line. */
export function joinValidationErrors(errors: ApiErrorBody['errors']): string {
  return Object.values(errors ?? {})
    .flat()
    .filter((message) => message.trim() !== '')
    .join('\n');
}

const bodyOf = (failure: ApiFailure) => (failure.kind === 'response' ? (failure.body ?? {}) : {});
const text = (value: string | null | undefined) => (value?.trim() ? value : null);

/** Listing form (spec §8): 422 lists every message, other responses 'Ошибка сервера: …', no response a hint. */
export function describeListingError(failure: ApiFailure): string {
  if (failure.kind === 'network') return MESSAGES.connectionProblem;
  if (failure.kind === 'unknown') return MESSAGES.genericError(text(failure.message) ?? MESSAGES.unknownError);
  const body = failure.body ?? {};
  if (failure.status === 422)
    return text(joinValidationErrors(body.errors)) ?? text(body.message) ?? MESSAGES.validationFailed;
  return MESSAGES.serverError(text(body.message) ?? String(failure.status));
}

/**
 * Partner save: the field messages of a 422 first (the envelope's message is only the generic summary), otherwise
 * the server's message, else 'Ошибка сохранения данных'.
 */
export function describePartnerSaveError(failure: ApiFailure): string {
  const body = bodyOf(failure);
  const fieldErrors =
    failure.kind === 'response' && failure.status === 422 ? text(joinValidationErrors(body.errors)) : null;
  return fieldErrors ?? text(body.message) ?? MESSAGES.partnerSaveFailed;
}

/** Payment: the message and the field errors joined, else the generic text. */
export function describePaymentError(failure: ApiFailure): string {
  const body = bodyOf(failure);
  const lines = [text(body.message), text(joinValidationErrors(body.errors))].filter((line) => line !== null);
  return lines.length > 0 ? lines.join('\n') : MESSAGES.paymentFailed;
}

/** Support and inspection: the server's message, else 'Ошибка при отправке формы'. */
export function describeSubmitError(failure: ApiFailure): string {
  return text(bodyOf(failure).message) ?? MESSAGES.submitFailed;
}

/** Mini-app sign-in: the server's error field, else its message, else the unknown-error text. */
export function describeSignInError(failure: ApiFailure): string {
  const body = bodyOf(failure);
  return (
    text(body.error) ??
    text(body.message) ??
    (failure.kind === 'unknown' ? text(failure.message) : null) ??
    MESSAGES.unknownError
  );
}
