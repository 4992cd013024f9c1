import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from './errors';

// Serves the built apps from one origin (DESIGN.md §7): web at /, mini-app at /tma/. Client-side routes fall
// back to the app's index.html; the API namespaces answer a JSON 404 instead.

const API_PREFIXES = ['/api/', '/auth/', '/broadcasting/', '/media/', '/apps/'];

export interface SpaOptions {
  webDistDir: string;
  miniappDistDir: string;
  mediaDir: string;
  appName: string;
  botUsername?: string | undefined;
}

/** The app shell with the runtime settings the client reads (`window.__APP_CONFIG__`). */
/** What the client reads from `window.__APP_CONFIG__` (packages/ui/src/config.ts). */
export interface ShellSettings {
  appName: string;
  /** The Telegram Login Widget needs the bot's username; without it the login page says Telegram is not set up. */
  botUsername?: string | undefined;
}

export function loadShell(distDir: string, settings: ShellSettings): string | undefined {
  const file = path.join(distDir, 'index.html');
  if (!existsSync(file)) return undefined;
  const { appName, botUsername } = settings;
  const client = botUsername ? { appName, botUsername } : { appName };
  const config = `<script>window.__APP_CONFIG__=${JSON.stringify(client).replace(/</g, '\\u003c')}</script>`;
  return readFileSync(file, 'utf8')
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(appName)}</title>`)
    .replace('</head>', `${config}</head>`);
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export async function registerSpa(app: FastifyInstance, opts: SpaOptions): Promise<void> {
  const shells = {
    web: loadShell(opts.webDistDir, opts),
    miniapp: loadShell(opts.miniappDistDir, opts),
  };

  await app.register(fastifyStatic, { root: opts.mediaDir, prefix: '/media/', index: false, maxAge: '7d', decorateReply: true });
  if (existsSync(opts.webDistDir)) {
    await app.register(fastifyStatic, { root: path.join(opts.webDistDir, 'assets'), prefix: '/assets/', index: false, immutable: true, maxAge: '365d', decorateReply: false });
  }
  if (existsSync(opts.miniappDistDir)) {
    await app.register(fastifyStatic, { root: path.join(opts.miniappDistDir, 'assets'), prefix: '/tma/assets/', index: false, immutable: true, maxAge: '365d', decorateReply: false });
  }

  const sendShell = (reply: FastifyReply, which: 'web' | 'miniapp') => {
    const html = shells[which];
    if (!html) {
      return reply
        .status(503)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><html lang="ru"><meta charset="utf-8"><title>Интерфейс не собран</title><p>Интерфейс не собран: выполните <code>pnpm build</code> и перезапустите сервер.</p></html>');
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  };

  app.get('/', (_req, reply) => sendShell(reply, 'web'));
  app.get('/tma', (_req, reply) => reply.redirect('/tma/'));
  app.get('/tma/', (_req, reply) => sendShell(reply, 'miniapp'));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.status(404).send({ message: MESSAGES.notFound });
    if (API_PREFIXES.some((p) => url.startsWith(p)) || url.startsWith('/assets/') || url.startsWith('/tma/assets/')) {
      return reply.status(404).send({ message: MESSAGES.notFound });
    }
    return sendShell(reply, url.startsWith('/tma/') ? 'miniapp' : 'web');
  });
}
