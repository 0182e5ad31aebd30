import Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFunnel } from "@/lib/affiliate/funnel";
import { buildLeaderboard } from "@/lib/affiliate/leaderboard";
import { liveSources } from "@/lib/affiliate/sources";
import { rebateSources } from "@/lib/affiliate/rebate-pages";
import type { Database } from "@/lib/db";
import { testBackends } from "@/lib/db/test-support";
import type { Simulator } from "@/lib/simulator";

import { ArchiveEngine } from "./engine";
import { rows } from "./db";
import { selectedSources, type SourceParam } from "./sources";
import { DATASETS } from "./settings";
import { closeSimulated, collectBatches as collect, frozenClient, simulatorAndDatabase } from "./test-support";
import { inviteCodes } from "./cohorts-query";
import { commissionPage } from "./commission-list";
import { commissionSeries } from "./commission-series";
import { inviteeValue } from "./value";
import { normalScope, type Scope } from "@/lib/contract/scope";
import { DAY_MS, utcDayStart } from "@/lib/time/calendar";

// The archive-backed sources against live answers of the same simulator (frozen clock): every
// mix of archive and live must give the live answer exactly, and say where it came from.

const T0 = Date.now();
const now = () => T0;
const TODAY = utcDayStart(T0);

for (const backend of testBackends()) {
  describe(`archive sources on ${backend.name}`, () => {
    let sim: Simulator;
    let database: Database;
    const client = () => frozenClient(sim, now);
    const sources = (source: SourceParam, scope?: Scope) =>
      selectedSources(source, { db: async () => database.db, lister: client(), live: liveSources(client()), subAffiliateDays: 365, now }, scope);

    beforeAll(async () => {
      ({ sim, database } = await simulatorAndDatabase(now, () => backend.open()));
      const engine = new ArchiveEngine({ db: database.db, lister: client(), now });
      for (const ds of DATASETS) await engine.run(ds);
      // Pretend the archive's last sync was three days ago: what happened since is only live.
      const cut = T0 - 3 * DAY_MS;
      await database.db.execute(sql`UPDATE archive_coverage SET to_ms = ${cut} WHERE dataset IN ('invitees', 'withdrawals')`);
      await database.db.execute(sql`DELETE FROM archive_invitee WHERE register_time > ${cut}`);
      await database.db.execute(sql`DELETE FROM archive_transfer WHERE create_time > ${cut}`);
    }, 180_000);
    afterAll(() => closeSimulated(database, sim));

    it("a list page cut across live (since the last sync) and archive equals the live page", async () => {
      const filter = { startTime: T0 - 20 * DAY_MS, endTime: T0, pageSize: 40 };
      for (const page of [1, 2, 7]) {
        const auto = sources("auto");
        const mixed = await auto.list("withdrawals", { ...filter, page }, undefined);
        const live = await client().list("withdrawals", { ...filter, page });
        expect(mixed).toEqual(live);
        expect(auto.freshness()).toEqual({ source: "mixed", syncedAt: T0 });
      }
      const inv = { startTime: T0 - 30 * DAY_MS, endTime: T0, pageSize: 100 };
      for (const page of [1, 3]) {
        expect(await sources("auto").list("invitees", { ...inv, page })).toEqual(await client().list("invitees", { ...inv, page }));
      }
    });

    it("a range the archive holds is answered from it alone, exactly as live", async () => {
      const filter = { productType: "FUTURES" as const, startTime: TODAY - 40 * DAY_MS, endTime: TODAY - 2 * DAY_MS, page: 3, pageSize: 100 };
      const s = sources("auto");
      const before = sim.stats().requests;
      expect(await s.list("subAffiliates", filter)).toEqual(await client().list("subAffiliates", filter));
      expect(s.freshness()).toEqual({ source: "archive", syncedAt: T0 });
      expect(sim.stats().requests - before).toBe(1); // the live comparison only
    });

    it("aggregates and exports over archive + live equal their live versions", async () => {
      const year = { startTime: TODAY - 364 * DAY_MS, endTime: T0 };
      const lb = sources("auto");
      expect(await lb.leaderboard(year, { by: "volume", limit: 5 })).toEqual(
        await buildLeaderboard(liveSources(client()).subAffiliates.records(year), { by: "volume", limit: 5 }),
      );
      expect(lb.freshness().source).toBe("mixed"); // today is live

      const cohort = { startTime: T0 - 100 * DAY_MS, endTime: T0 };
      expect(await sources("auto").funnel(cohort)).toEqual(await buildFunnel(liveSources(client()).invitees.records(cohort), cohort));

      const month = { startTime: TODAY - 30 * DAY_MS, endTime: T0 };
      expect(await collect(sources("auto").subAffiliates.records(month))).toEqual(await collect(liveSources(client()).subAffiliates.records(month)));
      const tr = { startTime: T0 - 10 * DAY_MS, endTime: T0, fromAccountType: "SPOT" as const, toAccountType: "FUND" as const };
      expect(await collect(sources("auto").withdrawals.records(tr))).toEqual(await collect(liveSources(client()).withdrawals.records(tr)));
    });

    it("records WEEX sends outside the window a live part asked for are left out of that part and counted in warnings, for every dataset", async () => {
      // Each answer's live part (today; the three days since the last sync) next to the archive's part.
      const month = { startTime: TODAY - 30 * DAY_MS, endTime: T0 };
      const transfers = { startTime: T0 - 10 * DAY_MS, endTime: T0 };
      const cohort = { startTime: T0 - 100 * DAY_MS, endTime: T0 };
      const inviteePage = { startTime: T0 - 30 * DAY_MS, endTime: T0, page: 1, pageSize: 50 };
      const answers = {
        subAffiliates: (s: ReturnType<typeof sources>) => collect(s.subAffiliates.records(month)),
        series: (s: ReturnType<typeof sources>) => s.series(month, "day", "UTC"),
        withdrawals: (s: ReturnType<typeof sources>) => collect(s.withdrawals.records(transfers)),
        funnel: (s: ReturnType<typeof sources>) => s.funnel(cohort),
        invitees: (s: ReturnType<typeof sources>) => s.list("invitees", inviteePage),
      };
      const clean = new Map<string, unknown>();
      for (const [name, answer] of Object.entries(answers)) {
        const s = sources("auto");
        clean.set(name, await answer(s));
        expect(s.warnings().count).toBe(0);
      }
      // A past window answered live: the newer day WEEX adds comes first, on page 1.
      const past = { startTime: T0 - 10 * DAY_MS, endTime: T0 - 5 * DAY_MS, page: 1, pageSize: 200 };
      const cleanPast = await sources("live").list("withdrawals", past);

      sim.setFaults({ outOfWindow: { days: 1 } });
      try {
        for (const [name, answer] of Object.entries(answers)) {
          const s = sources("auto");
          expect(await answer(s), name).toEqual(clean.get(name));
          expect(s.warnings().count, name).toBeGreaterThan(0);
          expect(s.warnings().example?.reason, name).toMatch(/^outside the window asked for/);
        }
        const live = sources("live");
        const page = await live.list("withdrawals", past);
        expect(page.items).toEqual(cleanPast.items);
        expect(live.warnings().count).toBeGreaterThan(0);
        expect(live.warnings().example?.path).toBe("createTime");
      } finally {
        sim.setFaults({});
      }
    });

    it("a partner's scope (fast-check): over archive and live parts, every answer holds the scope's rows only and each total is the sum over them", async () => {
      const D = Decimal.clone({ precision: 100 });
      // The simulator's rows, unscoped and live: what every scoped answer is checked against.
      const subAll = await collect(liveSources(client()).subAffiliates.records({ startTime: TODAY - 30 * DAY_MS, endTime: T0 }));
      const invAll = await collect(liveSources(client()).invitees.records({ startTime: T0 - 60 * DAY_MS, endTime: T0 }));
      const uidsAll = [...new Set(subAll.map((r) => r.subAffiliateUid!))].sort();
      const codesAll = [...new Set(invAll.map((r) => r.inviteCode).filter((c): c is string => c != null))].sort();
      expect(uidsAll.length).toBeGreaterThan(3);
      expect(codesAll.length).toBeGreaterThan(1);
      const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

      await fc.assert(
        fc.asyncProperty(
          fc.record({
            subAffiliateUids: fc.subarray([...uidsAll, "999999999"], { maxLength: 4 }),
            inviteCodes: fc.subarray([...codesAll, "NO-SUCH-CODE"], { maxLength: 2 }),
          }),
          // whole UTC days back from today (0: up to now, today's part live), 1–12 days long
          fc.integer({ min: 0, max: 15 }),
          fc.integer({ min: 1, max: 12 }),
          fc.constantFrom<SourceParam>("auto", "auto", "archive", "live"),
          fc.option(fc.constantFrom("SPOT" as const, "FUTURES" as const), { nil: undefined }),
          async (drawn, back, days, source, productType) => {
            const scope = normalScope(drawn);
            const endTime = back === 0 ? T0 : TODAY - (back - 1) * DAY_MS - 1;
            const startTime = TODAY - (back + days - 1) * DAY_MS;
            const inScopeSub = subAll.filter(
              (r) => scope.subAffiliateUids.includes(r.subAffiliateUid!) && r.date >= utcDate(startTime) && r.date <= utcDate(endTime) && (!productType || r.productType === productType),
            );
            const filter = { startTime, endTime, productType };
            const sum = (rs: typeof subAll, m: "tradingVolume" | "netTradingFee" | "paidCommission") => rs.reduce((a, r) => a.plus(r[m]), new D(0)).toString();

            const series = await sources(source, scope).series(filter, "day", "UTC");
            for (const m of ["tradingVolume", "netTradingFee", "paidCommission"] as const) expect(new D(series.totals[m].total).toString(), m).toBe(sum(inScopeSub, m));
            const board = await sources(source, scope).leaderboard(filter, { by: "commission", limit: 100 });
            expect(board.items.map((i) => i.subAffiliateUid).sort()).toEqual([...new Set(inScopeSub.map((r) => r.subAffiliateUid))].sort());
            for (const i of board.items) expect(new D(i.paidCommission).toString()).toBe(sum(inScopeSub.filter((r) => r.subAffiliateUid === i.subAffiliateUid), "paidCommission"));
            const page = await sources(source, scope).list("subAffiliates", { ...filter, page: 1, pageSize: 1000 });
            expect(page.total).toBe(inScopeSub.length);
            expect(page.items.every((r) => scope.subAffiliateUids.includes((r as { subAffiliateUid: string }).subAffiliateUid))).toBe(true);
            expect((await collect(sources(source, scope).subAffiliates.records(filter))).length).toBe(inScopeSub.length);

            // invitees: the range in ms (a live part since the archive's last sync three days ago)
            const range = { startTime: T0 - (back + days) * 2 * DAY_MS, endTime: back === 0 ? T0 : T0 - back * DAY_MS };
            // (source=archive answers what the archive holds: nothing after its last sync, three days ago)
            const held = source === "archive" ? Math.min(range.endTime, T0 - 3 * DAY_MS) : range.endTime;
            const inScopeInv = invAll.filter((r) => r.inviteCode != null && scope.inviteCodes.includes(r.inviteCode) && r.registerTime >= range.startTime && r.registerTime <= held);
            const funnel = await sources(source, scope).funnel(range);
            expect(funnel).toEqual({
              registered: inScopeInv.length,
              kycPassed: inScopeInv.filter((r) => r.kycResult).length,
              firstDeposit: inScopeInv.filter((r) => r.firstDeposit !== null).length,
              firstTrade: inScopeInv.filter((r) => r.firstTrade !== null).length,
            });
            const invPage = await sources(source, scope).list("invitees", { ...range, page: 1, pageSize: 1000 });
            expect(invPage.total).toBe(inScopeInv.length);
            expect((invPage.items as typeof invAll).map((r) => r.uid).sort()).toEqual(inScopeInv.map((r) => r.uid).sort());
            const codes = await inviteCodes(sources(source, scope), range);
            expect(codes.items.map((c) => c.inviteCode).every((c) => c !== null && scope.inviteCodes.includes(c))).toBe(true);
            expect(codes.items.reduce((a, c) => a + c.registered, 0)).toBe(inScopeInv.length);
            // transfers are never a partner's
            expect(await collect(sources(source, scope).withdrawals.records({ startTime: T0 - 5 * DAY_MS, endTime: T0 }))).toEqual([]);
          },
        ),
        { numRuns: 12 },
      );
    }, 600_000);

    it("a partner's commission records (fast-check): the list, export, series and value list hold the records of their codes' archived invitees only, totals their sums", async () => {
      const D = Decimal.clone({ precision: 100 });
      // The network's records of the last week, read live and unscoped (both product types).
      const weekAgo = TODAY - 6 * DAY_MS;
      const all = await collect(rebateSources(client(), now).commissions.records({ startTime: weekAgo, endTime: T0 }));
      const archived = await rows<{ uid: string; code: string | null }>(database.db, sql`SELECT uid, invite_code AS code FROM archive_invitee`);
      const codesAll = [...new Set(archived.map((r) => r.code).filter((c): c is string => c !== null))].sort();
      expect(codesAll.length).toBeGreaterThan(1);
      // (the rule: a record of an invitee the archive holds under one of the scope's codes)
      const mine = (scope: Scope) => new Set(archived.filter((r) => r.code !== null && scope.inviteCodes.includes(r.code)).map((r) => r.uid));
      expect(all.filter((r) => mine({ subAffiliateUids: [], inviteCodes: codesAll }).has(r.uid)).length, "records of archived invitees to draw from").toBeGreaterThan(0);

      await fc.assert(
        fc.asyncProperty(
          fc.subarray([...codesAll, "NO-SUCH-CODE"], { minLength: 1, maxLength: 2 }),
          fc.integer({ min: 0, max: 5 }),
          fc.integer({ min: 1, max: 6 * 24 }),
          fc.constantFrom<SourceParam>("auto", "archive", "live"),
          async (codes, back, hours, source) => {
            const scope = normalScope({ inviteCodes: codes });
            const endTime = T0 - back * DAY_MS;
            const startTime = Math.max(weekAgo, endTime - hours * 3_600_000);
            const uids = mine(scope);
            const expected = all.filter((r) => uids.has(r.uid) && r.date >= startTime && r.date <= endTime);
            const range = { startTime, endTime };
            const sumBy = (rs: typeof all) => {
              const m = new Map<string, Decimal>();
              for (const r of rs) m.set(r.coin, (m.get(r.coin) ?? new D(0)).plus(r.commission ?? 0));
              return Object.fromEntries([...m].filter(([, v]) => !v.isZero()).map(([c, v]) => [c, v.toString()]));
            };
            const norm = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).filter(([, v]) => !new D(v).isZero()).map(([c, v]) => [c, new D(v).toString()]));

            const records = await collect(sources(source, scope).records("commissions", range));
            expect(records.length).toBe(expected.length);
            expect(records.every((r) => uids.has(r.uid))).toBe(true);
            const page = await commissionPage(sources(source, scope), source, { ...range, page: 1, pageSize: 1000 });
            expect(page.total).toBe(expected.length);
            expect(page.items.every((r) => uids.has(r.uid))).toBe(true);
            const series = await commissionSeries(sources(source, scope), { ...range, granularity: "day", tz: "UTC" });
            expect(series.totals.records).toBe(expected.length);
            expect(norm(series.totals.commission)).toEqual(sumBy(expected));
            // the value list: direct records (sourceType 1) of invitees of the scope's codes only
            const value = await inviteeValue(sources(source, scope), { ...range, sort: "commission" }, "all");
            for (const row of value.items) expect(row.inviteCode !== null && scope.inviteCodes.includes(row.inviteCode), `${row.uid}: ${row.inviteCode}`).toBe(true);
            const direct = expected.filter((r) => r.sourceType === 1);
            expect(norm(value.totals.commission)).toEqual(sumBy(direct));
          },
        ),
        { numRuns: 10 },
      );
    }, 600_000);

    it("keeps history WEEX has forgotten: source=archive answers beyond the upstream window", async () => {
      const old = T0 - 200 * DAY_MS;
      await database.db.execute(sql`INSERT INTO archive_transfer VALUES ('900000000000000000001', '123456789012345678901', '98765432109876543210', 'USDT', 'SUCCESS',
        '123456789012345678.123456789', ${old}, ${old + 5000}, 'SPOT', 'SPOT', ${old})`);
      const s = sources("archive");
      const page = await s.list("withdrawals", { startTime: T0 - 365 * DAY_MS, endTime: T0 - 100 * DAY_MS, page: 1, pageSize: 50 });
      // every account-type pair the archive holds, each record saying its pair
      expect(page.items).toEqual([
        {
          fromAccountType: "SPOT",
          toAccountType: "SPOT",
          fromUserId: "123456789012345678901",
          toUserId: "98765432109876543210",
          withdrawId: "900000000000000000001",
          coin: "USDT",
          status: "SUCCESS",
          amount: "123456789012345678.123456789",
          createTime: old,
          updateTime: old + 5000,
        },
      ]);
      expect(page.total).toBe(1);
      expect(s.freshness()).toEqual({ source: "archive", syncedAt: T0 });
    });

    it("source=archive without account types answers every transfer held; with them, that pair only", async () => {
      const [{ n }] = await rows<{ n: unknown }>(database.db, sql`SELECT count(*) AS n FROM archive_transfer`);
      const [{ spot }] = await rows<{ spot: unknown }>(database.db, sql`SELECT count(*) AS spot FROM archive_transfer WHERE from_account_type = 'SPOT' AND to_account_type = 'SPOT'`);
      expect(Number(spot)).toBeLessThan(Number(n));
      const all = await sources("archive").list("withdrawals", { page: 1, pageSize: 1 });
      expect(all.total).toBe(Number(n));
      const spotOnly = await sources("archive").list("withdrawals", { page: 1, pageSize: 1, fromAccountType: "SPOT", toAccountType: "SPOT" });
      expect(spotOnly.total).toBe(Number(spot));
      let exported = 0;
      for await (const batch of sources("archive").withdrawals.records({})) exported += batch.length;
      expect(exported).toBe(Number(n));
    });
  });
}
