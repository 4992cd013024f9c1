import {
  EARLY_CALLS_GLOBAL,
  EARLY_CALLS_KEY,
  EARLY_MODULES_KEY,
  type EarlyCall,
  type EarlyCallsByPage,
  type EarlyModules,
} from '@autoradar/contract/early-calls';
import type { EndpointDefinition, Route } from '@autoradar/contract';
import { storedReader, storedValue } from '../store/stored-value';

// The calls the page's inline script started before the app's code ran (issue 32; the script and why:
// packages/contract early-calls.ts). The app keeps, for the address it was launched at, the calls its first screen
// makes (`rememberEarlyCall`); at the next launch the API client takes the script's answer for the same call, with
// the same token, in place of a request of its own (`takeEarlyResponse`), once.

interface StartedEarlyCall extends EarlyCall {
  token: string;
  response: Promise<Response>;
}

/** At most this many calls are kept per address: the first screen's, not a session's. */
const MAX_CALLS = 4;

const isCall = (value: unknown): value is EarlyCall => {
  if (!value || typeof value !== 'object') return false;
  const { method, path, body } = value as Record<string, unknown>;
  return typeof method === 'string' && typeof path === 'string' && (body === undefined || typeof body === 'string');
};

const keptCalls = storedValue(
  EARLY_CALLS_KEY,
  storedReader((raw) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
    const pages: EarlyCallsByPage = {};
    for (const [page, calls] of Object.entries(raw as Record<string, unknown>)) {
      if (Array.isArray(calls)) pages[page] = calls.filter(isCall);
    }
    return pages;
  }),
  { fallback: (): EarlyCallsByPage => ({}) },
);

/** The address this launch keeps its first calls for; null when its first screen is not one to start early. */
let launchPage: string | null = null;

/** The entry's word: this launch's first screen is one whose calls the next launch may start early. */
export function keepEarlyCallsForThisLaunch(): void {
  launchPage = typeof window === 'undefined' ? null : window.location.pathname;
}

/** The address this launch keeps its first screen for (the first paint's snapshot too), or null. */
export function earlyCallsLaunchPage(): string | null {
  return launchPage;
}

const sameCall = (a: EarlyCall, b: EarlyCall) => a.method === b.method && a.path === b.path;

/**
 * Keeps a first-screen call for the next launch at this launch's address (replacing the same route's earlier body).
 * The body is the exact JSON the client sends, so the next launch's call matches it only if nothing changed.
 */
export function rememberEarlyCall(route: Route<EndpointDefinition>, body?: unknown): void {
  if (launchPage === null) return;
  const call: EarlyCall = {
    method: route.method,
    path: route.path,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
  const pages = keptCalls.read();
  const calls = pages[launchPage] ?? [];
  const index = calls.findIndex((kept) => sameCall(kept, call));
  if (index >= 0 && calls[index]?.body === call.body) return;
  const next = index >= 0 ? calls.map((kept, i) => (i === index ? call : kept)) : [...calls, call].slice(-MAX_CALLS);
  keptCalls.write({ ...pages, [launchPage]: next });
}

const keptModules = storedValue(
  EARLY_MODULES_KEY,
  storedReader((raw) =>
    raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, EarlyModules>) : undefined,
  ),
  { fallback: (): Record<string, EarlyModules> => ({}) },
);

/** At most this many files are kept: the first screen's chunks, not a session's. */
const MAX_FILES = 40;

/**
 * Keeps, for this launch's address, the code the first screen took besides the entry (issue 32): the scripts and
 * style sheets the lazy chunks brought into the page (Vite's `modulepreload` and `stylesheet` links) beside the
 * entry, with the entry's own address so the next launch asks for them only on the same build. Called once the first
 * screen's content is on screen, so the list is what came before it.
 */
export function rememberEarlyModules(): void {
  if (launchPage === null || typeof document === 'undefined') return;
  const entry = document.querySelector('script[type=module][src]')?.getAttribute('src');
  if (!entry) return;
  const dir = entry.slice(0, entry.lastIndexOf('/') + 1);
  const files = [...document.head.querySelectorAll('link[rel=modulepreload], link[rel=stylesheet]')]
    .map((link) => new URL((link as HTMLLinkElement).href, window.location.href))
    .filter((url) => url.origin === window.location.origin)
    .map((url) => url.pathname)
    .filter((file) => file.startsWith(dir) && /\.(js|css)$/.test(file) && file !== entry);
  const unique = [...new Set(files)].slice(0, MAX_FILES);
  const pages = keptModules.read();
  const kept = pages[launchPage];
  if (kept?.entry === entry && kept.files.join() === unique.join()) return;
  keptModules.write({ ...pages, [launchPage]: { entry, files: unique } });
}

function startedCalls(): StartedEarlyCall[] {
  if (typeof window === 'undefined') return [];
  const started = (window as unknown as Record<string, unknown>)[EARLY_CALLS_GLOBAL];
  return Array.isArray(started) ? (started as StartedEarlyCall[]) : [];
}

/**
 * The answer the inline script already asked for, when it is this very call (method, path, body) with this token;
 * taken once, so a later call of the same route goes to the network.
 */
export function takeEarlyResponse(call: EarlyCall, token: string | undefined): Promise<Response> | undefined {
  const started = startedCalls();
  const index = started.findIndex(
    (early) => sameCall(early, call) && early.body === call.body && early.token === token && token !== undefined,
  );
  if (index < 0) return undefined;
  const [taken] = started.splice(index, 1);
  return taken?.response;
}
