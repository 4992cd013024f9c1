import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sign } from '@telegram-apps/init-data-node';
import { describeEachDb } from '@autoradar/db/testing';
import { buildTestApp, testClock, testConfig } from '../../testing/test-app';
import { startFakeYandex } from '../../testing/fake-yandex';

const BOT_TOKEN = '7000000001:AAH-test-bot-token-for-signatures-0001';
const JSON_HEADERS = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };

/** Telegram's documented Mini App scheme, written here independently of the library the API uses. */
function signInitDataByHand(fields: Record<string, string>, botToken: string): string {
  const dataCheck = Object.keys(fields).sort().map((k) => `${k}=${fields[k]}`).join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const hash = createHmac('sha256', secret).update(dataCheck).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

/** Telegram's documented Login Widget scheme. */
function signWidgetByHand(fields: Record<string, string>, botToken: string): string {
  const dataCheck = Object.keys(fields).sort().map((k) => `${k}=${fields[k]}`).join('\n');
  const hash = createHmac('sha256', createHash('sha256').update(botToken).digest()).update(dataCheck).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

const tgUser = (id: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ id, first_name: 'Иван', last_name: 'Петров', username: 'ivan_p', language_code: 'ru', photo_url: 'https://t.me/i/userpic/320/ivan.jpg', ...extra });

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
      const initData = signInitDataByHand({ auth_date: nowSec(), query_id: 'AAE1', user: tgUser(5_123_456_789) }, BOT_TOKEN);

      const check = await post('/api/auth/telegram/check', { initData });
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({ exists: false });

      const login = await post('/api/auth/telegram/login', { initData });
      expect(login.statusCode).toBe(200);
      const { token } = login.json();
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
      expect(again.json()).toMatchObject({ exists: true, token: expect.any(String) });

      expect((await post('/api/logout', {}, auth)).statusCode).toBe(204);
      const after = await app.inject({ method: 'GET', url: '/api/user/data', headers: { ...JSON_HEADERS, ...auth } });
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ message: 'Требуется авторизация' });
    });

    it('accepts initData signed by the tma.js library too, and refreshes a known user profile', async () => {
      const initData = sign({ user: { id: 5_123_456_789, first_name: 'Иван', last_name: 'Сидоров', username: 'ivan_s' } as never, query_id: 'AAE2' } as never, BOT_TOKEN, clock());
      const res = await post('/api/auth/telegram/login', { initData });
      expect(res.statusCode).toBe(200);
      const me = await app.inject({ method: 'GET', url: '/api/user/data', headers: { authorization: `Bearer ${res.json().token}` } });
      expect(me.json()).toMatchObject({ last_name: 'Сидоров', username: 'ivan_s' });
    });

    const good = () => ({ auth_date: nowSec(), query_id: 'AAE3', user: tgUser(42) });
    const cases: [string, () => string, string][] = [
      ['a tampered field', () => signInitDataByHand(good(), BOT_TOKEN).replace('%22id%22%3A42', '%22id%22%3A43'), 'Не удалось проверить данные Telegram'],
      ['a wrong bot token', () => signInitDataByHand(good(), '7000000001:AAH-another-bots-token-000000000000'), 'Не удалось проверить данные Telegram'],
      ['a missing hash', () => new URLSearchParams(good()).toString(), 'Данные Telegram не подписаны: откройте приложение из Telegram'],
      [
        'an old auth_date',
        () => signInitDataByHand({ ...good(), auth_date: String(Number(nowSec()) - 86_401) }, BOT_TOKEN),
        'Данные Telegram устарели: закройте и снова откройте приложение',
      ],
      ['a duplicated key', () => `${signInitDataByHand(good(), BOT_TOKEN)}&user=${encodeURIComponent(tgUser(1))}`, 'Не удалось проверить данные Telegram'],
      ['non-UTF-8 junk', () => `user=%FF%FE%00&auth_date=%C3%28&\u0000\uFFFF&hash=${'a'.repeat(64)}`, 'Не удалось проверить данные Telegram'],
      ['a signed payload without a user', () => signInitDataByHand({ auth_date: nowSec(), query_id: 'x' }, BOT_TOKEN), 'В данных Telegram нет пользователя: откройте приложение из чата с ботом'],
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

    it('answers a body without initData with 422, not 500', async () => {
      const res = await post('/api/auth/telegram/login', { initData: 12 });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toHaveProperty('initData');
    });
  });

  describe('Telegram Login Widget', () => {
    const widgetFields = () => ({ id: '6000000007', first_name: 'Мария', username: 'maria', photo_url: 'https://t.me/i/userpic/maria.jpg', auth_date: nowSec() });

    it('signs in with data hashed the documented way and keeps the redirect, token in the fragment', async () => {
      const query = `${signWidgetByHand(widgetFields(), BOT_TOKEN)}&redirect=${encodeURIComponent('/posts/15?from=login')}`;
      const res = await app.inject({ method: 'GET', url: `/auth/telegram/callback?${query}` });
      expect(res.statusCode).toBe(302);
      const location = String(res.headers.location);
      expect(location).toMatch(/^\/posts\/15\?from=login#token=[\w-]{43}$/);
      const token = decodeURIComponent(location.split('#token=')[1]!);
      const me = await app.inject({ method: 'GET', url: '/api/user/data', headers: { authorization: `Bearer ${token}` } });
      expect(me.json()).toMatchObject({ first_name: 'Мария', username: 'maria', has_telegram: true });
    });

    it('refuses one changed field, back to the login page with the reason', async () => {
      const query = signWidgetByHand(widgetFields(), BOT_TOKEN).replace('username=maria', 'username=mallory');
      const res = await app.inject({ method: 'GET', url: `/auth/telegram/callback?${query}&redirect=%2Fprofile` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/login?redirect=%2Fprofile#error=${encodeURIComponent('Не удалось проверить вход через Telegram: попробуйте ещё раз')}`);
    });

    it('refuses an open redirect', async () => {
      const query = `${signWidgetByHand(widgetFields(), BOT_TOKEN)}&redirect=${encodeURIComponent('//evil.example/x')}`;
      const res = await app.inject({ method: 'GET', url: `/auth/telegram/callback?${query}` });
      expect(res.statusCode).toBe(422);
    });
  });

  describe('Yandex ID', () => {
    const profile = { id: '1130000012345678', login: 'olga.s', default_email: 'olga@yandex.ru', emails: ['olga@yandex.ru'], first_name: 'Ольга', last_name: 'Смирнова', real_name: 'Ольга Смирнова', default_avatar_id: '131652443', is_avatar_empty: false };

    async function start(redirect = '/search') {
      const res = await app.inject({ method: 'GET', url: `/auth/yandex/redirect?redirect=${encodeURIComponent(redirect)}` });
      expect(res.statusCode).toBe(302);
      const url = new URL(String(res.headers.location));
      expect(`${url.origin}${url.pathname}`).toBe(`${yandex.url}/authorize`);
      expect(url.searchParams.get('client_id')).toBe('yandex-client');
      expect(url.searchParams.get('response_type')).toBe('code');
      expect(url.searchParams.get('redirect_uri')).toBe('https://autoradar.example/auth/yandex/callback');
      return url.searchParams.get('state')!;
    }

    it('runs the whole flow: authorize, consent, code exchange, profile, user with e-mail, token in the fragment', async () => {
      const state = await start('/notes');
      const code = yandex.issueCode(profile);
      const res = await app.inject({ method: 'GET', url: `/auth/yandex/callback?code=${code}&state=${encodeURIComponent(state)}` });
      expect(res.statusCode).toBe(302);
      const location = String(res.headers.location);
      expect(location).toMatch(/^\/notes#token=[\w-]{43}$/);
      const me = await app.inject({ method: 'GET', url: '/api/user/data', headers: { authorization: `Bearer ${decodeURIComponent(location.split('#token=')[1]!)}` } });
      expect(me.json()).toMatchObject({ email: 'olga@yandex.ru', has_telegram: false, name: 'Ольга Смирнова', first_name: 'Ольга', username: 'olga.s' });
      expect(yandex.requests.at(-1)?.auth).toMatch(/^OAuth y0_/);
    });

    it('a refused consent returns to the login page with a Russian reason', async () => {
      const state = await start('/pay');
      const res = await app.inject({ method: 'GET', url: `/auth/yandex/callback?error=access_denied&error_description=User+denied&state=${encodeURIComponent(state)}` });
      expect(res.headers.location).toBe(`/login?redirect=%2Fpay#error=${encodeURIComponent('Вход через Яндекс отменён')}`);
    });

    it('a bad code returns to the login page, creating nobody', async () => {
      const state = await start();
      const res = await app.inject({ method: 'GET', url: `/auth/yandex/callback?code=000&state=${encodeURIComponent(state)}` });
      expect(res.headers.location).toBe(`/login?redirect=%2Fsearch#error=${encodeURIComponent('Не удалось войти через Яндекс: попробуйте ещё раз')}`);
    });

    it('a forged or expired state is refused before any code exchange', async () => {
      const state = await start('/profile');
      const calls = yandex.requests.length;
      const [body, mac] = state.split('.');
      const forgedBody = Buffer.from(JSON.stringify({ r: '/admin', e: 9_999_999_999, n: 'x' })).toString('base64url');
      for (const forged of [`${forgedBody}.${mac}`, `${body}.AAAA`, 'garbage']) {
        const res = await app.inject({ method: 'GET', url: `/auth/yandex/callback?code=${yandex.issueCode(profile)}&state=${encodeURIComponent(forged)}` });
        expect(res.headers.location).toBe(`/login#error=${encodeURIComponent('Ссылка входа через Яндекс недействительна или устарела: войдите ещё раз')}`);
      }
      clock.advance(11 * 60_000);
      const late = await app.inject({ method: 'GET', url: `/auth/yandex/callback?code=${yandex.issueCode(profile)}&state=${encodeURIComponent(state)}` });
      expect(late.headers.location).toMatch(/^\/login#error=/);
      expect(yandex.requests.length).toBe(calls);
    });

    it('refuses absolute and protocol-relative redirects (no open redirect)', async () => {
      for (const redirect of ['https://evil.example/', '//evil.example/', '/\\evil.example']) {
        const res = await app.inject({ method: 'GET', url: `/auth/yandex/redirect?redirect=${encodeURIComponent(redirect)}` });
        expect(res.statusCode, redirect).toBe(422);
      }
    });
  });

  describe('test period', () => {
    it('starts once, makes PRO active for 24 h on the injected clock, then expires', async () => {
      clock.set(new Date('2026-11-21T12:00:00Z'));
      const initData = signInitDataByHand({ auth_date: nowSec(), user: tgUser(7_700_000_001) }, BOT_TOKEN);
      const { token } = (await post('/api/auth/telegram/login', { initData })).json();
      const auth = { authorization: `Bearer ${token}` };
      const events: unknown[] = [];
      app.events.on('user.updated', (u) => events.push(u));

      const first = await post('/api/test-period', {}, auth);
      expect(first.statusCode).toBe(200);
      expect(first.json().data).toMatchObject({ is_pro: true, started_at: '2026-11-21T12:00:00.000Z', pro_expired: '2026-11-22T12:00:00.000Z' });
      expect(events).toHaveLength(1);

      const second = await post('/api/test-period', {}, auth);
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ message: 'Тестовый период уже был активирован' });

      const proRoute = async () => (await app.inject({ method: 'GET', url: '/api/user/data', headers: auth })).json();
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

describe('rate limits on sign-in', () => {
  it('answers 429 in Russian past the per-IP limit', async () => {
    const { createMemoryDb, migrateDb } = await import('@autoradar/db');
    const db = await createMemoryDb();
    await migrateDb(db);
    const app = await buildTestApp(db, { config: testConfig({ AUTH_RATE_LIMIT: '3' }) });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/telegram/check', payload: { initData: 'x=1' }, remoteAddress: '10.1.2.3' });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json()).toEqual({ message: 'Слишком много запросов, попробуйте позже' });
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const other = await app.inject({ method: 'POST', url: '/api/auth/telegram/check', payload: { initData: 'x=1' }, remoteAddress: '10.9.9.9' });
    expect(other.statusCode).toBe(401);
    await app.close();
    await db.close();
  });
});
