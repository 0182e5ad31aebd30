/**
 * The flags list's additions on flags and archive rows written directly: the flags seen in a
 * range, the counts per severity, every flag of a filter batch by batch, and the commission at
 * risk — per coin and never summed across coins, exact, over [from, to) only, of the open
 * flags' subjects only.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { onEachTestDatabase } from "@/lib/db/test-support";
import { archiveCommission, archiveSubAffiliateDaily } from "@/lib/db/schema/archive";
import { riskFlag } from "@/lib/db/schema/risk";
import type { Db } from "@/lib/archive/db";
import { riskFlagsExportQuery, riskFlagsQuery, type RiskFlagsFilter } from "@/lib/contract/risk";
import { DAY_MS } from "@/lib/time/calendar";
import { atRisk, atRiskRange } from "./at-risk";
import { countFlags, flagBatches, listFlags } from "./flags";

/** 2026-06-01 00:00 UTC */
const D0 = Date.UTC(2026, 5, 1);
const day = (n: number) => D0 + n * DAY_MS;
const iso = (n: number) => new Date(day(n)).toISOString().slice(0, 10);

type FlagRow = typeof riskFlag.$inferInsert;
const flag = (rule: string, severity: string, subjectType: string, subjectId: string, first: number, last: number, state = "open"): FlagRow => ({
  rule,
  severity,
  subjectType,
  subjectId,
  episodeAt: first,
  evidence: { from: first, to: last },
  firstSeenAt: first,
  lastSeenAt: last,
  state,
});

let n = 0;
const commission = (uid: string, time: number, coin: string, amount: string | null) => ({
  key: `k${n++}`,
  uid,
  time,
  coin,
  productType: "SPOT",
  symbol: "BTCUSDT",
  sourceType: 1,
  commission: amount,
  syncedAt: D0,
});

async function plant(db: Db) {
  await db.insert(riskFlag).values([
    flag("inAndOut", "high", "invitee", "inv-a", day(10), day(12)),
    flag("churn", "medium", "invitee", "inv-a", day(11), day(11)),
    flag("churn", "medium", "invitee", "inv-b", day(20), day(25)),
    // reviewed: its invitee's commission is no longer at risk
    flag("inAndOut", "high", "invitee", "inv-dismissed", day(10), day(10), "dismissed"),
    flag("subSpike", "medium", "subAffiliate", "sub-x", day(15), day(16)),
    flag("hollowSignups", "medium", "inviteCode", "CODE1", day(5), day(6)),
    flag("signupBurst", "medium", "inviteCode", "CODE2", day(30), day(31), "expired"),
  ]);
  await db.insert(archiveCommission).values([
    commission("inv-a", day(10), "USDT", "1.000000000000000001"),
    commission("inv-a", day(10) + 5, "USDT", "2.5"),
    commission("inv-a", day(10) + 6, "BTC", "0.00000001"),
    // WEEX did not know this one ("--"): never counted as 0, nor at all
    commission("inv-a", day(10) + 7, "USDT", null),
    commission("inv-b", day(29) + DAY_MS - 1, "USDT", "10"),
    // just outside [day(10), day(30)): before its start, at its end
    commission("inv-b", day(10) - 1, "USDT", "100"),
    commission("inv-b", day(30), "USDT", "100"),
    commission("inv-dismissed", day(12), "USDT", "1000"),
    commission("someone-else", day(12), "USDT", "1000"),
  ]);
  const sub = (uid: string, d: number, productType: string, paid: string) => ({ subAffiliateUid: uid, productType, day: iso(d), tradingVolume: "1", netTradingFee: "1", paidCommission: paid, syncedAt: D0 });
  await db.insert(archiveSubAffiliateDaily).values([sub("sub-x", 10, "SPOT", "0.1"), sub("sub-x", 10, "FUTURES", "0.2"), sub("sub-x", 29, "SPOT", "3"), sub("sub-x", 30, "SPOT", "50"), sub("sub-y", 12, "SPOT", "7")]);
}

