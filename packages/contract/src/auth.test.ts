import { describe, expect, it } from 'vitest';
import {
  authEndpoints,
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
    expect(
      TelegramInitDataRequestSchema.safeParse({ initData: 'query_id=AA&user=%7B%7D&auth_date=1&hash=ab' }).success,
    ).toBe(true);
    expect(parseWithContract(TelegramInitDataRequestSchema, { initData: '' })).toMatchObject({
      error: { errors: { initData: ['Не удалось проверить данные Telegram'] } },
    });
    expect(parseWithContract(TelegramInitDataRequestSchema, {})).toMatchObject({
      error: { errors: { initData: ['Не удалось проверить данные Telegram'] } },
    });
    expect(parseWithContract(TelegramInitDataRequestSchema, { initData: 'a'.repeat(9000) })).toMatchObject({
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

  it('reads the Telegram widget callback, leaving the values of id, date and hash to the API (back to /login)', () => {
    expect(TelegramCallbackQuerySchema.safeParse(widget).success).toBe(true);
    expect(TelegramCallbackQuerySchema.safeParse({ ...widget, hash: 'xyz', id: 'abc' }).success).toBe(true);
    expect(TelegramCallbackQuerySchema.safeParse({ ...widget, id: undefined }).success).toBe(false);
    expect(TelegramCallbackQuerySchema.safeParse({ ...widget, first_name: 'x'.repeat(5000) }).success).toBe(false);
  });

  it('accepts only same-origin redirect paths without control characters; any script is fine', () => {
    expect(YandexRedirectQuerySchema.safeParse({}).success).toBe(true);
    expect(YandexRedirectQuerySchema.safeParse({ redirect: '/search' }).success).toBe(true);
    expect(YandexRedirectQuerySchema.safeParse({ redirect: '/search?q=Лада' }).success).toBe(true);
    expect(TelegramCallbackQuerySchema.safeParse({ ...widget, redirect: '/ж' }).success).toBe(true);
    expect(YandexRedirectQuerySchema.safeParse({ redirect: '//evil.example' }).success).toBe(false);
    expect(TelegramCallbackQuerySchema.safeParse({ ...widget, redirect: 'https://evil.example' }).success).toBe(false);
    for (const redirect of ['/\u0001x', '/a\u007fb', '/a\u0000', `/${'a'.repeat(3000)}`]) {
      expect(parseWithContract(YandexRedirectQuerySchema, { redirect })).toMatchObject({
        success: false,
        error: { errors: { redirect: ['Некорректное значение'] } },
      });
    }
  });

  it('reads the Yandex callback, success or refusal; a missing state is for the API to refuse', () => {
    expect(YandexCallbackQuerySchema.safeParse({ code: '123', state: 's' }).success).toBe(true);
    expect(YandexCallbackQuerySchema.safeParse({ error: 'access_denied', state: 's' }).success).toBe(true);
    expect(YandexCallbackQuerySchema.safeParse({ code: '123' }).success).toBe(true);
    expect(YandexCallbackQuerySchema.safeParse({ code: ['1', '2'], state: 's' }).success).toBe(false);
  });
});

describe('sign-out', () => {
  it('has "sign out on all devices" for signed-in users', () => {
    expect(authEndpoints.logoutAll).toMatchObject({ method: 'POST', path: '/api/auth/logout-all', auth: 'user' });
    expect(Object.keys(authEndpoints.logoutAll.responses)).toContain('204');
  });
});
