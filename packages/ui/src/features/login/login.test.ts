import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { describeSignInError } from './hooks/miniapp-sign-in';
import { readInitDataUser } from './init-data-user';
import { readErrorFromHash } from './screens/login-screen';

describe('mini-app sign-in pieces', () => {
  it('reads the info card user from raw initData', () => {
    const user = JSON.stringify({ id: 1, first_name: 'Иван', last_name: 'Петров', username: 'ivan', photo_url: 'https://t.me/i/u.jpg' });
    const initData = new URLSearchParams({ auth_date: '1', user, hash: 'x' }).toString();
    expect(readInitDataUser(initData)).toEqual({ name: 'Иван Петров', username: 'ivan', photoUrl: 'https://t.me/i/u.jpg' });
    expect(readInitDataUser('auth_date=1')).toBeUndefined();
  });

  it('shows the server message, the connection text, or the generic unknown error (spec §8)', () => {
    expect(describeSignInError(new ApiError(401, { message: 'Данные Telegram не прошли проверку' }))).toBe('Данные Telegram не прошли проверку');
    expect(describeSignInError(new ApiError(null, null))).toBe('Проблемы с соединением. Проверьте интернет');
    expect(describeSignInError(new ApiError(502, null))).toBe('Неизвестная ошибка');
    expect(describeSignInError(new Error('boom'))).toBe('Неизвестная ошибка');
  });

  it('reads the error the server returns in the fragment', () => {
    expect(readErrorFromHash(`#error=${encodeURIComponent('Вход отменён')}`)).toBe('Вход отменён');
    expect(readErrorFromHash('')).toBeUndefined();
  });
});
