import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random';

describe('seededRandom', () => {
  it('gives mulberry32’s sequence, so the demo data and benchmark inputs of earlier runs come out the same', () => {
    const next = seededRandom(21);
    expect([next(), next(), next()]).toEqual([0.4322912215720862, 0.4470290595199913, 0.2832840313203633]);
    expect(seededRandom(0)()).toBe(0.26642920868471265);
  });

  it('stays in [0, 1) and differs between seeds', () => {
    const a = seededRandom(1);
    const b = seededRandom(2);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(b()).not.toBe(seededRandom(1)());
  });
});
