/**
 * A small time-limited cache that also coalesces: while a value is being loaded, every caller
 * asking for the same key waits for that one load instead of starting another. Used for
 * reference data (trading pairs, coins), which many pages ask for and which rarely changes.
 * Failures are not cached: the next caller tries again.
 */
import "server-only";

interface Entry<T> {
  value: Promise<T>;
  /** when the value stops being served; Infinity while the load is in flight */
  expiresAt: number;
}

export class TtlCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 200,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) return hit.value;
    if (this.entries.size >= this.maxEntries) this.evictExpired();
    const entry: Entry<T> = { value: load(), expiresAt: Infinity };
    this.entries.set(key, entry);
    entry.value.then(
      () => {
        entry.expiresAt = this.now() + this.ttlMs;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.value;
  }

  clear(): void {
    this.entries.clear();
  }

  private evictExpired(): void {
    const now = this.now();
    for (const [k, e] of this.entries) if (e.expiresAt <= now) this.entries.delete(k);
    // Still full (many distinct keys in flight or fresh): drop the oldest.
    while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
