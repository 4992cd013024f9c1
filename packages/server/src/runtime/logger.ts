import { randomUUID } from 'node:crypto';
import { pino, type Logger, type LevelWithSilent } from 'pino';
import { LOG_REDACT_PATHS, LOG_SERIALIZERS } from '../log-redact';

// One log format for every process (issue 30): pino's JSON lines on stdout, at LOG_LEVEL, each with the process's
// name (`api`, `bot`, `worker`, a CLI's), so a collector can follow one request id from the API's answer to the job row
// and the bot's or the worker's send line.

export type { Logger };

export interface LoggerOptions {
  /** The process: `api`, `bot`, `worker`, or a CLI's name; every line carries it as `process`. */
  name: string;
  level: LevelWithSilent;
  /** Tests collect lines here instead of stdout. */
  destination?: { write(line: string): void };
}

/**
 * Tokens travel in the Authorization header and cookies; neither may reach a log, nor initData, a widget hash, a
 * secret, an e-mail or a phone (log-redact.ts, issue 31): every process's logger masks them.
 */
export const LOG_REDACT = [
  ...new Set(['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', ...LOG_REDACT_PATHS]),
];

export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level,
      base: { process: options.name, pid: process.pid },
      redact: LOG_REDACT,
      serializers: LOG_SERIALIZERS,
    },
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

/** What X-Request-Id may hold when a client or nginx sets it: 1–128 of letters, digits, `-`, `_`, `.`, `:`. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request id of an incoming request: the X-Request-Id header when it is a well-formed one (nginx sets
 * `$request_id`), else a random UUID, unique across processes and restarts (never a counter).
 */
export function requestIdOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && REQUEST_ID.test(value) ? value : randomUUID();
}

/** A stored request id (job rows): the same rule, or null for none. */
export function validRequestId(value: string | null | undefined): string | null {
  return value !== null && value !== undefined && REQUEST_ID.test(value) ? value : null;
}
