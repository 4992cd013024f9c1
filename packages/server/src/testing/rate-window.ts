/** The most of `times` (ms) that fall within any one window of `windowMs` (a sliding window, not clock-aligned buckets). */
export function maxInAnyWindow(times: readonly number[], windowMs = 1000): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= windowMs) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}
