import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { compareRoutesWithContract, contract, type OpenApiDocument, type RegisteredRoute } from '@autoradar/contract';
import { createMemoryDb, migrateDb, type DbHandle } from '@autoradar/db';
import { buildApp } from '../app';
import { loadConfig } from '@autoradar/server/config/config';
import { readJson } from '../testing/read-json';
import { isContractRoute } from './route';

// The API serves the contract and nothing else: every route under an API namespace comes from a contract entry
// through route(), which validates with the entry's schemas.

/** Routes that serve files and app shells, and the CORS preflight, not calls; none is under an API namespace. */
const STATIC_ROUTES = new Set([
  'GET /',
  'GET /tma',
  'GET /tma/',
  'GET /media/*',
  'GET /assets/*',
  'GET /tma/assets/*',
  // CORS preflight for the app's own origins (@fastify/cors, plugins/edge-headers.ts).
  'OPTIONS *',
]);

/**
 * Contract entries the API does not serve yet: empty since issues 4-8, and it must stay empty — a new contract entry
 * lands together with its route. Realtime entries are served by the websocket server on its own port.
 */
const NOT_SERVED_YET: string[] = [];

describe('the API and its contract', () => {
  let app: FastifyInstance;
  let handle: DbHandle;
  const routes: (RegisteredRoute & { contract: boolean })[] = [];

  beforeAll(async () => {
    handle = await createMemoryDb();
    await migrateDb(handle);
    const empty = mkdtempSync(path.join(tmpdir(), 'autoradar-none-'));
    const config = {
      ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      webDistDir: path.join(empty, 'web'),
      miniappDistDir: path.join(empty, 'tma'),
      mediaDir: empty,
    };
    app = await buildApp({
      config,
      db: handle,
      onRoute: (r) => {
        for (const method of [r.method].flat())
          routes.push({ method, path: r.url, contract: isContractRoute(r.config) });
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  it('registers no route outside the contract', () => {
    const httpRoutes = routes.filter((r) => r.method !== 'HEAD' && !STATIC_ROUTES.has(`${r.method} ${r.path}`));
    const { outside } = compareRoutesWithContract(httpRoutes);
    expect(outside).toEqual([]);
  });

  it('registers every contract route through route(), with the contract schemas', () => {
    const bypassing = routes.filter(
      (r) => r.method !== 'HEAD' && !STATIC_ROUTES.has(`${r.method} ${r.path}`) && !r.contract,
    );
    expect(bypassing).toEqual([]);
  });

  it('serves every contract entry except the ones listed as not served yet', () => {
    const { unserved } = compareRoutesWithContract(routes);
    const realtimeServed = unserved.filter((e) => e.server === 'realtime').map((e) => e.name);
    expect(
      unserved
        .filter((e) => e.server !== 'realtime')
        .map((e) => e.name)
        .sort(),
    ).toEqual([...NOT_SERVED_YET].sort());
    // The websocket port serves these; its own tests cover them.
    expect(realtimeServed.every((name) => name.startsWith('realtime.'))).toBe(true);
  });

  it('serves an OpenAPI 3.1 document that validates, and a browsable page', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<OpenApiDocument>();
    expect(doc.openapi).toBe('3.1.0');
    // The validator reads the document as the contract declares it: any JSON object.
    const result = await new Validator().validate(readJson(res, contract.docs.openApi));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(Object.keys(doc.paths)).toContain('/api/posts/{id}');

    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<a href="/api/docs/openapi.json">');
    expect(page.body).toContain('/api/posts/search');
  });
});
