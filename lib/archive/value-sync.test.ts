import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Dec, decimalText } from "@/lib/contract/decimal";
import { commissionPages, inviteeTotalsPages } from "@/lib/affiliate/rebate-pages";
import { testBackends } from "@/lib/db/test-support";
import { type CommissionRecord } from "@/lib/weex/records";
import { rows } from "./db";
import { ArchiveEngine } from "./engine";
import { commissionHorizon, dailyMovementsFrom } from "./plan";
import { ARCHIVE_READS, archiveRecords } from "./read";
import { DEFAULT_SETTINGS } from "./settings";
import { coverageOf, pendingCursors } from "./store";
import { canonical } from "./test-support";
import { frozenArchiveSuite } from "./test-suite";
import { movedMoney } from "./value-datasets";
import { DAY_MS } from "@/lib/time/calendar";

// The two value datasets (commission records, per-invitee totals) synced in-process from the simulator over HTTP (frozen clock, no weight
// limit: these tests are about the data), then held to WEEX's own answers: every commission
// record of the kept days, each period's per-invitee totals, and the summaries the database
// keeps (hours, invitee days, each invitee's first days) to sums computed here from the records.

const T0 = Date.now();
const now = () => T0;
const settings = { ...DEFAULT_SETTINGS, commissionDays: 40, movementDailyDays: 10 };

