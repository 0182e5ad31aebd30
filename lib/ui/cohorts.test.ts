import { describe, expect, it } from "vitest";
import { cohortsCsv, cohortsFilename, delayBin, heatLevel, sharePercent, VALUE_COLUMNS, valueHeatLevel } from "./cohorts";

describe("cohort page arithmetic", () => {
  it("shares and heat levels, with no base shown as a dash", () => {
    expect(sharePercent(1, 3)).toBe("33.3");
    expect(sharePercent(0, 5)).toBe("0.0");
    expect(sharePercent(0, 0)).toBeNull();
    expect([heatLevel(0, 10), heatLevel(1, 10), heatLevel(5, 10), heatLevel(10, 10), heatLevel(3, 0)]).toEqual([0, 1, 3, 5, 0]);
  });
  it("labels the delay bins", () => {
    expect(delayBin(1, null)).toEqual({ kind: "upTo", span: { value: 1, unit: "hours" } });
    expect(delayBin(24, 1)).toEqual({ kind: "upTo", span: { value: 24, unit: "hours" } });
    expect(delayBin(72, 24)).toEqual({ kind: "upTo", span: { value: 3, unit: "days" } });
    expect(delayBin(null, 720)).toEqual({ kind: "over", span: { value: 30, unit: "days" } });
    expect(delayBin(null, null)).toEqual({ kind: "any" });
  });
  it("writes the table as CSV with counts and names the file by its settings", () => {
    // (the value per invitee is not in this file's columns)
    const NO_VALUE = { d7: null, d30: null, d90: null, d180: null };
    const csv = cohortsCsv([
      { cohort: "2026-11-16", registered: 3, kycPassed: 2, deposited: 2, traded: 1, depositedWithin: { d1: 1, d7: 2, d30: 2 }, tradedWithin: { d1: 0, d7: 1, d30: 1 }, activeLast30d: 1, medianHoursToFirstTrade: "12.5", commissionPerInvitee: NO_VALUE },
      { cohort: "2026-11-23", registered: 0, kycPassed: 0, deposited: 0, traded: 0, depositedWithin: { d1: 0, d7: 0, d30: 0 }, tradedWithin: { d1: 0, d7: 0, d30: 0 }, activeLast30d: 0, medianHoursToFirstTrade: null, commissionPerInvitee: NO_VALUE },
    ]);
    const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toMatch(/^cohort,registered,kycPassed,/);
    expect(lines[1]).toBe("2026-11-16,3,2,2,1,1,2,2,0,1,1,1,12.5");
    expect(lines[2]).toBe("2026-11-23,0,0,0,0,0,0,0,0,0,0,0,");
    expect(cohortsFilename("week", "Asia/Shanghai", "2026-01-01", "2026-03-31")).toBe("cohorts_week_Asia-Shanghai_2026-01-01_2026-03-31.csv");
  });
});

describe("the value heat map", () => {
  it("columns d7, d30, d90, d180 in order", () => {
    expect(VALUE_COLUMNS).toEqual([
      { key: "d7", days: 7 },
      { key: "d30", days: 30 },
      { key: "d90", days: 90 },
      { key: "d180", days: 180 },
    ]);
  });
  it("levels 1–5 against the table's largest, 0 for none, zero or too young", () => {
    expect([null, undefined, "0", "0.0000000001", "2", "5", "9.99", "10"].map((v) => valueHeatLevel(v, 10))).toEqual([0, 0, 0, 1, 1, 3, 5, 5]);
    expect(valueHeatLevel("3", 0)).toBe(0);
  });
});
