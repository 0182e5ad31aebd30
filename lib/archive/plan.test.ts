import { describe, expect, it } from "vitest";
import { WINDOWS } from "@/lib/weex/endpoints";
import { chunkNewestFirst, gaps, mergeIntervals } from "./intervals";
import { planResync, planRun } from "./plan";
import { heldDays, splitByTime, splitSubAffiliates } from "./select";
import { DEFAULT_SETTINGS as S } from "./settings";
import { DAY_MS, utcDayStart } from "@/lib/time/calendar";

const NOW = Date.UTC(2026, 10, 22, 13, 45, 10, 500);
const TODAY = utcDayStart(NOW);

describe("intervals", () => {
  it("merges overlapping and touching intervals, finds gaps, cuts newest first", () => {
    expect(mergeIntervals([{ from: 10, to: 20 }, { from: 0, to: 4 }, { from: 5, to: 9 }, { from: 30, to: 40 }])).toEqual([
      { from: 0, to: 20 },
      { from: 30, to: 40 },
    ]);
    expect(gaps(0, 50, [{ from: 10, to: 20 }, { from: 30, to: 40 }])).toEqual([
      { from: 0, to: 9 },
      { from: 21, to: 29 },
      { from: 41, to: 50 },
    ]);
    expect(gaps(12, 18, [{ from: 10, to: 20 }])).toEqual([]);
    expect(chunkNewestFirst({ from: 0, to: 24 }, 10)).toEqual([
      { from: 15, to: 24 },
      { from: 5, to: 14 },
      { from: 0, to: 4 },
    ]);
  });
});

describe("planRun: sub-affiliate records", () => {
  it("first run: today and yesterday first, then the year back in whole-day slices, no hole, no overlap", () => {
    const plan = planRun("subAffiliates", { now: NOW, coverage: [] }, S);
    expect(plan.kind).toBe("backfill");
    const [recent, ...rest] = plan.slices;
    expect(recent).toEqual({ kind: "backfill", from: TODAY - DAY_MS, to: NOW });
    // contiguous, newest first, each on day boundaries, at most 30 days
    let expectTo = TODAY - DAY_MS - 1;
    for (const s of rest) {
      expect(s.to).toBe(expectTo);
      expect(s.from % DAY_MS).toBe(0);
      expect(s.to - s.from + 1).toBeLessThanOrEqual(30 * DAY_MS);
      expectTo = s.from - 1;
    }
    expect(expectTo + 1).toBe(TODAY - 364 * DAY_MS); // 365 days, today included
  });

  it("next run re-reads from the day before the newest instant held; a downtime is covered whole", () => {
    const held = [{ from: TODAY - 364 * DAY_MS, to: NOW - 60_000 }];
    expect(planRun("subAffiliates", { now: NOW, coverage: held }, S)).toEqual({
      kind: "incremental",
      slices: [{ kind: "incremental", from: TODAY - DAY_MS, to: NOW }],
    });
    // last synced five days ago at 23:59: re-read from six days ago
    // (held since a backfill five days ago, so the horizon has moved five days since)
    const stale = [{ from: TODAY - 359 * DAY_MS, to: TODAY - 4 * DAY_MS - 1 }];
    const plan = planRun("subAffiliates", { now: NOW, coverage: stale }, S);
    expect(plan.slices[0]).toEqual({ kind: "incremental", from: TODAY - 6 * DAY_MS, to: NOW });
    expect(plan.slices.slice(1)).toEqual([{ kind: "backfill", from: TODAY - 364 * DAY_MS, to: TODAY - 359 * DAY_MS - 1 }]);
  });

  it("a hole in the middle is backfilled on day boundaries", () => {
    const held = [
      { from: TODAY - 364 * DAY_MS, to: TODAY - 200 * DAY_MS + 5_000_000 },
      { from: TODAY - 100 * DAY_MS, to: NOW - 1000 },
    ];
    const plan = planRun("subAffiliates", { now: NOW, coverage: held }, S);
    expect(plan.kind).toBe("backfill");
    const back = plan.slices.filter((s) => s.kind === "backfill");
    expect(back[back.length - 1].from).toBe(TODAY - 200 * DAY_MS);
    expect(back[0].to).toBe(TODAY - 100 * DAY_MS - 1);
  });
});

