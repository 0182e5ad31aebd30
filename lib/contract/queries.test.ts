import { describe, expect, it } from "vitest";

import { LISTS } from "./params";
import { BODIES, funnelQuery, inviteesExportQuery, leaderboardQuery, PATH_PARAMS, QUERIES, seriesQuery, subAffiliatesExportQuery, withdrawalsExportQuery } from "./queries";
import { DAY_MS } from "../time/calendar";

/** The field paths a query is refused for (empty when accepted). */
function refused(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[] }[] } } }, q: Record<string, string>): string[] {
  const r = schema.safeParse(q);
  return r.success ? [] : r.error!.issues.map((i) => i.path.join("."));
}

describe("route queries", () => {
  it("series: defaults, both product types, granularity and IANA zone", () => {
    expect(seriesQuery.parse({})).toEqual({ granularity: "day", tz: "UTC" });
    expect(seriesQuery.parse({ productType: "SPOT", subUid: "702345678901234567", startTime: "1", endTime: "2", granularity: "week", tz: "Asia/Kolkata" })).toEqual({
      productType: "SPOT",
      subUid: "702345678901234567",
      startTime: 1,
      endTime: 2,
      granularity: "week",
      tz: "Asia/Kolkata",
    });
    expect(refused(seriesQuery, { granularity: "hour" })).toEqual(["granularity"]);
    expect(refused(seriesQuery, { tz: "+05:30" })).toEqual(["tz"]);
    expect(refused(seriesQuery, { tz: "Mars/Base" })).toEqual(["tz"]);
    expect(refused(seriesQuery, { productType: "MARGIN" })).toEqual(["productType"]);
    expect(refused(seriesQuery, { subUid: "1.5" })).toEqual(["subUid"]);
    expect(refused(seriesQuery, { startTime: "10", endTime: "5" })).toEqual(["endTime"]);
    expect(refused(seriesQuery, { page: "2" })).toEqual([""]); // unknown key (reported on the object)
  });

  it("sub-affiliate export: as series without granularity", () => {
    expect(subAffiliatesExportQuery.parse({ productType: "FUTURES" })).toEqual({ productType: "FUTURES" });
    expect(refused(subAffiliatesExportQuery, { granularity: "day" })).toHaveLength(1);
  });

  it("leaderboard: by and limit ≤ 100", () => {
    expect(leaderboardQuery.parse({})).toEqual({ by: "commission", limit: 10 });
    expect(leaderboardQuery.parse({ by: "volume", limit: "100" })).toMatchObject({ by: "volume", limit: 100 });
    expect(refused(leaderboardQuery, { limit: "101" })).toEqual(["limit"]);
    expect(refused(leaderboardQuery, { limit: "0" })).toEqual(["limit"]);
    expect(refused(leaderboardQuery, { by: "fee" })).toEqual(["by"]);
  });

  it("invitee export and funnel: up to a year (with a day of grace), longer than 90 days", () => {
    const now = Date.now();
    expect(refused(inviteesExportQuery, { startTime: String(now - 365 * DAY_MS), endTime: String(now) })).toEqual([]);
    expect(refused(inviteesExportQuery, { startTime: String(now - 367 * DAY_MS) })).toEqual(["startTime"]);
    expect(refused(funnelQuery, { startTime: String(now - 200 * DAY_MS), endTime: String(now) })).toEqual([]);
    expect(refused(funnelQuery, { startTime: String(now) })).toEqual(["endTime"]);
    expect(refused(funnelQuery, { startTime: String(now), endTime: String(now - 1) })).toEqual(["endTime"]);
    // An end far in the future would be sliced, bucketed and walked for ever: at most a year and a day long.
    const farFuture = String(8_640_000_000_000_000);
    for (const path of ["/api/affiliate/invitees/funnel", "/api/affiliate/invitees/export", "/api/affiliate/invitees/cohorts", "/api/affiliate/invitees/codes"] as const) {
      expect(refused(QUERIES[path], { startTime: String(now - DAY_MS), endTime: farFuture }), path).not.toEqual([]);
      expect(refused(QUERIES[path], { startTime: String(now - 365 * DAY_MS), endTime: String(now) }), path).toEqual([]);
    }
  });

  it("transfer export: the list filters and the past month", () => {
    const now = Date.now();
    expect(refused(withdrawalsExportQuery, { coin: "USDT", fromAccountType: "FUND", startTime: String(now - 10 * DAY_MS) })).toEqual([]);
    expect(refused(withdrawalsExportQuery, { startTime: String(now - 40 * DAY_MS) })).toEqual(["startTime"]);
    expect(refused(withdrawalsExportQuery, { toAccountType: "MARGIN" })).toEqual(["toAccountType"]);
  });
});

