import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { TICKET_NUMBER_PATTERN } from '@autoradar/core';
import { contract } from '@autoradar/contract';
import { tickets } from '@autoradar/db';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { startBotApiEmulator } from '@autoradar/server/testing/bot-api-emulator';
import { startSmtpSink } from '@autoradar/server/testing/smtp-sink';
import { buildTestApp, signIn, testClock } from '../../testing/test-app';
import { readError, readJson } from '../../testing/read-json';

// Support requests and inspection orders: stored with the server's number, staff told by bot and e-mail.

const BOT_TOKEN = `123456:${'A'.repeat(35)}`;

/** Polls until `check` passes; deliveries run after the answer, so the test waits for what a person would see. */
async function eventually(check: () => void, tries = 500): Promise<void> {
  for (let i = 0; ; i += 1) {
    try {
      check();
      return;
    } catch (err) {
      if (i >= tries) throw err;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

describeEachDb('support and inspection tickets', (getDb) => {
  let app: FastifyInstance;
  let bot: Awaited<ReturnType<typeof startBotApiEmulator>>;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  const clock = testClock(new Date('2026-11-21T12:00:00Z'));

  beforeAll(async () => {
    bot = await startBotApiEmulator();
    smtp = await startSmtpSink();
    app = await buildTestApp(getDb(), {
      clock,
      env: {
        BOT_TOKEN,
        TELEGRAM_API_URL: bot.url,
        STAFF_CHAT_ID: '-1001234567890',
        STAFF_EMAIL: 'staff@autoradar.test',
        SMTP_URL: smtp.url,
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await bot.close();
    await smtp.close();
  });

  const send = (url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers });
  const ticketRow = async (ticket: string) =>
    (await getDb().db.select().from(tickets).where(eq(tickets.ticket, ticket)))[0];

  it('stores a guest’s support request under the client’s number and tells the staff chat and mailbox', async () => {
    const res = await send('/api/support', {
      message: 'Не проходит оплата',
      contacts: '+7 999 000-11-22',
      ticket: '211126-101',
      url: 'https://autoradar.test/pay',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ticket: '211126-101', message: 'Заявка отправлена!' });
    expect(await ticketRow('211126-101')).toMatchObject({
      kind: 'support',
      userId: null,
      message: 'Не проходит оплата',
      contacts: '+7 999 000-11-22',
      url: 'https://autoradar.test/pay',
    });

    await eventually(() =>
      expect(bot.callsOf('sendMessage').some((c) => String(c.payload.text).includes('211126-101'))).toBe(true),
    );
    const call = bot.callsOf('sendMessage').find((c) => String(c.payload.text).includes('211126-101'))!;
    expect(call.token).toBe(BOT_TOKEN);
    expect(call.payload.chat_id).toBe(-1001234567890);
    expect(call.payload.parse_mode).toBeUndefined();
    expect(call.payload.text).toBe(
      'АвтоРадар: Обращение в поддержку № 211126-101\n\nСообщение: Не проходит оплата\nКонтакты: +7 999 000-11-22\nСтраница: https://autoradar.test/pay\nПользователь: гость (не вошёл)',
    );
    await eventually(() => expect(smtp.received.some((m) => m.subject.includes('211126-101'))).toBe(true));
    const mail = smtp.received.find((m) => m.subject.includes('211126-101'))!;
    expect(mail.to).toEqual(['staff@autoradar.test']);
    expect(mail.subject).toBe('АвтоРадар: Обращение в поддержку № 211126-101');
    expect(mail.text).toContain('Сообщение: Не проходит оплата\nКонтакты: +7 999 000-11-22');
  });

  it('gives a new number when the client’s is taken, and names the signed-in user', async () => {
    const user = await signIn(getDb(), { username: 'ivan_petrov', email: 'ivan@example.ru' });
    const first = await send('/api/support', { message: 'Первое', ticket: '211126-202', url: '/search' }, user.headers);
    expect(readJson(first, contract.support.send).ticket).toBe('211126-202');
    const second = await send(
      '/api/support',
      { message: 'Второе', ticket: '211126-202', url: '/search' },
      user.headers,
    );
    expect(second.statusCode).toBe(200);
    const number = readJson(second, contract.support.send).ticket;
    expect(number).not.toBe('211126-202');
    expect(number).toMatch(TICKET_NUMBER_PATTERN);
    // Made from the server's day (21 November 2026, Moscow).
    expect(number.startsWith('211126-')).toBe(true);
    expect(await ticketRow(number)).toMatchObject({ message: 'Второе', userId: user.id });
    await eventually(() =>
      expect(bot.callsOf('sendMessage').some((c) => String(c.payload.text).includes(number))).toBe(true),
    );
    const text = String(bot.callsOf('sendMessage').find((c) => String(c.payload.text).includes(number))!.payload.text);
    expect(text).toContain(`Пользователь: id ${user.id}`);
    expect(text).toContain('@ivan_petrov, ivan@example.ru');
  });

  it('orders an inspection with a contact and a comment', async () => {
    const res = await send('/api/tickets', {
      message: 'Toyota Camry 2018, Казань',
      contacts: '@buyer',
      ticket: '211126-303',
      url: '/posts/15',
    });
    expect(res.statusCode).toBe(200);
    expect(readJson(res, contract.support.orderInspection).ticket).toBe('211126-303');
    expect(await ticketRow('211126-303')).toMatchObject({
      kind: 'inspection',
      contacts: '@buyer',
      message: 'Toyota Camry 2018, Казань',
    });
    const noComment = await send('/api/tickets', { contacts: '+79990001122', ticket: '211126-304', url: '/posts/15' });
    expect(noComment.statusCode).toBe(200);
    await eventually(() =>
      expect(
        bot
          .callsOf('sendMessage')
          .some((c) => String(c.payload.text).includes('Заказ осмотра автомобиля № 211126-304')),
      ).toBe(true),
    );
  });

  it('answers bad forms with Russian messages and stores nothing', async () => {
    const before = (await getDb().db.select().from(tickets)).length;
    const noMessage = await send('/api/support', { message: '   ', contacts: null, ticket: '211126-401', url: '/' });
    expect(noMessage.statusCode).toBe(422);
    expect(noMessage.json()).toEqual({
      message: 'Проверьте правильность заполнения полей',
      errors: { message: ['Поле обязательно для заполнения'] },
    });
    const noContact = await send('/api/tickets', { message: 'Осмотр', contacts: ' ', ticket: '211126-402', url: '/' });
    expect(readError(noContact).errors).toEqual({ contacts: ['Поле обязательно для заполнения'] });
    const badNumber = await send('/api/support', { message: 'Текст', ticket: '2024-1', url: '/' });
    expect(readError(badNumber).errors).toEqual({ ticket: ['Некорректный номер заявки'] });
    const missing = await send('/api/tickets', {});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(readError(missing).errors ?? {}).sort()).toEqual(['contacts', 'ticket', 'url']);
    expect((await getDb().db.select().from(tickets)).length).toBe(before);
  });

  it('keeps the ticket when the staff chat cannot be reached', async () => {
    const deadBot = await startBotApiEmulator();
    await deadBot.close();
    const other = await buildTestApp(getDb(), {
      clock,
      env: { BOT_TOKEN, TELEGRAM_API_URL: deadBot.url, STAFF_CHAT_ID: '-100777' },
    });
    const res = await other.inject({
      method: 'POST',
      url: '/api/support',
      payload: { message: 'Бот недоступен', ticket: '211126-505', url: '/' },
    });
    expect(res.statusCode).toBe(200);
    await other.close();
    expect(await ticketRow('211126-505')).toMatchObject({ message: 'Бот недоступен' });
  });
});
