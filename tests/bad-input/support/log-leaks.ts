import { createLogger, type Logger } from '@autoradar/server/runtime/logger';

// Issue 31's check: the API logs at production's `info` into memory, and no secret the run sent or was given may be in
// a line of it. A secret is often kept only after the lines that could hold it were written (a sign-in's token comes
// in its answer, after the request's lines), so lines are searched when the check runs, not when they are written.
//
// The search is one pass over the log, whatever the number of secrets: the lines joined once, each secret and its
// URL-encoded form found by a rolling hash of their first characters, the line named only for a secret found.
// (Searching every line for every secret, with the encoded form computed per line, cost 5–6 s per shard and target;
// indexOf over the joined text once per form still cost seconds with a thousand secrets.)

export interface LogCollector {
  /** The API's logger: production's options, its lines kept here. */
  logger: Logger;
  /** Adds a secret (8 characters or more) that no line may hold; returns it. */
  keep: <T extends string | undefined>(secret: T) => T;
  /** Each secret a line holds, as it came or URL-encoded, with the first such line (cut to 300 characters). */
  leaks(): string[];
  /** Lines logged so far. */
  lineCount(): number;
}

export function collectLog(level: 'info' | 'debug' = 'info'): LogCollector {
  const lines: string[] = [];
  const secrets = new Set<string>();
  const logger = createLogger({ name: 'api', level, destination: { write: (line) => void lines.push(line) } });
  return {
    logger,
    keep: (secret) => {
      if (secret && secret.length >= 8) secrets.add(secret);
      return secret;
    },
    leaks: () => findLeaks(lines, secrets),
    lineCount: () => lines.length,
  };
}

/** Each secret that one of the lines holds, as it came or URL-encoded, with the first such line. */
export function findLeaks(lines: readonly string[], secrets: Iterable<string>): string[] {
  // Newline-separated: a line's own text (pino's JSON) never holds a raw newline.
  const text = lines.join('\n');
  /** Where each secret first shows in the text, as it came or encoded. */
  const found = new Map<string, number>();
  const lineFound = new Map<string, string>();
  // Each form is looked up by a hash of its first PREFIX characters, rolled along the text in one pass: the cost is
  // the log's length, whatever the number of secrets (searching the text once per secret took seconds).
  const byPrefix = new Map<number, { secret: string; form: string }[]>();
  for (const secret of new Set(secrets)) {
    const forms = [...new Set([secret, encodeURIComponent(secret)])];
    if (forms.some((form) => form.includes('\n'))) {
      // A secret across lines matches no single line: searched line by line, as such a secret must be.
      const line = lines.find((l) => forms.some((form) => l.includes(form)));
      if (line !== undefined) lineFound.set(secret, line);
      continue;
    }
    for (const form of forms) {
      if (form.length < PREFIX) {
        const at = text.indexOf(form);
        if (at >= 0 && at < (found.get(secret) ?? Infinity)) found.set(secret, at);
        continue;
      }
      const key = hashOf(form, 0);
      const list = byPrefix.get(key);
      if (list) list.push({ secret, form });
      else byPrefix.set(key, [{ secret, form }]);
    }
  }
  if (byPrefix.size > 0 && text.length >= PREFIX) {
    let h = hashOf(text, 0);
    for (let start = 0; ; start++) {
      const candidates = byPrefix.get(h);
      if (candidates) {
        for (const { secret, form } of candidates) {
          if (text.startsWith(form, start) && start < (found.get(secret) ?? Infinity)) found.set(secret, start);
        }
      }
      if (start + PREFIX >= text.length) break;
      h = (Math.imul(h - Math.imul(text.charCodeAt(start), HIGHEST), BASE) + text.charCodeAt(start + PREFIX)) | 0;
    }
  }
  const leaks: string[] = [];
  for (const secret of new Set(secrets)) {
    let line = lineFound.get(secret);
    const at = found.get(secret);
    if (at !== undefined) {
      const end = text.indexOf('\n', at);
      line = text.slice(text.lastIndexOf('\n', at) + 1, end < 0 ? undefined : end);
    }
    if (line !== undefined) leaks.push(`${secret} in ${line.trim().slice(0, 300)}`);
  }
  return leaks;
}

/** Every secret kept is at least 8 characters long (collectLog's keep). */
const PREFIX = 8;
const BASE = 0x01000193;
/** BASE to the power PREFIX - 1, modulo 2^32: the weight of a window's first character. */
const HIGHEST = Array.from({ length: PREFIX - 1 }).reduce<number>((n) => Math.imul(n, BASE), 1);

/** A 32-bit polynomial hash of the PREFIX characters of text from start on. */
function hashOf(text: string, start: number): number {
  let h = 0;
  for (let i = start; i < start + PREFIX; i++) h = (Math.imul(h, BASE) + text.charCodeAt(i)) | 0;
  return h;
}
