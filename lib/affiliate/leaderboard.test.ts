import { describe, expect, it } from "vitest";
import type { SubAffiliateRecord } from "@/lib/weex/records";
import { buildLeaderboard, compareIds } from "./leaderboard";

function rec(subAffiliateUid: string, productType: string, tradingVolume: string, paidCommission: string, netTradingFee = "0.5"): SubAffiliateRecord {
  return { subAffiliateUid, productType, date: "2026-11-01", tradingVolume, netTradingFee, paidCommission };
}
async function* batches(...b: SubAffiliateRecord[][]) {
  for (const x of b) yield x;
}

const data = () =>
  batches(
    [rec("702345678901234567", "SPOT", "100", "0.000000000000000001"), rec("9", "SPOT", "5000", "1")],
    [rec("702345678901234567", "FUTURES", "0.1", "2"), rec("10", "FUTURES", "123456789012345678.123456789", "0.5"), rec("11", "SPOT", "1", "2")],
  );

describe("buildLeaderboard", () => {
  it("sums both product types per sub-affiliate and ranks by commission", async () => {
    const board = await buildLeaderboard(data(), { by: "commission", limit: 10 });
    expect(board.items).toEqual([
      { subAffiliateUid: "702345678901234567", tradingVolume: "100.1", netTradingFee: "1", paidCommission: "2.000000000000000001" },
      { subAffiliateUid: "11", tradingVolume: "1", netTradingFee: "0.5", paidCommission: "2" },
      { subAffiliateUid: "9", tradingVolume: "5000", netTradingFee: "0.5", paidCommission: "1" },
      { subAffiliateUid: "10", tradingVolume: "123456789012345678.123456789", netTradingFee: "0.5", paidCommission: "0.5" },
    ]);
  });

  it("ranks by volume and keeps the top N", async () => {
    const board = await buildLeaderboard(data(), { by: "volume", limit: 2 });
    expect(board.items.map((i) => i.subAffiliateUid)).toEqual(["10", "9"]);
  });

  it("orders ids numerically, also beyond 2^53", () => {
    expect(["10", "9", "702345678901234567", "702345678901234566"].sort(compareIds)).toEqual(["9", "10", "702345678901234566", "702345678901234567"]);
  });
});

describe("buildLeaderboard ties", () => {
  it("breaks equal totals by uid, numerically", async () => {
    const board = await buildLeaderboard(batches([rec("100", "SPOT", "1", "3"), rec("99", "SPOT", "1", "3"), rec("5", "SPOT", "1", "1")]), { by: "commission", limit: 100 });
    expect(board.items.map((i) => i.subAffiliateUid)).toEqual(["99", "100", "5"]);
  });
});
