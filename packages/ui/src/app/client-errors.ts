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

/**
 * At most 5 reports a minute from one page, and the same message once a minute: an error in a render loop or a timer
 * must not flood the server (which limits an address to 30 a minute) nor the page's own network.
 */
const REPORTS_PER_WINDOW = 5;
const REPORT_WINDOW_MS = 60_000;
let recentReports: { at: number; message: string }[] = [];

function mayReport(message: string, now: number): boolean {
  recentReports = recentReports.filter((report) => now - report.at < REPORT_WINDOW_MS);
  if (recentReports.length >= REPORTS_PER_WINDOW || recentReports.some((r) => r.message === message)) return false;
  recentReports.push({ at: now, message });
  return true;
}

/** Tests: a fresh page as far as the client-side limit is concerned. */
export function forgetClientErrorReports(): void {
  recentReports = [];
}

/** Sends the report and forgets it: a failed report must not fail anything else. Within the limit above. */
export function reportClientError(error: unknown, now = Date.now()): void {
  try {
    const report = clientErrorReport(error);
    if (!mayReport(report.message, now)) return;
    const { method, path } = routes.clientErrors.report;
    void fetch(path, {
      method,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify(report),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // No fetch (an old browser, a test without DOM): nothing to report with.
  }
}

/**
 * Errors no screen caught: an exception in an event handler or a timer (window `error`) and a promise nobody awaited
 * (`unhandledrejection`) are reported as the error boundary reports a render error. Both apps call it before they
 * render; it returns the function that stops it.
 */
export function reportUncaughtErrors(target: Window = globalThis.window): () => void {
  const onError = (event: ErrorEvent) => {
    // A script of another origin without CORS gives only «Script error.» and nothing to act on.
    if (!event.error && /^Script error\.?$/.test(event.message)) return;
    reportClientError(event.error ?? event.message);
  };
  const onRejection = (event: PromiseRejectionEvent) => reportClientError(event.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
