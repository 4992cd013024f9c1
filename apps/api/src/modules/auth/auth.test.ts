import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sign } from '@telegram-apps/init-data-node';
import { contract } from '@autoradar/contract';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { buildTestApp, testClock, testConfig } from '../../testing/test-app';
import { readError, readJson } from '../../testing/read-json';
import { startFakeYandex } from '../../testing/fake-yandex';
import { signInitData, signWidget } from '../../testing/telegram-signatures';

const BOT_TOKEN = '7000000001:AAH-test-bot-token-for-signatures-0001';
const JSON_HEADERS = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };

const tgUser = (id: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id,
    first_name: 'Иван',
    last_name: 'Петров',
    username: 'ivan_p',
    language_code: 'ru',
    photo_url: 'https://t.me/i/userpic/320/ivan.jpg',
    ...extra,
  });

describeEachDb('identity', (getDb) => {
  let app: FastifyInstance;
  let yandex: Awaited<ReturnType<typeof startFakeYandex>>;
  const clock = testClock(new Date('2026-11-21T12:00:00Z'));
  const nowSec = () => String(Math.floor(clock().getTime() / 1000));

  beforeAll(async () => {
    yandex = await startFakeYandex({ clientId: 'yandex-client', clientSecret: 'yandex-secret' });
    app = await buildTestApp(getDb(), {
      clock,
      config: testConfig({
        BOT_TOKEN,
        APP_URL: 'https://autoradar.example',
        YANDEX_CLIENT_ID: 'yandex-client',
        YANDEX_CLIENT_SECRET: 'yandex-secret',
        YANDEX_OAUTH_URL: yandex.url,
        YANDEX_LOGIN_URL: yandex.url,
        AUTH_RATE_LIMIT: '1000',
      }),
    });
  });
  afterAll(async () => {
    await app.close();
    await yandex.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload: payload as object, headers: { ...JSON_HEADERS, ...headers } });

  describe('mini-app initData', () => {
    it('check -> exists:false -> login -> token -> user/data -> logout -> user/data is 401', async () => {
      const initData = signInitData({ auth_date: nowSec(), query_id: 'AAE1', user: tgUser(5_123_456_789) }, BOT_TOKEN);

      const check = await post('/api/auth/telegram/check', { initData });
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({ exists: false });

      const login = await post('/api/auth/telegram/login', { initData });
      expect(login.statusCode).toBe(200);
      const { token } = readJson(login, contract.auth.telegramLogin);
      expect(token).toMatch(/^[\w-]{43}$/);

      const auth = { authorization: `Bearer ${token}` };
      const me = await app.inject({ method: 'GET', url: '/api/user/data', headers: { ...JSON_HEADERS, ...auth } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({
        has_telegram: true,
        email: null,
        roles: [],
        is_pro: false,
        pro_expired: null,
        started_at: null,
        first_name: 'Иван',
        last_name: 'Петров',
        username: 'ivan_p',
        name: 'Иван Петров',
        photo_url: 'https://t.me/i/userpic/320/ivan.jpg',
      });

      const again = await post('/api/auth/telegram/check', { initData });
      expect(again.json()).toMatchObject({ exists: true, token: expect.any(String) as string });

      expect((await post('/api/logout', {}, auth)).statusCode).toBe(204);
      const after = await app.inject({ method: 'GET', url: '/api/user/data', headers: { ...JSON_HEADERS, ...auth } });
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ message: 'Требуется авторизация' });
    });

    it('accepts initData signed by the tma.js library too, and refreshes a known user profile', async () => {
      const initData = sign(
        {
          user: { id: 5_123_456_789, first_name: 'Иван', last_name: 'Сидоров', username: 'ivan_s' },
          query_id: 'AAE2',
        },
        BOT_TOKEN,
        clock(),
      );
      const res = await post('/api/auth/telegram/login', { initData });
      expect(res.statusCode).toBe(200);
      const me = await app.inject({
        method: 'GET',
        url: '/api/user/data',
        headers: { authorization: `Bearer ${readJson(res, contract.auth.telegramLogin).token}` },
      });
      expect(me.json()).toMatchObject({ last_name: 'Сидоров', username: 'ivan_s' });
    });

    const good = () => ({ auth_date: nowSec(), query_id: 'AAE3', user: tgUser(42) });
    const cases: [string, () => string, string][] = [
      [
        'a tampered field',
        () => signInitData(good(), BOT_TOKEN).replace('%22id%22%3A42', '%22id%22%3A43'),
        'Не удалось проверить данные Telegram',
      ],
      [
        'a wrong bot token',
        () => signInitData(good(), '7000000001:AAH-another-bots-token-000000000000'),
        'Не удалось проверить данные Telegram',
      ],
      [
        'a missing hash',
        () => new URLSearchParams(good()).toString(),
        'Данные Telegram не подписаны: откройте приложение из Telegram',
      ],
      [
        'an old auth_date',
        () => signInitData({ ...good(), auth_date: String(Number(nowSec()) - 86_401) }, BOT_TOKEN),
        'Данные Telegram устарели: закройте и снова откройте приложение',
      ],
      [
        'a duplicated key',
        () => `${signInitData(good(), BOT_TOKEN)}&user=${encodeURIComponent(tgUser(1))}`,
        'Не удалось проверить данные Telegram',
      ],
      [
        'non-UTF-8 junk',
        () => `user=%FF%FE%00&auth_date=%C3%28&\u0000\uFFFF&hash=${'a'.repeat(64)}`,
        'Не удалось проверить данные Telegram',
      ],
      [
        'a signed payload without a user',
        () => signInitData({ auth_date: nowSec(), query_id: 'x' }, BOT_TOKEN),
        'В данных Telegram нет пользователя: откройте приложение из чата с ботом',
      ],
    ];
    for (const [title, make, message] of cases) {
      it(`rejects ${title} with 401 and a clear message`, async () => {
        for (const url of ['/api/auth/telegram/check', '/api/auth/telegram/login']) {
          const res = await post(url, { initData: make() });
          expect(res.statusCode, url).toBe(401);
          expect(res.json(), url).toEqual({ message });
        }
      });
    }

    it('signs in when Telegram sends a NUL in the name, and stores the name without it', async () => {
      const initData = signInitData(
        {
          auth_date: nowSec(),
          query_id: 'AAE4',
          user: tgUser(5_123_000_111, {
            first_name: 'Ив\u0000ан',
            last_name: 'Пет\u0000ров\u0085',
            username: 'iv\u0000an',
          }),
        },
        BOT_TOKEN,
      );
      const res = await post('/api/auth/telegram/login', { initData });
      expect(res.statusCode).toBe(200);
      const me = await app.inject({
        method: 'GET',
        url: '/api/user/data',
        headers: { authorization: `Bearer ${readJson(res, contract.auth.telegramLogin).token}` },
      });
      expect(me.json()).toMatchObject({
        first_name: 'Иван',
        last_name: 'Петров',
        username: 'ivan',
        name: 'Иван Петров',
      });
      const check = await post('/api/auth/telegram/check', { initData });
      expect(check.json()).toMatchObject({ exists: true, token: expect.any(String) as string });
    });

    it('answers a body without initData with 422, not 500', async () => {
      const res = await post('/api/auth/telegram/login', { initData: 12 });
      expect(res.statusCode).toBe(422);
      expect(readError(res).errors).toHaveProperty('initData');
    });
  });

  describe('Telegram Login Widget', () => {
    const widgetFields = () => ({
      id: '6000000007',
      first_name: 'Мария',
      username: 'maria',
      photo_url: 'https://t.me/i/userpic/maria.jpg',
      auth_date: nowSec(),
    });

    it('signs in with data hashed the documented way and keeps the redirect, token in the fragment', async () => {
      const query = `${signWidget(widgetFields(), BOT_TOKEN)}&redirect=${encodeURIComponent('/posts/15?from=login')}`;
      const res = await app.inject({ method: 'GET', url: `/auth/telegram/callback?${query}` });
      expect(res.statusCode).toBe(302);
      const location = String(res.headers.location);
      expect(location).toMatch(/^\/posts\/15\?from=login#token=[\w-]{43}$/);
      const token = decodeURIComponent(location.split('#token=')[1]!);
      const me = await app.inject({
        method: 'GET',
        url: '/api/user/data',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.json()).toMatchObject({ first_name: 'Мария', username: 'maria', has_telegram: true });
    });

    it('refuses one changed field, back to the login page with the reason', async () => {
      const query = signWidget(widgetFields(), BOT_TOKEN).replace('username=maria', 'username=mallory');
      const res = await app.inject({ method: 'GET', url: `/auth/telegram/callback?${query}&redirect=%2Fprofile` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(
        `/login?redirect=%2Fprofile#error=${encodeURIComponent('Не удалось проверить вход через Telegram: попробуйте ещё раз')}`,
      );
    });

    it('refuses an open redirect', async () => {
      const query = `${signWidget(widgetFields(), BOT_TOKEN)}&redirect=${encodeURIComponent('//evil.example/x')}`;
      const res = await app.inject({ method: 'GET', url: `/auth/telegram/callback?${query}` });
      expect(res.statusCode).toBe(422);
    });

    it('returns to a Cyrillic path, percent-encoded in the Location header', async () => {
      for (const redirect of ['/search?q=Лада', '/ж']) {
        const query = `${signWidget(widgetFields(), BOT_TOKEN)}&redirect=${encodeURIComponent(redirect)}`;
        const res = await app.inject({ method: 'GET', url: `/auth/telegram/callback?${query}` });
        expect(res.statusCode, redirect).toBe(302);
        const location = String(res.headers.location);
        expect(location).toMatch(/^[\x21-\x7e]+#token=[\w-]{43}$/);
        expect(decodeURI(location.split('#')[0]!)).toBe(redirect);
      }
    });

    it('refuses a redirect with control characters with 422 in Russian', async () => {
      for (const redirect of ['/\u0001x', '/a\u007fb']) {
        const query = `${signWidget(widgetFields(), BOT_TOKEN)}&redirect=${encodeURIComponent(redirect)}`;
        const res = await app.inject({ method: 'GET', url: `/auth/telegram/callback?${query}` });
        expect(res.statusCode, JSON.stringify(redirect)).toBe(422);
        expect(res.json()).toMatchObject({ errors: { redirect: ['Некорректное значение'] } });
      }
    });

    it('drops a fragment of the redirect, which would hide the token', async () => {
      const query = `${signWidget(widgetFields(), BOT_TOKEN)}&redirect=${encodeURIComponent('/posts/15#photos')}`;
      const res = await app.inject({ method: 'GET', url: `/auth/telegram/callback?${query}` });
      expect(String(res.headers.location)).toMatch(/^\/posts\/15#token=[\w-]{43}$/);
    });

    it('returns a malformed callback (a short hash, a word for an id or a date) to the login page, not JSON', async () => {
      const signed = new URLSearchParams(signWidget(widgetFields(), BOT_TOKEN));
      const variants = [
        (p: URLSearchParams) => p.set('hash', 'xyz'),
        (p: URLSearchParams) => p.set('hash', p.get('hash')!.toUpperCase()),
        (p: URLSearchParams) => p.set('id', 'abc'),
        (p: URLSearchParams) => p.set('auth_date', 'yesterday'),
      ];
      for (const change of variants) {
        const params = new URLSearchParams(signed);
        change(params);
        const res = await app.inject({
          method: 'GET',
          url: `/auth/telegram/callback?${params.toString()}&redirect=%2Fnotes`,
        });
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe(
          `/login?redirect=%2Fnotes#error=${encodeURIComponent('Не удалось проверить вход через Telegram: попробуйте ещё раз')}`,
        );
      }
    });

    it('signs in with control characters in the signed names and stores them without', async () => {
      const fields = {
        ...widgetFields(),
        id: '6000000099',
        first_name: 'Ма\u0000рия',
        last_name: `\u0001${'щ'.repeat(300)}`,
        username: 'maria\u007f',
      };
      const res = await app.inject({
        method: 'GET',
        url: `/auth/telegram/callback?${signWidget(fields, BOT_TOKEN)}`,
      });
      expect(res.statusCode).toBe(302);
      const token = decodeURIComponent(String(res.headers.location).split('#token=')[1]!);
      const me = readJson(
        await app.inject({ method: 'GET', url: '/api/user/data', headers: { authorization: `Bearer ${token}` } }),
        contract.user.data,
      );
      expect(me).toMatchObject({ first_name: 'Мария', username: 'maria', last_name: 'щ'.repeat(255) });
    });
  });

  describe('Yandex ID', () => {
    const profile = {
      id: '1130000012345678',
      login: 'olga.s',
      default_email: 'olga@yandex.ru',
      emails: ['olga@yandex.ru'],
      first_name: 'Ольга',
      last_name: 'Смирнова',
      real_name: 'Ольга Смирнова',
      default_avatar_id: '131652443',
      is_avatar_empty: false,
    };

    /** The browser presses «Войти через Яндекс»: the state Yandex will send back, and the cookie it keeps. */
    async function start(redirect = '/search') {
      const res = await app.inject({
        method: 'GET',
        url: `/auth/yandex/redirect?redirect=${encodeURIComponent(redirect)}`,
      });
      expect(res.statusCode).toBe(302);
      const url = new URL(String(res.headers.location));
      expect(`${url.origin}${url.pathname}`).toBe(`${yandex.url}/authorize`);
      expect(url.searchParams.get('client_id')).toBe('yandex-client');
      expect(url.searchParams.get('response_type')).toBe('code');
      expect(url.searchParams.get('redirect_uri')).toBe('https://autoradar.example/auth/yandex/callback');
      const setCookie = String(res.headers['set-cookie']);
      return { state: url.searchParams.get('state')!, setCookie, cookie: setCookie.split(';')[0]! };
    }

    /** Yandex sends the browser back; `cookie` is what that browser holds (none for another browser). */
    const callback = (query: string, cookie?: string) =>
      app.inject({ method: 'GET', url: `/auth/yandex/callback?${query}`, headers: cookie ? { cookie } : {} });

    const tokenOf = (location: string) => decodeURIComponent(location.split('#token=')[1]!);
    const userOf = async (location: string) =>
      readJson(
        await app.inject({
          method: 'GET',
          url: '/api/user/data',
          headers: { authorization: `Bearer ${tokenOf(location)}` },
        }),
        contract.user.data,
      );

    it('runs the whole flow: authorize, consent, code exchange, profile, user with e-mail, token in the fragment', async () => {
      const { state, cookie } = await start('/notes');
      const code = yandex.issueCode(profile);
      const res = await callback(`code=${code}&state=${encodeURIComponent(state)}`, cookie);
      expect(res.statusCode).toBe(302);
      const location = String(res.headers.location);
      expect(location).toMatch(/^\/notes#token=[\w-]{43}$/);
      expect(await userOf(location)).toMatchObject({
        email: 'olga@yandex.ru',
        has_telegram: false,
        name: 'Ольга Смирнова',
        first_name: 'Ольга',
        username: 'olga.s',
      });
      expect(yandex.requests.at(-1)?.auth).toMatch(/^OAuth y0_/);
      // The callback spends the cookie.
      expect(String(res.headers['set-cookie'])).toMatch(
        /^autoradar_yandex_state=; Path=\/auth\/yandex\/callback; Max-Age=0/,
      );
    });

    it('binds the state to an HttpOnly, SameSite=Lax cookie sent only to the callback', async () => {
      const { state, setCookie } = await start();
      const [pair, ...attributes] = setCookie.split('; ');
      const nonce = pair!.split('=')[1]!;
      expect(nonce).toMatch(/^[\w-]{22}$/);
      expect(attributes).toEqual(['Path=/auth/yandex/callback', 'Max-Age=600', 'HttpOnly', 'SameSite=Lax', 'Secure']);
      // The cookie holds the state's nonce, not the state: the link alone signs no one in.
      expect(state).not.toContain(nonce);
    });

    it('returns a callback opened in another browser to the login page, exchanging nothing', async () => {
      const victim = await start('/pay');
      const attacker = await start('/pay');
      const calls = yandex.requests.length;
      const code = yandex.issueCode(profile);
      const message = `/login?redirect=%2Fpay#error=${encodeURIComponent(
        'Вход через Яндекс нужно завершить в том же браузере, где он начат: войдите ещё раз',
      )}`;
      // No cookie at all, and the cookie of a flow the other browser started itself.
      for (const cookie of [undefined, attacker.cookie, 'autoradar_yandex_state=']) {
        const res = await callback(`code=${code}&state=${encodeURIComponent(victim.state)}`, cookie);
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe(message);
      }
      expect(yandex.requests.length).toBe(calls);
      // The browser that started the flow still finishes it.
      const own = await callback(`code=${code}&state=${encodeURIComponent(victim.state)}`, victim.cookie);
      expect(String(own.headers.location)).toMatch(/^\/pay#token=/);
    });

    it('lets a state sign in once: replaying the callback fails, exchanging nothing', async () => {
      const { state, cookie } = await start('/notes');
      const first = await callback(`code=${yandex.issueCode(profile)}&state=${encodeURIComponent(state)}`, cookie);
      expect(String(first.headers.location)).toMatch(/^\/notes#token=/);
      const calls = yandex.requests.length;
      const again = await callback(`code=${yandex.issueCode(profile)}&state=${encodeURIComponent(state)}`, cookie);
      expect(again.headers.location).toBe(
        `/login?redirect=%2Fnotes#error=${encodeURIComponent('Эта ссылка входа через Яндекс уже использована: войдите ещё раз')}`,
      );
      expect(yandex.requests.length).toBe(calls);
    });

    it('returns to a Cyrillic path, percent-encoded in the Location header', async () => {
      for (const redirect of ['/search?q=Лада', '/ж']) {
        const { state, cookie } = await start(redirect);
        const res = await callback(`code=${yandex.issueCode(profile)}&state=${encodeURIComponent(state)}`, cookie);
        expect(res.statusCode).toBe(302);
        const location = String(res.headers.location);
        expect(location).toMatch(/^[\x21-\x7e]+$/);
        expect(decodeURI(location.split('#')[0]!)).toBe(redirect);
      }
    });

    it('stores the Yandex names without control characters', async () => {
      const { state, cookie } = await start();
      const odd = {
        ...profile,
        id: '1130000099999999',
        first_name: 'Ол\u0000ьга',
        last_name: `Смир\u0007нова${'я'.repeat(400)}`,
        real_name: '\u0000Ольга\u001b Смирнова',
        login: 'olga\u0000s',
        default_email: 'olga\u0000@yandex.ru',
      };
      const res = await callback(`code=${yandex.issueCode(odd)}&state=${encodeURIComponent(state)}`, cookie);
      const me = await userOf(String(res.headers.location));
      expect(me).toMatchObject({ first_name: 'Ольга', name: 'Ольга Смирнова', username: 'olgas', email: null });
      expect(me.last_name).toHaveLength(255);
      expect(me.last_name?.startsWith('Смирнова')).toBe(true);
    });

    it('a refused consent returns to the login page with a Russian reason', async () => {
      const { state, cookie } = await start('/pay');
      const res = await callback(
        `error=access_denied&error_description=User+denied&state=${encodeURIComponent(state)}`,
        cookie,
      );
      expect(res.headers.location).toBe(
        `/login?redirect=%2Fpay#error=${encodeURIComponent('Вход через Яндекс отменён')}`,
      );
    });

    it('a bad code returns to the login page, creating nobody', async () => {
      const { state, cookie } = await start();
      const res = await callback(`code=000&state=${encodeURIComponent(state)}`, cookie);
      expect(res.headers.location).toBe(
        `/login?redirect=%2Fsearch#error=${encodeURIComponent('Не удалось войти через Яндекс: попробуйте ещё раз')}`,
      );
    });

    it('a forged, missing or expired state is refused before any code exchange', async () => {
      const { state, cookie } = await start('/profile');
      const calls = yandex.requests.length;
      const [body, mac] = state.split('.');
      const forgedBody = Buffer.from(JSON.stringify({ r: '/admin', e: 9_999_999_999, n: 'x' })).toString('base64url');
      const invalid = `/login#error=${encodeURIComponent('Ссылка входа через Яндекс недействительна или устарела: войдите ещё раз')}`;
      for (const forged of [`${forgedBody}.${mac}`, `${body}.AAAA`, 'garbage']) {
        const res = await callback(`code=${yandex.issueCode(profile)}&state=${encodeURIComponent(forged)}`, cookie);
        expect(res.headers.location).toBe(invalid);
      }
      const missing = await callback(`code=${yandex.issueCode(profile)}`, cookie);
      expect([missing.statusCode, missing.headers.location]).toEqual([302, invalid]);
      clock.advance(11 * 60_000);
      const late = await callback(`code=${yandex.issueCode(profile)}&state=${encodeURIComponent(state)}`, cookie);
      expect(late.headers.location).toBe(invalid);
      expect(yandex.requests.length).toBe(calls);
    });

    it('refuses absolute and protocol-relative redirects, and control characters (no open redirect)', async () => {
      for (const redirect of ['https://evil.example/', '//evil.example/', '/\\evil.example', '/\u0001x', '/a\u007fb']) {
        const res = await app.inject({
          method: 'GET',
          url: `/auth/yandex/redirect?redirect=${encodeURIComponent(redirect)}`,
        });
        expect(res.statusCode, redirect).toBe(422);
        expect(res.json(), redirect).toMatchObject({ errors: { redirect: ['Некорректное значение'] } });
        expect(readError(res).message, redirect).toMatch(/^[А-ЯЁ]/);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    });
  });

  describe('test period', () => {
    it('starts once, makes PRO active for 24 h on the injected clock, then expires', async () => {
      clock.set(new Date('2026-11-21T12:00:00Z'));
      const initData = signInitData({ auth_date: nowSec(), user: tgUser(7_700_000_001) }, BOT_TOKEN);
      const { token } = readJson(await post('/api/auth/telegram/login', { initData }), contract.auth.telegramLogin);
      const auth = { authorization: `Bearer ${token}` };
      const events: unknown[] = [];
      app.events.on('user.updated', (event) => void events.push(event.payload), { subscriber: 'test' });

      const first = await post('/api/test-period', {}, auth);
      expect(first.statusCode).toBe(200);
      expect(readJson(first, contract.user.startTestPeriod).data).toMatchObject({
        is_pro: true,
        started_at: '2026-11-21T12:00:00.000Z',
        pro_expired: '2026-11-22T12:00:00.000Z',
      });
      expect(events).toHaveLength(1);

      const second = await post('/api/test-period', {}, auth);
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ message: 'Тестовый период уже был активирован' });

      const proRoute = async () =>
        readJson(await app.inject({ method: 'GET', url: '/api/user/data', headers: auth }), contract.user.data);
      clock.set(new Date('2026-11-22T11:59:59Z'));
      expect((await proRoute()).is_pro).toBe(true);
      clock.set(new Date('2026-11-22T12:00:01Z'));
      // The stored flag stays; core's isProActive (pro_expired in the past) is what every check uses.
      const { isProActive } = await import('@autoradar/core');
      expect(isProActive(await proRoute(), clock())).toBe(false);
    });

    it('needs a signed-in user', async () => {
      expect((await post('/api/test-period', {})).statusCode).toBe(401);
    });
  });
});

/** A Yandex ID that takes the connection and never answers (a hung upstream). */
async function startSilentServer() {
  const server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describeEachDb('Yandex ID when Yandex or its credentials are missing', (getDb) => {
  let yandex: Awaited<ReturnType<typeof startFakeYandex>>;
  let silent: Awaited<ReturnType<typeof startSilentServer>>;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    yandex = await startFakeYandex({ clientId: 'yandex-client', clientSecret: 'yandex-secret' });
    silent = await startSilentServer();
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await silent.close();
    await yandex.close();
  });

  const appWith = async (env: Record<string, string>) => {
    const app = await buildTestApp(getDb(), {
      config: testConfig({ APP_URL: 'https://autoradar.example', AUTH_RATE_LIMIT: '1000', ...env }),
    });
    apps.push(app);
    return app;
  };
  const credentials = { YANDEX_CLIENT_ID: 'yandex-client', YANDEX_CLIENT_SECRET: 'yandex-secret', YANDEX_TIMEOUT: '1' };
  const timeoutMessage = `/login?redirect=%2Fnotes#error=${encodeURIComponent('Яндекс не ответил вовремя: попробуйте войти ещё раз')}`;

  async function signInThrough(app: FastifyInstance) {
    const start = await app.inject({ method: 'GET', url: '/auth/yandex/redirect?redirect=%2Fnotes' });
    const state = new URL(String(start.headers.location)).searchParams.get('state')!;
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const code = yandex.issueCode({ id: '1130000055555555', login: 'slow', first_name: 'Пётр' });
    return app.inject({
      method: 'GET',
      url: `/auth/yandex/callback?code=${code}&state=${encodeURIComponent(state)}`,
      headers: { cookie },
    });
  }

  it('sends the browser back to /login with a Russian message when the token request hangs', async () => {
    const app = await appWith({ ...credentials, YANDEX_OAUTH_URL: silent.url, YANDEX_LOGIN_URL: yandex.url });
    const res = await signInThrough(app);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(timeoutMessage);
  });

  it('does the same when the profile request hangs', async () => {
    const app = await appWith({ ...credentials, YANDEX_OAUTH_URL: yandex.url, YANDEX_LOGIN_URL: silent.url });
    const res = await signInThrough(app);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(timeoutMessage);
  });

  it('without credentials: the Yandex button leads back to /login with the reason, never a JSON body', async () => {
    const app = await appWith({});
    const notConfigured = encodeURIComponent('Вход через Яндекс не настроен на этом сервере');
    const start = await app.inject({ method: 'GET', url: '/auth/yandex/redirect?redirect=%2Fnotes' });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe(`/login?redirect=%2Fnotes#error=${notConfigured}`);
    expect(start.headers['set-cookie']).toBeUndefined();
    const bare = await app.inject({ method: 'GET', url: '/auth/yandex/redirect' });
    expect(bare.headers.location).toBe(`/login#error=${notConfigured}`);
  });
});

describeEachDb('sign out on all devices', (getDb) => {
  let app: FastifyInstance;
  const clock = testClock(new Date('2026-11-21T12:00:00Z'));
  beforeAll(async () => {
    app = await buildTestApp(getDb(), { clock, config: testConfig({ BOT_TOKEN, AUTH_RATE_LIMIT: '1000' }) });
  });
  afterAll(() => app.close());

  const login = async (telegramId: number) => {
    const initData = signInitData(
      { auth_date: String(Math.floor(clock().getTime() / 1000)), user: tgUser(telegramId) },
      BOT_TOKEN,
    );
    const res = await app.inject({ method: 'POST', url: '/api/auth/telegram/login', payload: { initData } });
    expect(res.statusCode).toBe(200);
    return { authorization: `Bearer ${readJson(res, contract.auth.telegramLogin).token}` };
  };
  const status = async (headers: Record<string, string>) =>
    (await app.inject({ method: 'GET', url: '/api/user/data', headers })).statusCode;

  it('ends every session of the user (phone, laptop), and only theirs', async () => {
    const phone = await login(7_800_000_001);
    const laptop = await login(7_800_000_001);
    const someoneElse = await login(7_800_000_002);
    expect([await status(phone), await status(laptop)]).toEqual([200, 200]);

    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: { 'x-requested-with': 'XMLHttpRequest', ...laptop },
    });
    expect(res.statusCode).toBe(204);
    expect([await status(phone), await status(laptop), await status(someoneElse)]).toEqual([401, 401, 200]);

    // Signing in again afterwards works as usual.
    expect(await status(await login(7_800_000_001))).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout-all', payload: {}, headers: JSON_HEADERS });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Требуется авторизация' });
  });
});

describeEachDb('rate limits on sign-in', (getDb) => {
  const limitedApp = (env: Record<string, string> = {}) =>
    buildTestApp(getDb(), { config: testConfig({ AUTH_RATE_LIMIT: '3', ...env }) });
  const check = (app: FastifyInstance, remoteAddress: string, forwardedFor?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/telegram/check',
      payload: { initData: 'x=1' },
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });

  it('answers 429 in Russian past the per-IP limit', async () => {
    const app = await limitedApp();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await check(app, '10.1.2.3');
      statuses.push(res.statusCode);
      if (res.statusCode === 429)
        expect(res.json<{ message: string }>().message).toMatch(
          /^Слишком много запросов\. Попробуйте через \d+ секунд[уы]?\.$/,
        );
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect((await check(app, '10.9.9.9')).statusCode).toBe(401);
    await app.close();
  });

  it('ignores X-Forwarded-For from a client that is not a configured proxy', async () => {
    const app = await limitedApp();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await check(app, '10.1.2.3', `203.0.113.${i + 1}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    await app.close();
  });

  it('counts the forwarded client address behind a proxy named in TRUST_PROXY, and only there', async () => {
    const app = await limitedApp({ TRUST_PROXY: '10.0.0.5' });
    const viaProxy: number[] = [];
    for (let i = 0; i < 5; i++) viaProxy.push((await check(app, '10.0.0.5', `203.0.113.${i + 1}`)).statusCode);
    expect(viaProxy).toEqual([401, 401, 401, 401, 401]);
    const oneClient: number[] = [];
    for (let i = 0; i < 4; i++) oneClient.push((await check(app, '10.0.0.5', '198.51.100.7')).statusCode);
    expect(oneClient).toEqual([401, 401, 401, 429]);
    const direct: number[] = [];
    for (let i = 0; i < 4; i++) direct.push((await check(app, '10.1.2.3', `192.0.2.${i + 1}`)).statusCode);
    expect(direct).toEqual([401, 401, 401, 429]);
    await app.close();
  });
});
