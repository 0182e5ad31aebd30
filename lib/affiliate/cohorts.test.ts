import { describe, expect, it } from "vitest";
import type { InviteeRecord } from "@/lib/weex/records";
import {
  activityOf,
  buildCohorts,
  cohortBuckets,
  matchesExtra,
  medianHours,
  sortCodes,
  stageOf,
  addToCode,
  tradeDelayBin,
  type CodeItem,
} from "./cohorts";

const H = 3_600_000;
const D = 24 * H;
const at = (iso: string) => Date.parse(iso);

function rec(p: Partial<InviteeRecord> & { registerTime: number }): InviteeRecord {
  return { uid: String(p.registerTime), kycResult: false, inviteCode: null, firstDeposit: null, firstTrade: null, lastDeposit: null, lastTrade: null, ...p };
}

async function* once<T>(items: T[]) {
  yield items;
}

describe("cohort buckets", () => {
  // 2026-11-22 is a Sunday: 23:30 UTC is Monday 07:30 in Shanghai.
  const sundayNight = at("2026-11-22T23:30:00Z");
  const range = { startTime: at("2026-11-09T00:00:00Z"), endTime: at("2026-11-29T23:59:59Z") };

  it("puts a registration at 23:30 UTC on Sunday in different weeks in UTC and in Asia/Shanghai", async () => {
    const records = [rec({ registerTime: sundayNight })];
    const utc = await buildCohorts(once(records), { ...range, by: "week", tz: "UTC" }, sundayNight);
    const sh = await buildCohorts(once(records), { ...range, by: "week", tz: "Asia/Shanghai" }, sundayNight);
    expect(utc.items.find((i) => i.registered === 1)?.cohort).toBe("2026-11-16");
    expect(sh.items.find((i) => i.registered === 1)?.cohort).toBe("2026-11-23");
  });

  it("starts weeks on Monday at local midnight and lists empty cohorts with zeros", async () => {
    const b = cohortBuckets(range.startTime, range.endTime, "week", "Asia/Shanghai");
    // (the range ends on Sunday 23:59 UTC: already Monday 30 November in Shanghai)
    expect(b.map((x) => x.cohort)).toEqual(["2026-11-09", "2026-11-16", "2026-11-23", "2026-11-30"]);
    expect(b[1].from).toBe(at("2026-11-15T16:00:00Z"));
    expect(b[1].to - b[1].from).toBe(7 * D);
    const c = await buildCohorts(once([]), { ...range, by: "week", tz: "UTC" }, range.endTime);
    expect(c.items.map((i) => i.registered)).toEqual([0, 0, 0]);
    expect(c.items[0].medianHoursToFirstTrade).toBeNull();
  });

  it("cuts months at local midnight of the 1st, across DST and year ends", () => {
    const b = cohortBuckets(at("2025-12-31T23:00:00Z"), at("2026-03-31T12:00:00Z"), "month", "America/New_York");
    expect(b.map((x) => x.cohort)).toEqual(["2025-12-01", "2026-01-01", "2026-02-01", "2026-03-01"]);
    expect(b[1].from).toBe(at("2026-01-01T05:00:00Z"));
    expect(b[3].to).toBe(at("2026-04-01T04:00:00Z")); // EDT after 8 March
    // 31 Dec 23:00 UTC is 18:00 in New York: December; in Tokyo it is already January
    expect(cohortBuckets(at("2025-12-31T23:00:00Z"), at("2025-12-31T23:00:00Z"), "month", "Asia/Tokyo")[0].cohort).toBe("2026-01-01");
  });
});

