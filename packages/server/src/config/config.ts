import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_APP_NAME, DEFAULT_MINIAPP_SHORT_NAME } from '@autoradar/core';
import { DEFAULT_REVERB_APP_SECRET, productionSecretProblem } from './secrets';
import { parseOriginRule } from './origin-rules';

// Every setting of the product, read once from the environment (DESIGN.md §7) by every process: the API, the bot, the
// notification worker and the CLIs (issue 30: one configuration, the same defaults everywhere). A bad value stops the
// start with one line naming the variable; nothing else in the code reads process.env.

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const port = (fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'ожидается номер порта' })
      .int('ожидается целое число')
      .min(1, 'ожидается номер порта от 1 до 65535')
      .max(65535, 'ожидается номер порта от 1 до 65535')
      .default(fallback),
  );

const optionalUrl = (protocols: string[], hint: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      }, hint)
      .optional(),
  );

const url = (fallback: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default(fallback)
      .refine((v) => {
        try {
          return ['http:', 'https:'].includes(new URL(v).protocol);
        } catch {
          return false;
        }
      }, 'ожидается адрес http(s)://…')
      .transform((v) => v.replace(/\/+$/, '')),
  );

const bool = (fallback: boolean | undefined) =>
  z
    .preprocess(
      emptyToUndefined,
      z
        .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], { message: 'ожидается true или false' })
        .transform((v) => ['1', 'true', 'yes', 'on'].includes(v))
        .optional(),
    )
    .transform((v) => v ?? fallback);

/** A port that may be left unset; 0 picks a free one (tests). */
const optionalPort = () =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'ожидается номер порта' })
      .int('ожидается целое число')
      .min(0, 'ожидается номер порта от 0 до 65535')
      .max(65535, 'ожидается номер порта от 0 до 65535')
      .optional(),
  );

const optionalPositiveInt = () =>
  z.preprocess(
    emptyToUndefined,
    z.coerce.number().int('ожидается целое число').positive('ожидается число больше 0').optional(),
  );

const text = (fallback: string) => z.preprocess(emptyToUndefined, z.string().default(fallback));
const optionalText = () => z.preprocess(emptyToUndefined, z.string().optional());

const seconds = (fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce.number().int('ожидается целое число секунд').positive('ожидается число секунд больше 0').default(fallback),
  );

const positiveInt = (fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce.number().int('ожидается целое число').positive('ожидается число больше 0').default(fallback),
  );

