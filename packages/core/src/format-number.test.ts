import { describe, expect, it } from 'vitest';
import { formatNumber, GROUP_SEPARATOR, normalizeGroupSeparators } from './format-number';

describe('formatNumber', () => {
  it('groups with a no-break space and rounds', () => {
    expect(GROUP_SEPARATOR).toBe('\u00A0');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1\u00A0000');
    expect(formatNumber(1_234_567.6)).toBe('1\u00A0234\u00A0568');
    expect(formatNumber(-2500)).toBe('-2\u00A0500');
  });

  it('normalises the separators different ICU versions emit', () => {
    expect(normalizeGroupSeparators('1\u202F000 000\u2009000')).toBe('1\u00A0000\u00A0000\u00A0000');
  });
});
