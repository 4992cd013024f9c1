import { describe, expect, it } from 'vitest';
import { formatRate } from './format-rate';

describe('formatRate', () => {
  it('shows two decimals with a comma', () => {
    expect(formatRate(92.346)).toBe('92,35');
    expect(formatRate(12)).toBe('12,00');
    expect(formatRate(104_250)).toBe('104\u00A0250,00');
  });
});
