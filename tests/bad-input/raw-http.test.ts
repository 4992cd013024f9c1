import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { operations } from './support/operations';
import { RUNS, SEED, envelopeProblem, seedFor } from './support/run';
import { createWorld, type World } from './support/world';

// What app.inject() cannot send: broken request lines and headers, framing tricks, bytes the HTTP parser refuses.
// They go over a real socket to the listening server. Whatever arrives, the answer is below 500 and every 4xx is the
// error envelope with a Russian message, the HTTP parser's own answers included.

const CASES: { label: string; raw: string | Buffer }[] = [
  { label: 'garbage line', raw: 'GARBAGE\r\n\r\n' },
  { label: 'method only', raw: 'GET\r\n\r\n' },
  { label: 'no Host', raw: 'GET /api/health HTTP/1.1\r\n\r\n' },
  { label: 'bare %', raw: 'GET /api/posts/% HTTP/1.1\r\nHost: x\r\n\r\n' },
  { label: 'bad escape', raw: 'GET /api/posts/%ZZ HTTP/1.1\r\nHost: x\r\n\r\n' },
  { label: 'NUL escape in path', raw: 'GET /api/posts/%00 HTTP/1.1\r\nHost: x\r\n\r\n' },
  { label: 'raw UTF-8 in path', raw: Buffer.from('GET /api/posts/ж HTTP/1.1\r\nHost: x\r\n\r\n') },
  { label: 'control byte in path', raw: 'GET /api/\x01 HTTP/1.1\r\nHost: x\r\n\r\n' },
  { label: 'HTTP/9.9', raw: 'GET /api/health HTTP/9.9\r\nHost: x\r\n\r\n' },
  { label: 'unknown method', raw: 'BREW /api/health HTTP/1.1\r\nHost: x\r\n\r\n' },
  { label: 'absolute-form target', raw: 'GET http://evil.example/api/health HTTP/1.1\r\nHost: x\r\n\r\n' },
  { label: 'asterisk target', raw: 'OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n' },
  { label: 'CONNECT', raw: 'CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n' },
  { label: 'header of 20 KB', raw: `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n` },
  { label: 'URL of 20 KB', raw: `GET /api/posts/search?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n` },
  { label: 'path param of 200 digits', raw: `GET /api/posts/${'9'.repeat(200)} HTTP/1.1\r\nHost: x\r\n\r\n` },
  { label: 'NUL in a header', raw: 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-A: a\x00b\r\n\r\n' },
  { label: 'space in a header name', raw: 'GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header: x\r\n\r\n' },
  { label: 'header without colon', raw: 'GET /api/health HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n' },
  { label: 'obsolete line folding', raw: 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\n\r\n' },
  { label: 'bare LF lines', raw: 'GET /api/health HTTP/1.1\nHost: x\n\n' },
  {
    label: 'Content-Length not a number',
    raw: 'POST /api/posts/search HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
  },
  {
    label: 'two Content-Lengths',
    raw: 'POST /api/posts/search HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
  },
  {
    label: 'Content-Length and chunked',
    raw: 'POST /api/posts/search HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
  },
  {
    label: 'bad chunk size',
    raw: 'POST /api/posts/search HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n',
  },
  {
    label: 'unknown transfer coding',
    raw: 'POST /api/posts/search HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n',
  },
  {
    label: 'negative Content-Length',
    raw: 'POST /api/posts/search HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: -1\r\n\r\n',
  },
  {
    label: 'Content-Length past the body limit',
    raw: 'POST /api/posts/search HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 99999999999\r\n\r\n{}',
  },
  {
    label: 'gzip body that is not gzip',
    raw: 'POST /api/posts/search HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: 2\r\n\r\n{}',
  },
  {
    label: 'JSON body on GET',
    raw: 'GET /api/posts/1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 3\r\n\r\n{"a',
  },
  {
    label: 'multipart without boundary',
    raw: 'POST /api/drafts/media HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data\r\nContent-Length: 2\r\n\r\n{}',
  },
  {
    label: 'Expect: 100-continue',
    raw: 'POST /api/support HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 0\r\n\r\n',
  },
  { label: 'bad Expect', raw: 'GET /api/health HTTP/1.1\r\nHost: x\r\nExpect: 999-nonsense\r\n\r\n' },
];

interface RawAnswer {
  status: number;
  contentType: string;
  body: string;
  bytes: number;
}

/**
 * Sends bytes and reads the first answer. The socket stays open (a half-close may make the server drop an answer it
 * is still preparing); only when nothing arrives for a while is the sending side closed, then the server must answer.
 */
function sendRaw(port: number, raw: string | Buffer): Promise<RawAnswer | 'closed without an answer' | 'hung'> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (value: RawAnswer | 'closed without an answer' | 'hung') => {
      if (settled) return;
      settled = true;
      clearTimeout(quiet);
      clearTimeout(limit);
      socket.destroy();
      resolve(value);
    };
    const quiet = setTimeout(() => socket.end(), 1_500);
    const limit = setTimeout(() => finish(chunks.length ? parse(Buffer.concat(chunks)) : 'hung'), 10_000);
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      const parsed = parse(Buffer.concat(chunks));
      if (parsed.complete) finish(parsed);
    });
    socket.on('error', () => {});
    socket.on('close', () => finish(chunks.length ? parse(Buffer.concat(chunks)) : 'closed without an answer'));
    socket.write(raw);
  });
}