/** The range names proxy-addr (Fastify's trustProxy) understands, besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a CIDR (`10.0.0.0/8`, `fd00::/8`) or a range name, as Fastify's trustProxy takes them. */
export function isProxyAddressRule(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Comma-separated lists; undefined when unset, so the caller's default applies. */
const listOf = (value: string | undefined) =>
  value
    ?.split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');

const EnvSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('development')),
  APP_NAME: text(DEFAULT_APP_NAME),
  HOST: text('0.0.0.0'),
  PORT: port(3000),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()).superRefine((value, ctx) => {
    const wrong = (listOf(value) ?? []).filter((entry) => !isProxyAddressRule(entry));
    if (wrong.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `ожидаются адреса или подсети через запятую (127.0.0.1, 10.0.0.0/8, loopback, uniquelocal), а не ${wrong.join(', ')}`,
      });
    }
  }),
  APP_URL: optionalUrl(['http:', 'https:'], 'ожидается адрес http(s)://…'),
  DATA_DIR: text('.data'),
  DATABASE_URL: optionalUrl(
    ['postgres:', 'postgresql:'],
    'ожидается адрес вида postgres://пользователь@хост:5432/база',
  ),
  REDIS_URL: optionalUrl(['redis:', 'rediss:'], 'ожидается адрес вида redis://хост:6379'),
  DEMO_DATA: bool(undefined),
  /** false when separate worker processes deliver saved-filter notifications (production compose). */
  NOTIFY_WORKER: bool(true),
  /** false when the bot runs as its own process (production compose): the API then only checks sign-ins with BOT_TOKEN. */
  BOT_IN_API: bool(true),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  REVERB_APP_ID: text('autoradar'),
  REVERB_APP_KEY: text('autoradar-key'),
  REVERB_APP_SECRET: text(DEFAULT_REVERB_APP_SECRET),
  REVERB_PORT: port(8080),
  REVERB_ALLOWED_ORIGINS: z.preprocess(emptyToUndefined, z.string().optional()).superRefine((value, ctx) => {
    for (const entry of listOf(value) ?? []) {
      try {
        parseOriginRule(entry);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }
  }),
  REVERB_MAX_CONNECTIONS: positiveInt(20_000),
  REVERB_MAX_SUBSCRIPTIONS: positiveInt(200),
  REVERB_MAX_MESSAGE_SIZE: positiveInt(10_000),
  BOT_TOKEN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d+:[\w-]{30,}$/, 'ожидается токен бота вида 123456:ABC… от @BotFather')
      .optional(),
  ),
  BOT_USERNAME: optionalText(),
  MINIAPP_SHORT_NAME: text(DEFAULT_MINIAPP_SHORT_NAME),
  TELEGRAM_API_URL: url('https://api.telegram.org'),
  INITDATA_MAX_AGE: seconds(86_400),
  APP_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'ожидается случайная строка не короче 32 символов').optional(),
  ),
  AUTH_RATE_LIMIT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int('ожидается целое число').positive('ожидается число больше 0').default(30),
  ),
  RATE_LIMIT_SCALE: z.preprocess(
    emptyToUndefined,
    z.coerce.number('ожидается число').positive('ожидается число больше 0').default(1),
  ),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'ожидается адрес вида smtp://пользователь:пароль@хост:587'),
  MAIL_FROM: optionalText(),
  UPLOAD_MAX_BYTES: positiveInt(10_485_760),
  FEED_CACHE_TTL_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int('ожидается целое число миллисекунд')
      .min(0, 'ожидается число от 0')
      .max(60_000, 'ожидается не больше 60000')
      .default(1000),
  ),
  STAFF_CHAT_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(-?\d{1,20}|@\w{5,32})$/, 'ожидается id чата Telegram (например, -1001234567890) или @имя_канала')
      .optional(),
  ),
  STAFF_EMAIL: z.preprocess(emptyToUndefined, z.email('ожидается адрес e-mail').optional()),
  OPERATOR_NAME: optionalText(),
  SUPPORT_TELEGRAM: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^@?[A-Za-z][A-Za-z0-9_]{4,31}$/, 'ожидается имя пользователя Telegram: 5–32 латинских букв, цифр или _')
      .transform((v) => v.replace(/^@/, ''))
      .optional(),
  ),
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email('ожидается адрес e-mail').optional()),
  YANDEX_CLIENT_ID: optionalText(),
  YANDEX_CLIENT_SECRET: optionalText(),
  YANDEX_OAUTH_URL: url('https://oauth.yandex.ru'),
  YANDEX_LOGIN_URL: url('https://login.yandex.ru'),
  YANDEX_TIMEOUT: seconds(5),
  YOOKASSA_SHOP_ID: optionalText(),
  YOOKASSA_SECRET_KEY: optionalText(),
  YOOKASSA_API_URL: url('https://api.yookassa.ru/v3'),
  REPORTS_API_URL: optionalUrl(['http:', 'https:'], 'ожидается адрес http(s)://…'),
  REPORTS_API_KEY: optionalText(),
  REPORTS_POLL_INTERVAL: seconds(5),
  REPORTS_TIMEOUT: seconds(60),
  REPORTS_SANDBOX_DELAY: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int('ожидается целое число секунд')
      .min(0, 'ожидается число от 0')
      .max(600, 'ожидается не больше 600')
      .default(0),
  ),
  /** Where the bot's and the worker's processes send live events: an API instance (compose: `api`). */
  REVERB_HOST: text('127.0.0.1'),
  BOT_WEBHOOK_URL: optionalUrl(['http:', 'https:'], 'ожидается адрес вида https://example.ru/telegram/webhook'),
  BOT_WEBHOOK_SECRET: optionalText(),
  BOT_WEBHOOK_HOST: optionalText(),
  BOT_WEBHOOK_PORT: optionalPort(),
  NOTIFY_CONCURRENCY: optionalPositiveInt(),
  NOTIFY_LEASE_MS: optionalPositiveInt(),
  NOTIFY_BATCH: optionalPositiveInt(),
  NOTIFY_POLL_MS: optionalPositiveInt(),
  /** The internal Prometheus listener (/metrics) of this process; unset: none. Never published through nginx. */
  METRICS_PORT: optionalPort(),
  METRICS_HOST: text('127.0.0.1'),
  /** The bot's and the worker's own /api/health and /api/ready listener; unset: none (the API answers on PORT). */
  HEALTH_PORT: optionalPort(),
  HEALTH_HOST: text('0.0.0.0'),
  VK_TOKEN: optionalText(),
  VK_API_URL: url('https://api.vk.com/method'),
  RATES_CBR_URL: url('https://www.cbr.ru'),
  RATES_CRYPTO_URL: url('https://api.coingecko.com/api/v3'),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  appName: string;
  host: string;
  port: number;
  /**
   * TRUST_PROXY: the reverse proxies whose X-Forwarded-For (client address: rate limits, logs) and X-Forwarded-Proto
   * are believed; false (the default) believes no one, so a client cannot pick the address its limits count under.
   */
  trustProxy: string[] | false;
  /** The public address users open; derived from HOST/PORT when APP_URL is not set. */
  appUrl: string;
  dataDir: string;
  mediaDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Demo listings: on by default only on the embedded database. */
  demoData: boolean;
  logLevel: Env['LOG_LEVEL'];
  reverb: {
    appId: string;
    key: string;
    secret: string;
    port: number;
    /** REVERB_ALLOWED_ORIGINS; undefined means the app's own origin, plus local pages outside production. */
    allowedOrigins: string[] | undefined;
    maxConnections: number;
    maxSubscriptions: number;
    maxMessageSize: number;
    /** REVERB_HOST: the API instance the bot's and the worker's processes publish live events to. */
    host: string;
  };
  bot: {
    token: string | undefined;
    username: string | undefined;
    miniappShortName: string;
    apiUrl: string;
    /** Whether this process runs the bot (polling or webhook); only one process may take a token's updates. */
    inApi: boolean;
    /** BOT_WEBHOOK_*: webhook mode when `url` is set (checked further by the bot's resolveBotWebhook). */
    webhook: { url?: string; secret?: string; host?: string; port?: string };
  };
  /**
   * The token initData and widget signatures are checked with: BOT_TOKEN, or outside production the development
   * token the mini-app's mock environment signs with (DESIGN.md §3), so the real check runs in a plain browser.
   */
  signingBotToken: string;
  initDataMaxAgeSeconds: number;
  /** Signs OAuth state; outside production a per-data-directory secret is made when unset (see main.ts). */
  appSecret: string | undefined;
  /** Sign-in calls per minute per IP. */
  authRateLimit: number;
  /** Multiplies every limit of http/rate-limits.ts (support, uploads, publishing, filters, reports, client errors). */
  rateLimitScale: number;
  mail: { smtpUrl: string | undefined; from: string };
  /** Saved-filter notifications: whether this process runs the worker (else only enqueues). */
  notify: {
    worker: boolean;
    /** NOTIFY_CONCURRENCY, NOTIFY_LEASE_MS, NOTIFY_BATCH, NOTIFY_POLL_MS: only those set. */
    tuning: { concurrency?: number; leaseMs?: number; batchSize?: number; pollIntervalMs?: number };
  };
  /** METRICS_PORT/METRICS_HOST: the internal Prometheus listener; port undefined means none. */
  metrics: { port: number | undefined; host: string };
  /** HEALTH_PORT/HEALTH_HOST: the bot's and the worker's health listener; port undefined means none. */
  health: { port: number | undefined; host: string };
  /** Largest uploaded file (photos, logos), bytes. */
  uploadMaxBytes: number;
  /** How long identical feed requests share one answer (0 turns the cache off). */
  feedCacheTtlMs: number;
  /** Where support and inspection tickets are announced: a Telegram chat (needs BOT_TOKEN) and/or an e-mail address. */
  staff: { chatId: string | undefined; email: string | undefined };
  /**
   * Who runs the service and how users reach it (the contacts page, the privacy policy, the support dialog):
   * the operator defaults to APP_NAME; without SUPPORT_TELEGRAM or SUPPORT_EMAIL that link is not shown.
   */
  operator: { name: string; supportTelegram: string | undefined; supportEmail: string | undefined };
  yandex: {
    clientId: string | undefined;
    clientSecret: string | undefined;
    oauthUrl: string;
    loginUrl: string;
    /** How long one call to Yandex ID (token, profile) may take before sign-in gives up with a message. */
    timeoutMs: number;
  };
  yookassa: { shopId: string | undefined; secretKey: string | undefined; apiUrl: string };
  /** The VIN-report provider (sandbox without a key), the order worker's poll interval and each call's timeout. */
  reports: {
    apiUrl: string | undefined;
    apiKey: string | undefined;
    pollIntervalSeconds: number;
    timeoutSeconds: number;
    /** How long the sandbox takes per order, as a real provider does (0: it answers at once). */
    sandboxDelaySeconds: number;
  };
  vk: { token: string | undefined; apiUrl: string };
  /** The ticker's providers: the Bank of Russia's site (XML_daily.asp under it) and CoinGecko API v3's base. */
  rates: { cbrUrl: string; cryptoUrl: string };
  webDistDir: string;
  miniappDistDir: string;
}

