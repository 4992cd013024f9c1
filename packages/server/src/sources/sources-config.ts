import { z } from 'zod';

// The settings of the source readers (issue 28), read with their own schema until issue 30 moves every setting into
// the one shared config; names, defaults and messages follow packages/server/src/config/config.ts.

/** Telegram's and VK's photo CDNs: cdn1…cdn5.telesco.pe and cdn*.cdn-telegram.org (the web preview's photos), sun*.userapi.com and sun*.vkuserphoto.ru (VK's). */
export const DEFAULT_SOURCE_MEDIA_HOSTS = ['*.telesco.pe', '*.cdn-telegram.org', '*.userapi.com', '*.vkuserphoto.ru'];

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const positiveInt = (fallback: number, max: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int('ожидается целое число')
      .positive('ожидается число больше 0')
      .max(max, `ожидается не больше ${max}`)
      .default(fallback),
  );

const HOST_PATTERN = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

/** A host name (`media.example.ru`), a wildcard for its subdomains (`*.telesco.pe`), an IPv4 or a bracketed IPv6. */
export function isMediaHostPattern(entry: string): boolean {
  if (entry.startsWith('[') && entry.endsWith(']')) return z.ipv6().safeParse(entry.slice(1, -1)).success;
  return HOST_PATTERN.test(entry) || z.ipv4().safeParse(entry).success;
}

const SourcesEnvSchema = z.object({
  TELEGRAM_PREVIEW_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, message: 'ожидается адрес http(s)://…' })
      .default('https://t.me')
      .transform((v) => v.replace(/\/+$/, '')),
  ),
  TELEGRAM_PREVIEW_CONCURRENCY: positiveInt(8, 100),
  TELEGRAM_PREVIEW_RPS: positiveInt(30, 1000),
  TELEGRAM_PREVIEW_TIMEOUT: positiveInt(15, 300),
  SOURCE_MEDIA_HOSTS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((v) =>
        v === undefined
          ? DEFAULT_SOURCE_MEDIA_HOSTS
          : v
              .split(',')
              .map((entry) => entry.trim().toLowerCase())
              .filter((entry) => entry !== ''),
      )
      .superRefine((hosts, ctx) => {
        const wrong = hosts.filter((entry) => !isMediaHostPattern(entry));
        if (wrong.length > 0) {
          ctx.addIssue({
            code: 'custom',
            message: `ожидаются хосты через запятую (cdn4.telesco.pe, *.telesco.pe, 127.0.0.1), а не ${wrong.join(', ')}`,
          });
        }
      }),
  ),
  SOURCE_MEDIA_MAX_BYTES: positiveInt(20 * 1_048_576, 100 * 1_048_576),
  SOURCE_MEDIA_TIMEOUT: positiveInt(15, 300),
  TELEGRAM_API_ID: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ message: 'ожидается число api_id с my.telegram.org' }).int().positive().optional(),
  ),
  TELEGRAM_API_HASH: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[0-9a-f]{32}$/i, 'ожидается api_hash с my.telegram.org: 32 шестнадцатеричных символа')
      .optional(),
  ),
  TELEGRAM_SESSION: z.preprocess(emptyToUndefined, z.string().optional()),
  SOURCES_SCHEDULER: z.preprocess(
    emptyToUndefined,
    z.enum(['true', 'false'], { message: 'ожидается true или false' }).default('true'),
  ),
  SOURCES_CONCURRENCY: positiveInt(4, 200),
  SOURCES_POLL_SECONDS: positiveInt(5, 300),
  SOURCES_WORKERS: positiveInt(1, 100),
  SOURCE_INTERVAL: positiveInt(300, 86_400),
  SOURCE_INTERVAL_MIN: positiveInt(60, 86_400),
  SOURCE_INTERVAL_MAX: positiveInt(3_600, 86_400),
  VK_TOKEN: z.preprocess(emptyToUndefined, z.string().optional()),
  VK_API_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, message: 'ожидается адрес http(s)://…' })
      .default('https://api.vk.com/method')
      .transform((v) => v.replace(/\/+$/, '')),
  ),
});

export interface SourcesConfig {
  telegramPreview: { baseUrl: string; concurrency: number; perSecond: number; timeoutMs: number };
  media: { hosts: string[]; maxBytes: number; timeoutMs: number };
  /** Set only when all three MTProto settings are. */
  mtproto: { apiId: number; apiHash: string; session: string } | null;
  /** VK walls are read only with a token. */
  vk: { token: string; apiUrl: string } | null;
  scheduler: {
    enabled: boolean;
    concurrency: number;
    pollIntervalMs: number;
    /** How many worker processes share each host's limits (each takes 1/N of them). */
    workers: number;
    intervalMs: { initial: number; min: number; max: number };
  };
}

/** Reads and checks the settings; a bad value throws one Russian line naming the variable. */
export function readSourcesConfig(env: Record<string, string | undefined> = process.env): SourcesConfig {
  const parsed = SourcesEnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Настройка ${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  const mtprotoSet = [e.TELEGRAM_API_ID, e.TELEGRAM_API_HASH, e.TELEGRAM_SESSION].filter((v) => v !== undefined);
  if (mtprotoSet.length > 0 && mtprotoSet.length < 3) {
    throw new Error(
      'Настройки TELEGRAM_API_ID, TELEGRAM_API_HASH и TELEGRAM_SESSION задаются вместе: без любой из них чтение через MTProto выключено',
    );
  }
  return {
    telegramPreview: {
      baseUrl: e.TELEGRAM_PREVIEW_URL,
      concurrency: e.TELEGRAM_PREVIEW_CONCURRENCY,
      perSecond: e.TELEGRAM_PREVIEW_RPS,
      timeoutMs: e.TELEGRAM_PREVIEW_TIMEOUT * 1000,
    },
    media: {
      hosts: e.SOURCE_MEDIA_HOSTS,
      maxBytes: e.SOURCE_MEDIA_MAX_BYTES,
      timeoutMs: e.SOURCE_MEDIA_TIMEOUT * 1000,
    },
    mtproto:
      e.TELEGRAM_API_ID !== undefined && e.TELEGRAM_API_HASH !== undefined && e.TELEGRAM_SESSION !== undefined
        ? { apiId: e.TELEGRAM_API_ID, apiHash: e.TELEGRAM_API_HASH, session: e.TELEGRAM_SESSION }
        : null,
    vk: e.VK_TOKEN === undefined ? null : { token: e.VK_TOKEN, apiUrl: e.VK_API_URL },
    scheduler: {
      enabled: e.SOURCES_SCHEDULER === 'true',
      concurrency: e.SOURCES_CONCURRENCY,
      pollIntervalMs: e.SOURCES_POLL_SECONDS * 1000,
      workers: e.SOURCES_WORKERS,
      intervalMs: {
        initial: e.SOURCE_INTERVAL * 1000,
        min: Math.min(e.SOURCE_INTERVAL_MIN, e.SOURCE_INTERVAL) * 1000,
        max: Math.max(e.SOURCE_INTERVAL_MAX, e.SOURCE_INTERVAL) * 1000,
      },
    },
  };
}