describe("planRun: invitees and transfers", () => {
  it("invitees: the year in ≤ 90-day slices, inside the upstream's window", () => {
    const plan = planRun("invitees", { now: NOW, coverage: [], refreshedAt: null }, S);
    expect(plan.kind).toBe("backfill");
    expect(plan.slices[0].to).toBe(NOW);
    for (const s of plan.slices) expect(s.to - s.from).toBeLessThanOrEqual(WINDOWS.invitees.maxSpanMs);
    expect(plan.slices.at(-1)!.from).toBe(NOW - WINDOWS.invitees.maxAgeMs + S.windowMarginMs);
  });

  it("invitees: registrations since the newest held (with overlap), and the whole year when a refresh is due", () => {
    const held = [{ from: NOW - 300 * DAY_MS, to: NOW - 60_000 }];
    const inc = planRun("invitees", { now: NOW, coverage: held, refreshedAt: NOW - 60_000 }, S);
    expect(inc).toEqual({ kind: "backfill", slices: expect.any(Array) }); // the 65 days before what is held are missing
    expect(inc.slices[0]).toEqual({ kind: "incremental", from: NOW - 60_000 - S.overlapMs, to: NOW });
    const full = [{ from: NOW - WINDOWS.invitees.maxAgeMs, to: NOW - 60_000 }];
    expect(planRun("invitees", { now: NOW, coverage: full, refreshedAt: NOW - 60_000 }, S).kind).toBe("incremental");
    const refresh = planRun("invitees", { now: NOW, coverage: full, refreshedAt: NOW - S.inviteeRefreshMs }, S);
    expect(refresh.kind).toBe("refresh");
    expect(refresh.slices.length).toBe(5);
  });

  it("transfers: from the oldest PROGRESSING one still in the window", () => {
    const held = [{ from: NOW - 40 * DAY_MS, to: NOW - 60_000 }];
    const open = NOW - 3 * DAY_MS;
    expect(planRun("withdrawals", { now: NOW, coverage: held, oldestOpen: open }, S).slices).toEqual([{ kind: "incremental", from: open, to: NOW }]);
    expect(planRun("withdrawals", { now: NOW, coverage: held, oldestOpen: null }, S).slices).toEqual([
      { kind: "incremental", from: NOW - 60_000 - S.overlapMs, to: NOW },
    ]);
  });

  it("a re-sync is clamped to what the upstream still serves", () => {
    expect(planResync("withdrawals", { from: NOW - 90 * DAY_MS, to: NOW - 80 * DAY_MS }, NOW, S)).toEqual([]);
    const r = planResync("withdrawals", { from: NOW - 90 * DAY_MS, to: NOW }, NOW, S);
    expect(r[r.length - 1].from).toBe(NOW - WINDOWS.withdrawals.maxAgeMs + S.windowMarginMs);
    expect(planResync("subAffiliates", { from: TODAY - 3 * DAY_MS + 5, to: TODAY - DAY_MS + 7 }, NOW, S)).toEqual([
      { kind: "resync", from: TODAY - 3 * DAY_MS, to: TODAY - 1 },
    ]);
  });
});

