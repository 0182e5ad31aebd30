/**
 * The upstream weight budget: WEEX allows 500 weight per rolling 10 s per IP and 500 per
 * rolling 10 s per UID (account), each endpoint charging the weights in the endpoint table.
 * A client that respects the budget itself never sees a 429 (weex-facts.md, "Rate limits").
 *
 * Two layers, so the state can move into PostgreSQL and be shared by several processes:
 * - the `WeightLedger` (ledger.ts) is the shared bookkeeping and makes the one atomic decision
 *   "does this charge fit? then record it";
 * - `MemoryBudget` is this process's waiting room: it queues callers (interactive before
 *   background, people in turns, see below), asks the ledger for the head of the queue,
 *   sleeps until the ledger says there will be room, and fails callers whose deadline comes
 *   first.
 *
 * People first. Three priorities, each with the part of every window it may fill:
 *
 *   | priority      | who                                         | may fill           |
 *   |---------------|---------------------------------------------|--------------------|
 *   | `order`       | a person placing or modifying an order      | all of it          |
 *   | `interactive` | a person reading (pages, lists, exports)    | all but `orderReserve` (98 %) |
 *   | `background`  | the archive's backfill and incremental sync | `backgroundShare` (95 %) |
 *
 * - Orders queue ahead of reads, reads ahead of background.
 * - Within orders and within reads, people take turns: the next waiter is one of the
 *   party (lib/weex/party.ts: the person) least recently admitted, FIFO within a party. One
 *   person's script with many distinct lists in flight is served one request per round like
 *   everyone else, and a click of anyone else's goes at the next turn, not behind the script.
 *   Fairness is between the people waiting in this process; the ledger stays the shared
 *   bookkeeping. Background work has no party and stays FIFO.
 * - A person's next request (the first of theirs waiting) is answered when its turn comes, not
 *   refused at its deadline because the window frees a little later than that (answers that
 *   came late hold their weight longer): it waits up to one more window. The deadline refuses
 *   a person's further requests, those that could not be served within their own turn.
 * - Background weight is admitted only while no person waits, in this process (the queues) or
 *   in any other (the ledger's "people waiting" signal, see `WeightLedger.tryCharge`): it
 *   only takes weight no waiting person needs. So a 100-weight transfer page that does not fit
 *   beside the backfill's 95 % waits only until enough of the backfill's weight has expired
 *   (at most one window), never behind new background weight.
 * - Background requests are paced: spread evenly over the window instead of sent in bursts. A
 *   burst would expire in one lump 10 s later and refill in one lump, and a click arriving in
 *   between would wait for the whole window; paced, some weight expires every moment.
 * - The order reserve is weight neither reads nor the backfill can take: a placement goes out
 *   at once unless people's own orders spent the window.
 */
import { WeexError } from "./errors";
import { DEFAULT_LIMITS, MemoryLedger, type Priority, type BudgetLimits, type BudgetUsage, type ChargeResult, type MaybePromise, type Promised, type WeightCost, type WeightLedger } from "./ledger";
import { Pacer, weightOf } from "./pacer";

export { DEFAULT_LIMITS, MemoryLedger } from "./ledger";
export type { BudgetLimits, BudgetUsage, ChargeResult, Promised, WeightCost, WeightLedger } from "./ledger";

export type { Priority } from "./ledger";

/** A person is waiting for these (everything but background work). */
export const isPerson = (p: Priority) => p !== "background";

/**
 * How long a person's request waits for its turn before it is answered `rate_limited`: one
 * window plus the margin and a second for the answer that holds a charge (`WeightLedger.hold`).
 * By then every charge made before the request arrived has expired, unless its answer came
 * late: a charge is held for a window after its answer, so answers slowed down (a loaded
 * server, a slow exchange) free the window later than this. So the deadline refuses only the
 * requests that are not their person's turn (a script's further lists); a person's next
 * request in the round (the first of theirs waiting) waits for the window to free, however
 * late, up to one more window past its deadline (`MemoryBudget` `turnLimit`).
 */
export const PERSON_WAIT_MS = DEFAULT_LIMITS.windowMs + DEFAULT_LIMITS.marginMs + 1000;

