import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { brands, cities, deliveries, filters, importReferenceData, models, notifyJobs } from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { createLogger } from '@autoradar/server/runtime/logger';
import { startBotApiEmulator } from '@autoradar/server/testing/bot-api-emulator';
import { buildTestApp, publishTestDraft, signInPro, testClock } from './testing/test-app';

// Issue 30: one request id from the API's answer to the job row, the delivery and the sender's log line; readiness.

const TOKEN = '123456789:AAE_test-token-for-the-emulator-only';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describeEachDb('one request id, end to end (issue 30)', (getDb) => {
  let app: FastifyInstance;
  let emulator: Awaited<ReturnType<typeof startBotApiEmulator>>;
  const lines: Record<string, unknown>[] = [];
  const clock = testClock(new Date('2026-06-15T09:00:00Z'));

  beforeAll(async () => {
    emulator = await startBotApiEmulator();
    await importReferenceData(getDb().db);
    app = await buildTestApp(getDb(), {
      clock,
      logger: createLogger({
        name: 'api',
        level: 'info',
        destination: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
      }),
      env: {
        BOT_TOKEN: TOKEN,
        BOT_USERNAME: 'autoradar_test_bot',
        TELEGRAM_API_URL: emulator.url,
        APP_URL: 'https://autoradar.example',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await emulator.close();
  });

  it('returns the X-Request-Id nginx sent, or a random UUID for none or a malformed one', async () => {
    const given = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123.x:9' } });
    expect(given.headers['x-request-id']).toBe('abc-123.x:9');
    const none = await app.inject({ method: 'GET', url: '/api/health' });
    const other = await app.inject({ method: 'GET', url: '/api/health' });
    expect(none.headers['x-request-id']).toMatch(UUID);
    expect(other.headers['x-request-id']).not.toBe(none.headers['x-request-id']);
    const bad = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': `<script>${'x'.repeat(300)}` },
    });
    expect(bad.headers['x-request-id']).toMatch(UUID);
  });

  it('is ready with the database up and every migration applied', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok', migrations: 'ok', redis: 'off' });
  });

  it('carries the publishing request id into the job row, the delivery and the send log line', async () => {
    const db = getDb().db;
    const [camry] = await db
      .select({ brandId: brands.id, modelId: models.id })
      .from(models)
      .innerJoin(brands, eq(models.brandId, brands.id))
      .where(and(eq(brands.name, 'Toyota'), eq(models.name, 'Camry'), eq(brands.kind, 'car')));
    const [kazan] = await db.select({ id: cities.id }).from(cities).where(eq(cities.city, 'Казань'));
    const buyer = await signInPro(getDb(), clock());
    await db.insert(filters).values({
      userId: buyer.id,
      name: 'Камри в Казани',
      brands: [camry!.brandId],
      cities: [kazan!.id],
      active: true,
      via: ['telegram'],
    });
    const seller = await signInPro(getDb(), clock());
    const requestId = `req-${Date.now()}`;
    const postId = await publishTestDraft(app, { headers: { ...seller.headers, 'x-request-id': requestId } }, camry!);

    const [job] = await db.select().from(notifyJobs).where(eq(notifyJobs.postId, postId));
    expect(job?.requestId).toBe(requestId);
    await vi.waitFor(
      async () => {
        const rows = await db.select().from(deliveries).where(eq(deliveries.postId, postId));
        expect(rows.map((r) => [r.status, r.requestId])).toEqual([['sent', requestId]]);
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(lines.some((l) => l['requestId'] === requestId && l['process'] === 'api')).toBe(true);
    const sendLine = lines.find((l) => l['msg'] === 'Уведомления: отправлено');
    expect(sendLine?.['requestIds']).toEqual([requestId]);
    expect(emulator.callsOf('sendMessage').length + emulator.callsOf('sendPhoto').length).toBe(1);
  });
});
