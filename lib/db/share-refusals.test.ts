/**
 * Refused share openings in the audit log (migration 0551): one row per address key and UTC
 * hour with its count, made or added to in one statement, also by openings in parallel.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./connection";
import { refusedOpenings, tallyRefusedOpening } from "./share-refusals";
import { testBackends } from "./test-support";

describe.each(testBackends())("refused share openings on $name", (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await backend.open();
  });
  afterAll(() => database.close());

  const rows = (ip: string) =>
    database.withSession((s) => s.query<{ detail: Record<string, unknown>; outcome: string }>("SELECT detail, outcome FROM audit_log WHERE action = 'share.open' AND ip = $1 ORDER BY id", [ip]));

  it("keeps one row per address and hour, with the hour's count and each reason's", async () => {
    const at = new Date("2026-11-29T06:10:00Z");
    for (let i = 0; i < 60; i++) await tallyRefusedOpening(database.db, "203.0.113.9", "revoked", new Date(at.getTime() + i * 1000));
    const counts = await Promise.all(Array.from({ length: 40 }, () => tallyRefusedOpening(database.db, "203.0.113.9", "throttled", at)));
    expect(Math.max(...counts)).toBe(100);
    expect(await refusedOpenings(database.db, "203.0.113.9", new Date("2026-11-29T06:59:59Z"))).toBe(100);
    const one = await rows("203.0.113.9");
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({ outcome: "rejected", detail: { hour: "2026-11-29T06:00:00Z", count: 100, reasons: { revoked: 60, throttled: 40 } } });

    // the next hour is a row of its own, another address too
    expect(await tallyRefusedOpening(database.db, "203.0.113.9", "expired", new Date("2026-11-29T07:00:00Z"))).toBe(1);
    expect(await refusedOpenings(database.db, "203.0.113.9", new Date("2026-11-29T07:30:00Z"))).toBe(1);
    expect(await tallyRefusedOpening(database.db, "2001:db8:1:2::/64", "unknown", at)).toBe(1);
    expect(await rows("203.0.113.9")).toHaveLength(2);
    expect(await refusedOpenings(database.db, "198.51.100.1", at)).toBe(0);
  });
});
