import { describe, expect, it } from 'vitest';
import { formatKbm } from './format-kbm';

describe('formatKbm', () => {
  it.each([
    [0.5, 'discount', 50, 'Скидка 50%'],
    [0.9, 'discount', 10, 'Скидка 10%'],
    [0.83, 'discount', 17, 'Скидка 17%'],
    [1, 'base', 0, 'Без скидки и надбавки'],
    [1.001, 'base', 0, 'Без скидки и надбавки'],
    [1.4, 'surcharge', 40, 'Надбавка 40%'],
    [2.45, 'surcharge', 145, 'Надбавка 145%'],
    [3.92, 'surcharge', 292, 'Надбавка 292%'],
  ])('%d -> %s %d%%', (kbm, kind, percent, label) => {
    expect(formatKbm(kbm)).toEqual({ kind, percent, label });
  });
});
