import { describe, expect, it } from "vitest";
import { comparisonPeriod, customRangeProblem, previousPeriod, resolvePeriod } from "./period";

// Wednesday 18 November 2026, 15:00 UTC
const NOW = Date.UTC(2026, 10, 18, 15);

describe("reporting periods", () => {
  it("trailing presets end today and count whole days", () => {
    const p = resolvePeriod("7d", "UTC", NOW);
    expect(p).toMatchObject({ from: "2026-11-12", to: "2026-11-18", days: 7 });
    expect(p.startTime).toBe(Date.UTC(2026, 10, 12));
    expect(p.endTime).toBe(Date.UTC(2026, 10, 19) - 1);
    expect(resolvePeriod("1y", "UTC", NOW)).toMatchObject({ from: "2025-11-19", days: 365 });
  });
  it("to-date presets start at the month, quarter and year", () => {
    expect(resolvePeriod("mtd", "UTC", NOW)).toMatchObject({ from: "2026-11-01", to: "2026-11-18", days: 18 });
    expect(resolvePeriod("qtd", "UTC", NOW)).toMatchObject({ from: "2026-10-01", days: 49 });
    expect(resolvePeriod("ytd", "UTC", NOW)).toMatchObject({ from: "2026-01-01" });
  });
  it("uses the zone's calendar: late evening in New York is already tomorrow in UTC", () => {
    const lateNY = Date.UTC(2026, 10, 19, 2); // 18 Nov 21:00 in New York
    expect(resolvePeriod("7d", "America/New_York", lateNY)).toMatchObject({ to: "2026-11-18" });
    expect(resolvePeriod("7d", "UTC", lateNY)).toMatchObject({ to: "2026-11-19" });
  });
  it("names what is wrong with a custom range: reversed, missing, longer than a year and a day", () => {
    expect(customRangeProblem("2026-10-31", "2026-10-01")).toEqual({ id: "reversed" });
    expect(customRangeProblem("2026-10-01", null)).toEqual({ id: "missing" });
    expect(customRangeProblem("2016-01-01", "2026-01-01")).toEqual({ id: "tooLong", max: 366, days: 3654 });
    expect(customRangeProblem("2025-11-01", "2026-10-31")).toBeNull();
    expect(resolvePeriod("custom", "UTC", NOW, { from: "2016-01-01", to: "2026-01-01" })).toMatchObject({ days: 30 });
  });

  it("custom ranges are taken as given; invalid ones fall back to 30 days", () => {
    expect(resolvePeriod("custom", "UTC", NOW, { from: "2026-10-01", to: "2026-10-31" })).toMatchObject({ days: 31 });
    expect(resolvePeriod("custom", "UTC", NOW, { from: "2026-10-31", to: "2026-10-01" })).toMatchObject({ days: 30, to: "2026-11-18" });
  });
  it("the previous period has the same length and ends the day before", () => {
    const p = resolvePeriod("mtd", "UTC", NOW);
    const prev = previousPeriod(p, "UTC");
    expect(prev).toMatchObject({ from: "2026-10-14", to: "2026-10-31", days: 18 });
    expect(prev.endTime + 1).toBe(p.startTime);
  });
});

describe("comparison periods (compare=previous|year|custom)", () => {
  const p = resolvePeriod("custom", "Asia/Shanghai", NOW, { from: "2024-02-01", to: "2024-02-29" });
  it("previous: the same number of days just before", () => {
    const c = comparisonPeriod(p, "Asia/Shanghai", "previous");
    expect(c.period).toMatchObject({ from: "2024-01-03", to: "2024-01-31", days: 29 });
    expect(c.against).toEqual({ kind: "previous", days: 29 });
    expect(c.problem).toBeNull();
  });
  it("year: the same dates a year earlier, 29 February as 28 February, midnight in the zone", () => {
    const c = comparisonPeriod(p, "Asia/Shanghai", "year");
    expect(c.period).toMatchObject({ from: "2023-02-01", to: "2023-02-28", days: 28 });
    expect(c.period.startTime).toBe(Date.UTC(2023, 0, 31, 16));
    expect(c.against).toEqual({ kind: "year", range: "2023-02-01 – 2023-02-28" });
  });
  it("custom: the given dates; a bad range is named and the previous period used meanwhile", () => {
    expect(comparisonPeriod(p, "UTC", "custom", { start: "2023-06-01", end: "2023-06-10" }).period).toMatchObject({ from: "2023-06-01", days: 10, startTime: Date.UTC(2023, 5, 1) });
    const bad = comparisonPeriod(p, "UTC", "custom", { start: "2023-06-10", end: "2023-06-01" });
    expect(bad.problem).toEqual({ id: "reversed" });
    expect(bad.period).toEqual(previousPeriod(p, "UTC"));
  });
});
