import { describe, expect, it } from 'vitest';
import { isProActive } from './is-pro-active';

const now = new Date('2025-06-15T12:00:00Z');

describe('isProActive', () => {
  it('needs is_pro and pro_expired in the future', () => {
    expect(isProActive({ is_pro: true, pro_expired: '2025-06-15T12:00:01Z' }, now)).toBe(true);
    expect(isProActive({ is_pro: true, pro_expired: new Date('2025-07-01T00:00:00Z') }, now)).toBe(true);
    expect(isProActive({ is_pro: true, pro_expired: '2025-06-15T12:00:00Z' }, now)).toBe(false);
    expect(isProActive({ is_pro: true, pro_expired: '2025-06-15T11:59:59Z' }, now)).toBe(false);
    expect(isProActive({ is_pro: true, pro_expired: null }, now)).toBe(false);
    expect(isProActive({ is_pro: false, pro_expired: '2026-01-01T00:00:00Z' }, now)).toBe(false);
  });

  it('is false for guests', () => {
    expect(isProActive(null, now)).toBe(false);
    expect(isProActive(undefined, now)).toBe(false);
  });
});