for (const backend of testBackends()) {
  describe(`commission records and per-invitee totals on ${backend.name}`, () => {
    const suite = frozenArchiveSuite(now, () => backend.open());
    let engine: ArchiveEngine;

    beforeAll(async () => {
      engine = new ArchiveEngine({ db: suite.database.db, lister: suite.client(), now, settings });
      await engine.run("invitees");
      for (const ds of ["commissions", "inviteeTotals"] as const) {
        expect((await engine.run(ds)).plan).toBe("backfill");
        expect(await pendingCursors(suite.database.db, ds)).toEqual([]);
      }
    }, 300_000);

    const kept = () => ({ startTime: commissionHorizon(T0, settings), endTime: T0 });

    it("holds every commission record WEEX serves for the kept days, once", async () => {
      const live: string[] = [];
      for await (const b of commissionPages(suite.client(), kept(), undefined, T0)) live.push(...b.map(canonical));
      const archived: string[] = [];
      for await (const b of archiveRecords(ARCHIVE_READS.commissions, suite.database.db, kept())) archived.push(...b.map(canonical));
      expect(live.length).toBeGreaterThan(500);
      expect(archived.sort()).toEqual(live.sort());
      expect(await coverageOf(suite.database.db, "commissions")).toEqual([{ from: kept().startTime, to: T0 }]);
    });

    it("holds each period's totals as WEEX answers that window (the invitees who moved money): days for the recent ones, weeks before", async () => {
      const periods = await rows<{ from: unknown; to: unknown; kind: string }>(suite.database.db, sql`SELECT period_from AS from, period_to AS to, kind FROM archive_movement_period ORDER BY period_from`);
      const dailyFrom = dailyMovementsFrom(T0, settings);
      for (const p of periods) {
        const from = Number(p.from);
        const to = Number(p.to);
        expect(p.kind, new Date(from).toISOString()).toBe(from >= dailyFrom ? "day" : "week");
        if (from >= dailyFrom) expect(from % DAY_MS).toBe(0);
        else expect(to - from).toBeLessThan(7 * DAY_MS);
      }
      // contiguous, from the edge of WEEX's year to now
      for (let i = 1; i < periods.length; i++) expect(Number(periods[i].from)).toBe(Number(periods[i - 1].to) + 1);
      expect(Number(periods.at(-1)!.to)).toBe(T0);
      // three periods of each kind, row for row as WEEX totals their windows
      const some = [...periods.slice(0, 3), ...periods.slice(-3)];
      for (const p of some) {
        const window = { startTime: Number(p.from), endTime: Number(p.to) };
        const live: string[] = [];
        for await (const b of inviteeTotalsPages(suite.client(), window, undefined, T0)) live.push(...b.filter(movedMoney).map(canonical));
        const held = await rows<Record<string, string | null>>(
          suite.database.db,
          sql`SELECT uid, deposit_amount::text AS "depositAmount", withdrawal_amount::text AS "withdrawalAmount", spot_trading_amount::text AS "spotTradingAmount",
                     futures_trading_amount::text AS "futuresTradingAmount", commission::text AS commission
              FROM archive_invitee_movement WHERE period_from = ${window.startTime}`,
        );
        const norm = (r: Record<string, unknown>) =>
          canonical(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === "uid" || v === null ? v : decimalText(new Dec(String(v)))])));
        expect(held.map(norm).sort(), new Date(window.startTime).toISOString()).toEqual(live.map((s) => norm(JSON.parse(s) as Record<string, unknown>)).sort());
      }
    });

    it("keeps the hour, invitee-day and first-days summaries equal to the records they sum", async () => {
      const records: CommissionRecord[] = [];
      for await (const b of archiveRecords(ARCHIVE_READS.commissions, suite.database.db, {})) records.push(...b);
      const add = (m: Map<string, Dec>, k: string, v: string | null) => m.set(k, (m.get(k) ?? new Dec(0)).plus(v ?? 0));
      const hours = new Map<string, Dec>();
      const days = new Map<string, Dec>();
      for (const r of records) {
        add(hours, `${r.date - (r.date % 3_600_000)}|${r.coin}|${r.productType}|${r.sourceType}`, r.commission);
        if (r.sourceType === 1) add(days, `${r.date - (r.date % DAY_MS)}|${r.uid}|${r.coin}`, r.commission);
      }
      const text = (m: Map<string, Dec>) => Object.fromEntries([...m].map(([k, v]) => [k, decimalText(v)]));
      const heldHours = await rows<{ k: string; c: string }>(suite.database.db, sql`SELECT hour || '|' || coin || '|' || product_type || '|' || source_type AS k, commission::text AS c FROM archive_commission_hour`);
      expect(Object.fromEntries(heldHours.map((r) => [r.k, decimalText(new Dec(r.c))]))).toEqual(text(hours));
      const heldDays = await rows<{ k: string; c: string }>(suite.database.db, sql`SELECT day || '|' || uid || '|' || coin AS k, commission::text AS c FROM archive_commission_invitee_day`);
      expect(Object.fromEntries(heldDays.map((r) => [r.k, decimalText(new Dec(r.c))]))).toEqual(text(days));

      const invitees = await rows<{ uid: string; t: unknown }>(suite.database.db, sql`SELECT uid, register_time AS t FROM archive_invitee`);
      const registered = new Map(invitees.map((i) => [i.uid, Number(i.t)]));
      const within = new Map<string, Dec>();
      for (const r of records) {
        const t = registered.get(r.uid);
        if (r.sourceType !== 1 || t === undefined || r.date - t > 30 * DAY_MS) continue;
        add(within, `${r.uid}|${r.coin}`, r.commission);
      }
      const held = await rows<{ k: string; c: string }>(suite.database.db, sql`SELECT uid || '|' || coin AS k, d30::text AS c FROM archive_invitee_value WHERE d30 <> 0`);
      expect(within.size).toBeGreaterThan(10);
      expect(Object.fromEntries(held.map((r) => [r.k, decimalText(new Dec(r.c))]))).toEqual(text(new Map([...within].filter(([, v]) => !v.isZero()))));
    });

    it("an incremental run re-reads only the last hour of records and today's totals", async () => {
      const before = suite.sim.stats().requests;
      expect((await engine.run("commissions")).plan).toBe("incremental");
      expect((await engine.run("inviteeTotals")).plan).toBe("incremental");
      // one page per product type, one page of today's totals (this scale), and of yesterday's within its settling hour
      expect(suite.sim.stats().requests - before).toBe(T0 % DAY_MS < settings.movementSettleMs ? 4 : 3);
    });
  });
}
