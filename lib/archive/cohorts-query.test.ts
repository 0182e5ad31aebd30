import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCohorts, matchesExtra, sortCodes, addToCode, type CodeItem, type InviteeExtraFilter } from "@/lib/affiliate/cohorts";
import { liveSources } from "@/lib/affiliate/sources";
import type { Database } from "@/lib/db";
import { testBackends } from "@/lib/db/test-support";
import { startSimulator, type Simulator } from "@/lib/simulator";
import type { InviteeRecord } from "@/lib/weex/records";
import { cohorts, filteredInviteePage, inviteCodes } from "./cohorts-query";
import { ArchiveEngine } from "./engine";
import { selectedSources, type SourceParam } from "./sources";
import { frozenClient, upstreamInvitees } from "./test-support";
import { DAY_MS } from "@/lib/time/calendar";

// Cohorts, invite codes and the filtered invitee list from the archive (SQL), from live
// records, and from both mixed, against the same figures computed from every record the
// simulator serves (frozen clock). Archive and live must agree exactly.

const T0 = Date.now();
const now = () => T0;

for (const backend of testBackends()) {
  describe(`invitee cohorts on ${backend.name}`, () => {
    let sim: Simulator;
    let database: Database;
    let all: InviteeRecord[];
    const client = () => frozenClient(sim, now);
    const sources = (source: SourceParam) =>
      selectedSources(source, { db: async () => database.db, lister: client(), live: liveSources(client()), subAffiliateDays: 365, now });
    const range = { startTime: T0 - 120 * DAY_MS, endTime: T0 };

    beforeAll(async () => {
      sim = await startSimulator({ port: 0, quiet: true, scale: 0.05, now, ipWeightPer10s: 1e9, uidWeightPer10s: 1e9 });
      database = await backend.open();
      await new ArchiveEngine({ db: database.db, lister: client(), now }).run("invitees");
      // The archive's last sync was three days ago: `auto` answers mix archive and live.
      const cut = T0 - 3 * DAY_MS;
      await database.db.execute(sql`UPDATE archive_coverage SET to_ms = ${cut} WHERE dataset = 'invitees'`);
      await database.db.execute(sql`DELETE FROM archive_invitee WHERE register_time > ${cut}`);
      all = await upstreamInvitees(client(), range, T0);
    }, 180_000);
    afterAll(async () => {
      await database?.close();
      await sim?.close();
    });

    it("cohorts by week and month, in UTC and Asia/Shanghai, are the same from archive, live and mixed", async () => {
      for (const q of [
        { ...range, by: "week" as const, tz: "Asia/Shanghai" },
        { ...range, by: "month" as const, tz: "UTC" },
      ]) {
        const expected = await buildCohorts((async function* () { yield all; })(), q, T0);
        expect(expected.items.some((i) => i.traded > 1)).toBe(true);
        for (const source of ["auto", "archive", "live"] as const) {
          const s = sources(source);
          // (each cohort's value: cohort-value.test.ts checks it; the counts are compared here)
          const { commissionRange: _range, ...answer } = await cohorts(s, q, T0);
          const got = { ...answer, items: answer.items.map(({ commissionPerInvitee: _value, ...counts }) => counts) };
          // the archive holds up to three days ago only
          if (source === "archive") expect(got.items.reduce((n, i) => n + i.registered, 0)).toBe(all.filter((r) => r.registerTime <= T0 - 3 * DAY_MS).length);
          else expect(got, source).toEqual(expected);
          expect(s.freshness().source).toBe(source === "auto" ? "mixed" : source);
        }
      }
    });

    it("invite codes count the same from every source", async () => {
      const byCode = new Map<string | null, CodeItem>();
      for (const r of all) addToCode(byCode, r);
      const expected = { items: sortCodes(byCode.values()) };
      // (each code's value: cohort-value.test.ts checks it; the counts are compared here)
      const counts = ({ items }: Awaited<ReturnType<typeof inviteCodes>>) => ({ items: items.map(({ commission: _c, spotTradingAmount: _s, futuresTradingAmount: _f, ...c }) => c) });
      expect(counts(await inviteCodes(sources("auto"), range))).toEqual(expected);
      expect(counts(await inviteCodes(sources("live"), range))).toEqual(expected);
    });

    it("the filtered list pages equal the records filtered one by one, across the live/archive seam", async () => {
      const code = all.find((r) => r.inviteCode)?.inviteCode ?? undefined;
      const filters: InviteeExtraFilter[] = [{ stage: "traded" }, { stage: "registered" }, { activity: "dormant", activeDays: 10 }, { activity: "never" }, { inviteCode: code }];
      for (const extra of filters) {
        const expected = all.filter(matchesExtra(extra, T0)).sort((a, b) => b.registerTime - a.registerTime || (a.uid < b.uid ? 1 : -1));
        for (const page of [1, 2]) {
          const got = await filteredInviteePage(sources("auto"), { ...range, ...extra, page, pageSize: 25 }, T0);
          expect(got.total, JSON.stringify(extra)).toBe(expected.length);
          expect(got.items.map((r) => r.uid)).toEqual(expected.slice((page - 1) * 25, page * 25).map((r) => r.uid));
        }
      }
    });
  });
}
