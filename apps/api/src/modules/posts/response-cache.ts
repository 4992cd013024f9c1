/**
 * Identical feed requests within a short window share one answer (docs/decisions.md, "Feed answer cache"): the
 * first page of a popular filter is asked by everyone at once. The promise itself is stored, so concurrent identical
 * requests also share one database round trip. Failures are not kept. Listing events clear everything.
 */
export class ResponseCache<T> {
  private readonly entries = new Map<string, { value: Promise<T>; expires: number }>();

  constructor(private readonly options: { ttlMs: number; maxEntries: number; now: () => number }) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.options.ttlMs <= 0) return load();
    const now = this.options.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now && hit.expires - now <= this.options.ttlMs) return hit.value;
    if (hit) this.entries.delete(key);
    const value = load();
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const entry = { value, expires: now + this.options.ttlMs };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
