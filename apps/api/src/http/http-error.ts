import { parseId, type IdKind } from '@autoradar/contract';
import { DomainError, notFound, type DomainErrorCode } from '@autoradar/server/domain-error';

/** An answer other than success, as the HTTP layer sends it in the one error envelope. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

/** The one place a domain refusal becomes a status (services throw DomainError, never a status). */
export const DOMAIN_STATUS: Readonly<Record<DomainErrorCode, number>> = {
  bad_request: 400,
  unauthenticated: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  invalid: 422,
  too_many: 429,
  unavailable: 503,
};

/** A refusal as the HTTP answer it means, or null for anything else (a bug, a database error: a 500). */
export function refusalOf(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
  if (err instanceof DomainError) return new HttpError(DOMAIN_STATUS[err.code], err.message, err.fieldErrors);
  return null;
}

/** The status a thrown error answers with, if it is a refusal (for a scope that answers some statuses as pages). */
export const refusalStatus = (err: unknown): number | undefined => refusalOf(err)?.statusCode;

/**
 * A path id as a number, read with the contract's one parser. The contract's param schemas have already refused
 * anything parseId refuses (route.ts answers 404), so the throw only guards a route registered without them.
 */
export function pathId(text: string, kind: IdKind = 'bigserial', message?: string): number {
  const id = parseId(text, kind);
  if (id === null) throw notFound(message);
  return id;
}