/**
 * Development only: the mini-app's mock Telegram environment signs launch params with this token, and the API checks
 * them with it when BOT_TOKEN is unset. Public on purpose; a production start requires a real BOT_TOKEN.
 */
export const DEV_BOT_TOKEN = '1000000000:DEVELOPMENT-ONLY-autoradar-mock-token';

/** The secrets production refuses when default, short or not random (packages/server config/secrets.ts). */
export const PRODUCTION_SECRETS = ['REVERB_APP_SECRET', 'APP_SECRET', 'BOT_WEBHOOK_SECRET'] as const;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Which process reads the configuration: production's start rules differ (the API needs BOT_TOKEN and APP_SECRET;
 * the bot and the worker only the secrets they sign with; a CLI none).
 */
export type ConfigRole = 'api' | 'bot' | 'worker' | 'cli';

/** The secrets the bot's and the worker's processes sign with (REVERB_APP_SECRET events, the webhook's token). */
export const BOT_PRODUCTION_SECRETS = ['REVERB_APP_SECRET', 'BOT_WEBHOOK_SECRET'] as const;

/** Reads and validates the environment; throws ConfigError with one line per bad variable. */
export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  options: { role?: ConfigRole } = {},
): Config {
  const role = options.role ?? 'api';
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '?');
      const value = source[name];
      const shown = value === undefined ? '' : `=${maskSecret(name, value)}`;
      return `Неверная настройка ${name}${shown}: ${issue.message}`;
    });
    throw new ConfigError(lines.join('\n'));
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && (role === 'bot' || role === 'worker')) {
    const problem = productionSecretProblem(
      { ...source, REVERB_APP_SECRET: e.REVERB_APP_SECRET },
      BOT_PRODUCTION_SECRETS,
    );
    if (problem) throw new ConfigError(problem);
  }
  if (role !== 'api') return toConfig(e);
  if (e.NODE_ENV === 'production' && !e.BOT_TOKEN) {
    // DESIGN.md §3: a production start refuses to run without a real bot token.
    throw new ConfigError('Неверная настройка BOT_TOKEN: в режиме production токен бота обязателен');
  }
  if (e.NODE_ENV === 'production' && !e.APP_SECRET) {
    throw new ConfigError(
      'Неверная настройка APP_SECRET: в режиме production нужна случайная строка не короче 32 символов',
    );
  }
  if (e.NODE_ENV === 'production') {
    // Issue 31: a default or guessable secret lets anyone sign Pusher events and private-channel subscriptions
    // (REVERB_APP_SECRET), OAuth states (APP_SECRET) or Telegram updates (BOT_WEBHOOK_SECRET; derived from the bot
    // token when unset, which is secret enough). The bot's own process checks the same (bot/src/env.ts).
    const problem = productionSecretProblem({ ...source, REVERB_APP_SECRET: e.REVERB_APP_SECRET }, PRODUCTION_SECRETS);
    if (problem) throw new ConfigError(problem);
  }
  return toConfig(e);
}

