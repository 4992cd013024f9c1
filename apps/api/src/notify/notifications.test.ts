import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { brands, cities, deliveries, filters, importReferenceData, models, users } from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { startBotApiEmulator } from '@autoradar/server/testing/bot-api-emulator';
import { startSmtpSink } from '@autoradar/server/testing/smtp-sink';
import { buildTestApp, publishTestDraft, signInPro, testClock } from '../testing/test-app';

// Issue 14 end to end through the API process (the embedded default: the worker runs inside it): a seller publishes
// through the HTTP API, a PRO user's saved filter matches, the Bot API emulator receives exactly one message with the
// startapp=post_<id> button and a real SMTP server on 127.0.0.1 receives the e-mail, whose unsubscribe link pauses the
// filter without signing in.

const TOKEN = '123456789:AAE_test-token-for-the-emulator-only';

/** The decoded text/plain and text/html parts of a multipart message, and its headers. */
function partsOf(raw: string) {
  const headEnd = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, headEnd).replace(/\r\n[ \t]+/g, ' ');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)![1]!;
  const parts: Record<string, string> = {};
  for (const chunk of raw.split(`--${boundary}`)) {
    const split = chunk.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const ph = chunk.slice(0, split);
    const type = /content-type:\s*([^;\r\n]+)/i.exec(ph)?.[1]?.trim();
    if (!type) continue;
    let body = chunk.slice(split + 4).trim();
    if (/content-transfer-encoding:\s*quoted-printable/i.test(ph))
      body = Buffer.from(
        body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
        'latin1',
      ).toString('utf8');
    else if (/content-transfer-encoding:\s*base64/i.test(ph)) body = Buffer.from(body, 'base64').toString('utf8');
    parts[type] = body;
  }
  return { head, parts };
}

describeEachDb('notifications through the API', (getDb) => {
  let app: FastifyInstance;
  let emulator: Awaited<ReturnType<typeof startBotApiEmulator>>;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  const clock = testClock(new Date('2026-06-15T09:00:00Z'));

  beforeAll(async () => {
    emulator = await startBotApiEmulator();
    smtp = await startSmtpSink();
    await importReferenceData(getDb().db);
    app = await buildTestApp(getDb(), {
      clock,
      env: {
        BOT_TOKEN: TOKEN,
        BOT_USERNAME: 'autoradar_test_bot',
        TELEGRAM_API_URL: emulator.url,
        SMTP_URL: smtp.url,
        APP_URL: 'https://autoradar.example',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await emulator.close();
    await smtp.close();
  });

  it('delivers one Telegram message and one e-mail for a listing published through the API', async () => {
    const db = getDb().db;
    const [camry] = await db
      .select({ brandId: brands.id, modelId: models.id })
      .from(models)
      .innerJoin(brands, eq(models.brandId, brands.id))
      .where(and(eq(brands.name, 'Toyota'), eq(models.name, 'Camry'), eq(brands.kind, 'car')));
    const [kazan] = await db.select({ id: cities.id }).from(cities).where(eq(cities.city, 'Казань'));
    const buyer = await signInPro(getDb(), clock(), { email: 'buyer@example.com' });
    const [buyerRow] = await db.select().from(users).where(eq(users.id, buyer.id));
    const [filter] = await db
      .insert(filters)
      .values({
        userId: buyer.id,
        name: 'Камри в Казани',
        brands: [camry!.brandId],
        cities: [kazan!.id],
        priceTo: 3_000_000,
        active: true,
        via: ['telegram', 'email'],
      })
      .returning();
    // Not matching: another city; paused.
    await db.insert(filters).values([
      { userId: buyer.id, name: 'Москва', cities: [kazan!.id + 1], active: true, via: ['telegram'] },
      { userId: buyer.id, name: 'Пауза', active: false, via: ['telegram'] },
    ]);

    const seller = await signInPro(getDb(), clock());
    const postId = await publishTestDraft(app, seller, camry!);

    await vi.waitFor(
      async () => {
        const rows = await db.select().from(deliveries).where(eq(deliveries.postId, postId));
        expect(rows.map((r) => `${r.channel}:${r.status}`).sort()).toEqual(['email:sent', 'telegram:sent']);
      },
      { timeout: 15_000, interval: 50 },
    );
    const messages = emulator.deliveredOf('sendMessage').filter((c) => c.payload['chat_id'] === buyerRow!.telegramId);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.payload['reply_markup']).toEqual({
      inline_keyboard: [
        [{ text: 'Открыть объявление', url: `https://t.me/autoradar_test_bot/app?startapp=post_${postId}` }],
        [{ text: 'Приостановить фильтр', callback_data: `filter_pause:${filter!.id}` }],
      ],
    });

    const mails = smtp.received.filter((m) => m.to.includes('buyer@example.com'));
    expect(mails).toHaveLength(1);
    const { head, parts } = partsOf(mails[0]!.raw);
    const text = parts['text/plain']!;
    const html = parts['text/html']!;
    expect(text).toContain('Toyota Camry 2018');
    expect(text).toContain(`https://autoradar.example/posts/${postId}`);
    expect(html).toContain(`href="https://autoradar.example/posts/${postId}"`);
    expect(html).toContain('Отписаться от уведомлений по этому фильтру');
    const unsubscribe = `https://autoradar.example/filters/${filter!.id}/unsubscribe?token=${filter!.unsubscribeToken}`;
    expect(head).toContain(`List-Unsubscribe: <${unsubscribe}>`);
    expect(text).toContain(unsubscribe);

    // The listing link is the listing's page; the unsubscribe link pauses the filter without a session.
    const page = await app.inject({ method: 'GET', url: `/posts/${postId}` });
    expect(page.statusCode).toBe(200);
    const wrong = await app.inject({ method: 'GET', url: `/filters/${filter!.id}/unsubscribe?token=nope` });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).toContain('Ссылка для отписки недействительна');
    const res = await app.inject({ method: 'GET', url: new URL(unsubscribe).pathname + new URL(unsubscribe).search });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Уведомления по фильтру «Камри в Казани» приостановлены');
    const [after] = await db.select().from(filters).where(eq(filters.id, filter!.id));
    expect(after!.active).toBe(false);
  });
});
