import { describe, expect, it } from 'vitest';
import {
  encodeRedirectPath,
  getSafeRedirectPath,
  isSafeRedirectPath,
  REDIRECT_PATH_MAX_LENGTH,
} from './get-safe-redirect-path';

describe('safe redirect paths', () => {
  it.each([
    ['/', true],
    ['/search', true],
    ['/posts/12?from=bot#top', true],
    ['/search?q=Лада', true],
    ['/ж', true],
    ['/search?q=%D0%9B', true],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['https://evil.example', false],
    ['search', false],
    ['/a b', false],
    ['/a\u00a0b', false],
    ['', false],
    ['/\u0001x', false],
    ['/a\u007fb', false],
    ['/a\u0000', false],
    ['/a\u0085b', false],
    ['/a\ud800b', false],
    ['/a\tb', false],
    ['/a\nb', false],
  ])('%j -> %s', (path, expected) => {
    expect(isSafeRedirectPath(path)).toBe(expected);
  });

  it('refuses paths past the length limit', () => {
    expect(isSafeRedirectPath(`/${'a'.repeat(REDIRECT_PATH_MAX_LENGTH - 1)}`)).toBe(true);
    expect(isSafeRedirectPath(`/${'a'.repeat(REDIRECT_PATH_MAX_LENGTH)}`)).toBe(false);
  });

  it('falls back to the feed', () => {
    expect(getSafeRedirectPath(undefined)).toBe('/search');
    expect(getSafeRedirectPath('//evil.example')).toBe('/search');
    expect(getSafeRedirectPath('//evil.example', '/')).toBe('/');
    expect(getSafeRedirectPath('/notes')).toBe('/notes');
    expect(getSafeRedirectPath('/\u0001x')).toBe('/search');
  });

  it('percent-encodes what a Location header cannot carry, and nothing else', () => {
    expect(encodeRedirectPath('/search?q=Лада')).toBe('/search?q=%D0%9B%D0%B0%D0%B4%D0%B0');
    expect(encodeRedirectPath('/ж')).toBe('/%D0%B6');
    expect(encodeRedirectPath('/posts/12?from=bot&x=%D0%B6#top')).toBe('/posts/12?from=bot&x=%D0%B6#top');
    expect(encodeRedirectPath('/🚗')).toBe('/%F0%9F%9A%97');
    // What the browser decodes is what was asked for.
    expect(decodeURI(encodeRedirectPath('/search?q=Лада'))).toBe('/search?q=Лада');
  });
});
