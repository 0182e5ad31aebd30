/**
 * The bookkeeping of the weight budget: the charges of the two rolling windows (IP, and UID
 * per account) and the pause after a 429. This is the state several server processes must
 * share; `MemoryLedger` keeps it in this process, a PostgreSQL ledger implements the
 * same interface with the same arithmetic in one transaction under an advisory lock.
 *
 * The ledger decides; it never waits. Queueing and priorities live in `MemoryBudget`.
 */

/** Who is asking (lib/weex/budget.ts): a person placing an order, a person reading, or background work. */
export type Priority = "order" | "interactive" | "background";

export interface WeightCost {
  ip: number;
  uid: number;
  /** the account the UID weight is charged to (its API key), or "public" */
  uidKey: string;
}

export interface BudgetLimits {
  /** IP weight per window (WEEX: 500) */
  ipPer10s: number;
  /** UID weight per window per account (WEEX: 500) */
  uidPer10s: number;
  /** the rolling window (WEEX: 10 000 ms) */
  windowMs: number;
  /**
   * How much longer than the window each charge is held at least. WEEX counts a request when
   * it arrives, we count it when we send it; the margin absorbs that difference so the
   * exchange's exact window never sees more than the limit. (A slow answer extends the hold to
   * a window after the answer: see `hold`.)
   */
  marginMs: number;
}

export interface BudgetUsage {
  /** IP weight held in the current window */
  ip: number;
  /** UID weight held in the current window, per account */
  uid: Record<string, number>;
  /** epoch ms until which all sending is paused (0 = not paused) */
  pausedUntil: number;
  limits: { ip: number; uid: number; windowMs: number; marginMs: number };
}

/** `ref` names the recorded charge, for `hold` (a ledger without `hold` need not give one). */
export type ChargeResult = { ok: true; ref?: number } | { ok: false; waitMs: number };

/**
 * Weight promised to the waiter at the head of the queue: a request that overtakes it may only
 * take what still leaves `cost` free (within `share`) at time `at`.
 */
export interface Promised {
  at: number;
  cost: WeightCost;
  share: number;
}

export type MaybePromise<T> = T | Promise<T>;

/**
 * The shared state of the budget. Every method may be asynchronous (a database round trip).
 * `share` is the fraction of each limit the caller may fill (background traffic gets less).
 */
export interface WeightLedger {
  /**
   * Atomically: if adding `cost` at `now` keeps both windows within `share` of their limits,
   * no pause is active and `promised` (if given) can still be kept, record the charge and
   * answer ok; otherwise record nothing and answer how long until it could fit (Infinity when
   * it never can: the cost exceeds the limit).
   *
   * `priority` matters to a ledger shared by several processes: a person's request that must
   * wait marks "people waiting" for as long as it waits, and background charges are refused
   * while that mark stands, in every process (each process's own queue already keeps its
   * background work behind its own people). The in-memory ledger serves one process and
   * ignores it.
   */
  tryCharge(now: number, cost: WeightCost, share: number, promised?: Promised, priority?: Priority): MaybePromise<ChargeResult>;
  /**
   * Keep a charge counted for at least `forMs` from now. WEEX counts a request when it
   * arrives, which is some time before its answer comes back: holding the charge for a window
   * after the answer covers any network or server delay, however long. Optional: without it a
   * charge is held for the window plus the margin from when it was sent.
   */
  hold?(now: number, ref: number, forMs: number): MaybePromise<void>;
  pause(untilMs: number): MaybePromise<void>;
  usage(now: number): MaybePromise<BudgetUsage>;
}

export const DEFAULT_LIMITS: BudgetLimits = { ipPer10s: 500, uidPer10s: 500, windowMs: 10_000, marginMs: 250 };

interface Charge {
  ref: number;
  /** when the charge stops counting: send time + window + margin, or later (`hold`) */
  expires: number;
  ip: number;
  uid: number;
  uidKey: string;
}

/** The ledger in this process's memory: one list of charges, in order of expiry. */
export class MemoryLedger implements WeightLedger {
  readonly limits: BudgetLimits;
  private charges: Charge[] = [];
  private pausedUntil = 0;
  private nextRef = 1;

