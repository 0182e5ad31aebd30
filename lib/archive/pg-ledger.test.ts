import { expect, it } from "vitest";
import { onEachTestDatabase } from "@/lib/db/test-support";
import { MemoryBudget } from "@/lib/weex/budget";
import { PgWeightLedger } from "./pg-ledger";

// The PostgreSQL ledger's decisions on each test database. A 1 s window (instead of WEEX's
// 10 s) keeps the test short; the arithmetic is the same.

const limits = { ipPer10s: 100, uidPer10s: 60, windowMs: 1000, marginMs: 0 };
const cost = (ip: number, uid = ip, uidKey = "sim-key-0001") => ({ ip, uid, uidKey });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

onEachTestDatabase("PgWeightLedger", (db) => {
  let n = 0;
  const ledger = () => new PgWeightLedger(db().db, { name: `t${n++}`, limits });

  it("admits while both windows have room, then says how long until they do", async () => {
    const l = ledger();
    const first = Date.now();
    for (let i = 0; i < 6; i++) expect(await l.tryCharge(0, cost(10), 1)).toEqual({ ok: true });
    // UID window (60) is full; a public endpoint (no UID weight) still fits the IP window
    const full = await l.tryCharge(0, cost(10), 1);
    expect(full.ok).toBe(false);
    // until the first charge leaves the window: its second less what the charges took (slow
    // when the machine is busy), never more
    expect(!full.ok && full.waitMs).toBeGreaterThan(1000 - (Date.now() - first) - 50);
    expect(!full.ok && full.waitMs).toBeLessThanOrEqual(1000);
    expect(await l.tryCharge(0, cost(20, 0, "public"), 1)).toEqual({ ok: true });
    // another account's UID window is its own
    expect(await l.tryCharge(0, cost(10, 10, "other-key"), 1)).toEqual({ ok: true });
    // more than the whole limit never fits
    expect(await l.tryCharge(0, cost(150), 1)).toEqual({ ok: false, waitMs: Infinity });
    const usage = await l.usage(0);
    expect(usage.ip).toBe(90);
    expect(Object.values(usage.uid).sort()).toEqual([10, 60]);
    expect(JSON.stringify(usage)).not.toContain("sim-key-0001"); // the key is stored hashed
    await sleep(1050);
    expect(await l.tryCharge(0, cost(10), 1)).toEqual({ ok: true });
  });

  it("a pause stops every caller until it ends", async () => {
    const l = ledger();
    await l.pause(Date.now() + 400);
    const r = await l.tryCharge(0, cost(1), 1);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.waitMs).toBeGreaterThan(200);
    await sleep(450);
    expect(await l.tryCharge(0, cost(1), 1)).toEqual({ ok: true });
  });

  it("background work keeps room for people, and steps aside while a person waits", async () => {
    const l = ledger();
    // background may fill 90 % of the IP window: 9 × 10
    for (let i = 0; i < 9; i++) expect(await l.tryCharge(0, cost(10, 0, "public"), 0.9)).toEqual({ ok: true });
    expect((await l.tryCharge(0, cost(10, 0, "public"), 0.9)).ok).toBe(false);
    // a person's small request fits the reserve at once; a large one must wait …
    expect(await l.tryCharge(0, cost(10, 0, "public"), 1)).toEqual({ ok: true });
    let r = await l.tryCharge(0, cost(50, 0, "public"), 1);
    expect(r.ok).toBe(false);
    // … and while it waits, background (in any process) is refused even when room appears,
    // so the person goes first
    let tries = 0;
    while (!r.ok) {
      await sleep(Math.min(r.waitMs, 200));
      expect((await l.tryCharge(0, cost(10, 0, "public"), 0.9)).ok).toBe(false);
      r = await l.tryCharge(0, cost(50, 0, "public"), 1);
      tries++;
    }
    expect(tries).toBeGreaterThan(1);
    // once nobody waits any more, background goes on
    await sleep(700);
    expect(await l.tryCharge(0, cost(10, 0, "public"), 0.9)).toEqual({ ok: true });
  });

  it("two budgets (two processes) on one ledger never exceed the limit together", async () => {
    const name = `shared${n++}`;
    const budgets = [0, 1].map(() => new MemoryBudget({ ledger: new PgWeightLedger(db().db, { name, limits }), backgroundShare: 0.9 }));
    const admitted: { at: number; w: number }[] = [];
    const t0 = Date.now();
    await Promise.all(
      budgets.flatMap((b, i) =>
        Array.from({ length: 3 }, async () => {
          while (Date.now() - t0 < 2500) {
            await b.acquire(cost(10), { deadline: Date.now() + 5000, priority: i === 0 ? "background" : "interactive" });
            admitted.push({ at: Date.now(), w: 10 });
          }
        }),
      ),
    );
    // every 1 s window (as the admissions were seen here, a little after the ledger's decision)
    for (const a of admitted) {
      const inWindow = admitted.filter((b) => b.at > a.at - 1000 + 50 && b.at <= a.at).reduce((s, b) => s + b.w, 0);
      expect(inWindow).toBeLessThanOrEqual(limits.uidPer10s);
    }
    expect(admitted.length).toBeGreaterThan(10);
  });
});
