import { describe, expect, it } from 'vitest';
import { parseOriginRule } from '@autoradar/server/config/origin-rules';
import { defaultAllowedOrigins, isOriginAllowed } from './origins';

const rules = (...entries: string[]) => entries.map(parseOriginRule);

describe('allowed origins', () => {
  it('a full origin must match scheme, host and port', () => {
    const allowed = rules('https://autoradar.example');
    expect(isOriginAllowed('https://autoradar.example', allowed)).toBe(true);
    expect(isOriginAllowed('http://autoradar.example', allowed)).toBe(false);
    expect(isOriginAllowed('https://autoradar.example:8443', allowed)).toBe(false);
    expect(isOriginAllowed('https://evil.example', allowed)).toBe(false);
    expect(isOriginAllowed('https://autoradar.example.evil.example', allowed)).toBe(false);
  });

  it('a host pattern matches any scheme and port, with * for a part of the name', () => {
    const allowed = rules('localhost', '*.autoradar.example', '[::1]');
    expect(isOriginAllowed('http://localhost:5173', allowed)).toBe(true);
    expect(isOriginAllowed('https://m.autoradar.example', allowed)).toBe(true);
    expect(isOriginAllowed('http://[::1]:3000', allowed)).toBe(true);
    expect(isOriginAllowed('https://autoradar.example.evil.example', allowed)).toBe(false);
    expect(isOriginAllowed('http://localhost.evil.example', allowed)).toBe(false);
  });

  it('* allows every page; a missing Origin (no browser) is allowed; "null" and junk are not', () => {
    expect(isOriginAllowed('https://anything.example', rules('*'))).toBe(true);
    expect(isOriginAllowed(undefined, rules('https://autoradar.example'))).toBe(true);
    expect(isOriginAllowed('null', rules('https://autoradar.example'))).toBe(false);
    expect(isOriginAllowed('not a url', rules('localhost'))).toBe(false);
  });

  it('refuses entries that are neither an address nor a host name', () => {
    expect(() => parseOriginRule('ftp://autoradar.example')).toThrow('http(s)');
    expect(() => parseOriginRule('auto radar')).toThrow('auto radar');
  });

  it('defaults to the app’s own origin, plus local pages outside production', () => {
    expect(defaultAllowedOrigins('https://autoradar.example/', 'production')).toEqual(['https://autoradar.example']);
    const dev = defaultAllowedOrigins('http://localhost:3000', 'development').map(parseOriginRule);
    expect(isOriginAllowed('http://127.0.0.1:5173', dev)).toBe(true);
    expect(isOriginAllowed('https://evil.example', dev)).toBe(false);
  });
});
