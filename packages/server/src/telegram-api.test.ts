import { describe, expect, it } from 'vitest';
import { Api } from 'grammy';
import {
  TELEGRAM_CAPTION_LIMIT,
  TELEGRAM_TEXT_LIMIT,
  createTelegramApi,
  fitTelegramText,
  installTelegramLimits,
  telegramLimitsFor,
} from './telegram-api';

// The sending behaviour (429 retry_after, 403, throttling) is tested against the Bot API emulator where it is used:
// packages/server/src/notify/staff-notifier.test.ts and bot/src/bot.test.ts.

describe('telegram-api', () => {
  it('cuts texts to Telegram’s limits and leaves shorter ones alone', () => {
    expect(fitTelegramText('Камри 2018')).toBe('Камри 2018');
    expect(fitTelegramText('я'.repeat(TELEGRAM_TEXT_LIMIT))).toHaveLength(TELEGRAM_TEXT_LIMIT);
    const cut = fitTelegramText('я'.repeat(TELEGRAM_TEXT_LIMIT + 1));
    expect(cut).toHaveLength(TELEGRAM_TEXT_LIMIT);
    expect(cut.endsWith('…')).toBe(true);
    expect(fitTelegramText('я'.repeat(2000), TELEGRAM_CAPTION_LIMIT)).toHaveLength(TELEGRAM_CAPTION_LIMIT);
  });

  it('gives every sender of one bot token the same budget, and another token its own', () => {
    const sender = createTelegramApi({ token: '1:a', apiUrl: 'http://127.0.0.1:9' });
    const botApi = installTelegramLimits(new Api('1:a'));
    const other = createTelegramApi({ token: '2:b' });
    expect(sender.config.installedTransformers()).toEqual(telegramLimitsFor('1:a').transformers);
    expect(botApi.config.installedTransformers()).toEqual(sender.config.installedTransformers());
    expect(other.config.installedTransformers()).not.toEqual(sender.config.installedTransformers());
  });

  it('does not throttle a call twice when the limits are installed twice', () => {
    const api = installTelegramLimits(installTelegramLimits(new Api('3:c')));
    expect(api.config.installedTransformers()).toHaveLength(telegramLimitsFor('3:c').transformers.length);
  });
});
