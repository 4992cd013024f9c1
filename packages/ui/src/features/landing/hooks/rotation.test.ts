import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startRotation } from './rotation';

describe('startRotation', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('advances every interval and wraps around', () => {
    const seen: number[] = [];
    const rotation = startRotation(3, 3000, 0, (i) => seen.push(i));
    vi.advanceTimersByTime(2999);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([1]);
    vi.advanceTimersByTime(6000);
    expect(seen).toEqual([1, 2, 0]);
    rotation.stop();
  });

  it('restarts the period after a manual pick', () => {
    const seen: number[] = [];
    const rotation = startRotation(5, 3000, 0, (i) => seen.push(i));
    vi.advanceTimersByTime(2000);
    rotation.select(3);
    vi.advanceTimersByTime(2000);
    expect(seen).toEqual([3]);
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([3, 4]);
    rotation.stop();
  });

  it('leaves no timer behind once stopped', () => {
    const onChange = vi.fn();
    const rotation = startRotation(3, 3000, 1, onChange);
    expect(vi.getTimerCount()).toBe(1);
    rotation.stop();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('does not tick with a single item', () => {
    startRotation(1, 3000, 0, () => {});
    expect(vi.getTimerCount()).toBe(0);
  });
});
