import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { startBotApiEmulator } from '@autoradar/bot/testing/bot-api-emulator';
import { loadConfig } from '../config';
import { createMailer } from '../mail/mailer';
import { startSmtpSink } from '../mail/testing/smtp-sink';
import { TELEGRAM_TEXT_LIMIT, createStaffNotifier } from './staff-notifier';

const log = Fastify({ logger: false }).log;

describe('createStaffNotifier', () => {
  let bot: Awaited<ReturnType<typeof startBotApiEmulator>>;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    bot = await startBotApiEmulator();
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await bot.close();
    await smtp.close();
  });

  it('writes to the staff chat and mailbox, and idle() waits for both', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'АвтоРадар <no-reply@autoradar.test>', outboxDir: '/nonexistent' });
    const notifier = createStaffNotifier({
      telegram: { apiUrl: bot.url, token: '1:token', chatId: '@autoradar_staff' },
      email: { to: 'team@autoradar.test', mailer },
      log,
    });
    expect(notifier.channels).toEqual(['telegram', 'email']);
    notifier.notify({ subject: 'Заявка № 1', text: 'x'.repeat(TELEGRAM_TEXT_LIMIT + 100) });
    await notifier.idle();
    mailer.close();
    const sent = bot.callsOf('sendMessage').at(-1)!;
    expect(sent.payload.chat_id).toBe('@autoradar_staff');
    // Telegram's limit holds; the e-mail keeps the whole text.
    expect(String(sent.payload.text)).toHaveLength(TELEGRAM_TEXT_LIMIT);
    expect(String(sent.payload.text).endsWith('…')).toBe(true);
    expect(smtp.received.at(-1)!.text).toHaveLength(TELEGRAM_TEXT_LIMIT + 100);
  });

  it('swallows delivery failures and reports no channels when none is configured', async () => {
    const silent = createStaffNotifier({ log });
    expect(silent.channels).toEqual([]);
    silent.notify({ subject: 'Никому', text: '…' });
    await silent.idle();

    const broken = createStaffNotifier({ telegram: { apiUrl: 'http://127.0.0.1:9', token: '1:t', chatId: '1' }, log, timeoutMs: 2_000 });
    broken.notify({ subject: 'Недоставка', text: '…' });
    await expect(broken.idle()).resolves.toBeUndefined();
  });
});

describe('staff settings', () => {
  it('reads STAFF_CHAT_ID, STAFF_EMAIL and UPLOAD_MAX_BYTES, and stops on bad values', () => {
    expect(loadConfig({ STAFF_CHAT_ID: '-1001234567890', STAFF_EMAIL: 'team@autoradar.ru' }).staff).toEqual({ chatId: '-1001234567890', email: 'team@autoradar.ru' });
    expect(loadConfig({}).uploadMaxBytes).toBe(10 * 1_048_576);
    for (const [name, value] of [['STAFF_CHAT_ID', 'team chat'], ['STAFF_EMAIL', 'team@'], ['UPLOAD_MAX_BYTES', '-5']]) {
      expect(() => loadConfig({ [name!]: value })).toThrow(new RegExp(`^Неверная настройка ${name}`));
    }
  });
});
