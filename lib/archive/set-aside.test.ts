/**
 * Records set aside by the archive's sync, with a fake lister standing in for WEEX so the
 * pages are exactly these:
 * - a page whose records were all set aside is not the end of a slice: the engine reads the
 *   pages after it, and a re-sync meeting such a page deletes only what it did not see again;
 * - answers from the archive report them once, also when WEEX answers `gone` half-way.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db";
import { testBackends } from "@/lib/db/test-support";
import type { PageLister } from "@/lib/affiliate/pages";
import type { WeexPage } from "@/lib/weex/paging";
import { rows } from "./db";
import { WeexError } from "@/lib/weex/errors";
import { ArchiveEngine } from "./engine";
import { selectedSources } from "./sources";
import { DEFAULT_SETTINGS } from "./settings";
import { DAY_MS } from "@/lib/time/calendar";

const NOW = Date.now();
const transfer = (id: string, createTime: number) => ({
  withdrawId: id,
  fromUserId: "100",
  toUserId: "200",
  coin: "USDT",
  status: "SUCCESS",
  amount: "1.5",
  createTime,
  updateTime: createTime,
});
const A = transfer("A", NOW - 2 * DAY_MS);
const B = transfer("B", NOW - 2 * DAY_MS + 1);

/** SPOT→SPOT transfers in two pages: B on page 1 (usable, or set aside when `odd`), A on page 2. */
function lister(state: { odd: boolean }): PageLister {
  return {
    async list(_key, input) {
      const p = input as Record<string, unknown>;
      const page = Number(p.page);
      const inRange = Number(p.startTime) <= A.createTime && A.createTime <= Number(p.endTime);
      const spot = p.fromAccountType === "SPOT" && p.toAccountType === "SPOT";
      const base = { page, pageSize: Number(p.pageSize), total: null, pages: null };
      if (!inRange || !spot || page > 2) return { ...base, items: [], hasNextPage: false } as WeexPage<never>;
      if (page === 2) return { ...base, items: [A], hasNextPage: false } as unknown as WeexPage<never>;
      if (!state.odd) return { ...base, items: [B], hasNextPage: true } as unknown as WeexPage<never>;
      const rejected = [{ record: { ...B, amount: "1,5" }, problem: { path: "items.0.amount", value: "1,5", reason: "not a decimal" } }];
      return { ...base, items: [], rejected, hasNextPage: true } as WeexPage<never>;
    },
  };
}

for (const backend of testBackends()) {
  describe(`a page of set-aside records only (${backend.name})`, () => {
    let database: Database;
    const ids = async () =>
      (await rows<{ id: string }>(database.db, sql`SELECT withdraw_id AS id FROM archive_transfer ORDER BY withdraw_id`)).map((r) => r.id);
    beforeAll(async () => {
      database = await backend.open();
    });
    afterAll(async () => {
      await database?.close();
    });

    it("does not end the slice: the pages after it are read, and a re-sync keeps what they hold", async () => {
      const state = { odd: true };
      let t = NOW;
      const engine = new ArchiveEngine({ db: database.db, lister: lister(state), now: () => t, settings: DEFAULT_SETTINGS });
      await engine.run("withdrawals");
      expect(await ids()).toEqual(["A"]);

      state.odd = false;
      t += 1000;
      await engine.requestResync("withdrawals", { from: NOW - 3 * DAY_MS, to: NOW - DAY_MS });
      await engine.run("withdrawals");
      expect(await ids()).toEqual(["A", "B"]);

      // B is unusable again: the re-sync removes B (not met again) but keeps A of page 2
      state.odd = true;
      t += 1000;
      await engine.requestResync("withdrawals", { from: NOW - 3 * DAY_MS, to: NOW - DAY_MS });
      await engine.run("withdrawals");
      expect(await ids()).toEqual(["A"]);
    });

    it("counts the archive's set-aside records once when WEEX answers gone and the answer is asked again", async () => {
      const forgetGone = () => (globalThis as { __weexGoneUntil?: Map<string, number> }).__weexGoneUntil?.clear();
      forgetGone(); // (a mark left by another backend's run of this test)
      const later = NOW + 10 * 60_000;
      let calls = 0;
      const gone: PageLister = {
        async list() {
          calls++;
          throw new WeexError("upstream", "WEEX no longer serves this report", { gone: true });
        },
      };
      const range = { startTime: NOW - 3 * DAY_MS, endTime: later };
      const src = selectedSources("auto", { db: async () => database.db, lister: gone, subAffiliateDays: 365, now: () => later });
      const written: Record<string, unknown>[] = [];
      for await (const batch of src.withRejected(src.withdrawals.records(range))) written.push(...(batch as Record<string, unknown>[]));
      expect(calls).toBe(1);
      expect(written.map((r) => r.withdrawId).sort()).toEqual(["A", "B"]);
      expect(src.warnings().count).toBe(1);

      // (the answer marked the report gone for a while; forget it so the list meets `gone` too)
      forgetGone();
      const list = selectedSources("auto", { db: async () => database.db, lister: gone, subAffiliateDays: 365, now: () => later });
      expect((await list.list("withdrawals", { ...range, page: 1, pageSize: 10 })).items).toHaveLength(1);
      expect(calls).toBe(2);
      expect(list.warnings().count).toBe(1);
    });

    it("reports a stored set-aside record only to answers whose filters and range it matches", async () => {
      const never: PageLister = {
        list() {
          throw new Error("source=archive asks WEEX nothing");
        },
      };
      const range = { startTime: NOW - 3 * DAY_MS, endTime: NOW };
      const warned = async (filter: Record<string, unknown>) => {
        const src = selectedSources("archive", { db: async () => database.db, lister: never, subAffiliateDays: 365, now: () => NOW });
        await src.list("withdrawals", { ...range, ...filter, page: 1, pageSize: 10 });
        return src.warnings().count;
      };
      // B: SPOT→SPOT, USDT, created at NOW - 2 days + 1 ms (its query's slice spans the month)
      expect(await warned({})).toBe(1);
      expect(await warned({ fromAccountType: "SPOT", toAccountType: "SPOT", coin: "usdt", withdrawID: "B" })).toBe(1);
      expect(await warned({ fromAccountType: "FUND", toAccountType: "FUND" })).toBe(0);
      expect(await warned({ coin: "BTC" })).toBe(0);
      expect(await warned({ withdrawID: "A" })).toBe(0);
      expect(await warned({ endTime: B.createTime - 1 })).toBe(0);
      expect(await warned({ startTime: B.createTime + 1 })).toBe(0);

      // an export writes it only when it matches as well
      const exported = async (filter: Record<string, unknown>) => {
        const src = selectedSources("archive", { db: async () => database.db, lister: never, subAffiliateDays: 365, now: () => NOW });
        const out: string[] = [];
        for await (const b of src.withRejected(src.withdrawals.records({ ...range, ...filter }))) out.push(...(b as { withdrawId: string }[]).map((r) => r.withdrawId));
        return out.sort();
      };
      expect(await exported({})).toEqual(["A", "B"]);
      expect(await exported({ coin: "BTC" })).toEqual([]);
      expect(await exported({ fromAccountType: "FUND", toAccountType: "SPOT" })).toEqual([]);
    });
  });
}