function toConfig(e: Env): Config {
  const dataDir = path.resolve(repoRoot, e.DATA_DIR);
  const trustedProxies = listOf(e.TRUST_PROXY) ?? [];
  const shownHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  return {
    env: e.NODE_ENV,
    appName: e.APP_NAME,
    host: e.HOST,
    port: e.PORT,
    trustProxy: trustedProxies.length > 0 ? trustedProxies : false,
    appUrl: (e.APP_URL ?? `http://${shownHost}:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    demoData: e.DEMO_DATA ?? e.DATABASE_URL === undefined,
    logLevel: e.LOG_LEVEL,
    reverb: {
      appId: e.REVERB_APP_ID,
      key: e.REVERB_APP_KEY,
      secret: e.REVERB_APP_SECRET,
      port: e.REVERB_PORT,
      allowedOrigins: listOf(e.REVERB_ALLOWED_ORIGINS),
      maxConnections: e.REVERB_MAX_CONNECTIONS,
      maxSubscriptions: e.REVERB_MAX_SUBSCRIPTIONS,
      maxMessageSize: e.REVERB_MAX_MESSAGE_SIZE,
      host: e.REVERB_HOST,
    },
    bot: {
      token: e.BOT_TOKEN,
      username: e.BOT_USERNAME,
      miniappShortName: e.MINIAPP_SHORT_NAME,
      apiUrl: e.TELEGRAM_API_URL,
      inApi: e.BOT_IN_API ?? true,
      webhook: definedOnly({
        url: e.BOT_WEBHOOK_URL,
        secret: e.BOT_WEBHOOK_SECRET,
        host: e.BOT_WEBHOOK_HOST,
        port: e.BOT_WEBHOOK_PORT === undefined ? undefined : String(e.BOT_WEBHOOK_PORT),
      }),
    },
    signingBotToken: e.BOT_TOKEN ?? DEV_BOT_TOKEN,
    initDataMaxAgeSeconds: e.INITDATA_MAX_AGE,
    appSecret: e.APP_SECRET,
    authRateLimit: e.AUTH_RATE_LIMIT,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    notify: {
      worker: e.NOTIFY_WORKER ?? true,
      tuning: definedOnly({
        concurrency: e.NOTIFY_CONCURRENCY,
        leaseMs: e.NOTIFY_LEASE_MS,
        batchSize: e.NOTIFY_BATCH,
        pollIntervalMs: e.NOTIFY_POLL_MS,
      }),
    },
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST },
    health: { port: e.HEALTH_PORT, host: e.HEALTH_HOST },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? `${e.APP_NAME} <no-reply@localhost>` },
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    feedCacheTtlMs: e.FEED_CACHE_TTL_MS,
    staff: { chatId: e.STAFF_CHAT_ID, email: e.STAFF_EMAIL },
    operator: {
      name: e.OPERATOR_NAME ?? e.APP_NAME,
      supportTelegram: e.SUPPORT_TELEGRAM,
      supportEmail: e.SUPPORT_EMAIL,
    },
    yandex: {
      clientId: e.YANDEX_CLIENT_ID,
      clientSecret: e.YANDEX_CLIENT_SECRET,
      oauthUrl: e.YANDEX_OAUTH_URL,
      loginUrl: e.YANDEX_LOGIN_URL,
      timeoutMs: e.YANDEX_TIMEOUT * 1000,
    },
    yookassa: { shopId: e.YOOKASSA_SHOP_ID, secretKey: e.YOOKASSA_SECRET_KEY, apiUrl: e.YOOKASSA_API_URL },
    reports: {
      apiUrl: e.REPORTS_API_URL,
      apiKey: e.REPORTS_API_KEY,
      pollIntervalSeconds: e.REPORTS_POLL_INTERVAL,
      timeoutSeconds: e.REPORTS_TIMEOUT,
      sandboxDelaySeconds: e.REPORTS_SANDBOX_DELAY,
    },
    vk: { token: e.VK_TOKEN, apiUrl: e.VK_API_URL },
    rates: { cbrUrl: e.RATES_CBR_URL, cryptoUrl: e.RATES_CRYPTO_URL },
    webDistDir: path.join(repoRoot, 'apps/web/dist'),
    miniappDistDir: path.join(repoRoot, 'apps/miniapp/dist'),
  };
}

/** The object without its undefined entries (exactOptionalPropertyTypes). */
function definedOnly<T extends Record<string, unknown>>(o: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

const SECRET_NAMES = /(SECRET|TOKEN|KEY|PASSWORD)/;

/** Hides secrets and URL passwords when a value is echoed back in an error. */
export function maskSecret(name: string, value: string): string {
  if (SECRET_NAMES.test(name)) return '***';
  try {
    const u = new URL(value);
    if (u.password) {
      u.password = '***';
      return u.toString();
    }
  } catch {
    // not a URL: shown as typed
  }
  return value;
}
