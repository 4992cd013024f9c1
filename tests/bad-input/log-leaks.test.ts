import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectLog, findLeaks } from './support/log-leaks';

// The bad-input suite's log check (issue 31) must fail when a secret reaches a line: each shard's "logs no secret"
// test passes only as long as this one shows that the search finds what is there.

const TOKEN = 'tok_0123456789abcdefghijklmnopqrstuv';
const INIT_DATA = 'query_id=AAH1&user={"id":42,"first_name":"Иван"}&auth_date=1700000000&hash=abcdef0123456789';

describe('bad input: the log check', () => {
  it('names a secret the logger wrote as it came, with its line', () => {
    const log = collectLog();
    log.keep(TOKEN);
    log.logger.info('ничего секретного');
    log.logger.info({ note: `принят ${TOKEN}` }, 'вход');
    log.logger.info('после');
    const leaks = log.leaks();
    expect(leaks).toHaveLength(1);
    expect(leaks[0]).toMatch(new RegExp(`^${TOKEN} in \\{.*"note":"принят ${TOKEN}".*"msg":"вход"\\}$`));
    expect(log.lineCount()).toBe(3);
  });

  it('names a secret the logger wrote URL-encoded', () => {
    const log = collectLog();
    log.keep(INIT_DATA);
    log.logger.info({ where: `/tma?tgWebAppStartParam=1&data=${encodeURIComponent(INIT_DATA)}` }, 'открыт');
    expect(log.leaks()).toEqual([expect.stringMatching(/^query_id=AAH1&user=.* in .*"msg":"открыт"/)]);
  });

  it('names a secret kept only after the line that holds it was written', () => {
    const log = collectLog();
    log.logger.info({ answer: `{"token":"${TOKEN}"}` }, 'ответ');
    expect(log.leaks()).toEqual([]);
    log.keep(TOKEN);
    expect(log.leaks()).toEqual([expect.stringContaining(`${TOKEN} in {`)]);
  });

  it('finds nothing where the logger masked the secret, and ignores short texts', () => {
    const log = collectLog();
    log.keep(TOKEN);
    log.keep('+7 999');
    log.logger.info({ token: TOKEN, headers: { authorization: `Bearer ${TOKEN}` } }, 'вход +7 999');
    expect(log.lineCount()).toBe(1);
    expect(log.leaks()).toEqual([]);
  });

  it('names every leaking secret once, with the first line that holds it, whichever form comes first', () => {
    const other = 'секрет-номер-два';
    const lines = [`{"a":"${encodeURIComponent(other)}"}\n`, `{"b":"${TOKEN}"}\n`, `{"c":"${other} ${TOKEN}"}\n`];
    expect(findLeaks(lines, [TOKEN, other, 'нет-такого-секрета'])).toEqual([
      `${TOKEN} in {"b":"${TOKEN}"}`,
      `${other} in {"a":"${encodeURIComponent(other)}"}`,
    ]);
    // A secret never spans two lines.
    expect(findLeaks(['{"a":"abcd"}\n', 'efgh"}\n'], ['abcd"}\nefgh'])).toEqual([]);
    expect(findLeaks(['{"a":"abcd"}\n', 'efgh"}\n'], ['"}\n\nefgh'])).toEqual([]);
  });

  it('finds what searching every line for every secret finds', () => {
    // A small alphabet (with a character URL-encoding changes) so that secrets do show in lines, often encoded.
    const char = fc.constantFrom('a', 'b', 'й', ' ', '%', '2', '0');
    const textOf = (min: number, max: number) =>
      fc.array(char, { minLength: min, maxLength: max }).map((c) => c.join(''));
    // Lines made of random texts and of the secrets themselves, as they came or URL-encoded.
    const part = fc.oneof(textOf(0, 10), fc.record({ index: fc.nat(), encoded: fc.boolean() }));
    fc.assert(
      fc.property(
        fc.array(textOf(1, 12), { minLength: 1, maxLength: 8 }),
        fc.array(fc.array(part, { maxLength: 6 }), { maxLength: 10 }),
        fc.boolean(),
        (secrets, bodies, newlines) => {
          const lines = bodies.map((parts) => {
            const body = parts
              .map((p) => {
                if (typeof p === 'string') return p;
                const secret = secrets[p.index % secrets.length]!;
                return p.encoded ? encodeURIComponent(secret) : secret;
              })
              .join('');
            // pino ends each line with a newline; the search must not depend on it.
            return newlines ? `${body}\n` : body;
          });
          const naive = [...new Set(secrets)].flatMap((secret) => {
            const line = lines.find((l) => l.includes(secret) || l.includes(encodeURIComponent(secret)));
            return line ? [`${secret} in ${line.trim().slice(0, 300)}`] : [];
          });
          expect(findLeaks(lines, secrets)).toEqual(naive);
        },
      ),
      { seed: 31, numRuns: 2_000 },
    );
  });
});
