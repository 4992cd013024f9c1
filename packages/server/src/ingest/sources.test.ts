import { describe, expect, it } from 'vitest';
import { parseSourceRef } from './sources';

describe('parseSourceRef', () => {
  it.each([
    ['@Kazan_Cars', { kind: 'telegram', identifier: 'kazan_cars' }],
    ['t.me/kazan_cars', { kind: 'telegram', identifier: 'kazan_cars' }],
    ['https://t.me/kazan_cars/', { kind: 'telegram', identifier: 'kazan_cars' }],
    ['-1001234567890', { kind: 'telegram', identifier: '-1001234567890' }],
    ['https://vk.com/club12345', { kind: 'vk', identifier: '-12345' }],
    ['vk.com/public777', { kind: 'vk', identifier: '-777' }],
  ])('%s', (input, ref) => {
    expect(parseSourceRef(input)).toEqual(ref);
  });

  it('reads a VK owner id when the kind is given and refuses what is neither', () => {
    expect(parseSourceRef('-12345', 'vk')).toEqual({ kind: 'vk', identifier: '-12345' });
    expect(parseSourceRef('vk.com/durov', 'vk')).toBeNull();
    expect(parseSourceRef('ab')).toBeNull();
    expect(parseSourceRef('https://example.com/x')).toBeNull();
  });
});
