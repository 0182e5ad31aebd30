import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveSources } from "@/lib/affiliate/sources";
import type { ValueSort } from "@/lib/contract/params";
import type { Database } from "@/lib/db";
import { testBackends } from "@/lib/db/test-support";
import { startSimulator, type Simulator } from "@/lib/simulator";
import { DAY_MS } from "@/lib/weex/endpoints";
import { ArchiveEngine } from "./engine";
import { DEFAULT_SETTINGS } from "./settings";
import { selectedSources } from "./sources";
import { simClient, unlimitedBudget } from "./test-support";
import { VALUE_TOP, inviteeValue } from "./value-query";

// The value list's walk by bounds with live parts (`source=auto` after the last sync): the
// invitees of the live records are summed first, whatever their all-archive bound, and each row
// is on the list once even when the walk later reaches its bound again. Every page equals the one
// statement's, which sums every row.

const T0 = Date.now();
const now = () => T0;
const SETTINGS = { ...DEFAULT_SETTINGS, subAffiliateDays: 40, commissionDays: 60 };
/** The walk with no shortcuts: from the first batch of the page's size, as deep as needed. */
const WALK = { minRows: 0, maxPageShare: 1, walkSlack: Number.POSITIVE_INFINITY, maxBatches: Number.POSITIVE_INFINITY, firstBatch: 0 };
const SHIPPED = { ...VALUE_TOP };

describe("the value list's walk with live parts", () => {
  let sim: Simulator;
  let database: Database;
  const client = () => simClient(sim.url, { budget: unlimitedBudget(), now });
  const sources = () => selectedSources("auto", { db: async () => database.db, lister: client(), live: liveSources(client(), now), subAffiliateDays: SETTINGS.subAffiliateDays, now });

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, quiet: true, scale: 0.05, now, ipWeightPer10s: 1e9, uidWeightPer10s: 1e9 });
    database = await testBackends()[0].open();
    const engine = new ArchiveEngine({ db: database.db, lister: client(), now, settings: SETTINGS });
    await engine.run("invitees");
    await engine.run("commissions");
    // The last commission sync was four days ago: the records since are read live.
    const cut = T0 - 4 * DAY_MS;
    await database.db.execute(sql`UPDATE archive_coverage SET to_ms = ${cut} WHERE dataset = 'commissions'`);
    await database.db.execute(sql`DELETE FROM archive_commission WHERE time > ${cut}`);
  }, 300_000);
  afterAll(async () => {
    Object.assign(VALUE_TOP, SHIPPED);
    await database?.close();
    await sim?.close();
  });

  it("finds every page the one statement finds, each invitee once", async () => {
    const range = { startTime: T0 - 30 * DAY_MS, endTime: T0 };
    for (const s of [{ sort: "commission" }, { sort: "volume" }, { sort: "commission", coin: "BTC" }] as { sort: ValueSort; coin?: string }[]) {
      for (const paging of [
        { page: 1, pageSize: 20 },
        { page: 2, pageSize: 50 },
        { page: 4, pageSize: 20 },
      ]) {
        const q = { ...range, ...s };
        Object.assign(VALUE_TOP, WALK);
        const before = sim.stats().byEndpoint.commissions ?? 0;
        const walked = await inviteeValue(sources(), q, paging);
        // (the four days since the last sync were read from WEEX)
        expect((sim.stats().byEndpoint.commissions ?? 0) - before).toBeGreaterThan(0);
        Object.assign(VALUE_TOP, { minRows: Number.POSITIVE_INFINITY });
        const summed = await inviteeValue(sources(), q, paging);
        const uids = walked.items.map((i) => i.uid);
        expect(new Set(uids).size, `${JSON.stringify(q)} ${JSON.stringify(paging)}`).toBe(uids.length);
        expect(walked.items, `${JSON.stringify(q)} ${JSON.stringify(paging)}`).toEqual(summed.items);
        expect(walked.total).toBe(summed.total);
        expect(walked.totals).toEqual(summed.totals);
      }
    }
  }, 120_000);
});
