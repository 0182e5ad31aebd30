import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/connection";
import { freshSchema, TEST_DATABASE_URL } from "@/lib/db/test-support";
import { startSimulator, type Simulator } from "@/lib/simulator";
import { WINDOWS } from "@/lib/weex/endpoints";
import { killHard, spawnSyncChild, type Child } from "./child-process";
import { rows } from "./db";
import { DATASETS, DEFAULT_SETTINGS } from "./settings";
import { pendingCursors } from "./store";
import { archiveDailySummary, frozenClient, upstreamDailySummary, upstreamInvitees, upstreamWithdrawals } from "./test-support";
import { DAY_MS } from "@/lib/time/calendar";

// kill -9 in the middle of a sync, several times, then a restart that runs to the end: the
// archive must hold exactly the upstream's data (no duplicate, no gap). The sync runs in a
// real child process; the kill lands wherever the process happens to be (between pages,
// inside a page's transaction, during planning).

const T0 = Date.now();
const now = () => T0;
const DAYS = 120; // less history than the default year: the same code paths, a quicker test

interface Target {
  name: string;
  env: Record<string, string>;
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}

async function embeddedTarget(): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), "archive-crash-"));
  return {
    name: "pglite (data directory)",
    env: { CHILD_DB: "embedded", DATA_DIR: dir },
    open: () => openDatabase({ kind: "embedded", dataDir: dir }),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function postgresTarget(url: string): Promise<Target> {
  const fresh = await freshSchema(url);
  return {
    name: "postgres",
    env: { CHILD_DB: "postgres", DATABASE_URL: url, DB_SCHEMA: fresh.schema },
    open: () => openDatabase({ kind: "postgres", url, schema: fresh.schema, max: 2 }),
    cleanup: () => fresh.drop(),
  };
}

const targets: (() => Promise<Target>)[] = [embeddedTarget];
if (TEST_DATABASE_URL) targets.push(() => postgresTarget(TEST_DATABASE_URL!));
else console.info("archive crash test: PostgreSQL part skipped (set TEST_DATABASE_URL to run it)");

describe("kill -9 mid-sync, then restart", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, quiet: true, scale: 0.05, now, ipWeightPer10s: 1e9, uidWeightPer10s: 1e9 });
  }, 180_000);
  afterAll(async () => {
    await sim?.close();
  });

  for (const makeTarget of targets) {
    it(`converges to the upstream's data (${makeTarget === embeddedTarget ? "pglite" : "postgres"})`, { timeout: 180_000 }, async () => {
      const target = await makeTarget();
      const env = { ...target.env, SIM_URL: sim.url, FROZEN_NOW: String(T0), SUB_AFFILIATE_DAYS: String(DAYS) };
      const children: Child[] = [];
      const spawnChild = () => {
        const c = spawnSyncChild(env);
        children.push(c);
        return c;
      };
      try {
        // Three crashes at different depths, each a few ms after a page was committed.
        let pagesSoFar = 0;
        for (const [afterPages, delayMs] of [
          [4, 0],
          [9, 3],
          [15, 7],
        ]) {
          const child = spawnChild();
          let seen = 0;
          await child.waitFor((e) => e.event === "page" && ++seen >= afterPages);
          await new Promise((r) => setTimeout(r, delayMs));
          await killHard(child);
          pagesSoFar += child.events.filter((e) => e.event === "page").length;
          expect(child.events.some((e) => e.event === "done")).toBe(false);
        }
        expect(pagesSoFar).toBeGreaterThanOrEqual(28);

        // The restart resumes at the cursors and finishes.
        const last = spawnChild();
        await last.waitFor((e) => e.event === "done");
        expect((await last.exited).code).toBe(0);
        // It resumed rather than starting over: fewer pages than a whole sync needs.
        const resumedPages = last.events.filter((e) => e.event === "page").length;

        const database = await target.open();
        try {
          for (const ds of DATASETS) expect(await pendingCursors(database.db, ds)).toEqual([]);
          const client = frozenClient(sim, now);
          const upstream = await upstreamDailySummary(client, { startTime: T0 - (DAYS - 1) * DAY_MS, endTime: T0 });
          expect(await archiveDailySummary(database.db)).toEqual(upstream);
          const [{ invitees, transfers }] = await rows<{ invitees: unknown; transfers: unknown }>(
            database.db,
            sql`SELECT (SELECT count(*) FROM archive_invitee) AS invitees, (SELECT count(*) FROM archive_transfer) AS transfers`,
          );
          const year = { startTime: T0 - WINDOWS.invitees.maxAgeMs + DEFAULT_SETTINGS.windowMarginMs, endTime: T0 };
          const month = { startTime: T0 - WINDOWS.withdrawals.maxAgeMs + DEFAULT_SETTINGS.windowMarginMs, endTime: T0 };
          expect(Number(invitees)).toBe((await upstreamInvitees(client, year, T0)).length);
          expect(Number(transfers)).toBe((await upstreamWithdrawals(client, month)).length);

          // The restart resumed where the last child died instead of starting over.
          const total = (await rows<{ pages: unknown }>(database.db, sql`SELECT sum(pages_done) AS pages FROM archive_cursor`))[0];
          expect(resumedPages).toBeLessThan(Number(total.pages));
        } finally {
          await database.close();
        }
      } finally {
        // A failed wait must not leave a child syncing in the background.
        for (const c of children) if (c.proc.exitCode === null && c.proc.signalCode === null) await killHard(c);
        await target.cleanup();
      }
    });
  }
});