const filter = (input: Record<string, string>): RiskFlagsFilter => riskFlagsExportQuery.parse(input);

onEachTestDatabase("risk flags list", (database) => {
  const db = () => database().db;
  beforeAll(async () => plant(db()), 60_000);

  it("keeps the flags seen in [startTime, endTime): first seen before its end, last seen at or after its start", async () => {
    const ids = async (q: Record<string, string>) => (await listFlags(db(), riskFlagsQuery.parse(q))).items.map((f) => `${f.rule}:${f.subject.id}`).sort();
    expect(await ids({ startTime: String(day(12)), endTime: String(day(20)) })).toEqual(["inAndOut:inv-a", "subSpike:sub-x"]);
    // (first seen at the end itself: out; last seen at the start itself: in)
    expect(await ids({ startTime: String(day(16)), endTime: String(day(21)) })).toEqual(["churn:inv-b", "subSpike:sub-x"]);
    expect(await ids({})).toHaveLength(5);
  });

  it("counts the flags of every filter but severity, by severity", async () => {
    expect(await countFlags(db(), filter({ severity: "high" }))).toEqual({ high: 1, medium: 4, low: 0 });
    expect(await countFlags(db(), filter({ state: "dismissed" }))).toEqual({ high: 1, medium: 0, low: 0 });
    expect(await countFlags(db(), filter({ subjectType: "invitee", endTime: String(day(15)) }))).toEqual({ high: 1, medium: 1, low: 0 });
  });

  it("reads every flag of a filter batch by batch, the most recently raised first", async () => {
    const batches: string[][] = [];
    for await (const b of flagBatches(db(), filter({}), 2)) batches.push(b.map((f) => f.id));
    expect(batches.map((b) => b.length)).toEqual([2, 2, 1]);
    const page = await listFlags(db(), riskFlagsQuery.parse({ pageSize: "50" }));
    expect(batches.flat()).toEqual(page.items.map((f) => f.id).sort((a, b) => Number(b) - Number(a)));
  });

  describe("the commission at risk", () => {
    it("sums the open flags' invitees' own records per coin, exactly, in [from, to), and the sub-affiliates' paid commission in USDT", async () => {
      const risk = await atRisk(db(), filter({ startTime: String(day(10)), endTime: String(day(30)) }), day(40));
      expect(risk).toEqual({
        from: day(10),
        to: day(30),
        invitees: [
          { coin: "BTC", amount: "0.00000001" },
          { coin: "USDT", amount: "13.500000000000000001" },
        ],
        subAffiliates: [{ coin: "USDT", amount: "3.3" }],
      });
    });

    it("follows the filters but state, and is empty where the filter selects no invitee or no sub-affiliate", async () => {
      const range = { startTime: String(day(10)), endTime: String(day(30)) };
      expect((await atRisk(db(), filter({ ...range, state: "dismissed", subject: "inv-b" }), day(40))).invitees).toEqual([{ coin: "USDT", amount: "10" }]);
      expect(await atRisk(db(), filter({ ...range, subjectType: "inviteCode" }), day(40))).toMatchObject({ invitees: [], subAffiliates: [] });
      expect(await atRisk(db(), filter({ ...range, subject: "sub-x" }), day(40))).toMatchObject({ invitees: [], subAffiliates: [{ coin: "USDT", amount: "3.3" }] });
      expect(await atRisk(db(), filter({ ...range, severity: "high" }), day(40))).toMatchObject({ invitees: [{ coin: "BTC" }, { coin: "USDT", amount: "3.500000000000000001" }], subAffiliates: [] });
    });

    it("covers the last 30 UTC days up to now by default", () => {
      const now = day(40) + 5 * 3_600_000;
      expect(atRiskRange({}, now)).toEqual({ from: day(11), to: now });
      expect(atRiskRange({ startTime: day(3) }, now)).toEqual({ from: day(3), to: now });
    });
  });
});
