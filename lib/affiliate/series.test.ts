import { describe, expect, it } from "vitest";
import type { SubAffiliateRecord } from "@/lib/weex/records";
import { Bucketer, buildSeries } from "./series";

function rec(date: string, productType: string, tradingVolume: string, netTradingFee = "0", paidCommission = "0", subAffiliateUid = "1"): SubAffiliateRecord {
  return { subAffiliateUid, productType, date, tradingVolume, netTradingFee, paidCommission };
}

async function* batches(...b: SubAffiliateRecord[][]) {
  for (const x of b) yield x;
}

describe("Bucketer: a UTC day goes, whole, to the local date of its midpoint (12:00 UTC)", () => {
  it("keeps the date in UTC, Asia/Kolkata (+05:30) and America/New_York (−05/−04)", () => {
    for (const tz of ["UTC", "Asia/Kolkata", "America/New_York", "America/Los_Angeles", "Pacific/Honolulu"]) {
      const b = new Bucketer("day", tz);
      expect(b.bucketOf("2026-11-01"), tz).toBe("2026-11-01");
      expect(b.bucketOf("2026-12-31"), tz).toBe("2026-12-31");
    }
  });

  it("does not move days across the New York DST changes", () => {
    const b = new Bucketer("day", "America/New_York");
    // 2026-03-08: clocks go forward; 2026-11-01: clocks go back.
    for (const d of ["2026-03-07", "2026-03-08", "2026-03-09", "2026-10-31", "2026-11-01", "2026-11-02"]) expect(b.bucketOf(d)).toBe(d);
  });

  it("moves a UTC day to the next local date at UTC+12 and beyond", () => {
    expect(new Bucketer("day", "Pacific/Kiritimati").bucketOf("2026-11-01")).toBe("2026-11-02"); // +14
    expect(new Bucketer("day", "Pacific/Auckland").bucketOf("2026-07-01")).toBe("2026-07-02"); // +12 (winter)
    expect(new Bucketer("day", "Pacific/Auckland").bucketOf("2026-12-31")).toBe("2027-01-01"); // +13 (summer)
  });

  it("starts ISO weeks on Monday, across month and year ends", () => {
    const b = new Bucketer("week", "UTC");
    expect(b.bucketOf("2026-11-02")).toBe("2026-11-02"); // a Monday
    expect(b.bucketOf("2026-11-08")).toBe("2026-11-02"); // its Sunday
    expect(b.bucketOf("2026-11-09")).toBe("2026-11-09");
    expect(b.bucketOf("2027-01-01")).toBe("2026-12-28"); // a Friday; its week began in 2026
    expect(b.bucketOf("2026-03-01")).toBe("2026-02-23");
    expect(b.bucketOf("2028-03-01")).toBe("2028-02-28"); // leap year
  });

  it("buckets months by local date: the zone decides the edge day", () => {
    expect(new Bucketer("month", "UTC").bucketOf("2026-11-30")).toBe("2026-11-01");
    expect(new Bucketer("month", "America/New_York").bucketOf("2026-11-01")).toBe("2026-11-01");
    expect(new Bucketer("month", "Pacific/Kiritimati").bucketOf("2026-11-30")).toBe("2026-12-01");
    expect(new Bucketer("week", "Pacific/Kiritimati").bucketOf("2026-11-08")).toBe("2026-11-09"); // Sunday UTC → Monday local
  });
});

describe("buildSeries", () => {
  it("sums exactly per bucket and product type, SPOT before FUTURES, buckets in order", async () => {
    const series = await buildSeries(
      batches(
        [
          rec("2026-11-03", "FUTURES", "123456789012345678.123456789", "0.000000000000000001", "1E-8"),
          rec("2026-11-02", "SPOT", "0.1", "0.2", "0.3"),
          rec("2026-11-03", "FUTURES", "0.000000000000000001", "0.000000000000000001", "0.00000001", "2"),
        ],
        [],
        [rec("2026-11-08", "SPOT", "0.2", "0.1", "-0.3"), rec("2026-11-09", "SPOT", "5", "5", "5")],
      ),
      "week",
      "UTC",
    );
    expect(series).toEqual({
      granularity: "week",
      tz: "UTC",
      items: [
        { bucket: "2026-11-02", productType: "SPOT", tradingVolume: "0.3", netTradingFee: "0.3", paidCommission: "0" },
        { bucket: "2026-11-02", productType: "FUTURES", tradingVolume: "123456789012345678.123456789000000001", netTradingFee: "0.000000000000000002", paidCommission: "0.00000002" },
        { bucket: "2026-11-09", productType: "SPOT", tradingVolume: "5", netTradingFee: "5", paidCommission: "5" },
      ],
      // the range's sums, exact, overall and per product type
      totals: {
        tradingVolume: { total: "123456789012345683.423456789000000001", SPOT: "5.3", FUTURES: "123456789012345678.123456789000000001" },
        netTradingFee: { total: "5.300000000000000002", SPOT: "5.3", FUTURES: "0.000000000000000002" },
        paidCommission: { total: "5.00000002", SPOT: "5", FUTURES: "0.00000002" },
      },
    });
  });

  it("adds many small values without float drift", async () => {
    const many = Array.from({ length: 1000 }, (_, i) => rec("2026-11-01", "SPOT", "0.1", "0.000000000000000001", "0.01", String(i + 1)));
    const series = await buildSeries(batches(many), "month", "Asia/Kolkata");
    expect(series.items).toEqual([{ bucket: "2026-11-01", productType: "SPOT", tradingVolume: "100", netTradingFee: "0.000000000000001", paidCommission: "10" }]);
  });

  it("answers an empty series for no records", async () => {
    const zero = { total: "0", SPOT: "0", FUTURES: "0" };
    expect(await buildSeries(batches(), "day", "UTC")).toEqual({ granularity: "day", tz: "UTC", items: [], totals: { tradingVolume: zero, netTradingFee: zero, paidCommission: zero } });
  });
});
