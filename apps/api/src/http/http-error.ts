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
export const unprocessable = (message: string, errors?: Record<string, string[]>) => new HttpError(422, message, errors);