export interface AcquireOptions {
  /** epoch ms; if the weight cannot be had by then, acquire rejects with `rate_limited` (but see `turn`) */
  deadline: number;
  priority: Priority;
  signal?: AbortSignal;
  /** who asks (a person's id, lib/weex/party.ts): people take turns by it; ignored for background */
  party?: string;
  /**
   * A person's request with the people's wait (the client's default, `PERSON_WAIT_MS`): when
   * it is the first of its party waiting, it takes the party's next turn and waits for it up
   * to one window past `deadline`. A caller that names its own wait gets exactly that.
   */
  turn?: boolean;
}

/**
 * What the client needs (team-notes contract 2). `acquire` may answer a lease: the client then
 * reports when the request's answer arrived (or the attempt was given up), and the budget
 * keeps counting the weight until a window after that (see `WeightLedger.hold`).
 */
export interface WeightBudget {
  acquire(cost: WeightCost, opts: AcquireOptions): Promise<void | BudgetLease>;
  /** Stop all sending until `untilMs` (after an upstream 429). */
  pause(untilMs: number): void | Promise<void>;
}

export interface BudgetLease {
  done(at: number): void | Promise<void>;
}

export interface MemoryBudgetOptions extends Partial<BudgetLimits> {
  /**
   * The fraction of each window background requests may fill (default 0.95, which with the
   * 250 ms margin is ~92 % of what WEEX counts per 10 s). The rest is kept for clicks.
   */
  backgroundShare?: number;
  /**
   * The fraction of each window kept for order placements and modifications (default 0.02:
   * 10 weight, two placements): reads may fill the rest, background `backgroundShare`.
   */
  orderReserve?: number;
  /** how much background weight may go out at once before pacing applies (default 25 % of its share) */
  backgroundBurst?: number;
  /**
   * How much later than it could have, a blocked background request at the head of the queue
   * may be served because smaller ones overtook it (default 1000). Interactive heads: 0.
   */
  overtakeDelayMs?: number;
  /** the shared state; default a MemoryLedger with these limits */
  ledger?: WeightLedger;
  /** clock, for tests */
  now?: () => number;
}

interface Waiter {
  cost: WeightCost;
  opts: AcquireOptions;
  resolve: (lease: BudgetLease) => void;
  reject: (e: unknown) => void;
  cleanup: () => void;
  /** once it is the blocked head of the queue: the time by which it is promised its weight */
  promisedAt?: number;
}

/** The party of people's requests made outside any request's context (together they are one party). */
const NO_PARTY = "";

/** Background pacing rate relative to its share of the window (measured: 1 leaves gaps idle, 2 gets bursty). */
const PACER_SPEEDUP = 1.5;

/** How many waiters behind a blocked head may try to overtake it per wake-up. */
const MAX_OVERTAKERS = 16;

/** The retry-after we suggest when we cannot tell better. */
const MIN_RETRY_AFTER_MS = 1000;

export class MemoryBudget implements WeightBudget {
  readonly ledger: WeightLedger;
  private readonly shares: Record<Priority, number>;
  private readonly overtakeDelayMs: number;
  private readonly pacer: Pacer;
  private readonly now: () => number;
  private readonly windowMs: number;
  /** how much longer than its deadline a person's next request in the round may wait for its turn */
  private readonly turnGraceMs: number;
  private readonly smallestLimit: number;
  /** waiting callers in arrival order; `inTurns()` orders a person's queue into turns */
  private readonly queues: Record<Priority, Waiter[]> = { order: [], interactive: [], background: [] };
  /**
   * Per party: the admission count when it was last admitted (its turn) and when. The party
   * whose last turn is oldest goes next; one never admitted (or not for a window, and not
   * waiting since) goes first.
   */
  private readonly turns = new Map<string, { turn: number; at: number }>();
  private admissions = 0;
  private sweptAt = 0;
  private pumping = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerAt = Infinity;
  /** the head's last known wait, to suggest a retry-after to callers who give up */
  private lastWaitMs = 0;

  constructor(opts: MemoryBudgetOptions = {}) {
    const { backgroundShare = 0.95, orderReserve = 0.02, backgroundBurst, overtakeDelayMs = 1000, ledger, now = Date.now, ...partial } = opts;
    const limits = { ...DEFAULT_LIMITS, ...partial };
    this.ledger = ledger ?? new MemoryLedger(limits);
    const interactive = 1 - orderReserve;
    this.shares = { order: 1, interactive, background: Math.min(backgroundShare, interactive) };
    this.overtakeDelayMs = overtakeDelayMs;
    this.now = now;
    this.windowMs = limits.windowMs;
    this.turnGraceMs = limits.windowMs + limits.marginMs;
    this.smallestLimit = Math.min(limits.ipPer10s, limits.uidPer10s);
    // Paced a little faster than its share refills (so a gap left by clicks or a slow answer is
    // made up within seconds, and the window stays the real limit), in bursts big enough for
    // the heaviest page (100).
    const perWindow = backgroundShare * Math.min(limits.ipPer10s, limits.uidPer10s);
    this.pacer = new Pacer((PACER_SPEEDUP * perWindow) / limits.windowMs, backgroundBurst ?? perWindow / 4, now());
  }

