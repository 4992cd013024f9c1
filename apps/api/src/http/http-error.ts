import { parseId, type IdKind } from '@autoradar/contract';
import { MESSAGES } from '@autoradar/core';

/** An answer other than success, thrown from services and mapped to the one error envelope. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
/**
 * A path id as a number, read with the contract's one parser. The contract's param schemas have already refused
 * anything parseId refuses (route.ts answers 404), so the throw only guards a route registered without them.
 */
export function pathId(text: string, kind: IdKind = 'bigserial', message?: string): number {
  const id = parseId(text, kind);
  if (id === null) throw notFound(message);
  return id;
}

export const unprocessable = (message: string, errors?: Record<string, string[]>) =>
  new HttpError(422, message, errors);
