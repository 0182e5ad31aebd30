import { describe, expect, it } from "vitest";
import { isIanaTimeZone, subAffiliateWindow } from "./params";

describe("isIanaTimeZone", () => {
  it("accepts zone names and refuses offsets and nonsense", () => {
    for (const tz of ["UTC", "Asia/Kolkata", "America/New_York", "America/Argentina/Buenos_Aires", "Etc/GMT+5"]) expect(isIanaTimeZone(tz), tz).toBe(true);
    for (const tz of ["", "+05:30", "Mars/Olympus", "UTC+1", "../etc", "Asia/Kolkata ", "a".repeat(200)]) expect(isIanaTimeZone(tz), tz).toBe(false);
  });
});

describe("subAffiliateWindow: WEEX answers only a bounded window, so the open ends are chosen", () => {
  const DAY = 86_400_000;
  const now = Date.UTC(2026, 4, 31, 15, 30); // 2026-05-31 15:30 UTC
  const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);

  it("no range: the last 30 UTC dates up to now, today's included", () => {
    const w = subAffiliateWindow({}, now);
    expect(w).toEqual({ startTime: Date.UTC(2026, 4, 2), endTime: now, chosen: true });
    expect([date(w.startTime), date(w.endTime)]).toEqual(["2026-05-02", "2026-05-31"]);
  });

  it("only an end: the 30 dates ending with its date; only a start: up to now (a future start: that instant)", () => {
    const end = Date.UTC(2026, 1, 10, 8);
    expect(subAffiliateWindow({ endTime: end }, now)).toEqual({ startTime: Date.UTC(2026, 0, 12), endTime: end, chosen: true });
    const start = Date.UTC(2026, 3, 1);
    expect(subAffiliateWindow({ startTime: start }, now)).toEqual({ startTime: start, endTime: now, chosen: true });
    expect(subAffiliateWindow({ startTime: now + DAY }, now)).toEqual({ startTime: now + DAY, endTime: now + DAY, chosen: true });
  });

  it("a range the person gave is kept as it is", () => {
    expect(subAffiliateWindow({ startTime: 5, endTime: 7 }, now)).toEqual({ startTime: 5, endTime: 7, chosen: false });
  });
});
