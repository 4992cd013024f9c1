import type { ErrorBody } from '@autoradar/contract';
import { MESSAGES, type ApiFailure } from '@autoradar/core';

/**
 * How a call failed: `status` is the HTTP status, or null when no answer came (offline, DNS, timeout). `body` is the
 * API's one envelope `{message, errors?}` when the answer carried it.
 */
export class ApiError extends Error {
  readonly status: number | null;
  readonly body: ErrorBody | null;

  constructor(status: number | null, body: ErrorBody | null, options?: { cause?: unknown }) {
    super(body?.message ?? (status === null ? MESSAGES.connectionProblem : `HTTP ${status}`), options);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get isNetworkError(): boolean {
    return this.status === null;
  }

  /** The shape core's describe*Error functions read (spec §8 texts). */
  get failure(): ApiFailure {
    return this.status === null ? { kind: 'network' } : { kind: 'response', status: this.status, body: this.body };
  }
}

/**
 * Reads the envelope from an error answer; anything else (a proxy's HTML page, empty body) gives null. The contract's
 * ErrorSchema (classic zod) is loaded with the first failed answer, not with the first screen (issue 32).
 */
export async function readErrorBody(response: Response): Promise<ErrorBody | null> {
  try {
    const [body, { ErrorSchema }] = await Promise.all([
      response.json() as Promise<unknown>,
      import('@autoradar/contract/errors'),
    ]);
    const parsed = ErrorSchema.safeParse(body);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Any thrown value as core's describe*Error functions read it: the API's failure, else an unknown one with its text. */
export function failureOf(error: unknown): ApiFailure {
  return error instanceof ApiError
    ? error.failure
    : { kind: 'unknown', message: error instanceof Error ? error.message : null };
}
