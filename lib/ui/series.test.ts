import { describe, expect, it } from "vitest";
import { chartRows, type SeriesItem } from "./series";

const item = (bucket: string, productType: string, v: string): SeriesItem => ({ bucket, productType, tradingVolume: v, netTradingFee: v, paidCommission: v });

describe("series shaping", () => {
  const items = [item("2026-11-02", "FUTURES", "0.000000000000000001"), item("2026-11-01", "SPOT", "123456789012345678.123456789"), item("2026-11-02", "SPOT", "1")];
  it("pivots buckets in order with exact text beside the chart numbers", () => {
    const rows = chartRows(items, "paidCommission");
    expect(rows.map((r) => r.bucket)).toEqual(["2026-11-01", "2026-11-02"]);
    expect(rows[1].exact).toEqual({ SPOT: "1", FUTURES: "0.000000000000000001", total: "1.000000000000000001" });
    expect(rows[0].FUTURES).toBe(0);
  });
});
