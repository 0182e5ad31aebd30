import { describe, expect, it } from "vitest";
import { Dec } from "@/lib/contract/decimal";
import type { CommissionRecord } from "@/lib/weex/records";
import { cohortValueKnown, CoinSums, perInvitee, seriesBuckets, ValueBuilder, withinDays } from "./value";

const DAY = 86_400_000;
const record = (over: Partial<CommissionRecord>): CommissionRecord => ({
  uid: "1",
  date: 0,
  coin: "USDT",
  productType: "SPOT",
  fee: "1",
  commission: "0.4",
  rate: "0.4",
  symbol: "BTCUSDT",
  sourceType: 1,
  takerAmount: "100",
  makerAmount: "50",
  ...over,
});

describe("what each invitee is worth: sums per coin", () => {
  it("never adds coins together; USDT first, then BTC; unknown amounts are left out, not 0", () => {
    const s = new CoinSums().add("BTC", "0.00000001").add("USDT", "1.5").add("BTC", "0.1").add("USDT", null);
    expect(s.json()).toEqual({ USDT: "1.5", BTC: "0.10000001" });
    expect(Object.keys(s.json())).toEqual(["USDT", "BTC"]);
  });

  it("per invitee: direct records only, volumes by product type, deposits from the totals", () => {
    const b = new ValueBuilder();
    b.addRecords([record({}), record({ productType: "FUTURES", coin: "BTC", commission: "0.0001", takerAmount: null }), record({ sourceType: 2, uid: "2" })]);
    b.addTotals([{ uid: "1", depositAmount: "10", withdrawalAmount: null, spotTradingAmount: "0", futuresTradingAmount: "0", commission: "0" }]);
    const v = b.byUid.get("1")!;
    expect([v.commission.json(), v.spot.toString(), v.futures.toString(), v.deposits.toString(), v.withdrawals.toString()]).toEqual([{ USDT: "0.4", BTC: "0.0001" }, "150", "50", "10", "0"]);
    expect(b.byUid.has("2")).toBe(false);
  });

  it("divides per invitee to 10 decimal places, half up", () => {
    expect(perInvitee(new Dec("1"), 3).toString()).toBe("0.3333333333");
    expect(perInvitee(new Dec("0.00000000005"), 1).toString()).toBe("0.0000000001");
  });

  it("a cohort's N days are known only when its span and N days after lie within the records read", () => {
    const read = { startTime: 0, endTime: 14 * DAY };
    expect(cohortValueKnown(0, 7 * DAY, 7, read)).toBe(true);
    expect(cohortValueKnown(0, 7 * DAY + 1, 7, read)).toBe(false);
    expect(cohortValueKnown(-1, DAY, 7, read)).toBe(false);
    expect(cohortValueKnown(0, DAY, 7, null)).toBe(false);
    expect([withinDays(7 * DAY, 0, 7), withinDays(7 * DAY + 1, 0, 7)]).toEqual([true, false]);
  });

  it("series buckets: weeks from Monday in the zone (Asia/Kolkata's start at 18:30 UTC)", () => {
    // Wednesday 2026-11-04 to Tuesday 2026-11-17 (UTC)
    const b = seriesBuckets(Date.UTC(2026, 10, 4), Date.UTC(2026, 10, 17), "week", "Asia/Kolkata");
    expect(b.map((x) => x.cohort)).toEqual(["2026-11-02", "2026-11-09", "2026-11-16"]);
    expect(b[1].from).toBe(Date.UTC(2026, 10, 8, 18, 30));
  });
});
