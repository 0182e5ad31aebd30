import { describe, expect, it } from "vitest";
import { checkRange, rangeToEpoch } from "./ranges";

const NOW = Date.UTC(2026, 10, 18, 15);

describe("date range rules", () => {
  it("invitees: past year only, 90 days per query", () => {
    const rule = { maxAgeDays: 365, maxSpanDays: 90 };
    expect(checkRange("2025-11-19", "2026-02-16", rule, "UTC", NOW)).toMatchObject({ fromError: null, toError: null, minDate: "2025-11-19" });
    expect(checkRange("2025-11-18", "", rule, "UTC", NOW).fromError).toEqual({ id: "tooOld", days: 365, oldest: "2025-11-19" });
    expect(checkRange("2026-01-01", "2026-04-01", rule, "UTC", NOW).toError).toEqual({ id: "tooLong", days: 90, latest: "2026-03-31" });
    expect(checkRange("2026-01-01", "", rule, "UTC", NOW).maxToDate).toBe("2026-03-31");
  });
  it("transfers: past month only, and the end is not before the start", () => {
    const rule = { maxAgeDays: 30 };
    expect(checkRange("2026-10-20", "", rule, "UTC", NOW).fromError).toBeNull();
    expect(checkRange("2026-10-19", "", rule, "UTC", NOW).fromError).toMatchObject({ id: "tooOld", days: 30 });
    expect(checkRange("2026-11-10", "2026-11-01", rule, "UTC", NOW).toError).toEqual({ id: "reversed" });
  });
  it("the oldest allowed start is inside the upstream window at any time of that day", () => {
    const { minDate } = checkRange("", "", { maxAgeDays: 30 }, "UTC", NOW);
    const { startTime } = rangeToEpoch(minDate, null, "UTC");
    expect(startTime! >= NOW - 30 * 86_400_000).toBe(true);
  });
  it("converts dates to inclusive epoch bounds in the zone", () => {
    expect(rangeToEpoch("2026-11-01", "2026-11-01", "UTC")).toEqual({ startTime: Date.UTC(2026, 10, 1), endTime: Date.UTC(2026, 10, 2) - 1 });
    expect(rangeToEpoch(null, "bad", "UTC")).toEqual({ startTime: undefined, endTime: undefined });
  });
});
