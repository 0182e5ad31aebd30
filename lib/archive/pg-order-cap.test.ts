import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { onEachTestDatabase } from "@/lib/db/test-support";
import { PgOrderCap } from "./pg-order-cap";

// The shared order cap's decisions on each test database: two caps on one database stand for
// two instances. A 1 s window (instead of WEEX's minute) keeps the test short.

const limits = { orders: 3, windowMs: 1000 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

onEachTestDatabase("PgOrderCap", (db) => {
  let n = 0;
  const account = () => `key-${n++}`;

  it("two instances together take at most the cap per window, and say how long until a slot is free", async () => {
    const a = new PgOrderCap(db().db, limits);
    const b = new PgOrderCap(db().db, limits);
    const key = account();
    const first = Date.now();
    const taken = [await a.take(key, 0), await b.take(key, 0), await a.take(key, 0)];
    expect(taken.every((t) => t.ok)).toBe(true);
    // until the first slot leaves the window: its second less the time taken since (slow when
    // the machine is busy), never more
    const atLeast = () => 1000 - (Date.now() - first) - 50;
    for (const cap of [a, b]) {
      const refused = await cap.take(key, 0);
      expect(refused.ok).toBe(false);
      expect(!refused.ok && refused.waitMs).toBeGreaterThan(atLeast());
      expect(!refused.ok && refused.waitMs).toBeLessThanOrEqual(1000);
      expect(await cap.waitMs(key, 0)).toBeGreaterThan(atLeast());
    }
    // another account has its own cap; the key itself is never stored
    expect((await b.take(account(), 0)).ok).toBe(true);
    const stored = await db().db.execute(sql`SELECT account FROM order_cap_slot`);
    expect(JSON.stringify(stored)).not.toContain(key);
    await sleep(1050);
    expect(await a.waitMs(key, 0)).toBe(0);
    expect((await b.take(key, 0)).ok).toBe(true);
  });

  it("a slot given back (the placement never reached WEEX) is free again at once", async () => {
    const a = new PgOrderCap(db().db, limits);
    const b = new PgOrderCap(db().db, limits);
    const key = account();
    const first = await a.take(key, 0);
    await a.take(key, 0);
    await b.take(key, 0);
    expect((await b.take(key, 0)).ok).toBe(false);
    await a.release(key, first.ok ? first.ref : -1);
    expect((await b.take(key, 0)).ok).toBe(true);
  });

  it("concurrent takers never exceed the cap", async () => {
    const caps = Array.from({ length: 4 }, () => new PgOrderCap(db().db, limits));
    const key = account();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => caps[i % 4].take(key, 0)));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
  });
});
