import { AsyncLocalStorage } from 'node:async_hooks';

// The request id of the work in progress (issue 30): the API runs each request's handler inside it, so the jobs the
// request creates (notify_jobs, orders) store it in their request_id column without every call passing it along, and
// the worker that sends carries it into the deliveries and its send log line.

const storage = new AsyncLocalStorage<{ requestId: string }>();

export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return storage.run({ requestId }, fn);
}

/** The id of the request this code runs for, or null outside one (a timer, the bot's own update). */
export function currentRequestId(): string | null {
  return storage.getStore()?.requestId ?? null;
}
