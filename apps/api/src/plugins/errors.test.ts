import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { buildTestApp } from '../testing/test-app';
import { readError } from '../testing/read-json';

const CYRILLIC = /[А-Яа-яЁё]/;

/** Sends raw bytes and reads the whole answer: the HTTP parser's refusals never reach app.inject. */
function rawRequest(port: number, bytes: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head, body });
    });
    socket.write(bytes);
  });
}

describeEachDb('framework answers in the error envelope', (getDb) => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = await buildTestApp(getDb());
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  it('answers a URL that does not decode with a Russian 400 (FST_ERR_BAD_URL)', async () => {
    for (const url of ['/api/posts/%', '/api/drafts/%E0%A4%A', '/api/brands/%zz']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: 'Некорректный адрес запроса' });
    }
  });

  it('answers a path parameter past the length limit with a Russian 414', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/posts/${'1'.repeat(500)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: 'Слишком длинный адрес запроса' });
  });

  it('answers unknown API paths and methods with a Russian 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['DELETE', '/api/posts/search'],
      ['PATCH', '/api/health'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(readError(res).message).toMatch(CYRILLIC);
    }
  });

  it('answers a malformed JSON body and a wrong content type in Russian', async () => {
    const json = await app.inject({
      method: 'POST',
      url: '/api/posts/search',
      payload: '{"brands": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ message: 'Тело запроса — некорректный JSON' });
    const type = await app.inject({
      method: 'POST',
      url: '/api/posts/search',
      payload: 'brands=1',
      headers: { 'content-type': 'text/x-unknown' },
    });
    expect(type.statusCode).toBe(415);
    expect(readError(type).message).toMatch(CYRILLIC);
  });

  it('answers what the HTTP parser refuses with a raw Russian 400 in the envelope', async () => {
    const res = await rawRequest(port, 'THIS IS NOT HTTP\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.headers).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(Number(/content-length: (\d+)/i.exec(res.headers)?.[1])).toBe(Buffer.byteLength(res.body));
    expect(JSON.parse(res.body)).toEqual({ message: 'Некорректный запрос' });
  });

  it('answers headers past the size limit with a raw Russian 431', async () => {
    const res = await rawRequest(
      port,
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ message: 'Слишком большие заголовки запроса' });
  });

  it("answers an HTTP/1.1 request without Host with a Russian 400 instead of node's empty one", async () => {
    const res = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ message: 'Некорректный запрос' });
  });

  it('answers an unsupported Expect with a Russian 417', async () => {
    const res = await rawRequest(
      port,
      'POST /api/posts/search HTTP/1.1\r\nHost: localhost\r\nExpect: 200-ok\r\nContent-Length: 2\r\n\r\n{}',
    );
    expect(res.status).toBe(417);
    expect(JSON.parse(res.body)).toEqual({ message: 'Заголовок Expect не поддерживается' });
  });

  it('still answers well-formed requests on the same server', async () => {
    const res = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(200);
  });
});
