// What no log line may carry (issue 31): bearer tokens, cookies, Telegram's initData and widget hash, webhook secrets,
// e-mail addresses and phone numbers. Every process's pino logger takes LOG_REDACT_PATHS as its `redact` and
// LOG_SERIALIZERS as its serializers; texts logged as they came (a client's error report) go through redactText.

const SECRET_KEYS = [
  'authorization',
  'cookie',
  'initData',
  'init_data',
  'tgWebAppData',
  'hash',
  'token',
  'access_token',
  'secret',
  'secret_token',
  'password',
  'email',
  'phone',
  'contacts',
];

/** pino `redact` paths: the request's secret headers, and the secret keys at the top and one or two levels down. */
export const LOG_REDACT_PATHS: string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-telegram-bot-api-secret-token"]',
  'req.headers["x-telegram-init-data"]',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

/** Query and fragment parameters whose value is a secret. */
const SECRET_PARAMS =
  /([?&#](?:hash|token|access_token|code|state|initData|tgWebAppData|secret|email|phone)=)[^&#\s"']*/gi;
// An address starts where a run of its characters starts (the lookbehind): without it every position inside a long
// run of letters or digits was a new start that scanned to the run's end, quadratic in the run's length (a 16 KB
// client error report of letters took 3.6 s of CPU to log, now 2 ms). The domain is labels between dots, so that it
// cannot backtrack over its own dots either; an empty label («a@.ru») is redacted too.
const EMAIL = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]*(?:\.[\p{L}\p{N}-]*)*\.\p{L}{2,}/gu;
// +7 999 123-45-67, 8 (999) 123 45 67, 89991234567: a run of 10 or more digits with the usual separators.
const PHONE = /\+?\d(?:[\s()-]*\d){9,14}/g;

/** A text with its secret parameters, e-mail addresses and phone numbers replaced by [Redacted]. */
export function redactText(text: string): string {
  return text.replace(SECRET_PARAMS, '$1[Redacted]').replace(EMAIL, '[Redacted]').replace(PHONE, '[Redacted]');
}

/** A request address as it may be logged: the widget's `hash`, an OAuth `code` and the like masked in its query. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[Redacted]');
}

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer, with the address redacted (the Login Widget's callback carries its hash there). */
export const LOG_SERIALIZERS = {
  req(request: LoggedRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.hostname,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