  acquire(cost: WeightCost, opts: AcquireOptions): Promise<BudgetLease> {
    return new Promise<BudgetLease>((resolve, reject) => {
      if (opts.signal?.aborted) return reject(opts.signal.reason);
      const waiter: Waiter = { cost, opts, resolve, reject, cleanup: () => {} };
      const onAbort = () => this.drop(waiter, opts.signal!.reason);
      const giveUp = () => this.drop(waiter, this.rateLimited(this.lastWaitMs));
      // Each waiter gives up at its own deadline, wherever it is in the queue; a person's next
      // request in the round at its turn's limit instead (`turnLimit`).
      let deadlineTimer = setTimeout(() => {
        const limit = this.turnLimit(waiter);
        if (limit > opts.deadline) deadlineTimer = setTimeout(giveUp, Math.max(0, limit - this.now()));
        else giveUp();
      }, Math.max(0, opts.deadline - this.now()));
      opts.signal?.addEventListener("abort", onAbort, { once: true });
      waiter.cleanup = () => {
        clearTimeout(deadlineTimer);
        opts.signal?.removeEventListener("abort", onAbort);
      };
      this.queues[opts.priority].push(waiter);
      void this.pump();
    });
  }

  async pause(untilMs: number): Promise<void> {
    await this.ledger.pause(untilMs);
    void this.pump();
  }

  usage(): MaybePromise<BudgetUsage> {
    return this.ledger.usage(this.now());
  }

