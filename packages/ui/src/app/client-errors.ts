import type { ClientErrorReport } from '@autoradar/contract';
import {
  CLIENT_ERROR_MESSAGE_MAX_LENGTH,
  CLIENT_ERROR_STACK_MAX_LENGTH,
} from '@autoradar/contract/client-error-limits';
import { routes } from '@autoradar/contract/routes';
import { URL_MAX_LENGTH } from '@autoradar/core';
import { numberSchema, storedValue } from '../store/stored-value';

// What the apps do with an error a screen throws (issue 31): a chunk that no longer exists after a deploy reloads the
// page once, anything else is reported to the server (POST /api/client-errors) and shown as «Что-то пошло не так».

/** The messages browsers give a dynamic import or a preload that failed (Chromium, Firefox, Safari, Vite). */
const CHUNK_FAILED =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading (?:CSS )?chunk \S+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILED.test(`${error.name}: ${error.message}`);
}

/** When the page last reloaded itself for a missing chunk, in this tab: a second failure soon after shows the screen. */
const lastChunkReload = storedValue('autoradar:chunk-reload', numberSchema, {
  fallback: () => 0,
  format: 'text',
  area: 'session',
});
const RELOAD_GUARD_MS = 60_000;

/**
 * Reloads the page once for a chunk that failed to load (a deploy replaced it): true when the reload is under way.
 * False when the page reloaded itself for the same reason less than a minute ago, so it never loops.
 */
export function reloadOnceForChunk(error: unknown, now = Date.now(), reload = () => globalThis.location.reload()) {
  if (!isChunkLoadError(error)) return false;
  if (now - lastChunkReload.read() < RELOAD_GUARD_MS) return false;
  lastChunkReload.write(now);
  reload();
  return true;
}

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** The report of an error, within the contract's bounds; the address without its fragment (a token may be there). */
export function clientErrorReport(error: unknown, href = globalThis.location?.href ?? ''): ClientErrorReport {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const stack = error instanceof Error && error.stack ? cut(error.stack, CLIENT_ERROR_STACK_MAX_LENGTH) : null;
  return {
    message: cut(message, CLIENT_ERROR_MESSAGE_MAX_LENGTH) || 'Error',
    url: cut(href.split('#')[0] ?? '', URL_MAX_LENGTH),
    stack,
  };
}

/** Sends the report and forgets it: a failed report must not fail anything else. */
export function reportClientError(error: unknown): void {
  try {
    const { method, path } = routes.clientErrors.report;
    void fetch(path, {
      method,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify(clientErrorReport(error)),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // No fetch (an old browser, a test without DOM): nothing to report with.
  }
}
