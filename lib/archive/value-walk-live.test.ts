import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveSources } from "@/lib/affiliate/sources";
import type { ValueSort } from "@/lib/contract/params";
import { normalScope } from "@/lib/contract/scope";
import type { Database } from "@/lib/db";
import { testBackends } from "@/lib/db/test-support";
import type { Simulator } from "@/lib/simulator";

import { DATASET_DEFS } from "./datasets";
import { ArchiveEngine } from "./engine";
import { DEFAULT_SETTINGS } from "./settings";
import { rows } from "./db";
import { selectedSources } from "./sources";
import { closeSimulated, frozenClient, simulatorAndDatabase, WALK_ALWAYS, WALK_NEVER } from "./test-support";
import { inviteeValue } from "./value";
import { DAY_MS } from "@/lib/time/calendar";

// The value list's walk by bounds with live parts (`source=auto` after the last sync): the
// invitees of the live records are summed first, whatever their all-archive bound, and each row
// is on the list once even when the walk later reaches its bound again. Every page equals the one
// statement's, which sums every row.

const T0 = Date.now();
const now = () => T0;
const SETTINGS = { ...DEFAULT_SETTINGS, subAffiliateDays: 40, commissionDays: 60 };

describe("the value list's walk with live parts", () => {
  let sim: Simulator;
  let database: Database;
  const client = () => frozenClient(sim, now);
  const sources = () => selectedSources("auto", { db: async () => database.db, lister: client(), live: liveSources(client(), now), subAffiliateDays: SETTINGS.subAffiliateDays, now });

  beforeAll(async () => {
    ({ sim, database } = await simulatorAndDatabase(now, () => testBackends()[0].open()));
    const engine = new ArchiveEngine({ db: database.db, lister: client(), now, settings: SETTINGS });
    await engine.run("invitees");
    await engine.run("commissions");
    // The last commission sync was four days ago: the records since are read live.
    const cut = T0 - 4 * DAY_MS;
    await database.db.execute(sql`UPDATE archive_coverage SET to_ms = ${cut} WHERE dataset = 'commissions'`);
    await database.db.execute(sql`DELETE FROM archive_commission WHERE time > ${cut}`);
  }, 300_000);
  afterAll(() => closeSimulated(database, sim));

  it("finds every page the one statement finds, each invitee once", async () => {
    const range = { startTime: T0 - 30 * DAY_MS, endTime: T0 };
    for (const s of [{ sort: "commission" }, { sort: "volume" }, { sort: "commission", coin: "BTC" }] as { sort: ValueSort; coin?: string }[]) {
      for (const paging of [
        { page: 1, pageSize: 20 },
        { page: 2, pageSize: 50 },
        { page: 4, pageSize: 20 },
      ]) {
        const q = { ...range, ...s };
        const before = sim.stats().byEndpoint.commissions ?? 0;
        const walked = await inviteeValue(sources(), q, paging, undefined, WALK_ALWAYS);
        // (the four days since the last sync were read from WEEX)
        expect((sim.stats().byEndpoint.commissions ?? 0) - before).toBeGreaterThan(0);
        const summed = await inviteeValue(sources(), q, paging, undefined, WALK_NEVER);
        const uids = walked.items.map((i) => i.uid);
        expect(new Set(uids).size, `${JSON.stringify(q)} ${JSON.stringify(paging)}`).toBe(uids.length);
        expect(walked.items, `${JSON.stringify(q)} ${JSON.stringify(paging)}`).toEqual(summed.items);
        expect(walked.total).toBe(summed.total);
        expect(walked.totals).toEqual(summed.totals);
      }
    }
  }, 120_000);

  it("walks a code's pages (and a partner's two codes') with live records, and live invitee records naming another code than the archive", async () => {
    const top = await rows<{ code: string }>(
      database.db,
      sql`SELECT invite_code AS code FROM archive_invitee WHERE invite_code IS NOT NULL GROUP BY invite_code ORDER BY count(*) DESC, invite_code LIMIT 2`,
    );
    const [a, b] = top.map((r) => r.code);
    // The last invitee sync was six and a half days ago (before the commission archive's end: some
    // invitees registered since have records held): they are read live. The archive lost some of
    // them (their live record adds them to their code) and holds the others, those with value held
    // among them, under the other code (the live record moves them back: out of one code, into the
    // other).
    const cut = T0 - 6.5 * DAY_MS;
    await database.db.execute(sql`UPDATE archive_coverage SET to_ms = ${cut} WHERE dataset = 'invitees'`);
    const [{ n }] = await rows<{ n: unknown }>(database.db, sql`SELECT count(*) AS n FROM archive_invitee WHERE register_time > ${cut} AND invite_code IN (${a}, ${b})`);
    expect(Number(n), "invitees of the two codes registered since the cut").toBeGreaterThan(1);
    await database.db.execute(sql`UPDATE archive_invitee SET invite_code = CASE WHEN invite_code = ${a} THEN ${b} ELSE ${a} END
                                  WHERE register_time > ${cut} AND invite_code IN (${a}, ${b}) AND (uid::numeric % 2 = 0 OR uid IN (SELECT uid FROM archive_invitee_value_total))`);
    // (and some of those under the other code earn well in the archived days: the walk meets them under it)
    const moved = await rows<{ uid: string }>(database.db, sql`SELECT uid FROM archive_invitee WHERE register_time > ${cut} AND invite_code IN (${a}, ${b}) ORDER BY uid LIMIT 6`);
    const rich = moved.map((r, i) => ({ uid: r.uid, date: T0 - 6 * DAY_MS + i * 1000, coin: "USDT", productType: "SPOT", symbol: "ETHUSDT_SPBL", sourceType: 1, fee: "1", commission: String(500 + i), rate: "0.4", takerAmount: "100000", makerAmount: "0" }));
    await database.db.transaction((tx) => DATASET_DEFS.commissions.upsert(tx, rich, { productType: "SPOT" }, T0));
    await database.db.execute(sql`DELETE FROM archive_invitee WHERE register_time > ${cut} AND invite_code IN (${a}, ${b}) AND uid::numeric % 2 = 1
                                    AND uid NOT IN (SELECT uid FROM archive_invitee_value_total)`);
    const range = { startTime: T0 - 30 * DAY_MS + 5_000_000, endTime: T0 };
    const cases: { q: { sort: ValueSort; inviteCode?: string }; scope?: string[] }[] = [
      { q: { sort: "commission", inviteCode: a } },
      { q: { sort: "volume", inviteCode: b } },
      { q: { sort: "deposits", inviteCode: a } },
      { q: { sort: "commission" }, scope: [a, b] },
    ];
    for (const { q: qs, scope } of cases) {
      const src = () =>
        selectedSources(
          "auto",
          { db: async () => database.db, lister: client(), live: liveSources(client(), now), subAffiliateDays: SETTINGS.subAffiliateDays, now },
          scope ? normalScope({ inviteCodes: scope }) : undefined,
        );
      const q = { ...range, ...qs };
      const { total } = await inviteeValue(src(), q, { page: 1, pageSize: 1 });
      // (the whole list as one page too: the walk takes a page of at most `total` rows)
      for (const paging of [
        { page: 1, pageSize: 10 },
        { page: 2, pageSize: 10 },
        { page: 1, pageSize: total },
      ]) {
        const walked = await inviteeValue(src(), q, paging, undefined, WALK_ALWAYS);
        const summed = await inviteeValue(src(), q, paging, undefined, WALK_NEVER);
        const where = `${JSON.stringify({ q, scope })} ${JSON.stringify(paging)}`;
        expect(walked, where).toEqual(summed);
        expect(summed.items.length, where).toBeGreaterThan(0);
      }
    }
  }, 120_000);
});