  constructor(limits: Partial<BudgetLimits> = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  tryCharge(now: number, cost: WeightCost, share: number, promised?: Promised): ChargeResult {
    this.expire(now);
    if (this.pausedUntil > now) return { ok: false, waitMs: this.pausedUntil - now };

    const waitIp = this.waitFor(now, cost.ip, this.ipLimit(share), (c) => c.ip);
    const waitUid = this.waitFor(now, cost.uid, this.uidLimit(share), (c) => (c.uidKey === cost.uidKey ? c.uid : 0));
    const waitMs = Math.max(waitIp, waitUid);
    if (waitMs > 0) return { ok: false, waitMs };
    if (promised && !this.keepsPromise(now, cost, promised)) return { ok: false, waitMs: Math.max(1, promised.at - now) };

    const charge = { ref: this.nextRef++, expires: now + this.limits.windowMs + this.limits.marginMs, ...cost };
    this.insert(charge);
    return { ok: true, ref: charge.ref };
  }

  hold(now: number, ref: number, forMs: number): void {
    const untilMs = now + forMs;
    const i = this.charges.findIndex((c) => c.ref === ref);
    if (i < 0 || this.charges[i].expires >= untilMs) return;
    const [charge] = this.charges.splice(i, 1);
    charge.expires = untilMs;
    this.insert(charge);
  }

  pause(untilMs: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, untilMs);
  }

  usage(now: number): BudgetUsage {
    this.expire(now);
    const uid: Record<string, number> = {};
    let ip = 0;
    for (const c of this.charges) {
      ip += c.ip;
      if (c.uid > 0) uid[c.uidKey] = (uid[c.uidKey] ?? 0) + c.uid;
    }
    const { ipPer10s, uidPer10s, windowMs, marginMs } = this.limits;
    return {
      ip,
      uid,
      pausedUntil: this.pausedUntil > now ? this.pausedUntil : 0,
      limits: { ip: ipPer10s, uid: uidPer10s, windowMs, marginMs },
    };
  }

  private ipLimit(share: number) {
    return Math.floor(this.limits.ipPer10s * share);
  }

  private uidLimit(share: number) {
    return Math.floor(this.limits.uidPer10s * share);
  }

  /** Whether charging `cost` now still leaves room for the promised cost at the promised time. */
  private keepsPromise(now: number, cost: WeightCost, p: Promised): boolean {
    // A charge made now that has expired by then does not delay the promise at all.
    const heldThen = now + this.limits.windowMs + this.limits.marginMs > p.at;
    if (!heldThen) return true;
    let ip = cost.ip + p.cost.ip;
    let uid = cost.uid + p.cost.uid;
    for (const c of this.charges) {
      if (c.expires <= p.at) continue;
      ip += c.ip;
      if (c.uidKey === p.cost.uidKey) uid += c.uid;
    }
    const uidShared = cost.uid > 0 && p.cost.uid > 0 && cost.uidKey === p.cost.uidKey;
    return ip <= this.ipLimit(p.share) && (!uidShared || uid <= this.uidLimit(p.share));
  }

  /** Keep the list ordered by expiry (nearly always an append). */
  private insert(charge: Charge) {
    let i = this.charges.length;
    while (i > 0 && this.charges[i - 1].expires > charge.expires) i--;
    this.charges.splice(i, 0, charge);
  }

  private expire(now: number) {
    let n = 0;
    while (n < this.charges.length && this.charges[n].expires <= now) n++;
    if (n > 0) this.charges.splice(0, n);
  }

  /** Milliseconds until `weight` more fits under `limit` in one window (0 = fits now). */
  private waitFor(now: number, weight: number, limit: number, weightOf: (c: Charge) => number): number {
    if (weight <= 0) return 0;
    if (weight > limit) return Infinity;
    let used = 0;
    for (const c of this.charges) used += weightOf(c);
    if (used + weight <= limit) return 0;
    for (const c of this.charges) {
      used -= weightOf(c);
      if (used + weight <= limit) return c.expires - now;
    }
    return Infinity; // unreachable: with every charge expired, weight <= limit fits
  }
}
