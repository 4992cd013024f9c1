import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { createLogger } from '@autoradar/server/runtime/logger';
import { buildTestApp, signIn } from '../../testing/test-app';

describeEachDb('client errors', (getDb) => {
  let app: FastifyInstance;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    app = await buildTestApp(getDb(), {
      logger: createLogger({
        name: 'api',
        level: 'info',
        destination: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
      }),
    });
  });
  afterAll(() => app.close());

  const report = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = '10.40.0.1') =>
    app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(payload),
      remoteAddress,
    });

  it('takes a report from a guest and from a signed-in user', async () => {
    const body = {
      message: 'Failed to fetch dynamically imported module: /assets/search-screen-1a2b.js',
      url: 'https://autoradar.example/search?q=%D0%9B%D0%B0%D0%B4%D0%B0',
      stack: 'TypeError: Failed to fetch\n    at lazy (index-9f.js:1:200)',
    };
    expect((await report(body)).statusCode).toBe(204);
    expect((await report({ ...body, stack: null }, (await signIn(getDb())).headers, '10.40.0.2')).statusCode).toBe(204);
  });

  it('logs the report with the request id, the page and the user, without the token in the address', async () => {
    const user = await signIn(getDb());
    const res = await report(
      { message: 'TypeError: x is undefined', url: '/search?token=abc', stack: 'at f (a.js:1:2)' },
      { ...user.headers, 'x-request-id': 'client-error-31' },
      '10.40.0.6',
    );
    expect(res.statusCode).toBe(204);
    const line = lines.find((l) => l['msg'] === 'client error' && l['requestId'] === 'client-error-31');
    expect(line).toMatchObject({
      level: 40,
      userId: user.id,
      clientError: { message: 'TypeError: x is undefined', stack: 'at f (a.js:1:2)' },
    });
    expect(JSON.stringify(line)).not.toContain('abc');
  });

  it('drops control characters rather than refusing what a browser wrote; refuses texts past their bounds', async () => {
    expect((await report({ message: 'a\u0000b', url: '/search' }, {}, '10.40.0.3')).statusCode).toBe(204);
    const long = await report({ message: 'x'.repeat(1_001), url: '/search' }, {}, '10.40.0.3');
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ errors: { message: ['Не более 1000 символов'] } });
  });

  it('refuses more than 16 KB and a report without its message, in Russian', async () => {
    const big = await report({ message: 'x', url: '/', stack: 'я'.repeat(9_000) }, {}, '10.40.0.4');
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'Слишком большой запрос' });
    const empty = await report({ url: '/' }, {}, '10.40.0.5');
    expect(empty.statusCode).toBe(422);
    expect(empty.json<{ message: string }>().message).toMatch(/[а-я]/);
  });
});
