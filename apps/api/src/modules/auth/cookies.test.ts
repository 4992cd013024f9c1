import { describe, expect, it } from 'vitest';
import { readCookie, serializeCookie } from './cookies';

describe('cookies', () => {
  it('reads one cookie out of a Cookie header', () => {
    expect(readCookie('a=1; autoradar_yandex_state=abc_-9; b=2', 'autoradar_yandex_state')).toBe('abc_-9');
    expect(readCookie('autoradar_yandex_state="quoted"', 'autoradar_yandex_state')).toBe('quoted');
    expect(readCookie('x_autoradar_yandex_state=1', 'autoradar_yandex_state')).toBeUndefined();
    expect(readCookie('a=1;a=2', 'a')).toBe('1');
    expect(readCookie(undefined, 'a')).toBeUndefined();
    expect(readCookie('garbage;;=;', 'a')).toBeUndefined();
  });

  it('writes an HttpOnly, SameSite=Lax cookie, Secure on https', () => {
    expect(serializeCookie('s', 'v', { path: '/cb', maxAgeSeconds: 600, secure: true })).toBe(
      's=v; Path=/cb; Max-Age=600; HttpOnly; SameSite=Lax; Secure',
    );
    expect(serializeCookie('s', '', { path: '/cb', maxAgeSeconds: 0, secure: false })).toBe(
      's=; Path=/cb; Max-Age=0; HttpOnly; SameSite=Lax',
    );
  });
});
