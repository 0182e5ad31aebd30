import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshSchema, TEST_DATABASE_URL } from "@/lib/db/test-support";
import { startSimulator, type Simulator } from "@/lib/simulator";
import { killHard, spawnSyncChild, type Child, type ChildEvent } from "./child-process";

// Two dashboard processes on one PostgreSQL against the simulator at its real limits (500
// weight per rolling 10 s, per IP and per UID): one runs the sync (background), the other
// pages the upstream like a person would (interactive), both through the weight budget
// shared in PostgreSQL. Then the syncing process is killed and the other takes over.
//
// Needs PostgreSQL: set TEST_DATABASE_URL (`.ci/run` does).

const url = TEST_DATABASE_URL;

describe.skipIf(!url)(url ? "two processes on one PostgreSQL" : "two processes on one PostgreSQL (skipped: set TEST_DATABASE_URL to a PostgreSQL database to run it)", () => {
  let sim: Simulator;
  let drop: (() => Promise<void>) | undefined;
  const children: Child[] = [];

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, quiet: true, scale: 0.02 });
  }, 180_000);
  afterAll(async () => {
    for (const c of children) if (c.proc.exitCode === null) await killHard(c);
    await drop?.();
    await sim?.close();
  });

  it("never exceed the upstream budget together and never sync at the same time", { timeout: 240_000 }, async () => {
    const fresh = await freshSchema(url!);
    drop = fresh.drop;
    const env = { CHILD_DB: "postgres", DATABASE_URL: url!, DB_SCHEMA: fresh.schema, SIM_URL: sim.url, CHILD_MODE: "serve", SUB_AFFILIATE_DAYS: "150", SYNC_INTERVAL_MS: "5000" };
    const a = spawnSyncChild(env);
    const b = spawnSyncChild(env);
    children.push(a, b);

    // One of them takes the lock and backfills every dataset; the other keeps paging.
    const first = await Promise.race([a, b].map((c) => c.waitFor((e) => e.event === "lock" && e.held === true).then(() => c)));
    const other = first === a ? b : a;
    for (const dataset of ["subAffiliates", "invitees", "withdrawals"]) {
      await first.waitFor((e) => e.event === "run" && e.phase === "end" && e.dataset === dataset && !e.error, 180_000);
    }
    expect(other.events.some((e) => e.event === "lock" && e.held === true)).toBe(false);
    // A person's large request (100 weight, more than the budget keeps free of background work)
    // in the other process got through while the backfill ran. (pg-ledger.test.ts pins down
    // the mechanism: background work in every process steps aside while a person waits.)
    const big = await other.waitFor((e) => e.event === "user" && e.big === true);
    expect(big.limited).toBeUndefined();
    expect(big.waitedMs).toBeLessThan(5000);

    // The syncing process dies; the other one takes over the sync.
    await killHard(first);
    const killedAt = Date.now();
    await other.waitFor((e) => e.event === "lock" && e.held === true, 30_000);
    await other.waitFor((e) => e.event === "run" && e.phase === "end", 60_000);
    await killHard(other);

    const stats = sim.stats();
    expect(stats.count429).toBe(0);
    expect(stats.maxWeightIn10s.ip).toBeLessThanOrEqual(500);
    expect(stats.maxWeightIn10s.uid).toBeLessThanOrEqual(500);
    // …and the budget was actually contended: the two together filled it.
    expect(stats.maxWeightIn10s.ip).toBeGreaterThanOrEqual(400);

    // Sync runs of the two processes never overlap in time.
    const runsOf = (c: Child, end: number) => runIntervals(c.events, end);
    const ra = runsOf(first, killedAt);
    const rb = runsOf(other, Date.now());
    expect(ra.length).toBeGreaterThan(0);
    expect(rb.length).toBeGreaterThan(0);
    for (const x of ra) for (const y of rb) expect(x.end < y.start || y.end < x.start).toBe(true);
  });
});

/** [start, end] of each run a process reported (a run cut by the kill ends at the kill). */
function runIntervals(events: ChildEvent[], cutAt: number): { start: number; end: number }[] {
  const open = new Map<string, number>();
  const out: { start: number; end: number }[] = [];
  for (const e of events) {
    if (e.event !== "run") continue;
    const ds = String(e.dataset);
    if (e.phase === "start") open.set(ds, e.t);
    else if (open.has(ds)) {
      out.push({ start: open.get(ds)!, end: e.t });
      open.delete(ds);
    }
  }
  for (const start of open.values()) out.push({ start, end: cutAt });
  return out;
}
