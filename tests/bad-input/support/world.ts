import { createHash, createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { User } from '@autoradar/contract';
import { configurations, generations, type DbHandle } from '@autoradar/db';
import { checkAuthLevel } from '@autoradar/api/http/route';
import { samplePhoto } from '@autoradar/server/testing/sample-photo';
import { silentLog } from '@autoradar/api/realtime/log';
import { realtimeServerOptions } from '@autoradar/api/realtime/realtime.plugin';
import { RealtimeServer } from '@autoradar/api/realtime/websocket-server';
import { startFakeYandex } from '@autoradar/api/testing/fake-yandex';
import { signInitData, signWidgetFields } from '@autoradar/api/testing/telegram-signatures';
import { buildTestApp, signIn, signInAdmin, signInPro, testConfig } from '@autoradar/api/testing/test-app';
import type { Config } from '@autoradar/server/config/config';
import { collectLog } from './log-leaks';
import { operations, type Operation } from './operations';
import { encodeQuery, fieldText, percentEncode, toJsonText, type Example, type ResolvedRequest } from './requests';
import { FilePart, STRING_CLASSES } from './values';

// The running product a suite fires at: the real app on a real database, four roles made through the same helpers the
// API's own tests use, fixtures made through the API, and the means to send, snapshot and read back.

export const ROLE_NAMES = ['guest', 'user', 'pro', 'admin'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export interface Role {
  name: RoleName;
  id?: number;
  token?: string;
  headers: Record<string, string>;
  user: User | null;
}

export interface Answer {
  status: number;
  contentType: string;
  body: string;
  /** Request line and a summary of what was sent, for reports. */
  sent: { method: string; url: string; headers: Record<string, string>; body: string };
  timedOut?: boolean;
  /** The Location header of a redirect. */
  location?: string;
}

export const UPLOAD_MAX_BYTES = 256 * 1024;
/** No request may take longer; past it the server counts as hung. */
export const REQUEST_TIMEOUT_MS = 20_000;
const BOT_TOKEN = '123456789:bad-input-suite-token-abcdefghijklmnop';
const YANDEX = { clientId: 'bad-input-client', clientSecret: 'bad-input-secret' };

type RawQuery = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

type App = Awaited<ReturnType<typeof buildTestApp>>;

export interface World {
  app: App;
  db: DbHandle;
  config: Config;
  target: string;
  roles: Record<RoleName, Role>;
  query: RawQuery;
  /** The websocket server's HTTP address, when the world's operations include realtime ones. */
  realtimeUrl: string;
  allowedRoles(op: Operation): RoleName[];
  deniedRole(op: Operation): RoleName | undefined;
  example(op: Operation, role: RoleName): Promise<Example | undefined>;
  hasExample(op: Operation): boolean;
  /** How many examples were made so far (making one may write fixtures). */
  examplesMade: number;
  /** The change counters after the last request, while nothing else wrote since. */
  lastSnapshot: number | undefined;
  /** Drops cached examples: a write may have removed the rows they name. */
  invalidateExamples(): void;
  /** The newest change-log id: equal marks mean nothing was committed in between. */
  snapshot(): Promise<number>;
  /** The tables changed between two marks. */
  changedTables(before: number, after: number): Promise<string[]>;
  send(op: Operation, request: ResolvedRequest, role: RoleName): Promise<Answer>;
  /** Re-makes a role whose session or tariff an accepted write changed (logout, test period, payment). */
  checkRole(name: RoleName): Promise<void>;
  /**
   * Issue 31: every secret the run sent or was given (tokens, initData and its hash, the widget's hash, the unsubscribe
   * token, the configured secrets, a phone and an e-mail) that a line the API logged at `info` holds.
   */
  logLeaks(): string[];
  /** Lines the API logged so far. */
  logLines(): number;
  close(): Promise<void>;
}

const opByName = (name: string): Operation => {
  const op = operations().find((o) => o.name === name);
  if (!op) throw new Error(`bad-input: the contract has no ${name}`);
  return op;
};

export async function createWorld(db: DbHandle, target: string, ops: Operation[]): Promise<World> {
  const yandex = await startFakeYandex(YANDEX);
  // A stand-in for the built apps, so that the app shells and listing pages answer as in production.
  const dist = mkdtempSync(path.join(tmpdir(), 'bad-input-dist-'));
  for (const [dir, base] of [
    ['web', '/'],
    ['miniapp', '/tma/'],
  ] as const) {
    mkdirSync(path.join(dist, dir, 'assets'), { recursive: true });
    writeFileSync(
      path.join(dist, dir, 'index.html'),
      `<!doctype html><html lang="ru"><head><title>x</title><script type="module" src="${base}assets/index.js"></script></head><body><div id="root"></div></body></html>`,
    );
  }
  const config = testConfig(
    {
      BOT_TOKEN,
      // Nothing leaves the machine: a closed port stands for Telegram.
      TELEGRAM_API_URL: 'http://127.0.0.1:9',
      YANDEX_CLIENT_ID: YANDEX.clientId,
      YANDEX_CLIENT_SECRET: YANDEX.clientSecret,
      YANDEX_OAUTH_URL: yandex.url,
      YANDEX_LOGIN_URL: yandex.url,
      APP_SECRET: 'bad-input-app-secret-0123456789abcdef',
      AUTH_RATE_LIMIT: '100000000',
      // The per-user limits (http/rate-limits.ts) would stop the run too: one user sends every well-formed request.
      RATE_LIMIT_SCALE: '100000',
      UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES),
      REPORTS_POLL_INTERVAL: '3600',
      HOST: '127.0.0.1',
      // Per-IP limits (sign-in, tickets) would stop the run after a few requests: each request comes from its own
      // address, told by the trusted proxy that app.inject() stands for.
      TRUST_PROXY: '127.0.0.1',
    },
    { webDistDir: path.join(dist, 'web'), miniappDistDir: path.join(dist, 'miniapp') },
  );
  // The API's log at production's level, kept to be searched for secrets (issue 31: no secret in any log line).
  const log = collectLog('info');
  const { logger, keep } = log;
  for (const secret of [BOT_TOKEN, YANDEX.clientSecret, config.appSecret, config.reverb.secret]) keep(secret);
  const keepInitData = (initData: string) => {
    keep(new URLSearchParams(initData).get('hash') ?? undefined);
    return keep(initData);
  };
  const app = await buildTestApp(db, { config, logger });
  // Both drivers answer a plain query with { rows }.
  const client = db.client as unknown as { query(text: string): Promise<{ rows: Record<string, unknown>[] }> };
  const query: RawQuery = (text) => client.query(text);

  let realtime: RealtimeServer | undefined;
  let realtimeUrl = '';
  if (ops.some((op) => op.realtime)) {
    realtime = new RealtimeServer(
      realtimeServerOptions({ ...config, reverb: { ...config.reverb, port: 0 } }, app.realtimeBus, silentLog),
    );
    realtimeUrl = `http://127.0.0.1:${(await realtime.listen()).port}`;
  }

  const files = {
    jpeg: await samplePhoto(64, 48, 'jpeg'),
    png: await samplePhoto(64, 48, 'png'),
    gif: await samplePhoto(64, 48, 'gif'),
    webp: await samplePhoto(64, 48, 'webp'),
  };
  const fileBytes = (part: FilePart): Buffer => {
    switch (part.kind) {
      case 'jpeg':
      case 'png':
      case 'gif':
      case 'webp':
        return files[part.kind];
      case 'text':
        return Buffer.from('это не картинка');
      case 'empty':
        return Buffer.alloc(0);
      case 'fake-jpeg':
        return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2_000, 0x41)]);
      case 'truncated-png':
        return files.png.subarray(0, 60);
      case 'big':
        return Buffer.concat([files.jpeg, Buffer.alloc(UPLOAD_MAX_BYTES + 4_096, 0)]);
    }
  };

  // --- roles ---------------------------------------------------------------------------------------------------
  const userDto = async (headers: Record<string, string>): Promise<User | null> => {
    const res = await app.inject({ method: 'GET', url: '/api/user/data', headers });
    return res.statusCode === 200 ? res.json<User>() : null;
  };
  const makeRole = async (name: RoleName): Promise<Role> => {
    if (name === 'guest') return { name, headers: {}, user: null };
    const made =
      name === 'user' ? await signIn(db) : name === 'pro' ? await signInPro(db, new Date()) : await signInAdmin(db);
    keep(made.token);
    return { name, id: made.id, token: made.token, headers: made.headers, user: await userDto(made.headers) };
  };
  const roles = {} as Record<RoleName, Role>;
  for (const name of ROLE_NAMES) roles[name] = await makeRole(name);

  const passes = (op: Operation, role: Role) => {
    try {
      checkAuthLevel(op.entry.auth, role.user, new Date());
      return true;
    } catch {
      return false;
    }
  };

  const inject = (method: string, url: string, role: RoleName, body?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: { ...roles[role].headers, ...headers },
      ...(body !== undefined ? { payload: body as object } : {}),
    });

  // --- fixtures, made through the API ----------------------------------------------------------------------------
  /** The id an API answer `{ data: { id } }` names. */
  const dataId = (res: { json<T>(): T }) => res.json<{ data: { id: number } }>().data.id;
  const newest = async (table: string, where = 'true'): Promise<number | undefined> => {
    const { rows } = await query(`select id from ${table} where ${where} order by id desc limit 1`);
    return rows[0] ? Number(rows[0].id) : undefined;
  };
  let seq = 0;
  const unique = (text: string) => `${text} ${++seq}`;

  const ensureBrand = async () =>
    (await newest('brands')) ??
    (
      await inject('POST', '/api/brands', 'admin', { name: unique('Марка'), icon: null, popular: true, synonyms: [] })
    ).json<{ data: { id: number } }>().data.id;
  const newModel = async (brandId: number) =>
    dataId(
      await inject('POST', '/api/models', 'admin', { name: unique('Модель'), synonyms: [], car_brand_id: brandId }),
    );
  const ensureModel = async (): Promise<{ brandId: number; modelId: number }> => {
    const { rows } = await query('select id, brand_id from models order by id desc limit 1');
    if (rows[0]) return { brandId: Number(rows[0].brand_id), modelId: Number(rows[0].id) };
    const brandId = await ensureBrand();
    return { brandId, modelId: await newModel(brandId) };
  };
  // No API writes generations and configurations (they come from the reference import): the database helper does.
  const ensureGeneration = async () => {
    const { modelId } = await ensureModel();
    const found = await newest('generations', `model_id = ${modelId}`);
    if (found) return { modelId, generationId: found };
    const [row] = await db.db
      .insert(generations)
      .values({ modelId, name: unique('Поколение'), yearFrom: 2015, yearTo: null })
      .returning({ id: generations.id });
    return { modelId, generationId: row!.id };
  };
  const ensureConfiguration = async () => {
    const { modelId, generationId } = await ensureGeneration();
    const found = await newest('configurations', `generation_id = ${generationId}`);
    if (found) return { modelId, generationId, configurationId: found };
    const [row] = await db.db
      .insert(configurations)
      .values({ generationId, name: unique('Седан') })
      .returning({ id: configurations.id });
    return { modelId, generationId, configurationId: row!.id };
  };
  const ensureCity = async () =>
    (await newest('cities')) ??
    (
      await inject('POST', '/api/addresses', 'admin', {
        city: unique('Город'),
        region: 'Татарстан',
        region_type: 'Респ',
        synonyms: [],
      })
    ).json<{ data: { id: number } }>().data.id;

  const draftOf = async (role: RoleName): Promise<number | undefined> => {
    const res = await inject('GET', '/api/drafts/create', role);
    return res.statusCode === 200 ? dataId(res) : undefined;
  };
  const fullForm = async () => {
    const { brandId, modelId } = await ensureModel();
    return {
      year: 2018,
      mileage: 87_000,
      price: 1_250_000,
      city: 'Казань',
      description: 'Один владелец, обслуживание у дилера.',
      contacts: [{ type: 'phone', value: '+7 999 123-45-67' }],
      brand_id: brandId,
      model_id: modelId,
      generation_id: null,
      configuration_id: null,
    };
  };
  const ensurePost = async (): Promise<number | undefined> => {
    const found = await newest('posts', `status = 'published'`);
    if (found) return found;
    const draft = await draftOf('pro');
    if (!draft) return undefined;
    const res = await inject('POST', `/api/drafts/${draft}/publish`, 'pro', await fullForm());
    return res.statusCode === 200 ? res.json<{ post_id: number }>().post_id : undefined;
  };
  const filterBody = async () => ({
    name: unique('Фильтр'),
    brands: [await ensureBrand()],
    models: [],
    cities: [],
    priceFrom: null,
    priceTo: 3_000_000,
    yearFrom: 2010,
    yearTo: null,
    active: false,
    send_mode: 'immediately',
    worktime_settings: null,
    // At least one destination the owner can receive (core's validateSaveFilter); every role signs in by Telegram.
    via: ['telegram'],
  });
  const filterOf = async (role: RoleName): Promise<number | undefined> => {
    const id = roles[role].id;
    if (!id) return undefined;
    const found = await newest('filters', `user_id = ${id}`);
    if (found) return found;
    const res = await inject('POST', '/api/user/filters', role, await filterBody());
    return res.statusCode === 201 ? dataId(res) : undefined;
  };
  /** A source added as an operator adds one (a fresh public channel name each time it is needed). */
  const ensureSource = async (): Promise<number> =>
    (await newest('sources')) ??
    dataId(await inject('POST', '/api/sources', 'admin', { link: `@bad_input_channel_${++seq}` }));

  const ensurePartner = async (): Promise<number> => {
    const found = await newest('partners');
    if (found) return found;
    const boundary = 'fixture-boundary';
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n${unique('Партнёр')}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="url"\r\n\r\nhttps://partner.example.ru\r\n--${boundary}--\r\n`;
    const res = await inject('POST', '/api/partners', 'admin', body, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    return dataId(res);
  };
  const ensurePrompt = async () => {
    const partnerId = await ensurePartner();
    const found = await newest('prompts', `partner_id = ${partnerId}`);
    if (found) return { partnerId, promptId: found };
    const res = await inject('POST', `/api/partners/${partnerId}/prompts`, 'admin', {
      key: unique('ключ'),
      title: 'Заголовок',
      text: 'Текст подсказки',
      position: 1,
    });
    return { partnerId, promptId: dataId(res) };
  };
  const ensureOrder = async () => {
    const partnerId = await ensurePartner();
    const found = await newest('orders', `partner_id = ${partnerId}`);
    if (found) return { partnerId, orderId: found };
    const res = await inject('POST', `/api/partners/${partnerId}/orders`, 'admin', {
      string: 'XTA210990Y2765432',
      partner_id: partnerId,
    });
    return { partnerId, orderId: dataId(res) };
  };
  const sandboxPayment = async (role: RoleName): Promise<string | undefined> => {
    const res = await inject('POST', '/api/payment/yookassa/pay', role, { pro: true, sum: 1000 });
    if (res.statusCode !== 200) return undefined;
    return new URL(res.json<{ url: string }>().url, 'http://x').pathname.split('/').pop();
  };

  // --- examples: a valid request per operation and role, where the fixtures can make one -------------------------
  const now = () => Math.floor(Date.now() / 1000);
  // Names from Telegram and Yandex are signed by them, so no mutation of the request can reach them: the examples
  // themselves carry every kind of bad text in turn (the API must strip what it cannot refuse).
  const names = ['Иван', ...STRING_CLASSES.flatMap((c) => c.values.map((v) => String(v.value)))];
  let nameSeq = 0;
  const nameOf = () => names[nameSeq++ % names.length]!;
  const tgUser = () =>
    JSON.stringify({ id: 5_000_000 + ++seq, first_name: nameOf(), last_name: nameOf(), username: nameOf() });
  const pusherSignature = (method: string, path: string, params: Record<string, string>) => {
    const qs = Object.keys(params)
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    return createHmac('sha256', config.reverb.secret).update(`${method}\n${path}\n${qs}`).digest('hex');
  };

  type ExampleFn = (role: RoleName) => Promise<Example | undefined>;
  const idParams = (id: number | undefined) => (id ? { params: { id: String(id) } } : undefined);
  const brandBody = () => ({ name: unique('Марка'), icon: null, popular: false, synonyms: ['синоним'] });
  const examples: Record<string, ExampleFn> = {
    'auth.telegramCheck': async () => ({
      body: { initData: keepInitData(signInitData({ auth_date: String(now()), user: tgUser() }, BOT_TOKEN)) },
    }),
    'auth.telegramLogin': async () => ({
      body: { initData: keepInitData(signInitData({ auth_date: String(now()), user: tgUser() }, BOT_TOKEN)) },
    }),
    'auth.telegramCallback': async () => {
      const fields = signWidgetFields(
        { id: String(6_000_000 + ++seq), first_name: nameOf(), username: nameOf(), auth_date: String(now()) },
        BOT_TOKEN,
      );
      keep(fields.hash);
      return { query: { ...fields, redirect: '/search' } };
    },
    'auth.yandexRedirect': async () => ({ query: { redirect: '/search' } }),
    'auth.yandexCallback': async () => {
      const res = await app.inject({ method: 'GET', url: '/auth/yandex/redirect?redirect=%2Fsearch' });
      const state = new URL(String(res.headers.location)).searchParams.get('state') ?? '';
      const cookie = [res.headers['set-cookie'] ?? []]
        .flat()
        .map((c) => String(c).split(';')[0])
        .join('; ');
      const code = yandex.issueCode({
        id: String(1_130_000_000 + ++seq),
        login: nameOf(),
        first_name: nameOf(),
        last_name: nameOf(),
        real_name: nameOf(),
        default_email: keep('olga@yandex.ru'),
      });
      return { query: { code, state }, headers: cookie ? { cookie } : undefined };
    },
    'posts.search': async () => ({ body: { brands: [], models: [], cities: [], search: 'Камри' } }),
    'posts.countNew': async () => ({ body: { latest_published_at: new Date(Date.now() - 86_400_000).toISOString() } }),
    'posts.get': async () => idParams(await ensurePost()),
    'posts.page': async () => idParams(await ensurePost()),
    'posts.featured': async () => ({ body: {} }),
    'posts.notes': async () => ({ body: { ids: [await ensurePost()].filter(Boolean) } }),
    'posts.unpublish': async () => idParams(await ensurePost()),
    'reference.brands': async () => ({ query: { popular: 'true', ids: String(await ensureBrand()) } }),
    'reference.brand': async () => idParams(await ensureBrand()),
    'reference.models': async () => ({ query: { car_brand_id: String((await ensureModel()).brandId) } }),
    'reference.generations': async () => idParams((await ensureGeneration()).modelId),
    'reference.configurations': async () => idParams((await ensureConfiguration()).modelId),
    'reference.cities': async () => ({ query: { ids: String(await ensureCity()) } }),
    'reference.carData': async () => {
      const c = await ensureConfiguration();
      const { brandId } = await ensureModel();
      return {
        body: {
          brand_id: brandId,
          model_id: c.modelId,
          generation_id: c.generationId,
          configuration_id: c.configurationId,
        },
      };
    },
    'reference.createBrand': async () => ({ body: brandBody() }),
    'reference.updateBrand': async () => ({ ...idParams(await ensureBrand()), body: brandBody() }),
    // Deletes start from a brand or model of their own: the fixtures' ones are named by listings (409, issue 16), and
    // a delete that is always refused would leave accepted deletes and their read-backs untried.
    'reference.deleteBrand': async () =>
      idParams(dataId(await inject('POST', '/api/brands', 'admin', { ...brandBody(), synonyms: [] }))),
    'reference.createModel': async () => ({
      body: { name: unique('Модель'), synonyms: [], car_brand_id: await ensureBrand() },
    }),
    'reference.updateModel': async () => {
      const { brandId, modelId } = await ensureModel();
      return {
        params: { id: String(modelId) },
        body: { name: unique('Модель'), synonyms: ['м'], car_brand_id: brandId },
      };
    },
    'reference.deleteModel': async () => idParams(await newModel(await ensureBrand())),
    'reference.createCity': async () => ({
      body: { city: unique('Город'), region: 'Регион', region_type: 'обл', synonyms: [] },
    }),
    'reference.updateCity': async () => ({
      ...idParams(await ensureCity()),
      body: { city: unique('Город'), region: 'Регион', region_type: 'обл', synonyms: ['г'] },
    }),
    'reference.deleteCity': async () => idParams(await ensureCity()),
    'drafts.update': async (role) => ({ ...idParams(await draftOf(role)), body: await fullForm() }),
    'drafts.publish': async (role) => ({ ...idParams(await draftOf(role)), body: await fullForm() }),
    'drafts.uploadMedia': async (role) => {
      const draft = await draftOf(role);
      return draft
        ? { body: { draft_id: String(draft), file: new FilePart('jpeg', 'photo.jpg', 'image/jpeg') } }
        : undefined;
    },
    'filters.create': async () => ({ body: await filterBody() }),
    'filters.update': async (role) => ({ ...idParams(await filterOf(role)), body: await filterBody() }),
    'filters.delete': async (role) => idParams(await filterOf(role)),
    'filters.toggle': async (role) => ({ ...idParams(await filterOf(role)), body: { active: true } }),
    // The e-mail's unsubscribe link of the user's filter: anyone holding it may pause that filter.
    'filters.unsubscribe': async () => {
      const id = await filterOf('user');
      if (!id) return undefined;
      const { rows } = await query(`select unsubscribe_token from filters where id = ${id}`);
      return { params: { id: String(id) }, query: { token: keep(String(rows[0]!.unsubscribe_token)) } };
    },
    'support.send': async () => ({
      body: { message: 'Не открывается объявление', contacts: null, ticket: '123456-789', url: '/search' },
    }),
    // A phone of its own: the mutations also write schema.ts's sample texts (one of them a phone) into any field and
    // query, and a query the API logs as the request's URL is not the inspection's contact leaking.
    'support.orderInspection': async () => ({
      body: { message: null, contacts: keep('+7 912 345-67-08'), ticket: '12345-678', url: '/posts/1' },
    }),
    'payment.pay': async () => ({ body: { pro: true, sum: 1000 } }),
    'payment.yookassaWebhook': async () => {
      const id = await sandboxPayment('user');
      return id
        ? { body: { type: 'notification', event: 'payment.succeeded', object: { id, status: 'succeeded' } } }
        : undefined;
    },
    'payment.sandboxCheckout': async () => {
      const id = await sandboxPayment('user');
      return id ? { params: { paymentId: id } } : undefined;
    },
    'payment.sandboxComplete': async () => {
      const id = await sandboxPayment('user');
      return id ? { params: { paymentId: id }, body: { action: 'cancel' } } : undefined;
    },
    'sources.get': async () => idParams(await ensureSource()),
    'sources.add': async () => ({ body: { link: `t.me/bad_input_channel_${++seq}`, title: 'Канал' } }),
    'sources.pause': async () => idParams(await ensureSource()),
    'sources.resume': async () => idParams(await ensureSource()),
    'sources.remove': async () => idParams(await ensureSource()),
    'partners.get': async () => idParams(await ensurePartner()),
    'partners.create': async () => ({
      body: { title: unique('Партнёр'), url: 'https://partner.example.ru', description: 'Описание' },
    }),
    'partners.update': async () => ({
      ...idParams(await ensurePartner()),
      body: {
        _method: 'PUT',
        title: unique('Партнёр'),
        url: 'https://partner.example.ru',
        logo: new FilePart('png', 'logo.png', 'image/png'),
      },
    }),
    'partners.prompts': async () => idParams(await ensurePartner()),
    'partners.createPrompt': async () => ({
      ...idParams(await ensurePartner()),
      body: { key: unique('ключ'), title: 'Заголовок', text: 'Текст', position: 2 },
    }),
    'partners.prompt': async () => {
      const p = await ensurePrompt();
      return { params: { id: String(p.partnerId), promptId: String(p.promptId) } };
    },
    'partners.updatePrompt': async () => {
      const p = await ensurePrompt();
      return {
        params: { id: String(p.partnerId), promptId: String(p.promptId) },
        body: { key: unique('ключ'), title: 'Новый заголовок', text: 'Новый текст', position: 3 },
      };
    },
    'partners.deletePrompt': async () => {
      const p = await ensurePrompt();
      return { params: { id: String(p.partnerId), promptId: String(p.promptId) } };
    },
    'partners.orders': async () => idParams(await ensurePartner()),
    'partners.createOrder': async () => {
      const partnerId = await ensurePartner();
      return { params: { id: String(partnerId) }, body: { string: 'XTA210990Y2765432', partner_id: partnerId } };
    },
    'partners.order': async () => {
      const o = await ensureOrder();
      return { params: { id: String(o.partnerId), orderId: String(o.orderId) } };
    },
    'partners.refreshOrder': async () => {
      const o = await ensureOrder();
      return { params: { id: String(o.partnerId), orderId: String(o.orderId) } };
    },
    'partners.downloadOrder': async () => {
      const o = await ensureOrder();
      return { params: { id: String(o.partnerId), orderId: String(o.orderId) } };
    },
    'realtime.auth': async (role) =>
      roles[role].id ? { body: { socket_id: '1234.5678', channel_name: `private-user.${roles[role].id}` } } : undefined,
    'realtime.triggerEvent': async () => {
      const body = toJsonText({ name: 'post.updated', data: '{}', channel: 'posts' });
      const path = `/apps/${config.reverb.appId}/events`;
      const q: Record<string, string> = {
        auth_key: config.reverb.key,
        auth_timestamp: String(now()),
        auth_version: '1.0',
        body_md5: createHash('md5').update(body).digest('hex'),
      };
      return {
        params: { appId: config.reverb.appId },
        query: { ...q, auth_signature: pusherSignature('POST', path, q) },
        body: JSON.parse(body),
      };
    },
  };
  for (const name of Object.keys(examples)) opByName(name);

  const cache = new Map<string, Example | undefined>();

  // --- change log ------------------------------------------------------------------------------------------------
  // Every app table gets row triggers that log each real change (an update that leaves the row as it was is not one;
  // a session's last use, written on reads at most once a minute, is not either) as a new row of bad_input_changes.
  // A failed transaction takes its log rows with it, so the newest log id says exactly whether a request committed
  // a change; inserts only, so the log never makes two transactions wait for each other.
  const tables = (
    await query(`select tablename from pg_tables where schemaname = 'public' order by tablename`)
  ).rows.map((r) => String(r.tablename));
  await query(`create table bad_input_changes (id bigserial primary key, tbl text not null)`);
  await query(`create function bad_input_log() returns trigger language plpgsql as $$
    begin
      insert into bad_input_changes (tbl) values (tg_table_name);
      return null;
    end $$`);
  for (const t of tables) {
    await query(
      `create trigger bad_input_write after insert or delete on "${t}" for each row execute function bad_input_log()`,
    );
    await query(
      `create trigger bad_input_update after update on "${t}" for each row ` +
        `when ((to_jsonb(old) - 'last_used_at') is distinct from (to_jsonb(new) - 'last_used_at')) execute function bad_input_log()`,
    );
  }

  // --- sending -----------------------------------------------------------------------------------------------------
  const MAX_SHOWN = 400;
  const shown = (payload: string | Buffer | undefined) => {
    if (payload === undefined) return '';
    const text = typeof payload === 'string' ? payload : payload.toString('latin1');
    return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}… (${text.length} bytes)` : text;
  };

  let boundarySeq = 0;
  const multipartBody = (request: ResolvedRequest): { payload: Buffer; contentType: string } => {
    const boundary = `----bad-input-${++boundarySeq}`;
    const chunks: Buffer[] = [];
    const field = (name: string, value: string) =>
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    const file = (name: string, part: FilePart) => {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
        fileBytes(part),
        Buffer.from('\r\n'),
      );
    };
    const variant = request.multipartVariant;
    const body =
      request.body && typeof request.body === 'object' && !Array.isArray(request.body)
        ? (request.body as Record<string, unknown>)
        : { value: request.body };
    for (const name of Object.keys(body)) {
      const value = body[name];
      if (value === undefined) continue;
      if (value instanceof FilePart) file(name, value);
      else if (variant === 'file-everywhere') file(name, new FilePart('jpeg', 'x.jpg', 'image/jpeg'));
      else field(name, fieldText(value));
      if (variant === 'duplicate-fields') field(name, 'второе значение');
    }
    if (variant === 'too-many-fields') for (let i = 0; i < 40; i++) field(`extra${i}`, 'x');
    if (variant === 'too-many-files')
      for (let i = 0; i < 8; i++) file(`file${i}`, new FilePart('jpeg', `${i}.jpg`, 'image/jpeg'));
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    let payload = Buffer.concat(chunks);
    if (variant === 'truncated') payload = payload.subarray(0, Math.floor(payload.length / 2));
    const contentType =
      variant === 'no-boundary'
        ? 'multipart/form-data'
        : variant === 'wrong-boundary'
          ? 'multipart/form-data; boundary=not-the-one'
          : `multipart/form-data; boundary=${boundary}`;
    return { payload, contentType };
  };

  const encode = (op: Operation, request: ResolvedRequest) => {
    const path = op.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
      const value = request.params[name] ?? '';
      return request.rawParams[name] ? value : percentEncode(value);
    });
    const qs = request.query && typeof request.query === 'object' ? encodeQuery(request.query) : '';
    const url = qs ? `${path}?${qs}` : path;
    const headers: Record<string, string> = { ...request.headers };
    let payload: string | Buffer | undefined;
    if (request.raw) {
      payload = request.raw.payload;
      headers['content-type'] = request.raw.contentType ?? 'application/json';
    } else if (op.multipart && request.multipartVariant !== 'json-instead' && request.hasBody && !request.asForm) {
      const encoded = multipartBody(request);
      payload = encoded.payload;
      headers['content-type'] = encoded.contentType;
    } else if (request.asForm) {
      const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
      payload = encodeQuery(body);
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (request.hasBody && request.body !== undefined) {
      payload = toJsonText(request.body);
      headers['content-type'] = 'application/json';
    }
    if (request.contentType) {
      headers['content-type'] = request.contentType;
      payload ??= '{}';
    }
    return { url, headers, payload };
  };

  let clients = 0;
  const nextClientAddress = () => {
    clients += 1;
    return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
  };

  const withTimeout = async <T>(promise: Promise<T>): Promise<T | 'timeout'> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), REQUEST_TIMEOUT_MS);
    });
    try {
      return await Promise.race([promise, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

  const world: World = {
    app,
    db,
    config,
    target,
    roles,
    query,
    realtimeUrl,
    allowedRoles: (op) => ROLE_NAMES.filter((name) => passes(op, roles[name])),
    deniedRole: (op) => ROLE_NAMES.find((name) => !passes(op, roles[name])),
    hasExample: (op) => op.name in examples,
    examplesMade: 0,
    lastSnapshot: undefined,
    async example(op, role) {
      const fn = examples[op.name];
      if (!fn) return undefined;
      const key = `${op.name}|${role}`;
      if (!cache.has(key)) {
        world.examplesMade += 1;
        cache.set(key, await fn(role));
      }
      const found = cache.get(key);
      // Sign-in examples are new every time: a Yandex state and code are spent by the first callback, and each
      // carries the next bad name.
      if (op.entry.group === 'auth') cache.delete(key);
      return found;
    },
    invalidateExamples: () => cache.clear(),
    async snapshot() {
      const { rows } = await query('select coalesce(max(id), 0)::text as id from bad_input_changes');
      return Number(rows[0]!.id);
    },
    async changedTables(before, after) {
      if (after <= before) return [];
      const { rows } = await query(
        `select distinct tbl from bad_input_changes where id > ${before} and id <= ${after} order by tbl`,
      );
      return rows.map((r) => String(r.tbl));
    },
    async send(op, request, roleName) {
      const { url, headers, payload } = encode(op, request);
      const role = roles[roleName];
      const allHeaders = { 'x-forwarded-for': nextClientAddress(), ...role.headers, ...headers };
      const sent = { method: op.method, url, headers: allHeaders, body: shown(payload) };
      if (op.realtime) {
        try {
          const res = await fetch(`${realtimeUrl}${url}`, {
            method: op.method,
            headers: allHeaders,
            body: payload,
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          });
          return {
            status: res.status,
            contentType: res.headers.get('content-type') ?? '',
            body: await res.text(),
            sent,
          };
        } catch (err) {
          if ((err as Error).name === 'TimeoutError')
            return { status: 0, contentType: '', body: '', sent, timedOut: true };
          throw err;
        }
      }
      const res = await withTimeout(
        app.inject({ method: op.method, url, headers: allHeaders, ...(payload !== undefined ? { payload } : {}) }),
      );
      if (res === 'timeout') return { status: 0, contentType: '', body: '', sent, timedOut: true };
      // A sign-in's answer carries a new session token: it must not reach the log either.
      for (const match of res.body.matchAll(/"token":"([^"]{8,})"/g)) keep(match[1]);
      return {
        status: res.statusCode,
        contentType: String(res.headers['content-type'] ?? ''),
        body: res.body,
        sent,
        location: res.headers.location === undefined ? undefined : String(res.headers.location),
      };
    },
    async checkRole(name) {
      if (name === 'guest') return;
      const role = roles[name];
      const user = await userDto(role.headers);
      const intended = name === 'user' ? 'user' : name;
      const still =
        user !== null &&
        (intended === 'user'
          ? passes(opByName('user.data'), { ...role, user }) && !passes(opByName('drafts.publish'), { ...role, user })
          : intended === 'pro'
            ? passes(opByName('drafts.publish'), { ...role, user })
            : passes(opByName('partners.list'), { ...role, user }));
      if (still) {
        role.user = user;
        return;
      }
      roles[name] = await makeRole(name);
      cache.clear();
      world.lastSnapshot = undefined;
    },
    logLeaks: () => log.leaks(),
    logLines: () => log.lineCount(),
    async close() {
      await realtime?.close();
      await app.close();
      await yandex.close();
    },
  };

  // Warm the fixtures once so that the first requests already name rows that exist.
  await ensurePost();
  await ensureConfiguration();
  await ensureCity();
  await ensureOrder();
  await ensurePrompt();
  for (const role of ['user', 'pro', 'admin'] as const) await filterOf(role);
  return world;
}
