/**
 * The client's side of WEEX's contract order cap (CONTRACT_ORDER_CAP, ~50 placements a minute
 * per account): a placement over the cap is refused here, with the time until a slot is free,
 * instead of being sent for WEEX to refuse.
 *
 * `OrderCap` is the bookkeeping, like the weight budget's `WeightLedger`: `OrderCapGate` keeps
 * it in this process; with PostgreSQL every instance of a deployment shares one
 * (lib/archive/pg-order-cap.ts), so N instances together stay under the cap instead of N × 50.
 */
import type { MaybePromise } from "./ledger";

export interface OrderCapLimits {
  orders: number;
  windowMs: number;
}

/** A slot taken (its `ref` gives it back), or the ms until one is free. */
export type SlotResult = { ok: true; ref: number } | { ok: false; waitMs: number };

export interface OrderCap {
  /** Atomically: if the account's rolling window has a free slot, take it now. */
  take(account: string, now: number): MaybePromise<SlotResult>;
  /** Give back a slot (the placement never reached WEEX, or WEEX refused it). */
  release(account: string, ref: number): MaybePromise<void>;
  /** The ms until a slot is free (0: free now); takes nothing. */
  waitMs(account: string, now: number): MaybePromise<number>;
}

/** The cap in this process's memory (one instance, or the embedded database). */
export class OrderCapGate implements OrderCap {
  /** per account: when its recent placements were sent, oldest first */
  private readonly sent = new Map<string, number[]>();

  constructor(private readonly limits: OrderCapLimits) {}

  take(account: string, now: number): SlotResult {
    const waitMs = this.waitMs(account, now);
    if (waitMs > 0) return { ok: false, waitMs };
    const times = this.recent(account, now);
    times.push(now);
    this.sent.set(account, times);
    return { ok: true, ref: now };
  }

  release(account: string, ref: number): void {
    const times = this.sent.get(account);
    const i = times?.lastIndexOf(ref) ?? -1;
    if (i >= 0) times!.splice(i, 1);
  }

  waitMs(account: string, now: number): number {
    const times = this.recent(account, now);
    return times.length >= this.limits.orders ? Math.max(1, times[times.length - this.limits.orders] + this.limits.windowMs - now) : 0;
  }

  private recent(account: string, now: number): number[] {
    const times = this.sent.get(account) ?? [];
    while (times.length > 0 && times[0] <= now - this.limits.windowMs) times.shift();
    return times;
  }
}
