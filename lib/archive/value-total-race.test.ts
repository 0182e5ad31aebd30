/**
 * Two syncs recounting one invitee's all-archive totals at once (migration 0190): the
 * commission sync writes the invitee's per-day row while the deposits sync writes its movement
 * row, each in its own transaction. The second must wait for the first, not fail on the
 * primary key (which refused a whole page of records in CI), and the totals must hold both.
 * PostgreSQL only: PGlite has one connection, so its transactions never overlap.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestPostgres, TEST_DATABASE_URL } from "@/lib/db/test-support";

import { rows } from "./db";
import { DAY_MS } from "@/lib/time/calendar";

const DAY = Date.UTC(2026, 10, 2);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(TEST_DATABASE_URL)("an invitee's totals recounted by two transactions at once (postgres)", () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestPostgres();
    await database.db.execute(sql`INSERT INTO archive_movement_period (period_from, period_to, kind) VALUES (${DAY}, ${DAY + DAY_MS - 1}, 'day')`);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("the second waits for the first and counts what both wrote", async () => {
    const uid = "4200000001";
    let commissionWritten!: () => void;
    const written = new Promise<void>((r) => (commissionWritten = r));
    let releaseCommission!: () => void;
    const release = new Promise<void>((r) => (releaseCommission = r));

    // The commission sync's page: its per-day row (and so the invitee's totals) written, not yet committed.
    const commission = database.db.transaction(async (tx) => {
      await tx.execute(
        sql`INSERT INTO archive_commission_invitee_day (day, uid, coin, records, commission, spot_volume, futures_volume) VALUES (${DAY}, ${uid}, 'USDT', 1, 2.5, 100, 0)`,
      );
      commissionWritten();
      await release;
    });
    await written;
    // The deposits sync's page for the same invitee, meanwhile.
    let depositsDone = false;
    const deposits = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO archive_invitee_movement (period_from, uid, deposit_amount, withdrawal_amount, synced_at) VALUES (${DAY}, ${uid}, 40, 0, ${DAY})`);
      })
      .finally(() => (depositsDone = true));
    await sleep(500);
    expect(depositsDone, "the deposits page waits for the commission page's transaction").toBe(false);
    releaseCommission();
    await commission;
    await deposits; // (before 0190: "duplicate key value violates unique constraint archive_invitee_value_total_pkey")

    const held = await rows<{ usdt: string; volume: string; deposits: string }>(
      database.db,
      sql`SELECT usdt::text, volume::text, deposits::text FROM archive_invitee_value_total WHERE uid = ${uid}`,
    );
    expect(held.map((r) => ({ usdt: Number(r.usdt), volume: Number(r.volume), deposits: Number(r.deposits) }))).toEqual([{ usdt: 2.5, volume: 100, deposits: 40 }]);
  });
});
