/**
 * A sliding-window request count per key: at most `limit` requests in any `windowMs`; the one
 * past it learns how long until the oldest counted request leaves the window (its Retry-After).
 * Kept in this process (api-tokens.ts says why); each key holds at most `limit` timestamps.
 */
export type Take = { ok: true } | { ok: false; retryAfterSeconds: number };

export class RateWindow {
  private readonly hits = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    /** keys kept at most; past it, keys with no request in the window are forgotten */
    private readonly maxKeys = 10_000,
  ) {}

  take(key: string, now = Date.now()): Take {
    const since = now - this.windowMs;
    let times = this.hits.get(key);
    if (times) {
      let drop = 0;
      while (drop < times.length && times[drop]! <= since) drop++;
      if (drop) times.splice(0, drop);
    } else {
      if (this.hits.size >= this.maxKeys) this.sweep(since);
      times = [];
      this.hits.set(key, times);
    }
    if (times.length < this.limit) {
      times.push(now);
      return { ok: true };
    }
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((times[0]! + this.windowMs - now) / 1000)) };
  }

  private sweep(since: number): void {
    for (const [key, times] of this.hits) if (!times.length || times[times.length - 1]! <= since) this.hits.delete(key);
  }
}
