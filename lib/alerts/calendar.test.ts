import { describe, expect, it } from "vitest";
import { lastCompleteDay, nextPeriodStart, periodBefore, periodStart, quietUntil, shiftDay } from "./calendar";

const at = (iso: string) => Date.parse(iso);

describe("alert calendar", () => {
  it("takes the last complete day in the rule's zone", () => {
    expect(lastCompleteDay(at("2026-03-10T02:00:00Z"), "UTC")).toBe("2026-03-09");
    // 02:00 UTC is still the 9th in New York: its last complete day is the 8th.
    expect(lastCompleteDay(at("2026-03-10T02:00:00Z"), "America/New_York")).toBe("2026-03-08");
    expect(shiftDay("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("holds messages during a quiet period spanning midnight, until its end in the zone", () => {
    const quiet = { from: "22:00", to: "07:00" };
    expect(quietUntil(at("2026-03-10T12:00:00Z"), "UTC", quiet)).toBeNull();
    expect(quietUntil(at("2026-03-10T23:30:00Z"), "UTC", quiet)).toBe(at("2026-03-11T07:00:00Z"));
    expect(quietUntil(at("2026-03-10T03:00:00Z"), "UTC", quiet)).toBe(at("2026-03-10T07:00:00Z"));
    // 23:30 in Berlin (UTC+1 in March before the switch) is 22:30 UTC.
    expect(quietUntil(at("2026-03-10T22:30:00Z"), "Europe/Berlin", quiet)).toBe(at("2026-03-11T06:00:00Z"));
    expect(quietUntil(at("2026-03-10T12:00:00Z"), "UTC", null)).toBeNull();
  });

  it("cuts weeks from Monday and months from the 1st, in the schedule's zone", () => {
    // Wednesday 2026-03-11
    expect(periodStart(at("2026-03-11T10:00:00Z"), "weekly", "UTC")).toBe(at("2026-03-09T00:00:00Z"));
    expect(periodStart(at("2026-03-11T10:00:00Z"), "monthly", "UTC")).toBe(at("2026-03-01T00:00:00Z"));
    expect(periodStart(at("2026-03-01T03:00:00Z"), "monthly", "America/New_York")).toBe(at("2026-02-01T05:00:00Z"));
    const p = periodBefore(at("2026-03-09T00:00:00Z"), "weekly", "UTC");
    expect(p).toEqual({ from: at("2026-03-02T00:00:00Z"), to: at("2026-03-09T00:00:00Z"), firstDay: "2026-03-02", lastDay: "2026-03-08" });
    expect(nextPeriodStart(at("2026-12-01T00:00:00Z"), "monthly", "UTC")).toBe(at("2027-01-01T00:00:00Z"));
    expect(nextPeriodStart(at("2026-03-09T00:00:00Z"), "weekly", "UTC")).toBe(at("2026-03-16T00:00:00Z"));
  });
});