describe("cohort figures", () => {
  const reg = at("2026-11-16T10:00:00Z");
  const now = at("2026-12-20T00:00:00Z");
  const range = { startTime: at("2026-11-16T00:00:00Z"), endTime: at("2026-11-22T23:59:59.999Z"), by: "week" as const, tz: "UTC" };

  it("counts within d days inclusively, activity over the 30 days before now, the median in hours", async () => {
    const records = [
      rec({ registerTime: reg, kycResult: true, firstDeposit: reg + D, firstTrade: reg + D, lastTrade: now - 30 * D }), // exactly 1 day, active at the edge
      rec({ registerTime: reg, firstDeposit: reg + D + 1, firstTrade: reg + 7 * D + 1, lastTrade: now - 30 * D - 1 }), // just past 1 / 7 days; dormant
      rec({ registerTime: reg, kycResult: true }),
      rec({ registerTime: range.endTime + 1, firstTrade: reg }), // outside the range
    ];
    const c = await buildCohorts(once(records), range, now);
    expect(c.items).toHaveLength(1);
    const i = c.items[0];
    expect(i).toMatchObject({ cohort: "2026-11-16", registered: 3, kycPassed: 2, deposited: 2, traded: 2, activeLast30d: 1 });
    expect(i.depositedWithin).toEqual({ d1: 1, d7: 2, d30: 2 });
    expect(i.tradedWithin).toEqual({ d1: 1, d7: 1, d30: 2 });
    // delays 24 h and 168 h + 1 ms: median 96 h (to 0.01 h)
    expect(i.medianHoursToFirstTrade).toBe("96");
    expect(c.timeToFirstTrade.map((b) => b.traded)).toEqual([0, 0, 1, 0, 0, 1, 0]);
  });

  it("medians: odd count, even count, fractions of an hour", () => {
    expect(medianHours([])).toBeNull();
    expect(medianHours([3 * H, H, 100 * H])).toBe("3");
    expect(medianHours([12 * H, 13 * H])).toBe("12.5");
    expect(medianHours([0, 0.5 * H])).toBe("0.25");
    expect(tradeDelayBin(H)).toBe(0);
    expect(tradeDelayBin(H + 1)).toBe(1);
    expect(tradeDelayBin(1000 * H)).toBe(6);
  });
});

describe("invite codes", () => {
  it("counts per code, an absent code as its own row, most registrations first", () => {
    const rows = new Map<string | null, CodeItem>();
    for (const r of [
      rec({ registerTime: 1, inviteCode: "B", kycResult: true, firstTrade: 5 }),
      rec({ registerTime: 2, inviteCode: "A" }),
      rec({ registerTime: 3, inviteCode: "B", firstDeposit: 4 }),
      rec({ registerTime: 4 }),
    ])
      addToCode(rows, r);
    expect(sortCodes(rows.values())).toEqual([
      { inviteCode: "B", registered: 2, kycPassed: 1, deposited: 1, traded: 1 },
      { inviteCode: "A", registered: 1, kycPassed: 0, deposited: 0, traded: 0 },
      { inviteCode: null, registered: 1, kycPassed: 0, deposited: 0, traded: 0 },
    ]);
  });
});

describe("stage and activity filters", () => {
  const now = at("2026-11-23T00:00:00Z");
  it("reads the furthest stage and the activity", () => {
    expect(stageOf(rec({ registerTime: 1 }))).toBe("registered");
    expect(stageOf(rec({ registerTime: 1, kycResult: true }))).toBe("kyc");
    expect(stageOf(rec({ registerTime: 1, kycResult: true, firstDeposit: 2 }))).toBe("deposited");
    expect(stageOf(rec({ registerTime: 1, firstTrade: 2 }))).toBe("traded");
    expect(activityOf(rec({ registerTime: 1 }), 30, now)).toBe("never");
    expect(activityOf(rec({ registerTime: 1, firstTrade: 2, lastTrade: now - 30 * D }), 30, now)).toBe("active");
    expect(activityOf(rec({ registerTime: 1, firstTrade: 2, lastTrade: now - 30 * D - 1 }), 30, now)).toBe("dormant");
    expect(activityOf(rec({ registerTime: 1, firstTrade: 2, lastTrade: now - 30 * D - 1 }), 31, now)).toBe("active");
  });
  it("combines the filters", () => {
    const f = matchesExtra({ stage: "traded", activity: "dormant", inviteCode: "X" }, now);
    expect(f(rec({ registerTime: 1, inviteCode: "X", firstTrade: 2, lastTrade: 3 }))).toBe(true);
    expect(f(rec({ registerTime: 1, inviteCode: "Y", firstTrade: 2, lastTrade: 3 }))).toBe(false);
    expect(f(rec({ registerTime: 1, inviteCode: "X", firstTrade: 2, lastTrade: now }))).toBe(false);
  });
});
