import { describe, expect, it } from "vitest";
import { addDays, endOfDay, formatDateTime, parseYmd, startOfDay, zoneLabel, zonedTimeToEpoch } from "./calendar";

describe("zoned calendar arithmetic", () => {
  it("finds midnight in UTC and in zones with offsets and DST", () => {
    expect(startOfDay({ year: 2026, month: 11, day: 1 }, "UTC")).toBe(Date.UTC(2026, 10, 1));
    // Berlin is UTC+1 in November, UTC+2 in July.
    expect(startOfDay({ year: 2026, month: 11, day: 1 }, "Europe/Berlin")).toBe(Date.UTC(2026, 9, 31, 23));
    expect(startOfDay({ year: 2026, month: 7, day: 1 }, "Europe/Berlin")).toBe(Date.UTC(2026, 5, 30, 22));
    expect(startOfDay({ year: 2026, month: 3, day: 1 }, "Asia/Kolkata")).toBe(Date.UTC(2026, 1, 28, 18, 30));
    // The day DST starts in New York (8 March 2026) has 23 hours.
    const d = { year: 2026, month: 3, day: 8 };
    expect(endOfDay(d, "America/New_York") + 1 - startOfDay(d, "America/New_York")).toBe(23 * 3_600_000);
  });
  it("formats instants in the zone", () => {
    const t = Date.UTC(2026, 10, 1, 23, 30, 5);
    expect(formatDateTime(t, "UTC")).toBe("2026-11-01 23:30:05");
    expect(formatDateTime(t, "Europe/Berlin")).toBe("2026-11-02 00:30:05");
    expect(formatDateTime(null, "UTC")).toBe("");
  });
  it("parses only real dates and adds days across months and leap years", () => {
    expect(parseYmd("2026-02-30")).toBeNull();
    expect(parseYmd("2028-02-29")).toEqual({ year: 2028, month: 2, day: 29 });
    expect(addDays({ year: 2028, month: 2, day: 28 }, 1)).toEqual({ year: 2028, month: 2, day: 29 });
    expect(addDays({ year: 2026, month: 1, day: 1 }, -1)).toEqual({ year: 2025, month: 12, day: 31 });
  });
  it("labels zones with their offset", () => {
    expect(zoneLabel("UTC")).toBe("UTC");
    expect(zoneLabel("Asia/Kolkata")).toBe("Asia/Kolkata (UTC+05:30)");
    expect(zonedTimeToEpoch(2026, 1, 1, "UTC", 12)).toBe(Date.UTC(2026, 0, 1, 12));
  });
});
