import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { TELEGRAM_TEXT_LIMIT, createTelegramApi, createTelegramLimits, type TelegramApiOptions } from '../telegram-api';
import { blockedByUser, startBotApiEmulator, tooManyRequests } from '../testing/bot-api-emulator';
import { loadConfig } from '../config/config';
import { createMailer } from '../mail';
import { startSmtpSink } from '../testing/smtp-sink';
import { createStaffNotifier } from './staff-notifier';

/** A real logger whose error lines the test can read. */
function capturedLog() {
  const lines: string[] = [];
  const log = pino({ level: 'error' }, { write: (line: string) => lines.push(line) });
  return { log, lines };
}

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

  const TOKEN = '1:token';
  const api = (over: Partial<TelegramApiOptions> = {}) => createTelegramApi({ token: TOKEN, apiUrl: bot.url, ...over });
  // Each test writes to its own chat, so Telegram's one-message-per-second per chat never makes one wait for another.
  const toChat = (chatId: string | number) =>
    bot.calls.filter((c) => c.method === 'sendMessage' && c.payload.chat_id === chatId);

  it('writes to the staff chat and mailbox, and idle() waits for both', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'АвтоРадар <no-reply@autoradar.test>',
      outboxDir: '/nonexistent',
    });
    const notifier = createStaffNotifier({
      telegram: { api: api(), chatId: '@autoradar_staff' },
      email: { to: 'team@autoradar.test', mailer },
      log: capturedLog().log,
    });
    expect(notifier.channels).toEqual(['telegram', 'email']);
    notifier.notify({ subject: 'Заявка № 1', text: 'x'.repeat(TELEGRAM_TEXT_LIMIT + 100) });
    await notifier.idle();
    mailer.close();
    const [sent] = toChat('@autoradar_staff');
    expect(sent?.token).toBe(TOKEN);
    // Telegram's limit holds; the e-mail keeps the whole text.
    expect(String(sent?.payload.text)).toHaveLength(TELEGRAM_TEXT_LIMIT);
    expect(String(sent?.payload.text).endsWith('…')).toBe(true);
    expect(sent?.payload.parse_mode).toBeUndefined();
    expect(smtp.received.at(-1)!.text).toHaveLength(TELEGRAM_TEXT_LIMIT + 100);
  });

  it('still delivers a notice Telegram refused with 429, after the retry_after it asked for', async () => {
    const { log, lines } = capturedLog();
    const notifier = createStaffNotifier({ telegram: { api: api(), chatId: '-1001000000001' }, log });
    bot.fail('sendMessage', tooManyRequests(1));
    notifier.notify({ subject: 'Заказ осмотра № 2', text: 'Toyota Camry 2018' });
    await notifier.idle();
    const calls = toChat(-1001000000001);
    expect(calls.map((c) => c.status)).toEqual([429, 200]);
    expect(calls[1]?.payload.text).toBe('Заказ осмотра № 2\n\nToyota Camry 2018');
    expect(lines).toEqual([]);
  });

  it('gives up on a flood wait longer than it accepts, and on a 429 that never ends, and says so', async () => {
    const { log, lines } = capturedLog();
    const long = createStaffNotifier({ telegram: { api: api(), chatId: '-1001000000002' }, log });
    bot.fail('sendMessage', tooManyRequests(3600));
    long.notify({ subject: 'Заявка № 3', text: '…' });
    await long.idle();
    expect(toChat(-1001000000002).map((c) => c.status)).toEqual([429]);

    // A small bound keeps the test quick; the default bound is the same rule with more attempts.
    const endless = createStaffNotifier({
      telegram: { api: api({ limits: createTelegramLimits({ maxRetryAttempts: 1 }) }), chatId: '-1001000000003' },
      log,
    });
    bot.fail('sendMessage', tooManyRequests(1), 2);
    endless.notify({ subject: 'Заявка № 4', text: '…' });
    await endless.idle();
    expect(toChat(-1001000000003).map((c) => c.status)).toEqual([429, 429]);
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => l.includes('staff notice not sent to Telegram') && l.includes('Too Many Requests'))).toBe(
      true,
    );
  });

  it('does not retry a chat that blocked the bot, and logs why', async () => {
    const { log, lines } = capturedLog();
    const notifier = createStaffNotifier({ telegram: { api: api(), chatId: '1000000004' }, log });
    bot.fail('sendMessage', blockedByUser);
    notifier.notify({ subject: 'Заявка № 5', text: '…' });
    await notifier.idle();
    // Only the refused call: had it been retried, the emulator would have accepted the second one.
    expect(toChat(1000000004).map((c) => c.status)).toEqual([403]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('bot was blocked by the user');
  });

  it('swallows delivery failures and reports no channels when none is configured', async () => {
    const { log, lines } = capturedLog();
    const silent = createStaffNotifier({ log });
    expect(silent.channels).toEqual([]);
    silent.notify({ subject: 'Никому', text: '…' });
    await silent.idle();

    const broken = createStaffNotifier({
      telegram: { api: createTelegramApi({ token: TOKEN, apiUrl: 'http://127.0.0.1:9' }), chatId: '1' },
      log,
    });
    broken.notify({ subject: 'Недоставка', text: '…' });
    await expect(broken.idle()).resolves.toBeUndefined();
    expect(lines.some((l) => l.includes('staff notice not sent to Telegram'))).toBe(true);
  });
});

describe('staff settings', () => {
  it('reads STAFF_CHAT_ID, STAFF_EMAIL and UPLOAD_MAX_BYTES, and stops on bad values', () => {
    expect(loadConfig({ STAFF_CHAT_ID: '-1001234567890', STAFF_EMAIL: 'team@autoradar.ru' }).staff).toEqual({
      chatId: '-1001234567890',
      email: 'team@autoradar.ru',
    });
    expect(loadConfig({}).uploadMaxBytes).toBe(10 * 1_048_576);
    for (const [name, value] of [
      ['STAFF_CHAT_ID', 'team chat'],
      ['STAFF_EMAIL', 'team@'],
      ['UPLOAD_MAX_BYTES', '-5'],
    ]) {
      expect(() => loadConfig({ [name!]: value })).toThrow(new RegExp(`^Неверная настройка ${name}`));
    }
  });
});
