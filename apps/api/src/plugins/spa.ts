import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@autoradar/core';
import { EARLY_CALLS_SCRIPT } from '@autoradar/contract/early-calls';
import { escapeHtml } from '@autoradar/server/escape-html';
import { HTTP_MESSAGES } from '../http/http.messages';

// Serves the built apps from one origin (DESIGN.md §7): web at /, mini-app at /tma/. Client-side routes fall
// back to the app's index.html; the API namespaces answer a JSON 404 instead.

const API_PREFIXES = ['/api/', '/auth/', '/broadcasting/', '/media/', '/apps/'];

/** Where the built apps and the media are, and what their shells tell the client. */
export interface SpaOptions extends ShellSettings {
  webDistDir: string;
  miniappDistDir: string;
  mediaDir: string;
}

/**
 * The Pusher-protocol key and the websocket port the client connects to on plain-http pages; https pages go through
 * the proxy on 443 (spec §7, infra/nginx.conf), whatever port the server listens on inside.
 */
export interface RealtimeSettings {
  key: string;
  port: number;
}

/** Who runs the service and how to reach support; shown on /contacts, /policy and in the support dialog. */
export interface OperatorSettings {
  name: string;
  supportTelegram?: string | undefined;
  supportEmail?: string | undefined;
}

/** What the client reads from `window.__APP_CONFIG__` (packages/ui/src/config.ts). */
export interface ShellSettings {
  appName: string;
  /** The Telegram Login Widget needs the bot's username; without it the login page says Telegram is not set up. */
  botUsername?: string | undefined;
  /**
   * MINIAPP_SHORT_NAME: the mini-app's name in t.me links (`t.me/<bot>/<short name>?startapp=...`, share); told only
   * with a bot username, which such links need.
   */
  miniappShortName?: string | undefined;
  /** Present (true) only when Yandex ID sign-in works here (auth's isYandexConfigured); absent hides its button. */
  yandexEnabled?: boolean | undefined;
  /** OPERATOR_NAME, SUPPORT_TELEGRAM, SUPPORT_EMAIL (config's `operator`): the contacts page, policy and support. */
  operator?: OperatorSettings | undefined;
  /** REVERB_APP_KEY and REVERB_PORT (config's `reverb`): where the client's websocket connects. */
  realtime?: RealtimeSettings | undefined;
}

/** The operator's settings as the client reads them (`operatorName`, `supportTelegram`, `supportEmail`). */
function operatorFields(operator: OperatorSettings | undefined) {
  if (!operator) return {};
  const { name, supportTelegram, supportEmail } = operator;
  return {
    operatorName: name,
    ...(supportTelegram ? { supportTelegram } : {}),
    ...(supportEmail ? { supportEmail } : {}),
  };
}

/**
 * The shell's one inline script: the runtime settings the client reads (`window.__APP_CONFIG__`). The same for every
 * page of a process, so the Content-Security-Policy allows it by its hash (plugins/edge-headers.ts).
 */
export function shellConfigScript(settings: ShellSettings): string {
  const { appName, botUsername, miniappShortName, yandexEnabled, operator, realtime } = settings;
  const client = {
    appName,
    ...(botUsername ? { botUsername } : {}),
    ...(botUsername && miniappShortName ? { miniappShortName } : {}),
    ...(yandexEnabled ? { yandexEnabled } : {}),
    ...operatorFields(operator),
    ...(realtime ? { realtimeKey: realtime.key, realtimePort: realtime.port } : {}),
  };
  return `window.__APP_CONFIG__=${JSON.stringify(client).replace(/</g, '\\u003c')}`;
}

/**
 * The app shell with the runtime settings the client reads (`window.__APP_CONFIG__`), and before them the script that
 * starts a returning user's first calls while the app's code loads (packages/contract early-calls.ts, issue 32). The
 * Content-Security-Policy allows both by their hashes (plugins/edge-headers.ts).
 */
export function loadShell(distDir: string, settings: ShellSettings): string | undefined {
  const file = path.join(distDir, 'index.html');
  if (!existsSync(file)) return undefined;
  const config = `<script>${EARLY_CALLS_SCRIPT}</script><script>${shellConfigScript(settings)}</script>`;
  return readFileSync(file, 'utf8')
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(settings.appName)}</title>`)
    .replace('</head>', `${config}</head>`);
}

/** The same asset URL answers brotli, gzip or plain bytes: caches between us and the browser must key on it. */
const varyByEncoding = (res: { setHeader(name: string, value: string): unknown }) => {
  res.setHeader('vary', 'Accept-Encoding');
};

export async function registerSpa(app: FastifyInstance, opts: SpaOptions): Promise<void> {
  const shells = {
    web: loadShell(opts.webDistDir, opts),
    miniapp: loadShell(opts.miniappDistDir, opts),
  };

  await app.register(fastifyStatic, {
    root: opts.mediaDir,
    prefix: '/media/',
    index: false,
    maxAge: '7d',
    decorateReply: true,
    // Uploads are re-encoded images, but a browser must never guess another type (HTML, script) from their bytes.
    setHeaders: (res) => {
      res.setHeader('x-content-type-options', 'nosniff');
    },
  });
  // Each built app's hashed assets, cached for a year.
  for (const [distDir, prefix] of [
    [opts.webDistDir, '/assets/'],
    [opts.miniappDistDir, '/tma/assets/'],
  ] as const) {
    if (!existsSync(distDir)) continue;
    await app.register(fastifyStatic, {
      root: path.join(distDir, 'assets'),
      prefix,
      index: false,
      immutable: true,
      maxAge: '365d',
      decorateReply: false,
      preCompressed: true, // the build's .br/.gz copies (scripts/precompress-assets.mjs) to browsers that accept them
      setHeaders: varyByEncoding,
    });
  }

  const sendShell = (reply: FastifyReply, which: 'web' | 'miniapp') => {
    const html = shells[which];
    if (!html) {
      return reply
        .status(503)
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="ru"><meta charset="utf-8"><title>${HTTP_MESSAGES.uiNotBuiltTitle}</title><p>${HTTP_MESSAGES.uiNotBuilt}</p></html>`,
        );
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  };

  app.get('/', (_req, reply) => sendShell(reply, 'web'));
  app.get('/tma', (_req, reply) => reply.redirect('/tma/'));
  app.get('/tma/', (_req, reply) => sendShell(reply, 'miniapp'));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return reply.status(404).send({ message: MESSAGES.notFound });
    if (API_PREFIXES.some((p) => url.startsWith(p)) || url.startsWith('/assets/') || url.startsWith('/tma/assets/')) {
      return reply.status(404).send({ message: MESSAGES.notFound });
    }
    return sendShell(reply, url.startsWith('/tma/') ? 'miniapp' : 'web');
  });
}
