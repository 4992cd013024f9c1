import type { FastifyInstance } from 'fastify';
import { contract } from '@autoradar/contract';
import type { Db } from '@autoradar/db';
import { pathId } from '../../http/http-error';
import { route } from '../../http/route';
import { unsubscribeFilter } from '@autoradar/server/notify/filter-switches';
import { escapeHtml } from '@autoradar/server/escape-html';
import { notifyMessages } from '@autoradar/server/notify/notify.messages';

const page = (appName: string, text: string) =>
  `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
  `<meta name="robots" content="noindex"><title>${escapeHtml(appName)}</title></head>` +
  `<body style="font-family:Arial,sans-serif;max-width:560px;margin:48px auto;padding:0 16px">` +
  `<h1 style="font-size:22px">${escapeHtml(appName)}</h1><p>${escapeHtml(text)}</p></body></html>`;

/** The notification e-mail's one-click link: pauses the filter without signing in, the token being the proof. */
export function unsubscribeRoutes(app: FastifyInstance, deps: { db: Db; appName: string }): void {
  route(app, contract.filters.unsubscribe, async ({ params, query }) => {
    const name = await unsubscribeFilter(deps.db, pathId(params.id), query.token);
    return name === undefined
      ? { status: 404, body: page(deps.appName, notifyMessages.unsubscribeInvalid) }
      : { status: 200, body: page(deps.appName, notifyMessages.unsubscribed(name)) };
  });
}