/** Reads a chunked body; `done` once the last chunk arrived. */
function dechunk(body: string): { text: string; done: boolean } {
  let text = '';
  let rest = body;
  for (;;) {
    const line = rest.indexOf('\r\n');
    if (line < 0) return { text, done: false };
    const size = Number.parseInt(rest.slice(0, line), 16);
    if (!Number.isFinite(size)) return { text, done: true };
    if (size === 0) return { text, done: true };
    text += rest.slice(line + 2, line + 2 + size);
    rest = rest.slice(line + 2 + size + 2);
  }
}

function parse(data: Buffer): RawAnswer & { complete: boolean } {
  const text = data.toString('utf8');
  const head = text.indexOf('\r\n\r\n');
  const lines = (head >= 0 ? text.slice(0, head) : text).split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1] ?? 0);
  const headers = new Map(
    lines.slice(1).map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  const raw = head >= 0 ? text.slice(head + 4) : '';
  const length = Number(headers.get('content-length') ?? NaN);
  if (/chunked/i.test(headers.get('transfer-encoding') ?? '')) {
    const { text: body, done } = dechunk(raw);
    return {
      status,
      contentType: headers.get('content-type') ?? '',
      body,
      bytes: data.length,
      complete: head >= 0 && done,
    };
  }
  const complete = head >= 0 && (Number.isFinite(length) ? Buffer.byteLength(raw) >= length : status === 100);
  return { status, contentType: headers.get('content-type') ?? '', body: raw, bytes: data.length, complete };
}

const health = operations().find((op) => op.name === 'health.check')!;

/**
 * A connection closed without an answer is neither a 5xx nor a hang: Node drops a CONNECT the server does not proxy,
 * and bytes that never form a request line. Only silence that lasts counts.
 */
function problemOf(answer: Awaited<ReturnType<typeof sendRaw>>): string | null {
  if (answer === 'closed without an answer') return null;
  if (typeof answer === 'string') return answer;
  if (answer.status === 0) return `not an HTTP answer: ${JSON.stringify(answer.body.slice(0, 80))}`;
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.body.slice(0, 200)}`;
  if (answer.status < 400) return null;
  const problem = envelopeProblem(health, {
    status: answer.status,
    contentType: answer.contentType,
    body: answer.body,
    sent: { method: '', url: '', headers: {}, body: '' },
  });
  return problem ? `${answer.status}: ${problem}; body ${JSON.stringify(answer.body.slice(0, 200))}` : null;
}

describeEachDb('bad input: raw HTTP', (getDb, target) => {
  let world: World;
  let port: number;
  beforeAll(async () => {
    world = await createWorld(getDb(), target.name, []);
    await world.app.listen({ host: '127.0.0.1', port: 0 });
    port = (world.app.server.address() as AddressInfo).port;
  });
  afterAll(() => world?.close());

  it('answers every malformed request of the catalogue below 500, 4xx in the envelope with Russian text', async () => {
    const problems: string[] = [];
    for (const c of CASES) {
      const problem = problemOf(await sendRaw(port, c.raw));
      if (problem) problems.push(`${c.label}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  it('answers generated junk request lines and headers the same way', async () => {
    const problems = new Map<string, string>();
    const junkChar = fc.integer({ min: 0, max: 255 }).map((n) => String.fromCharCode(n));
    const junk = fc.string({ unit: junkChar, maxLength: 60 });
    const request = fc.oneof(
      fc
        .tuple(fc.constantFrom('GET', 'POST', 'PUT', 'X'), junk)
        .map(([m, t]) => `${m} /${t} HTTP/1.1\r\nHost: x\r\n\r\n`),
      junk.map((h) => `GET /api/health HTTP/1.1\r\nHost: x\r\n${h}\r\n\r\n`),
      junk.map((line) => `${line}\r\n\r\n`),
    );
    await fc.assert(
      fc.asyncProperty(request, async (raw) => {
        const problem = problemOf(await sendRaw(port, Buffer.from(raw, 'latin1')));
        if (problem) problems.set(problem.slice(0, 60), `${JSON.stringify(raw)} -> ${problem}`);
      }),
      { seed: seedFor('raw-http', SEED), numRuns: Math.min(RUNS, 200) },
    );
    expect([...problems.values()]).toEqual([]);
  });
});
