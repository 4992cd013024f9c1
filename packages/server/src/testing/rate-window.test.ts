import { expect, it } from 'vitest';
import { maxInAnyWindow } from './rate-window';

it('counts the most times within any one window, not per clock second', () => {
  // 900-999 and 1000-1050 share a window though they fall in two clock seconds.
  expect(maxInAnyWindow([0, 900, 950, 999, 1000, 1050, 2100])).toBe(5);
  expect(maxInAnyWindow([0, 1000, 2000])).toBe(1);
  expect(maxInAnyWindow([])).toBe(0);
  expect(maxInAnyWindow([5, 1, 3], 3)).toBe(2);
});
