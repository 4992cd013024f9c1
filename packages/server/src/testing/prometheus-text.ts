/**
 * The sum of a metric's samples in Prometheus' text format whose labels include `labels` (all series of the name when
 * none are given); undefined when no sample matches. Tests read /metrics with it.
 */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  let sum: number | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = match[3] ?? '';
    if (!Object.entries(labels).every(([k, v]) => present.includes(`${k}="${v}"`))) continue;
    sum = (sum ?? 0) + Number(match[4]);
  }
  return sum;
}