describe("the source parameter", () => {
  const invitees = QUERIES["/api/affiliate/invitees"];
  const old = { startTime: String(Date.now() - 400 * DAY_MS), endTime: String(Date.now() - 380 * DAY_MS) };

  it("auto and live keep the upstream's windows; archive lifts them", () => {
    const auto = invitees.safeParse(old);
    expect(auto.success).toBe(false);
    expect(auto.error!.issues[0].path).toEqual(["startTime"]);
    expect(invitees.safeParse({ ...old, source: "live" }).success).toBe(false);
    const archive = invitees.safeParse({ ...old, source: "archive" });
    expect(archive.success).toBe(true);
    // the page size the invitee page asks for by default (one constant with the page)
    expect(archive.data).toMatchObject({ source: "archive", page: 1, pageSize: LISTS.invitees.defaultSize });
    // still ordered, still strict
    const backwards = invitees.safeParse({ startTime: old.endTime, endTime: old.startTime, source: "archive" });
    expect(backwards.error!.issues[0].path).toEqual(["endTime"]);
    const unknown = invitees.safeParse({ source: "archive", bogus: "1" });
    expect(unknown.error!.issues[0]).toMatchObject({ path: ["bogus"], message: "is not a known field" });
  });

  it("defaults to auto and names a bad value", () => {
    expect(invitees.parse({}).source).toBe("auto");
    expect(invitees.safeParse({ source: "cache" }).error!.issues[0].path).toEqual(["source"]);
  });
});

describe("what each invitee is worth: value, commissions, referral checks", () => {
  const now = Date.now();
  const range = (days: number, ago = 0) => ({ startTime: String(now - (ago + days) * DAY_MS), endTime: String(now - ago * DAY_MS) });

  it("value list: both ends, sort and coin, paging from LISTS; live reads at most a week", () => {
    const value = QUERIES["/api/affiliate/invitees/value"];
    expect(value.parse(range(30))).toMatchObject({ source: "auto", sort: "commission", page: 1, pageSize: LISTS.inviteeValue.defaultSize });
    expect(value.parse({ ...range(30), sort: "deposits", coin: "btc", inviteCode: " VIP ", uid: "4200000001" })).toMatchObject({ sort: "deposits", coin: "BTC", inviteCode: "VIP", uid: "4200000001" });
    expect(refused(value, { startTime: range(1).startTime })).toEqual(["endTime"]);
    expect(refused(value, { ...range(30), sort: "fee" })).toEqual(["sort"]);
    expect(refused(value, { ...range(30), pageSize: "101" })).toEqual(["pageSize"]);
    expect(refused(value, { ...range(8), source: "live" })).toEqual(["endTime"]);
    expect(refused(value, { ...range(7), source: "live" })).toEqual([]);
    // live names codes for the uid filter's invitee only: a code filter would walk WEEX's invitee year
    expect(refused(value, { ...range(7), source: "live", inviteCode: "VIP" })).toEqual(["inviteCode"]);
    expect(refused(QUERIES["/api/affiliate/invitees/value/export"], { ...range(7), source: "live", inviteCode: "VIP" })).toEqual(["inviteCode"]);
    expect(refused(value, { ...range(7), source: "live", uid: "4200000001" })).toEqual([]);
    // the year auto and live keep (WEEX's totals), which archive lifts
    expect(refused(value, range(30, 400))).toEqual(["startTime", "endTime"]);
    expect(refused(value, { ...range(30, 400), source: "archive" })).toEqual([]);
  });

  it("commission records: productType optional (both), sourceType 1 or 2, coin upper-cased; live at most a week", () => {
    const list = QUERIES["/api/affiliate/commissions"];
    expect(list.parse({})).toMatchObject({ source: "auto", page: 1, pageSize: LISTS.commissions.defaultSize });
    expect(list.parse({ sourceType: "2", coin: "usdt", symbol: "cmt_btcusdt", productType: "FUTURES" })).toMatchObject({ sourceType: 2, coin: "USDT", symbol: "cmt_btcusdt", productType: "FUTURES" });
    expect(refused(list, { sourceType: "3" })).toEqual(["sourceType"]);
    expect(refused(list, { pageSize: "200" })).toEqual(["pageSize"]);
    // no age limit (WEEX sets none), but a year at most with auto
    expect(refused(list, range(30, 800))).toEqual([]);
    expect(refused(list, range(400))).toEqual(["endTime"]);
    expect(refused(list, { ...range(400), source: "archive" })).toEqual([]);
    expect(refused(QUERIES["/api/affiliate/commissions/export"], { ...range(8), source: "live" })).toEqual(["endTime"]);
    const series = QUERIES["/api/affiliate/commissions/series"];
    expect(series.parse(range(30))).toMatchObject({ granularity: "day", tz: "UTC", source: "auto" });
    expect(refused(series, { ...range(30), tz: "+08:00" })).toEqual(["tz"]);
    expect(refused(series, { startTime: range(30).startTime })).toEqual(["endTime"]);
  });

  it("referral check: 1 to 10,000 uids, each bad one named by its place", () => {
    const body = BODIES["/api/affiliate/referrals/verify"];
    expect(body.parse({ uids: ["4200000001", 4200000002] })).toEqual({ uids: ["4200000001", "4200000002"], source: "auto" });
    const bad = body.safeParse({ uids: ["4200000001", "abc", "4200000003", "-5"] });
    expect(bad.error!.issues.map((i) => i.path.join("."))).toEqual(["uids.1", "uids.3"]);
    expect(body.safeParse({ uids: [] }).success).toBe(false);
    expect(body.safeParse({ uids: Array.from({ length: 10_001 }, (_, i) => String(1000 + i)) }).error!.issues[0].path).toEqual(["uids"]);
    expect(body.safeParse({ uids: ["1"], source: "archive" }).error!.issues[0].path).toEqual(["source"]);
    expect(PATH_PARAMS["/api/affiliate/invitees/[uid]/assets"].safeParse({ uid: "x" }).success).toBe(false);
  });
});
