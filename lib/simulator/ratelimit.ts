/**
 * Rolling 10 s weight windows, one per remote IP and one per UID (weex-facts.md, "Rate
 * limits"). A request is admitted when the weight already charged within the last 10 s plus
 * its own weight stays within the budget; a rejected request is not charged.
 */

export const WINDOW_MS = 10_000;

interface Charge {
  at: number;
  weight: number;
}

/** One rolling window per key (an IP address or a UID). */
export class RollingWindows {
  private readonly charges = new Map<string, Charge[]>();

  constructor(private readonly windowMs = WINDOW_MS) {}

  /** Weight charged to `key` within (now - 10 s, now]. */
  used(key: string, now: number): number {
    const list = this.prune(key, now);
    let sum = 0;
    for (const c of list) sum += c.weight;
    return sum;
  }

  charge(key: string, weight: number, now: number): number {
    if (weight <= 0) return this.used(key, now);
    const list = this.prune(key, now);
    list.push({ at: now, weight });
    this.charges.set(key, list);
    return this.used(key, now);
  }

  clear(): void {
    this.charges.clear();
  }

  private prune(key: string, now: number): Charge[] {
    const list = this.charges.get(key) ?? [];
    let drop = 0;
    // Charges arrive in clock order; a test clock that goes backwards only keeps more.
    while (drop < list.length && list[drop].at <= now - this.windowMs) drop++;
    if (drop > 0) list.splice(0, drop);
    return list;
  }
}

export interface Cost {
  ip: string;
  ipWeight: number;
  /** undefined on public endpoints (no UID weight) */
  uid?: string;
  uidWeight: number;
}

export interface Admission {
  admitted: boolean;
  usedIp: number;
  usedUid: number;
}

export class RateLimiter {
  private readonly ipWindows = new RollingWindows();
  private readonly uidWindows = new RollingWindows();
  /** Largest window total ever reached: the total right after a charge is a window's
   * maximum, because a window's total only rises at a charge. */
  maxIp = 0;
  maxUid = 0;

  constructor(
    private readonly ipBudget: number,
    private readonly uidBudget: number,
  ) {}

  admit(cost: Cost, now: number): Admission {
    const usedIp = this.ipWindows.used(cost.ip, now);
    const usedUid = cost.uid !== undefined ? this.uidWindows.used(cost.uid, now) : 0;
    const overIp = usedIp + cost.ipWeight > this.ipBudget;
    const overUid = cost.uid !== undefined && usedUid + cost.uidWeight > this.uidBudget;
    if (overIp || overUid) return { admitted: false, usedIp, usedUid };
    const ip = this.ipWindows.charge(cost.ip, cost.ipWeight, now);
    const uid = cost.uid !== undefined ? this.uidWindows.charge(cost.uid, cost.uidWeight, now) : 0;
    this.maxIp = Math.max(this.maxIp, ip);
    this.maxUid = Math.max(this.maxUid, uid);
    return { admitted: true, usedIp: ip, usedUid: uid };
  }

  /** Forget the maxima (stats reset); the windows themselves keep counting. */
  resetMaxima(): void {
    this.maxIp = 0;
    this.maxUid = 0;
  }
}

/**
 * The contract order cap: at most `orders` placements per account within any rolling
 * `windowMs` (CONTRACT_ORDER_CAP). Like the weights, a refused placement is not counted.
 */
export class OrderCap {
  private readonly windows: RollingWindows;

  constructor(
    private readonly orders: number,
    windowMs: number,
  ) {
    this.windows = new RollingWindows(windowMs);
  }

  admit(uid: string, now: number): boolean {
    if (this.windows.used(uid, now) + 1 > this.orders) return false;
    this.windows.charge(uid, 1, now);
    return true;
  }
}
