/**
 * Pacing of background weight (the budget's `MemoryBudget`, budget.ts): a token bucket that
 * spreads the archive's requests over the window instead of sending them in bursts. A burst
 * would expire in one lump a window later, and a click arriving in between would wait for the
 * whole window; paced, some weight expires every moment.
 */
import type { WeightCost } from "./ledger";

/**
 * A token bucket for background weight: `rate` per ms, at most `burst` saved up. Only the one
 * process that runs the background sync needs it, so it stays in memory.
 */
export class Pacer {
  private tokens: number;
  private at: number;

  constructor(
    private readonly rate: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.at = now;
  }

  /**
   * Milliseconds until `cost` may go (0 = now). A cost larger than the burst goes once the
   * bucket is full (and leaves it in debt), so no request is too big to ever pass. With
   * `promised`, also keep enough for that request by that time.
   */
  waitMs(now: number, cost: WeightCost, promised?: { at: number; cost: WeightCost }): number {
    this.refill(now);
    const need = Math.min(weightOf(cost), this.burst);
    if (this.tokens < need) return Math.ceil((need - this.tokens) / this.rate);
    if (promised) {
      const then = Math.min(this.burst, this.tokens - weightOf(cost) + this.rate * (promised.at - now));
      if (then < Math.min(weightOf(promised.cost), this.burst)) return Math.max(1, promised.at - now);
    }
    return 0;
  }

  take(now: number, cost: WeightCost) {
    this.refill(now);
    this.tokens -= weightOf(cost);
  }

  private refill(now: number) {
    this.tokens = Math.min(this.burst, this.tokens + (now - this.at) * this.rate);
    this.at = Math.max(this.at, now);
  }
}

/** What a charge weighs against the tighter of its two limits (IP and UID). */
export const weightOf = (c: WeightCost) => Math.max(c.ip, c.uid);
