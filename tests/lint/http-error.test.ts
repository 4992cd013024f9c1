import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 27: services say what went wrong in the domain's terms (DomainError, packages/server/src/domain-error.ts) and
// route() turns the code into a status in one table (apps/api/src/http/http-error.ts). So a service can move to
// packages/server, where the bot and the workers use it, without knowing HTTP. This fails when `HttpError` appears
// outside apps/api/src/http.

const root = path.resolve(import.meta.dirname, '../..');
const OWNER = 'apps/api/src/http/';

/** Files that may name `HttpError` although they live elsewhere, each with why. */
const EXCEPTIONS: Record<string, string> = {
  // grammY's own class of the same name: a network failure talking to Telegram, nothing of ours.
  'packages/server/src/notify/notify-telegram.ts': "grammY's HttpError (a network failure), not the API's",
  'packages/server/src/telegram-api.ts': "a comment on grammY's HttpError (a call that timed out)",
  // This file: its examples below name it on purpose.
  'tests/lint/http-error.test.ts': 'the examples of this check',
};

/** The lines of `source` that name HttpError, as `line: text`. */
function httpErrorUses(source: string): string[] {
  return source.split('\n').flatMap((text, i) => (/\bHttpError\b/.test(text) ? [`${i + 1}: ${text.trim()}`] : []));
}

const sourceFiles = () =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(
      (file) => /\.(?:[cm]?[jt]sx?)$/.test(file) && !file.includes('node_modules/') && !/(^|\/)dist\//.test(file),
    );

describe('who knows HttpError', () => {
  it('finds the class by name, and not words that contain it', () => {
    expect(httpErrorUses("import { HttpError } from '../../http/http-error';")).toHaveLength(1);
    expect(httpErrorUses('throw new HttpError(404, MESSAGES.notFound);')).toHaveLength(1);
    expect(httpErrorUses('if (err instanceof HttpError) return;')).toHaveLength(1);
    expect(httpErrorUses('ky.create({ throwHttpErrors: false })')).toEqual([]);
    expect(httpErrorUses("throw new DomainError('not_found', MESSAGES.notFound);")).toEqual([]);
  });

  it('is named only in apps/api/src/http', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles()) {
      if (file.startsWith(OWNER) || file in EXCEPTIONS) continue;
      offenders.push(...httpErrorUses(readFileSync(path.join(root, file), 'utf8')).map((use) => `${file}:${use}`));
    }
    expect(offenders, 'throw DomainError (@autoradar/server/domain-error); route() maps its code to a status').toEqual(
      [],
    );
  });
});
