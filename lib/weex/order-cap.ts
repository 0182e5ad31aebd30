/**
 * The client's side of WEEX's contract order cap (CONTRACT_ORDER_CAP, ~50 placements a minute
 * per account): a placement over the cap is refused here, with the time until one is free,
 * instead of being sent for WEEX to refuse. Counted per process; several instances of one
 * deployment can together exceed it, and WEEX's 429 then says so (never retried either way).
 */
export interface OrderCapLimits {
  orders: number;
  windowMs: number;
}

export class OrderCapGate {
  /** per account: when its recent placements were sent, oldest first */
  private readonly sent = new Map<string, number[]>();

  constructor(private readonly limits: OrderCapLimits) {}

  /** Take a slot for a placement now: 0 when taken, else the ms until one is free. */
  take(account: string, now: number): number {
    const times = this.recent(account, now);
    if (times.length >= this.limits.orders) return Math.max(1, times[0] + this.limits.windowMs - now);
    times.push(now);
    this.sent.set(account, times);
    return 0;
  }

  /** Give back the slot taken at `at` (the placement never reached WEEX, or WEEX refused it). */
  release(account: string, at: number): void {
    const times = this.sent.get(account);
    const i = times?.lastIndexOf(at) ?? -1;
    if (i >= 0) times!.splice(i, 1);
  }

  /** The ms until a slot is free (0: free now). */
  waitMs(account: string, now: number): number {
    const times = this.recent(account, now);
    return times.length >= this.limits.orders ? Math.max(1, times[0] + this.limits.windowMs - now) : 0;
  }

  private recent(account: string, now: number): number[] {
    const times = this.sent.get(account) ?? [];
    while (times.length > 0 && times[0] <= now - this.limits.windowMs) times.shift();
    return times;
  }
}
