/**
 * Records WEEX sends that the archive cannot store: a sync with odd records
 * completes, stores every usable record, keeps the others as received with their problem
 * (shown by the admin status), and a later re-sync of the same range that no longer meets
 * them resolves them. A re-sync of a range already re-synced once runs again.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db";
import { testBackends } from "@/lib/db/test-support";
import { startSimulator, type Simulator } from "@/lib/simulator";
import { ODD_DECIMAL, ODD_TEXT_ID } from "@/lib/simulator/odd-records";

import { syncStatus } from "./admin";
import { rows } from "./db";
import { ArchiveEngine } from "./engine";
import { DEFAULT_SETTINGS } from "./settings";
import { simClient, unlimitedBudget } from "./test-support";
import { DAY_MS } from "@/lib/time/calendar";

for (const backend of testBackends()) {
  describe(`records the archive cannot store (${backend.name})`, () => {
    let sim: Simulator;
    let database: Database;
    let engine: ArchiveEngine;
    const count = async (table: string) => Number((await rows<{ n: unknown }>(database.db, sql.raw(`SELECT count(*) AS n FROM ${table}`)))[0].n);

    beforeAll(async () => {
      sim = await startSimulator({ port: 0, quiet: true, scale: 0.5, ipWeightPer10s: 1e9, uidWeightPer10s: 1e9 });
      database = await backend.open();
      engine = new ArchiveEngine({ db: database.db, lister: simClient(sim.url, { budget: unlimitedBudget() }), settings: DEFAULT_SETTINGS });
      await engine.run("withdrawals");
    }, 120_000);
    afterAll(async () => {
      await database?.close();
      await sim?.close();
    });

    it("a sync meeting them completes, keeps them as received and shows them; a clean re-sync resolves them", async () => {
      const clean = await count("archive_transfer");
      const to = Date.now();
      const range = { from: to - DAY_MS, to };
      sim.setFaults({ endpoints: ["withdrawals"], oddRecords: {} });
      try {
        await engine.requestResync("withdrawals", range);
        await engine.run("withdrawals");
      } finally {
        sim.setFaults({});
      }
      const problems = await count("archive_problem");
      expect(problems).toBeGreaterThan(0);
      // the records with a bad amount or time are not stored; the one with a formula as its (String) id is
      expect(await count("archive_transfer")).toBeLessThan(clean);
      const [odd] = await rows<{ n: unknown }>(database.db, sql`SELECT count(*) AS n FROM archive_transfer WHERE withdraw_id = ${ODD_TEXT_ID}`);
      expect(Number(odd.n)).toBe(1);
      const status = await syncStatus(database.db, { enabled: true, runner: "this-process" });
      const w = status.datasets.find((d) => d.dataset === "withdrawals")!;
      expect(w.state).toBe("idle");
      expect(w.problems.count).toBe(problems);
      expect([ODD_DECIMAL, "yesterday"]).toContain(w.problems.example!.value);

      // the same range again, now clean: it runs (not swallowed by the finished slice) and resolves them
      await engine.requestResync("withdrawals", range);
      await engine.run("withdrawals");
      expect(await count("archive_problem")).toBe(0);
      expect(await count("archive_transfer")).toBe(clean);
    });
  });
}
