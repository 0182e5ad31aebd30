import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFunnel } from "@/lib/affiliate/funnel";
import { buildLeaderboard } from "@/lib/affiliate/leaderboard";
import { liveSources } from "@/lib/affiliate/sources";
import type { Database } from "@/lib/db";
import { testBackends } from "@/lib/db/test-support";
import { startSimulator, type Simulator } from "@/lib/simulator";
import { DAY_MS } from "@/lib/weex/endpoints";
import { ArchiveEngine } from "./engine";
import { utcDayStart } from "./plan";
import { rows } from "./db";
import { selectedSources, type SourceParam } from "./sources";
import { DATASETS } from "./settings";
import { simClient, unlimitedBudget } from "./test-support";

// The archive-backed sources against live answers of the same simulator (frozen clock): every
// mix of archive and live must give the live answer exactly, and say where it came from.

const T0 = Date.now();
const now = () => T0;
const TODAY = utcDayStart(T0);

for (const backend of testBackends()) {
  describe(`archive sources on ${backend.name}`, () => {
    let sim: Simulator;
    let database: Database;
    const client = () => simClient(sim.url, { budget: unlimitedBudget(), now });
    const sources = (source: SourceParam) =>
      selectedSources(source, { db: async () => database.db, lister: client(), live: liveSources(client()), subAffiliateDays: 365, now });

    beforeAll(async () => {
      sim = await startSimulator({ port: 0, quiet: true, scale: 0.05, now, ipWeightPer10s: 1e9, uidWeightPer10s: 1e9 });
      database = await backend.open();
      const engine = new ArchiveEngine({ db: database.db, lister: client(), now });
      for (const ds of DATASETS) await engine.run(ds);
      // Pretend the archive's last sync was three days ago: what happened since is only live.
      const cut = T0 - 3 * DAY_MS;
      await database.db.execute(sql`UPDATE archive_coverage SET to_ms = ${cut} WHERE dataset IN ('invitees', 'withdrawals')`);
      await database.db.execute(sql`DELETE FROM archive_invitee WHERE register_time > ${cut}`);
      await database.db.execute(sql`DELETE FROM archive_transfer WHERE create_time > ${cut}`);
    }, 180_000);
    afterAll(async () => {
      await database?.close();
      await sim?.close();
    });

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

      const collect = async <T,>(it: AsyncIterable<T[]>) => {
        const out: T[] = [];
        for await (const b of it) out.push(...b);
        return out;
      };
      const month = { startTime: TODAY - 30 * DAY_MS, endTime: T0 };
      expect(await collect(sources("auto").subAffiliates.records(month))).toEqual(await collect(liveSources(client()).subAffiliates.records(month)));
      const tr = { startTime: T0 - 10 * DAY_MS, endTime: T0, fromAccountType: "SPOT" as const, toAccountType: "FUND" as const };
      expect(await collect(sources("auto").withdrawals.records(tr))).toEqual(await collect(liveSources(client()).withdrawals.records(tr)));
    });

    it("records WEEX sends outside the window a live part asked for are left out of that part and counted in warnings, for every dataset", async () => {
      const collect = async <T,>(it: AsyncIterable<T[]>) => {
        const out: T[] = [];
        for await (const b of it) out.push(...b);
        return out;
      };
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

    it("keeps history WEEX has forgotten: source=archive answers beyond the upstream window", async () => {
      const old = T0 - 200 * DAY_MS;
      await database.db.execute(sql`INSERT INTO archive_transfer VALUES ('900000000000000000001', '123456789012345678901', '98765432109876543210', 'USDT', 'SUCCESS',
        '123456789012345678.123456789', ${old}, ${old + 5000}, 'SPOT', 'SPOT', ${old})`);
      const s = sources("archive");
      const page = await s.list("withdrawals", { startTime: T0 - 365 * DAY_MS, endTime: T0 - 100 * DAY_MS, page: 1, pageSize: 50 });
      // every account-type pair the archive holds, each record saying its pair (issue 11.3)
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

    it("source=archive without account types answers every transfer held; with them, that pair only (issue 11.3)", async () => {
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