  /**
   * Admit waiters in order while there is room. When the head must wait (say a 100-weight
   * transfers page), it is promised a time; the waiters behind it may overtake only with
   * weight that keeps that promise, so room freed meanwhile is used without starving the head.
   */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      for (;;) {
        const people = [...this.inTurns(this.queues.order), ...this.inTurns(this.queues.interactive)];
        const [head, ...rest] = [...people, ...this.queues.background];
        if (!head) return;
        const now = this.now();
        const result = await this.admit(head, now);
        if (!result) continue; // the ledger failed; the head got the error
        if (result.ok) {
          this.lastWaitMs = 0;
          continue;
        }
        this.lastWaitMs = result.waitMs;
        if (now + result.waitMs > this.turnLimit(head)) {
          // Nobody may delay the head past its promise, so it cannot make it: fail it now.
          this.settle(head, () => head.reject(this.rateLimited(result.waitMs)));
          continue;
        }
        const personHead = isPerson(head.opts.priority);
        const slack = personHead ? 0 : this.overtakeDelayMs;
        head.promisedAt = Math.max(head.promisedAt ?? 0, now + result.waitMs + slack);
        const promised: Promised = { at: head.promisedAt, cost: head.cost, share: this.shareOf(head) };
        // While a person waits, only other people may overtake (with weight that keeps the
        // head's promise): background work takes no weight a waiting person needs.
        const overtakers = personHead ? rest.filter((w) => isPerson(w.opts.priority)) : rest;
        // Bounded, so a long queue costs a few ledger calls per wake-up, not one per waiter.
        for (const w of overtakers.slice(0, MAX_OVERTAKERS)) await this.admit(w, now, promised, personHead ? undefined : head);
        this.wakeAt(now + result.waitMs);
        return;
      }
    } finally {
      this.pumping = false;
    }
  }

  /**
   * Try to admit one waiter now: the pacer (background only), then the ledger. Settles the
   * waiter when admitted (or when the ledger throws: then answers undefined).
   */
  private async admit(w: Waiter, now: number, promised?: Promised, backgroundHead?: Waiter): Promise<ChargeResult | undefined> {
    const background = w.opts.priority === "background";
    if (background) {
      const paceMs = this.pacer.waitMs(now, w.cost, backgroundHead && promised ? { at: promised.at, cost: backgroundHead.cost } : undefined);
      if (paceMs > 0) return { ok: false, waitMs: paceMs };
    }
    try {
      const result = await this.ledger.tryCharge(now, w.cost, this.shareOf(w), promised, w.opts.priority);
      if (result.ok) {
        if (background) this.pacer.take(now, w.cost);
        else this.tookTurn(w, now);
        const { ref } = result;
        const lease = { done: (at: number) => (ref === undefined ? undefined : this.ledger.hold?.(at, ref, this.windowMs)) };
        this.settle(w, () => w.resolve(lease));
      }
      return result;
    } catch (e) {
      this.settle(w, () => w.reject(e));
      return undefined;
    }
  }

  /**
   * A person's queue in the order of service: the party least recently admitted first, FIFO
   * within a party (and between parties equally long unserved). A stable sort of arrival order
   * by each party's last turn does both; with one party waiting it is the arrival order.
   */
  private inTurns(queue: Waiter[]): Waiter[] {
    if (queue.length < 2) return queue;
    const turnOf = (w: Waiter) => this.turns.get(w.opts.party ?? NO_PARTY)?.turn ?? 0;
    return queue.map((w) => ({ w, turn: turnOf(w) })).sort((a, b) => a.turn - b.turn).map((x) => x.w);
  }

  /**
   * Until when `w` may wait. A person's request (with `turn`) that is the first of its party
   * waiting in its queue takes its party's next turn: round-robin serves it after at most one request of each
   * party ahead, as soon as the window frees. It is not refused because that comes after its
   * deadline (the window's charges are held a window after their answers, and slow answers
   * free it later; `PERSON_WAIT_MS`): it waits up to one more window. Only a party's further
   * requests, and background work, give up at their deadline.
   */
  private turnLimit(w: Waiter): number {
    if (!isPerson(w.opts.priority) || !w.opts.turn) return w.opts.deadline;
    const party = w.opts.party ?? NO_PARTY;
    const first = this.queues[w.opts.priority].find((x) => (x.opts.party ?? NO_PARTY) === party);
    return first === w ? w.opts.deadline + this.turnGraceMs : w.opts.deadline;
  }

  /** `w`'s party was just served: it goes after everyone else waiting, until their turns. */
  private tookTurn(w: Waiter, now: number) {
    this.turns.set(w.opts.party ?? NO_PARTY, { turn: ++this.admissions, at: now });
    // Forget, once a window, the parties served more than a window ago that wait no more: a
    // person back after a pause starts afresh, and the map holds only the recent parties.
    if (now - this.sweptAt < this.windowMs) return;
    this.sweptAt = now;
    const waiting = new Set([...this.queues.order, ...this.queues.interactive].map((x) => x.opts.party ?? NO_PARTY));
    for (const [party, t] of this.turns) if (now - t.at > this.windowMs && !waiting.has(party)) this.turns.delete(party);
  }

  private shareOf(w: Waiter) {
    const share = this.shares[w.opts.priority];
    // The reserve never makes a read impossible: one heavier than the reads' part of a small
    // configured budget (a 100-weight transfer page under a limit of 100) may use all of it.
    if (w.opts.priority === "interactive" && weightOf(w.cost) > Math.floor(share * this.smallestLimit)) return 1;
    return share;
  }

  /** Try again at `at`; another process may free room earlier, but we cannot see that. */
  private wakeAt(at: number) {
    if (this.timer && this.timerAt <= at) return;
    clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.timerAt = Infinity;
        void this.pump();
      },
      Math.max(0, at - this.now()),
    );
  }

  private settle(w: Waiter, fn: () => void) {
    const q = this.queues[w.opts.priority];
    const i = q.indexOf(w);
    if (i >= 0) q.splice(i, 1);
    w.cleanup();
    fn();
  }

  /** A waiter leaves the queue before its turn (deadline or abort). */
  private drop(w: Waiter, reason: unknown) {
    if (!this.queues[w.opts.priority].includes(w)) return;
    this.settle(w, () => w.reject(reason));
    // The head may have changed: let the next one try.
    void this.pump();
  }

  private rateLimited(waitMs: number): WeexError {
    const retryAfterMs = Number.isFinite(waitMs) ? Math.max(MIN_RETRY_AFTER_MS, Math.ceil(waitMs)) : 10_000;
    const message = Number.isFinite(waitMs)
      ? "The WEEX request budget is spent for the moment; try again shortly"
      : "This request weighs more than the whole WEEX budget allows";
    return new WeexError("rate_limited", message, { retryAfterMs });
  }
}
