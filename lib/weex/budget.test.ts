import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryBudget, MemoryLedger, PERSON_WAIT_MS, type Priority, type WeightCost } from "./budget";
import { ENDPOINT_LIST } from "./endpoints";
import { WeexError } from "./errors";

// Fake time: a minute of budget runs in milliseconds. The budget reads Date.now and sleeps
// with setTimeout, both faked.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  vi.setSystemTime(1_764_506_000_000);
});
afterEach(() => {
  vi.useRealTimers();
});

const FAR = 3_600_000;
const cost = (ip: number, uid = ip, uidKey = "key-a"): WeightCost => ({ ip, uid, uidKey });

/** Acquire and record when it was admitted (or how it failed). */
function track(budget: MemoryBudget, c: WeightCost, priority: Priority = "interactive", waitMs = FAR, signal?: AbortSignal, party?: string, turn?: boolean) {
  const entry: { cost: WeightCost; priority: Priority; at?: number; error?: unknown } = { cost: c, priority };
  const promise = budget.acquire(c, { deadline: Date.now() + waitMs, priority, signal, party, turn }).then(
    () => {
      entry.at = Date.now();
    },
    (e) => {
      entry.error = e;
    },
  );
  return Object.assign(entry, { promise });
}

/** The largest weight that any exact rolling window of `windowMs` saw, IP and per UID key. */
function maxInWindow(admitted: { at: number; cost: WeightCost }[], windowMs = 10_000) {
  let ip = 0;
  let uid = 0;
  for (const a of admitted) {
    const inWindow = admitted.filter((b) => b.at > a.at - windowMs && b.at <= a.at);
    ip = Math.max(ip, inWindow.reduce((s, b) => s + b.cost.ip, 0));
    for (const key of new Set(inWindow.map((b) => b.cost.uidKey))) {
      uid = Math.max(uid, inWindow.filter((b) => b.cost.uidKey === key).reduce((s, b) => s + b.cost.uid, 0));
    }
  }
  return { ip, uid };
}

