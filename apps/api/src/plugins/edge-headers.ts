import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { EARLY_CALLS_SCRIPT } from '@autoradar/contract/early-calls';
import type { Config } from '@autoradar/server/config/config';
import { parseOriginRule } from '@autoradar/server/config/origin-rules';
import { defaultAllowedOrigins, isOriginAllowed } from '../realtime/origins';
import { shellConfigScript, type ShellSettings } from './spa';

// Security headers and CORS of every HTTP answer (issue 31), set once here: @fastify/helmet writes them, this file
// decides their values. HSTS is nginx's (infra/nginx.conf): it belongs where TLS ends, and a plain-HTTP start
// (`pnpm start`) must not send it.

/**
 * Telegram's web clients, which open the mini-app in an iframe: web.telegram.org (its /k/ and /a/ versions),
 * the older webk and webz hosts, and versioned subdomains of web.telegram.org.
 */
export const TELEGRAM_WEB_CLIENTS = [
  'https://web.telegram.org',
  'https://webk.telegram.org',
  'https://webz.telegram.org',
  'https://*.web.telegram.org',
];

/**
 * Third parties the apps load from: the Telegram Login Widget and the Telegram post widget (telegram-widget.js from
 * telegram.org; their frames from oauth.telegram.org and t.me), and VK's post widget (openapi.js and its frame).
 */
const TELEGRAM_SCRIPTS = ['https://telegram.org'];
const TELEGRAM_FRAMES = ['https://oauth.telegram.org', 'https://t.me'];
const VK = ['https://vk.com', 'https://*.vk.com'];

/** The mini-app's pages: only these may be framed, and only by Telegram's web clients. */
export function isMiniAppPath(url: string | undefined): boolean {
  const path = (url ?? '/').split('?')[0] ?? '/';
  return path === '/tma' || path.startsWith('/tma/');
}

/** `'sha256-…'` of an inline script, as CSP names it. */
export function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/**
 * Where a page of this deployment opens its websocket (packages/ui realtime/transport.ts): the page's own host, on
 * REVERB_PORT over plain HTTP and on 443 through the proxy over HTTPS. The hosts are the ones allowed to open
 * websockets by default: APP_URL's, and outside production the local names.
 */
export function websocketSources(config: Pick<Config, 'appUrl' | 'env' | 'reverb'>): string[] {
  const sources = new Set<string>();
  const own = new URL(config.appUrl);
  const hosts = defaultAllowedOrigins(config.appUrl, config.env).map((entry) =>
    entry.includes('://') ? own.hostname : entry,
  );
  // CSP has no syntax for an IPv6 address ([::1]); a page opened there reaches only 'self'.
  for (const host of hosts.filter((name) => !name.startsWith('['))) {
    sources.add(`wss://${host}`);
    sources.add(`ws://${host}:${config.reverb.port}`);
  }
  return [...sources];
}

export interface EdgeHeadersOptions {
  config: Pick<Config, 'appUrl' | 'env' | 'reverb'>;
  /** What the app shells tell the client: their inline scripts are allowed by their hashes. */
  shell: ShellSettings;
}

/** The Content-Security-Policy directives of every answer; frame-ancestors depends on the path. */
export function cspDirectives({ config, shell }: EdgeHeadersOptions) {
  const https = new URL(config.appUrl).protocol === 'https:';
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    // The shell's two inline scripts (plugins/spa.ts loadShell), by their hashes.
    'script-src': [
      "'self'",
      scriptHash(EARLY_CALLS_SCRIPT),
      scriptHash(shellConfigScript(shell)),
      ...TELEGRAM_SCRIPTS,
      ...VK,
    ],
    'script-src-attr': ["'none'"],
    // The UI kit and the server-rendered pages (the API reference, the payment sandbox) carry inline styles.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Uploads and demo photos from /media, previews as data: and blob: URLs; profile photos from Telegram and
    // Yandex and brand icons an admin gave by address come from other hosts over HTTPS.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    // The API's public origin (a page opened under another local name still calls it) and the websocket.
    'connect-src': ["'self'", new URL(config.appUrl).origin, ...websocketSources(config)],
    'frame-src': [...TELEGRAM_FRAMES, ...VK],
    'frame-ancestors': [(req: IncomingMessage) => (isMiniAppPath(req.url) ? TELEGRAM_WEB_CLIENTS.join(' ') : "'none'")],
    'form-action': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Registers the headers and CORS. CORS answers only the app's own origins, by the rule that decides which pages may
 * open a websocket (realtime/origins.ts): APP_URL, and outside production local pages on any port.
 */
export async function registerEdgeHeaders(app: FastifyInstance, options: EdgeHeadersOptions): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    // The Telegram Login Widget's frame opens its sign-in window as a popup, which must keep its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // The widget's frame and Yandex see the origin, as browsers send it by default.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // nginx sends it (see above).
    strictTransportSecurity: false,
    // Set below: DENY, except on the mini-app's pages, which Telegram's web clients frame.
    xFrameOptions: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (!isMiniAppPath(request.url)) reply.header('x-frame-options', 'DENY');
  });

  const rules = defaultAllowedOrigins(options.config.appUrl, options.config.env).map(parseOriginRule);
  await app.register(cors, {
    // A request without Origin is not a browser's cross-origin call: nothing to answer.
    origin: (origin, callback) => callback(null, origin !== undefined && isOriginAllowed(origin, rules)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    // Calls carry a bearer token, never cookies.
    credentials: false,
    maxAge: 600,
  });
}
