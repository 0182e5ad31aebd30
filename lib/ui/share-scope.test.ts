import { describe, expect, it } from "vitest";
import { allowedRanges, linkFilters } from "./share-scope";

const DAY = 86_400_000;
const H = 3_600_000;

describe("a share link's filters", () => {
  it("are the dimensions its view has, read from the page's URL keys", () => {
    expect(linkFilters("value", "?period=30d&inviteCode=SPRING&uid=42&sort=deposits&subUid=7").values).toEqual({ inviteCode: "SPRING", uid: "42" });
    expect(linkFilters("subAffiliates", "productType=SPOT&subUid=7&inviteCode=X").values).toEqual({ subUid: "7", productType: "SPOT" });
    expect(linkFilters("overview", "inviteCode=X&subUid=7&productType=SPOT").values).toEqual({});
  });

  it("are open in time without a period, as the view shows its default", () => {
    expect(linkFilters("value", "inviteCode=SPRING").period).toBeNull();
    expect(linkFilters("invitees", "inviteCode=SPRING&tz=Asia/Tokyo").period).toBeNull();
    expect(linkFilters("cohorts", "period=7d").period).toMatchObject({ kind: "period", preset: "7d", compare: "previous", tz: "UTC" });
    expect(linkFilters("invitees", "regFrom=2026-01-01&regTo=2026-01-31&tz=Asia/Tokyo").period).toEqual({ kind: "registration", from: "2026-01-01", to: "2026-01-31", tz: "Asia/Tokyo" });
  });
});

describe("the ranges a link's period allows", () => {
  const now = Date.UTC(2026, 10, 29, 12); // 2026-11-29 12:00 UTC

  it("stay rolling: last 30 days and the 30 before, resolved again at each request", () => {
    const period = linkFilters("value", "period=30d").period!;
    const today = Date.UTC(2026, 10, 29);
    expect(allowedRanges(period, "UTC", now)).toEqual([
      { startTime: today - 29 * DAY, endTime: today + DAY - 1 },
      { startTime: today - 59 * DAY, endTime: today - 29 * DAY - 1 },
    ]);
    // a week later the same link allows that week's last 30 days, and no longer the first week of the old ones
    const later = allowedRanges(period, "UTC", now + 7 * DAY)[0]!;
    expect(later).toEqual({ startTime: today - 22 * DAY, endTime: today + 8 * DAY - 1 });
  });

  it("are resolved in the request's zone", () => {
    const [p] = allowedRanges(linkFilters("value", "period=7d&tz=UTC").period!, "Asia/Shanghai", now);
    const todaySh = Date.UTC(2026, 10, 29) - 8 * H;
    expect(p).toEqual({ startTime: todaySh - 6 * DAY, endTime: todaySh + DAY - 1 });
  });

  it("keep a custom period and comparison fixed, and registration days as days", () => {
    const custom = linkFilters("value", "period=custom&from=2026-10-01&to=2026-10-31&compare=year").period!;
    expect(allowedRanges(custom, "UTC", now)).toEqual([
      { startTime: Date.UTC(2026, 9, 1), endTime: Date.UTC(2026, 10, 1) - 1 },
      { startTime: Date.UTC(2025, 9, 1), endTime: Date.UTC(2025, 10, 1) - 1 },
    ]);
    const reg = linkFilters("invitees", "regFrom=2026-10-01").period!;
    expect(allowedRanges(reg, "UTC", now)).toEqual([{ startTime: Date.UTC(2026, 9, 1), endTime: undefined }]);
  });
});
