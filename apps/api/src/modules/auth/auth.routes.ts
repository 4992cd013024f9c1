import type { FastifyInstance } from 'fastify';
import { contract } from '@autoradar/contract';
import { route } from '../../http/route';
import { revokeAllSessions, revokeSession } from './sessions.repo';
import { bearerToken } from './tokens';
import { createUsedStates } from './used-states';
import {
  checkTelegram,
  clearedStateCookie,
  finishTelegramWidget,
  finishYandex,
  loginTelegram,
  startYandex,
  type AuthDeps,
} from './auth.service';

export function authRoutes(app: FastifyInstance, deps: AuthDeps): void {
  // Per-IP limits on sign-in (answers 429 in Russian through the error handler).
  const limited = { rateLimit: { max: deps.config.authRateLimit, timeWindow: 60_000 } };
  const usedStates = createUsedStates(deps.config.redisUrl);
  app.addHook('onClose', () => usedStates.close());

  route(app, contract.auth.telegramCheck, async ({ body }) => checkTelegram(deps, body.initData, app.clock()), limited);
  route(app, contract.auth.telegramLogin, async ({ body }) => loginTelegram(deps, body.initData, app.clock()), limited);

  route(
    app,
    contract.auth.telegramCallback,
    async ({ query, request, reply }) => {
      const raw = request.raw.url?.split('?')[1] ?? '';
      return reply.redirect(await finishTelegramWidget(deps, raw, query.redirect, app.clock()), 302);
    },
    limited,
  );

  route(
    app,
    contract.auth.yandexRedirect,
    async ({ query, reply }) => {
      const { location, cookie } = startYandex(deps, query.redirect, app.clock());
      if (cookie) reply.header('set-cookie', cookie);
      return reply.redirect(location, 302);
    },
    limited,
  );
  route(
    app,
    contract.auth.yandexCallback,
    async ({ query, request, reply }) => {
      const location = await finishYandex({ ...deps, usedStates }, query, request.headers.cookie, app.clock());
      return reply.header('set-cookie', clearedStateCookie(deps.config)).redirect(location, 302);
    },
    limited,
  );

  route(app, contract.auth.logout, async ({ request }) => {
    const token = bearerToken(request.headers.authorization);
    if (token) await revokeSession(deps.db, token, app.clock());
    return { status: 204, body: undefined };
  });

  route(app, contract.auth.logoutAll, async ({ user }) => {
    await revokeAllSessions(deps.db, user.id, app.clock());
    return { status: 204, body: undefined };
  });
}
