import type { FastifyInstance, FastifyReply } from 'fastify';
import { FEED_MESSAGES, getDelayCutoff } from '@autoradar/core';
import { contract } from '@autoradar/contract';
import type { Db } from '@autoradar/db';
import { refusalStatus } from '../../http/http-error';
import { route } from '../../http/route';
import { loadShell, type ShellSettings } from '../../plugins/spa';
import { FEED_COUNT_ESTIMATE_TTL_MS, FEED_COUNT_EXACT_CAP, FeedCounter } from './feed-counter';
import { postPageMeta, renderPage } from './post-page';
import { POSTS_MESSAGES } from './posts.messages';
import * as service from './posts.service';
import { ResponseCache } from './response-cache';

export interface PostsDeps {
  db: Db;
  /** The built web app whose shell the listing page reuses. */
  webDistDir: string;
  appName: string;
  /** What the shell tells the client (the same settings as every other page of the app, plugins/spa.ts). */
  shell?: Omit<ShellSettings, 'appName'> | undefined;
  appUrl: string;
  /** Exact counts up to this many matches (tests lower it to reach the estimate). */
  countCap?: number;
  /** Identical search and carousel requests share one answer this long (0: off). */
  cacheTtlMs?: number;
}

export function postsRoutes(app: FastifyInstance, deps: PostsDeps): { invalidate(): void } {
  const ctx: service.PostsContext = {
    db: deps.db,
    counter: new FeedCounter(deps.db, {
      cap: deps.countCap ?? FEED_COUNT_EXACT_CAP,
      ttlMs: FEED_COUNT_ESTIMATE_TTL_MS,
      maxEntries: 5_000,
    }),
    terms: new service.TermCache({ ttlMs: 60_000, maxEntries: 5_000 }),
  };
  const viewer = (user: service.Viewer['user']): service.Viewer => ({ user, now: app.clock() });
  const posts = contract.posts;

  // Answers differ only by tariff (the delay and isNew), never by person, so that is all the key holds besides the body.
  const cache = new ResponseCache<unknown>({
    ttlMs: deps.cacheTtlMs ?? 0,
    maxEntries: 2_000,
    now: () => app.clock().getTime(),
  });
  const cached = <T>(name: string, v: service.Viewer, body: unknown, load: () => Promise<T>): Promise<T> =>
    cache.get(
      JSON.stringify([name, getDelayCutoff(v.user, v.now) === null ? 'pro' : 'basic', body]),
      load,
    ) as Promise<T>;

  route(app, posts.search, async ({ body, user }) => {
    const v = viewer(user);
    return cached('search', v, body, () => service.searchPosts(ctx, body, v));
  });
  route(app, posts.countNew, async ({ body, user }) => {
    const v = viewer(user);
    return cached('count-new', v, body, () => service.countNewPosts(ctx, body, v));
  });
  route(app, posts.featured, async ({ user }) => {
    const v = viewer(user);
    return cached('featured', v, null, () => service.getFeatured(ctx, v));
  });
  route(app, posts.my, async ({ user }) => service.getMyPosts(ctx, user.id, viewer(user)));
  route(app, posts.get, async ({ params, user }) => service.getPost(ctx, params.id, viewer(user)));
  route(app, posts.notes, async ({ body, user }) => service.getNotes(ctx, body.ids, viewer(user)));

  // The page answers browsers: its 404 is the app shell too (the SPA shows its own not-found screen).
  const shell = loadShell(deps.webDistDir, { ...deps.shell, appName: deps.appName });
  const notFoundPage = () =>
    renderPage(shell, {
      title: FEED_MESSAGES.postNotFound,
      description: FEED_MESSAGES.postNotFound,
      image: null,
      url: deps.appUrl,
      siteName: deps.appName,
    });
  void app.register(async (scope) => {
    // A malformed id fails in route() before the handler: answer it as a page as well.
    scope.setErrorHandler((error, _request, reply) => {
      if (refusalStatus(error) === 404) return sendPage(reply, 404, notFoundPage());
      throw error;
    });
    route(scope, posts.page, async ({ params, user, reply }) => {
      const lookup = await service.lookUpPost(ctx, params.id, viewer(user));
      if (lookup.found === 'none') return sendPage(reply, 404, notFoundPage());
      // Still delayed for this visitor: the page exists (a PRO user's app shows it), the preview stays generic.
      const meta =
        lookup.found === 'visible'
          ? postPageMeta(lookup.row, deps.appUrl, deps.appName)
          : {
              title: POSTS_MESSAGES.delayedPageTitle,
              description: FEED_MESSAGES.postDelayed,
              image: null,
              url: `${deps.appUrl}/posts/${params.id}`,
              siteName: deps.appName,
            };
      return sendPage(reply, 200, renderPage(shell, meta));
    });
  });
  return { invalidate: () => cache.clear() };
}

function sendPage(reply: FastifyReply, status: 200 | 404, html: string): FastifyReply {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
}