describe("MemoryBudget", () => {
  it("never admits more than 500 in any 10 s window under a burst of mixed requests, and uses most of it", async () => {
    const budget = new MemoryBudget();
    // 600 requests at once: every endpoint's weights, two accounts plus public, both priorities.
    let seed = 7;
    const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const entries = Array.from({ length: 600 }, () => {
      const ep = ENDPOINT_LIST[Math.floor(rand() * ENDPOINT_LIST.length)];
      const uidKey = ep.uidWeight === 0 ? "public" : rand() < 0.5 ? "key-a" : "key-b";
      return track(budget, cost(ep.ipWeight, ep.uidWeight, uidKey), rand() < 0.3 ? "interactive" : "background");
    });
    await vi.advanceTimersByTimeAsync(60_000);

    const admitted = entries.filter((e) => e.at !== undefined) as { at: number; cost: WeightCost }[];
    expect(entries.every((e) => e.error === undefined)).toBe(true);
    const max = maxInWindow(admitted);
    expect(max.ip).toBeLessThanOrEqual(500);
    expect(max.uid).toBeLessThanOrEqual(500);
    // Saturated but not starved: the busiest window is nearly full.
    expect(max.ip).toBeGreaterThanOrEqual(450);
    // Over the minute, at least 90 % of 6 windows' worth went out (the margin costs ~2.5 %).
    const start = admitted[0].at;
    const inMinute = admitted.filter((a) => a.at < start + 60_000).reduce((s, a) => s + a.cost.ip, 0);
    expect(inMinute).toBeGreaterThanOrEqual(0.9 * 6 * 500 * (10_000 / 10_250));
  });

  it("holds each charge for the window plus the margin", async () => {
    const budget = new MemoryBudget({ ipPer10s: 100, uidPer10s: 100, windowMs: 10_000, marginMs: 250 });
    const t0 = Date.now();
    const a = track(budget, cost(100));
    const b = track(budget, cost(1));
    await vi.advanceTimersByTimeAsync(10_249);
    expect(a.at).toBe(t0);
    expect(b.at).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(b.at).toBe(t0 + 10_250);
  });

  it("a lease holds the weight for a window after the answer arrived", async () => {
    const budget = new MemoryBudget({ ipPer10s: 100, uidPer10s: 100 });
    const t0 = Date.now();
    const lease = await budget.acquire(cost(100), { deadline: t0 + FAR, priority: "interactive" });
    await vi.advanceTimersByTimeAsync(3000); // a slow answer
    await lease.done(Date.now());
    const next = track(budget, cost(1));
    await vi.advanceTimersByTimeAsync(9999);
    expect(next.at).toBeUndefined(); // send + window + margin alone would have freed it at 10 250
    await vi.advanceTimersByTimeAsync(1);
    expect(next.at).toBe(t0 + 3000 + 10_000);
  });

  it("keeps UID windows apart per account and ignores UID weight 0", async () => {
    const budget = new MemoryBudget({ ipPer10s: 1000, uidPer10s: 100 });
    const a = track(budget, cost(10, 100, "key-a"));
    const b = track(budget, cost(10, 100, "key-b"));
    const pub = track(budget, cost(10, 0, "public"));
    const a2 = track(budget, cost(10, 1, "key-a"));
    await vi.advanceTimersByTimeAsync(0);
    expect([a.at, b.at, pub.at].every((t) => t !== undefined)).toBe(true);
    // a2 waits for key-a's window, and nobody behind it overtakes (FIFO)
    expect(a2.at).toBeUndefined();
    expect(await budget.usage()).toMatchObject({ ip: 30, uid: { "key-a": 100, "key-b": 100 } });
  });

  it("keeps a share for interactive requests: background stops at 95 %, a click still gets in", async () => {
    const budget = new MemoryBudget({ backgroundBurst: 1000 }); // no pacing here
    const bg = Array.from({ length: 50 }, () => track(budget, cost(10), "background"));
    await vi.advanceTimersByTimeAsync(0);
    expect(bg.filter((e) => e.at !== undefined)).toHaveLength(47); // 470 of 475
    const click = track(budget, cost(20), "interactive");
    await vi.advanceTimersByTimeAsync(0);
    expect(click.at).toBe(Date.now());
  });

  it("paces background weight evenly instead of sending it in one burst", async () => {
    const budget = new MemoryBudget();
    const t0 = Date.now();
    const bg = Array.from({ length: 60 }, () => track(budget, cost(10), "background"));
    await vi.advanceTimersByTimeAsync(2000);
    const sent = bg.filter((e) => e.at !== undefined).length * 10;
    // a burst of 118.75 (a quarter of the 475 share), then 1.5 × 47.5 per second
    expect(sent).toBeGreaterThanOrEqual(240);
    expect(sent).toBeLessThanOrEqual(118.75 + 2 * 71.25 + 10);
    expect(bg[bg.length - 1].at).toBeUndefined();
    expect(bg[10].at).toBe(t0); // the burst: 11 × 10
    expect(bg[11].at! - t0).toBeGreaterThan(0);
  });

  it("a click waits at most about one request behind a saturating backfill", async () => {
    const budget = new MemoryBudget();
    let stop = false;
    const weights = [10, 10, 20, 20, 10, 100]; // the sync's pages: sub-affiliates, invitees, orders, transfers
    let i = 0;
    const backfill = async () => {
      while (!stop) {
        const w = weights[i++ % weights.length];
        await budget.acquire(cost(w), { deadline: Date.now() + FAR, priority: "background" });
      }
    };
    for (let k = 0; k < 8; k++) void backfill();
    const clickWaits: number[] = [];
    const clicks = async () => {
      for (let k = 0; k < 40; k++) {
        await new Promise((r) => setTimeout(r, 1500));
        const t = Date.now();
        await budget.acquire(cost(k % 3 === 0 ? 20 : 10), { deadline: Date.now() + FAR, priority: "interactive" });
        clickWaits.push(Date.now() - t);
      }
    };
    void clicks();
    await vi.advanceTimersByTimeAsync(65_000);
    stop = true;
    expect(clickWaits).toHaveLength(40);
    expect(Math.max(...clickWaits)).toBeLessThanOrEqual(1000);
  });

  it("admits no background weight while a person waits: a 100-weight page beside a saturating backfill gets in within one window", async () => {
    const budget = new MemoryBudget();
    let stop = false;
    const admittedBg: number[] = [];
    const weights = [10, 10, 20, 20, 10, 100];
    let i = 0;
    const backfill = async () => {
      while (!stop) {
        const w = weights[i++ % weights.length];
        await budget.acquire(cost(w), { deadline: Date.now() + FAR, priority: "background" });
        admittedBg.push(Date.now());
      }
    };
    for (let k = 0; k < 8; k++) void backfill();
    await vi.advanceTimersByTimeAsync(25_000); // the backfill holds its 95 %
    const results: { asked: number; at?: number; error?: unknown }[] = [];
    for (let k = 0; k < 10; k++) {
      const asked = Date.now();
      const r: (typeof results)[number] = { asked };
      results.push(r);
      // a transfer page (100) with the client's default bound for people
      void budget.acquire(cost(100), { deadline: asked + PERSON_WAIT_MS, priority: "interactive" }).then(
        () => (r.at = Date.now()),
        (e) => (r.error = e),
      );
      while (r.at === undefined && r.error === undefined) await vi.advanceTimersByTimeAsync(10);
      // while it waited, the backfill was not admitted at all
      expect(admittedBg.filter((t) => t > asked && t < (r.at ?? 0))).toEqual([]);
      await vi.advanceTimersByTimeAsync(3000);
    }
    stop = true;
    expect(results.map((r) => r.error)).toEqual(results.map(() => undefined));
    expect(Math.max(...results.map((r) => r.at! - r.asked))).toBeLessThanOrEqual(10_250);
  });

  it("keeps a reserve for orders that neither reads nor the backfill can take", async () => {
    const budget = new MemoryBudget({ backgroundBurst: 1000 });
    const bg = Array.from({ length: 60 }, () => track(budget, cost(10), "background"));
    await vi.advanceTimersByTimeAsync(0);
    expect(bg.filter((e) => e.at !== undefined)).toHaveLength(47); // 470 of 475
    // people's reads fill their 98 % (490)
    const reads = Array.from({ length: 5 }, () => track(budget, cost(5), "interactive", 100));
    await vi.advanceTimersByTimeAsync(0);
    expect(reads.filter((e) => e.at !== undefined)).toHaveLength(4);
    // two placements (weight 2 / 5) still go at once, ahead of the waiting background
    const orders = [track(budget, cost(2, 5), "order"), track(budget, cost(2, 5), "order")];
    await vi.advanceTimersByTimeAsync(0);
    expect(orders.map((o) => o.at)).toEqual([Date.now(), Date.now()]);
  });

  it("an order waiting for weight is served before waiting reads and background", async () => {
    const budget = new MemoryBudget({ ipPer10s: 100, uidPer10s: 100, backgroundShare: 1, backgroundBurst: 1000, orderReserve: 0 });
    const served: string[] = [];
    track(budget, cost(100), "background");
    for (const [name, p] of [["bg", "background"], ["read", "interactive"], ["order", "order"]] as const) {
      void track(budget, cost(60), p).promise.then(() => served.push(name));
    }
    await vi.advanceTimersByTimeAsync(10_250);
    expect(served).toEqual(["order"]);
  });

  it("serves waiting interactive requests before background ones, FIFO within each", async () => {
    // (no order reserve in these queue tests: reads may fill the whole small window)
    const budget = new MemoryBudget({ ipPer10s: 100, uidPer10s: 100, backgroundShare: 1, backgroundBurst: 1000, orderReserve: 0 });
    const order: string[] = [];
    const fill = track(budget, cost(100), "background");
    const queued = [
      ["b1", "background"],
      ["i1", "interactive"],
      ["b2", "background"],
      ["i2", "interactive"],
    ].map(([name, p]) => {
      const e = track(budget, cost(50), p as Priority);
      void e.promise.then(() => order.push(name));
      return e;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(fill.at).toBeDefined();
    await vi.advanceTimersByTimeAsync(10_250);
    expect(order).toEqual(["i1", "i2"]);
    await vi.advanceTimersByTimeAsync(10_250);
    expect(order).toEqual(["i1", "i2", "b1", "b2"]);
    expect(queued.every((e) => e.error === undefined)).toBe(true);
  });

  it("lets smaller requests overtake a blocked large one only with room that does not delay it", async () => {
    const budget = new MemoryBudget({ ipPer10s: 100, uidPer10s: 100, orderReserve: 0 });
    const t0 = Date.now();
    track(budget, cost(50)); // expires at t0 + 10 250
    await vi.advanceTimersByTimeAsync(1000);
    track(budget, cost(30)); // still held when the big one's turn comes
    const big = track(budget, cost(60)); // fits once the 50 expires: 30 + 60 leaves 10 spare then
    const small1 = track(budget, cost(10));
    const small2 = track(budget, cost(10));
    await vi.advanceTimersByTimeAsync(0);
    expect(small1.at).toBe(t0 + 1000); // uses the spare 10
    expect(small2.at).toBeUndefined(); // would push the big one past its turn
    await vi.advanceTimersByTimeAsync(10_250 - 1000);
    expect(big.at).toBe(t0 + 10_250);
    expect(small2.at).toBeUndefined(); // still FIFO behind the big one: 30 + 10 + 60 = 100
  });

  it("a blocked background request is delayed by overtakers by at most overtakeDelayMs", async () => {
    const budget = new MemoryBudget({ ipPer10s: 100, uidPer10s: 100, backgroundShare: 1, overtakeDelayMs: 2000, orderReserve: 0 });
    const t0 = Date.now();
    track(budget, cost(100), "background");
    await vi.advanceTimersByTimeAsync(1000);
    const big = track(budget, cost(100), "background"); // could go at t0 + 10 250
    const smalls = Array.from({ length: 30 }, () => track(budget, cost(5), "background"));
    for (let i = 0; i < 40; i++) await vi.advanceTimersByTimeAsync(500);
    expect(big.at).toBeGreaterThanOrEqual(t0 + 10_250);
    expect(big.at).toBeLessThanOrEqual(t0 + 10_250 + 2000);
    const admitted = [big, ...smalls].filter((e) => e.at !== undefined) as { at: number; cost: WeightCost }[];
    expect(maxInWindow(admitted).ip).toBeLessThanOrEqual(100);
  });

  it("fails rate_limited with a retry-after when the weight cannot be had by the deadline", async () => {
    const budget = new MemoryBudget({ ipPer10s: 100, uidPer10s: 100 });
    track(budget, cost(100));
    const late = track(budget, cost(50), "interactive", 5000);
    await vi.advanceTimersByTimeAsync(0);
    expect(late.error).toBeInstanceOf(WeexError);
    expect(late.error).toMatchObject({ kind: "rate_limited", retryAfterMs: 10_250 });
  });

  it("fails a waiter behind the head at its own deadline", async () => {
    const budget = new MemoryBudget({ ipPer10s: 100, uidPer10s: 100 });
    track(budget, cost(100));
    track(budget, cost(50)); // head, waits 10.25 s
    const second = track(budget, cost(50), "interactive", 3000);
    await vi.advanceTimersByTimeAsync(2999);
    expect(second.error).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(second.error).toMatchObject({ kind: "rate_limited" });
    expect((second.error as WeexError).retryAfterMs).toBeGreaterThanOrEqual(1000);
  });

  it("rejects at once a cost larger than the whole budget", async () => {
    const budget = new MemoryBudget({ ipPer10s: 50, uidPer10s: 50 });
    const e = track(budget, cost(100));
    await vi.advanceTimersByTimeAsync(0);
    expect(e.error).toMatchObject({ kind: "rate_limited" });
  });

  it("pause() blocks everyone until then", async () => {
    const budget = new MemoryBudget();
    const t0 = Date.now();
    await budget.pause(t0 + 2000);
    const a = track(budget, cost(1));
    const b = track(budget, cost(1), "background");
    await vi.advanceTimersByTimeAsync(1999);
    expect(a.at ?? b.at).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect([a.at, b.at]).toEqual([t0 + 2000, t0 + 2000]);
    expect((await budget.usage()).pausedUntil).toBe(0);
  });

  it("an aborted waiter leaves the queue and the next one moves up", async () => {
    const budget = new MemoryBudget({ ipPer10s: 100, uidPer10s: 100 });
    track(budget, cost(60));
    await vi.advanceTimersByTimeAsync(1000);
    const ctrl = new AbortController();
    const big = track(budget, cost(100), "interactive", FAR, ctrl.signal);
    const small = track(budget, cost(10));
    await vi.advanceTimersByTimeAsync(0);
    expect(small.at).toBeUndefined();
    ctrl.abort(new Error("gone"));
    await vi.advanceTimersByTimeAsync(0);
    expect(big.error).toMatchObject({ message: "gone" });
    expect(small.at).toBeDefined();
  });

  it("works over any WeightLedger (the seam for a shared PostgreSQL ledger)", async () => {
    const ledger = new MemoryLedger({ ipPer10s: 100, uidPer10s: 100 });
    const asyncLedger = {
      tryCharge: async (...a: Parameters<MemoryLedger["tryCharge"]>) => ledger.tryCharge(...a),
      pause: async (until: number) => ledger.pause(until),
      usage: async (now: number) => ledger.usage(now),
    };
    // Two processes' budgets on one ledger together stay within the limit.
    const p1 = new MemoryBudget({ ledger: asyncLedger, orderReserve: 0 });
    const p2 = new MemoryBudget({ ledger: asyncLedger, orderReserve: 0 });
    const all = [...Array.from({ length: 10 }, () => track(p1, cost(20))), ...Array.from({ length: 10 }, () => track(p2, cost(20)))];
    await vi.advanceTimersByTimeAsync(0);
    expect(all.filter((e) => e.at !== undefined)).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(3 * 10_250);
    const admitted = all.filter((e) => e.at !== undefined) as { at: number; cost: WeightCost }[];
    expect(admitted).toHaveLength(20);
    expect(maxInWindow(admitted).ip).toBeLessThanOrEqual(100);
  });

  describe("people take turns", () => {
    /** `n` requests of `party` as the client asks for people, each recording its name in `served` when admitted. */
    function ask(budget: MemoryBudget, served: string[], party: string, n: number, c = cost(100), priority: Priority = "interactive", waitMs = FAR, name = party) {
      return Array.from({ length: n }, (_, i) => {
        const e = track(budget, c, priority, waitMs, undefined, party, true);
        void e.promise.then(() => e.at !== undefined && served.push(`${name}${i + 1}`));
        return e;
      });
    }

    it("one person's 15 transfer pages in flight do not keep another person's page waiting past one window", async () => {
      const budget = new MemoryBudget();
      const t0 = Date.now();
      const served: string[] = [];
      // Viewer A's script: 15 distinct 100-weight pages at once, with the client's bound for people.
      const a = ask(budget, served, "a", 15, cost(100), "interactive", PERSON_WAIT_MS);
      await vi.advanceTimersByTimeAsync(0);
      expect(served).toEqual(["a1", "a2", "a3", "a4"]); // 400 of the reads' 490
      // Viewer B asks for one page a moment later.
      await vi.advanceTimersByTimeAsync(100);
      const [b] = ask(budget, served, "b", 1, cost(100), "interactive", PERSON_WAIT_MS);
      await vi.advanceTimersByTimeAsync(PERSON_WAIT_MS);
      // B goes first when A's first pages expire, not after A's other eleven.
      expect(b!.error).toBeUndefined();
      expect(b!.at).toBe(t0 + 10_250);
      expect(served.slice(0, 8)).toEqual(["a1", "a2", "a3", "a4", "b1", "a5", "a6", "a7"]);
      // A's script is still bounded by its own deadline; B's turn cost it nothing else.
      expect(a.filter((e) => e.error !== undefined).length).toBeGreaterThan(0);
    });

    it("the next person in line is answered when the window frees, even when slow answers hold it past the person's deadline", async () => {
      const budget = new MemoryBudget();
      const t0 = Date.now();
      const served: string[] = [];
      // Viewer A's script: 4 pages go out at once, 11 more wait...
      const leases = await Promise.all(Array.from({ length: 4 }, () => budget.acquire(cost(100), { deadline: t0 + PERSON_WAIT_MS, priority: "interactive", party: "a", turn: true })));
      const a = ask(budget, served, "a", 11, cost(100), "interactive", PERSON_WAIT_MS, "a-more");
      // ...B asks a second later...
      await vi.advanceTimersByTimeAsync(1000);
      const [b] = ask(budget, served, "b", 1, cost(100), "interactive", PERSON_WAIT_MS);
      // ...and A's four answers come back 3 s after they were sent: each charge is held for a
      // window after its answer, so the window frees at t0 + 13 s, after B's deadline (12.25 s).
      await vi.advanceTimersByTimeAsync(2000);
      for (const lease of leases) await lease.done(Date.now());
      await vi.advanceTimersByTimeAsync(PERSON_WAIT_MS);
      // B is answered at its turn, when the window frees, not refused just before.
      expect(b!.error).toBeUndefined();
      expect(b!.at).toBe(t0 + 13_000);
      // then A's next request, its turn: it waited past its own deadline for it too
      expect(served.slice(0, 2)).toEqual(["b1", "a-more1"]);
      // A's further requests could not be served within their turn: refused at their deadline
      expect(a.slice(1).every((e) => e.error instanceof WeexError && e.error.kind === "rate_limited")).toBe(true);
    });

    it("a person's next request waits at most one window past its deadline for its turn", async () => {
      const budget = new MemoryBudget();
      const t0 = Date.now();
      await budget.pause(t0 + 20_000); // WEEX answered 429 and asked for 20 s
      const [late] = ask(budget, [], "a", 1, cost(100), "interactive", 9_749);
      await vi.advanceTimersByTimeAsync(0);
      // the turn would come after the deadline plus one window (9.749 + 10.25 s): refused at once
      expect(late!.error).toMatchObject({ kind: "rate_limited", retryAfterMs: 20_000 });
      const [soon] = ask(budget, [], "b", 1, cost(100), "interactive", 9_750); // its turn within a window of its deadline
      await vi.advanceTimersByTimeAsync(20_000);
      expect(soon!.error).toBeUndefined();
      expect(soon!.at).toBe(t0 + 20_000);
    });

    it("serves parties round-robin, FIFO within each, whoever queued more", async () => {
      const budget = new MemoryBudget({ ipPer10s: 100, uidPer10s: 100, orderReserve: 0 });
      const served: string[] = [];
      ask(budget, served, "a", 4);
      ask(budget, served, "b", 3);
      ask(budget, served, "c", 1);
      await vi.advanceTimersByTimeAsync(8 * 10_250);
      expect(served).toEqual(["a1", "b1", "c1", "a2", "b2", "a3", "b3", "a4"]);
    });

    it("a party served a moment ago waits behind one not served yet, also among orders; orders still go before reads", async () => {
      const budget = new MemoryBudget({ ipPer10s: 100, uidPer10s: 100, orderReserve: 0 });
      const served: string[] = [];
      ask(budget, served, "a", 1, cost(100), "order");
      await vi.advanceTimersByTimeAsync(0);
      ask(budget, served, "b", 1, cost(100), "interactive");
      ask(budget, served, "a", 1, cost(100), "order", FAR, "a-again");
      ask(budget, served, "c", 1, cost(100), "order");
      await vi.advanceTimersByTimeAsync(3 * 10_250);
      // orders first (c, not served yet, before a), then the read
      expect(served).toEqual(["a1", "c1", "a-again1", "b1"]);
    });

    it("requests of no party are one party; background work takes no turn", async () => {
      const budget = new MemoryBudget({ ipPer10s: 100, uidPer10s: 100, orderReserve: 0, backgroundShare: 1, backgroundBurst: 1000 });
      const order: string[] = [];
      const note = (name: string, e: ReturnType<typeof track>) => void e.promise.then(() => e.at !== undefined && order.push(name));
      note("bg", track(budget, cost(100), "background"));
      await vi.advanceTimersByTimeAsync(0);
      note("none1", track(budget, cost(100)));
      note("none2", track(budget, cost(100)));
      note("p", track(budget, cost(100), "interactive", FAR, undefined, "p"));
      await vi.advanceTimersByTimeAsync(3 * 10_250);
      // the background request before them was no one's turn: the first of no party goes first
      expect(order).toEqual(["bg", "none1", "p", "none2"]);
    });
  });
});
