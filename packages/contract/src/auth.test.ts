import { describe, expect, it } from 'vitest';
import {
  CheckTelegramResponseSchema,
  LoginTelegramResponseSchema,
  TelegramCallbackQuerySchema,
  TelegramInitDataRequestSchema,
  YandexCallbackQuerySchema,
  YandexRedirectQuerySchema,
} from './auth';
import { parseWithContract } from './errors';

describe('mini-app sign-in', () => {
  it('needs initData', () => {
    expect(TelegramInitDataRequestSchema.safeParse({ initData: 'query_id=AA&user=%7B%7D&auth_date=1&hash=ab' }).success).toBe(
      true,
    );
    expect(parseWithContract(TelegramInitDataRequestSchema, { initData: '' })).toMatchObject({
      error: { errors: { initData: ['Не удалось проверить данные Telegram'] } },
    });
    expect(parseWithContract(TelegramInitDataRequestSchema, {})).toMatchObject({
      error: { errors: { initData: ['Не удалось проверить данные Telegram'] } },
    });
  });

  it('answers exists with an optional token, and a token on login', () => {
    expect(CheckTelegramResponseSchema.safeParse({ exists: false }).success).toBe(true);
    expect(CheckTelegramResponseSchema.safeParse({ exists: true, token: 'abc' }).success).toBe(true);
    expect(LoginTelegramResponseSchema.safeParse({}).success).toBe(false);
  });
});

describe('browser sign-in', () => {
  const widget = {
    id: '5000000001',
    first_name: 'Иван',
    username: 'ivan_petrov',
    auth_date: '1718443800',
    hash: 'a'.repeat(64),
    redirect: '/posts/42',
  };

  it('reads the Telegram widget callback', () => {
    expect(TelegramCallbackQuerySchema.safeParse(widget).success).toBe(true);
    expect(TelegramCallbackQuerySchema.safeParse({ ...widget, hash: 'xyz' }).success).toBe(false);
    expect(TelegramCallbackQuerySchema.safeParse({ ...widget, id: undefined }).success).toBe(false);
  });

  it('accepts only same-origin redirect paths', () => {
    expect(YandexRedirectQuerySchema.safeParse({}).success).toBe(true);
    expect(YandexRedirectQuerySchema.safeParse({ redirect: '/search' }).success).toBe(true);
    expect(YandexRedirectQuerySchema.safeParse({ redirect: '//evil.example' }).success).toBe(false);
    expect(TelegramCallbackQuerySchema.safeParse({ ...widget, redirect: 'https://evil.example' }).success).toBe(false);
  });

  it('reads the Yandex callback, success or refusal', () => {
    expect(YandexCallbackQuerySchema.safeParse({ code: '123', state: 's' }).success).toBe(true);
    expect(YandexCallbackQuerySchema.safeParse({ error: 'access_denied', state: 's' }).success).toBe(true);
    expect(YandexCallbackQuerySchema.safeParse({ code: '123' }).success).toBe(false);
  });
});