describe("source selection", () => {
  const held = { coverage: [{ from: TODAY - 364 * DAY_MS, to: NOW - 60_000 }], syncedAt: NOW - 60_000 };
  const horizon = TODAY - 364 * DAY_MS;

  it("sub-affiliates: whole days held from the archive, today live", () => {
    expect(heldDays({ from: TODAY - 5 * DAY_MS + 1, to: NOW })).toEqual({ from: TODAY - 4 * DAY_MS, to: TODAY - 1 });
    const year = { startTime: TODAY - 364 * DAY_MS, endTime: NOW };
    expect(splitSubAffiliates(year, held, "auto", NOW, horizon)).toEqual([
      { from: "live", startTime: TODAY, endTime: TODAY + DAY_MS - 1 },
      { from: "archive", startTime: TODAY - 364 * DAY_MS, endTime: TODAY - 1 },
    ]);
    const past = { startTime: TODAY - 30 * DAY_MS, endTime: TODAY - 2 * DAY_MS + 5 };
    expect(splitSubAffiliates(past, held, "auto", NOW, horizon)).toEqual([{ from: "archive", startTime: TODAY - 30 * DAY_MS, endTime: TODAY - DAY_MS - 1 }]);
    // no start: everything; the backfill reached the horizon, so nothing older is asked live
    expect(splitSubAffiliates({}, held, "auto", NOW, horizon).map((p) => p.from)).toEqual(["live", "archive"]);
    expect(splitSubAffiliates(year, { coverage: [], syncedAt: null }, "auto", NOW, horizon)).toEqual([{ from: "live", startTime: year.startTime, endTime: TODAY + DAY_MS - 1 }]);
    expect(splitSubAffiliates(year, held, "live", NOW, horizon)).toEqual([{ from: "live", ...year }]);
    expect(splitSubAffiliates(year, held, "archive", NOW, horizon)).toEqual([{ from: "archive", ...year }]);
  });

  it("sub-affiliates from the epoch: every live part carries both bounds (WEEX answers only a bounded window)", () => {
    const recent = { coverage: [{ from: TODAY - 14 * DAY_MS, to: NOW - 60_000 }], syncedAt: NOW - 60_000 };
    const parts = splitSubAffiliates({ startTime: 0, endTime: NOW }, recent, "auto", NOW, horizon);
    expect(parts).toEqual([
      { from: "live", startTime: TODAY, endTime: TODAY + DAY_MS - 1 },
      { from: "archive", startTime: TODAY - 14 * DAY_MS, endTime: TODAY - 1 },
      { from: "live", startTime: 0, endTime: TODAY - 14 * DAY_MS - 1 },
    ]);
    // no archive yet: one live part from the epoch
    expect(splitSubAffiliates({ startTime: 0, endTime: NOW }, { coverage: [], syncedAt: null }, "auto", NOW, horizon)).toEqual([{ from: "live", startTime: 0, endTime: TODAY + DAY_MS - 1 }]);
  });

  it("invitees and transfers: the archive up to its last sync, live since; nothing live beyond the window", () => {
    const invHeld = { coverage: [{ from: NOW - 500 * DAY_MS, to: NOW - 60_000 }], syncedAt: NOW - 60_000 };
    expect(splitByTime("invitees", { startTime: NOW - 10 * DAY_MS }, invHeld, "auto", NOW)).toEqual([
      { from: "live", startTime: NOW - 60_000 + 1, endTime: NOW },
      { from: "archive", startTime: NOW - 10 * DAY_MS, endTime: NOW - 60_000 },
    ]);
    // no start: the upstream's default window (90 days before the end)
    expect(splitByTime("invitees", { endTime: NOW - 2 * DAY_MS }, invHeld, "auto", NOW)).toEqual([
      { from: "archive", startTime: NOW - 92 * DAY_MS, endTime: NOW - 2 * DAY_MS },
    ]);
    // synced a minute ago: the archive answers up to now when that is fresh enough
    expect(splitByTime("invitees", { startTime: NOW - 10 * DAY_MS }, invHeld, "auto", NOW, 5 * 60_000)).toEqual([
      { from: "archive", startTime: NOW - 10 * DAY_MS, endTime: NOW },
    ]);
    // the archive began a week ago: older transfers come live, as far as the month reaches
    const wk = { coverage: [{ from: NOW - 7 * DAY_MS, to: NOW - 1 }], syncedAt: NOW - 1 };
    const parts = splitByTime("withdrawals", { startTime: NOW - 60 * DAY_MS, endTime: NOW - 1 }, wk, "auto", NOW);
    expect(parts.map((p) => p.from)).toEqual(["archive", "live"]);
    expect(parts[1].startTime).toBeGreaterThanOrEqual(NOW - WINDOWS.withdrawals.maxAgeMs);
  });
});
