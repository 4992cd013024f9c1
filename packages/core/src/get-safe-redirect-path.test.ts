import { describe, expect, it } from 'vitest';
import { getSafeRedirectPath, isSafeRedirectPath } from './get-safe-redirect-path';

describe('safe redirect paths', () => {
  it.each([
    ['/', true],
    ['/search', true],
    ['/posts/12?from=bot#top', true],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['https://evil.example', false],
    ['search', false],
    ['/a b', false],
    ['', false],
  ])('%j -> %s', (path, expected) => {
    expect(isSafeRedirectPath(path)).toBe(expected);
  });

  it('falls back to the feed', () => {
    expect(getSafeRedirectPath(undefined)).toBe('/search');
    expect(getSafeRedirectPath('//evil.example')).toBe('/search');
    expect(getSafeRedirectPath('//evil.example', '/')).toBe('/');
    expect(getSafeRedirectPath('/notes')).toBe('/notes');
  });
});
