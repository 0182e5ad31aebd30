import { describe, expect, it } from "vitest";
import { WINDOW_GRACE_MS } from "./params";
import { codeOf, DAY, FIXED_NOW, pathOf, simulatorWithData, type Reply } from "./test-helpers";

// The query windows: invitees (start within a year, ≤ 90 days a query), transfers (past month),
// the rebate reads (totals: start within a year, ≤ 90 days; commissions: ≤ 90 days; days as
// yyyy-MM-dd; their defaults), endTime ≥ startTime everywhere.

const SCALE = 0.05;
const NOW = FIXED_NOW;
const s = simulatorWithData(SCALE);

const total = (r: Reply) => {
  expect(r.status, r.text).toBe(200);
  return Number((r.body as { total: string }).total);
};
const inviteesBetween = (from: number, to: number) => s.data.invitees.filter((i) => i.registerTime >= from && i.registerTime <= to).length;

describe("getAffiliateUIDs windows", () => {
  const get = (q: Record<string, string | number>) => s.sim.get(pathOf("invitees"), q);

  it("refuses a start older than one year with -1170, allowing a minute of clock skew", async () => {
    const r = await get({ startTime: NOW - 366 * DAY, endTime: NOW - 300 * DAY });
    expect([r.status, codeOf(r)]).toEqual([400, -1170]);
    const skewed = await get({ startTime: NOW - 365 * DAY - WINDOW_GRACE_MS / 2, endTime: NOW - 300 * DAY });
    expect(skewed.status).toBe(200);
  });

  it("answers -1142 for a time that is not epoch milliseconds", async () => {
    expect(codeOf(await get({ startTime: "yesterday" }))).toBe(-1142);
  });

  it("refuses more than 90 days in one query with -1170 and end before start with -1171", async () => {
    expect(codeOf(await get({ startTime: NOW - 91 * DAY, endTime: NOW }))).toBe(-1170);
    expect((await get({ startTime: NOW - 90 * DAY, endTime: NOW })).status).toBe(200);
    expect(codeOf(await get({ startTime: NOW - DAY, endTime: NOW - 2 * DAY }))).toBe(-1171);
  });

  it("rejects a window the dashboard's own check (on another clock) would let through", async () => {
    // The exchange checks against its own clock: a year before *its* now.
    const r = await get({ startTime: NOW - 365 * DAY - 2 * WINDOW_GRACE_MS, endTime: NOW - 280 * DAY });
    expect(codeOf(r)).toBe(-1170);
  });

  it("defaults: none → the 90 days ending now; only endTime → 90 days before it; only startTime → 90 days after it", async () => {
    expect(total(await get({}))).toBe(inviteesBetween(NOW - 90 * DAY, NOW));
    const end = NOW - 100 * DAY;
    expect(total(await get({ endTime: end }))).toBe(inviteesBetween(end - 90 * DAY, end));
    const start = NOW - 300 * DAY;
    expect(total(await get({ startTime: start }))).toBe(inviteesBetween(start, start + 90 * DAY));
  });

  it("looks one user up by uid across the whole year when no window is given", async () => {
    const old = s.data.invitees.find((i) => i.registerTime < NOW - 200 * DAY)!;
    const r = await get({ uid: old.uid });
    expect((r.body as { channelUserInfoItemList: Array<{ uid: string }> }).channelUserInfoItemList.map((i) => i.uid)).toEqual([old.uid]);
    expect(total(await get({ uid: old.uid, startTime: NOW - 30 * DAY }))).toBe(0);
  });
});

describe("getInternalWithdrawalStatus windows (past month)", () => {
  const get = (q: Record<string, string | number>) => s.sim.get(pathOf("withdrawals"), q);

  it("refuses a start or end older than a month with -1170, allowing a minute of skew", async () => {
    expect(codeOf(await get({ startTime: NOW - 31 * DAY }))).toBe(-1170);
    expect(codeOf(await get({ endTime: NOW - 31 * DAY }))).toBe(-1170);
    expect((await get({ startTime: NOW - 30 * DAY - WINDOW_GRACE_MS / 2 })).status).toBe(200);
    expect(codeOf(await get({ startTime: NOW - DAY, endTime: NOW - 2 * DAY }))).toBe(-1171);
  });

  it("a window selects by createTime; no window is the whole month", async () => {
    const spotToSpot = s.data.transfers.filter((x) => x.fromAccountType === "SPOT" && x.toAccountType === "SPOT");
    const count = (from: number, to: number) => spotToSpot.filter((x) => x.createTime >= from && x.createTime <= to).length;
    expect(total(await get({}))).toBe(count(NOW - 30 * DAY, NOW));
    expect(total(await get({ startTime: NOW - 7 * DAY, endTime: NOW - 2 * DAY }))).toBe(count(NOW - 7 * DAY, NOW - 2 * DAY));
  });
});

describe("querySubChannelTransactions as WEEX's production service", () => {
  it("refuses a call without startTime or endTime with -1141 naming the missing one; a bounded window is served", async () => {
    const post = (body: object) => s.sim.post(pathOf("subAffiliates"), JSON.stringify({ productType: "SPOT", ...body }));
    const none = await post({});
    expect([none.status, codeOf(none)]).toEqual([400, -1141]);
    expect(none.text).toMatch(/'startTime'/);
    const noEnd = await post({ startTime: NOW - 3 * DAY, endTime: null });
    expect(codeOf(noEnd)).toBe(-1141);
    expect(noEnd.text).toMatch(/'endTime'/);
    const noStart = await post({ endTime: NOW });
    expect([noStart.status, codeOf(noStart)]).toEqual([400, -1141]);
    expect(noStart.text).toMatch(/'startTime'/);
    expect(total(await post({ startTime: NOW - 3 * DAY, endTime: NOW }))).toBeGreaterThan(0);
  });
});

describe("querySubChannelTransactions dates", () => {
  const post = (body: object) => s.sim.post(pathOf("subAffiliates"), JSON.stringify({ productType: "FUTURES", pageSize: 100, ...body }));

  it("selects whole UTC days between the dates of startTime and endTime; null bounds are absent", async () => {
    const day = (t: number) => new Date(t).toISOString().slice(0, 10);
    const start = NOW - 10 * DAY + 5 * 3_600_000; // mid-day: that whole day is included
    const r = await post({ startTime: start, endTime: NOW - 3 * DAY });
    const dates = new Set((r.body as { records: Array<{ date: string }> }).records.map((x) => x.date));
    expect([...dates].sort()[0]).toBe(day(start));
    expect([...dates].sort().at(-1)).toBe(day(NOW - 3 * DAY));
    expect([codeOf(await post({ startTime: null, endTime: null })), codeOf(await post({}))]).toEqual([-1141, -1141]);
    expect(codeOf(await post({ startTime: NOW, endTime: NOW - DAY }))).toBe(-1171);
  });
});

// The rebate reads (weex-facts.md, last section).

describe("getChannelUserTradeAndAsset windows", () => {
  const get = (q: Record<string, string | number>) => s.sim.get(pathOf("inviteeTotals"), q);

  it("refuses a 91-day window and a start older than 365 days with -1170, end before start with -1171", async () => {
    expect((await get({ startTime: NOW - 90 * DAY, endTime: NOW })).status).toBe(200);
    expect(codeOf(await get({ startTime: NOW - 91 * DAY, endTime: NOW }))).toBe(-1170);
    expect(codeOf(await get({ startTime: NOW - 366 * DAY, endTime: NOW - 300 * DAY }))).toBe(-1170);
    expect((await get({ startTime: NOW - 365 * DAY - WINDOW_GRACE_MS / 2, endTime: NOW - 300 * DAY })).status).toBe(200);
    expect(codeOf(await get({ startTime: NOW - DAY, endTime: NOW - 2 * DAY }))).toBe(-1171);
  });

  it("defaults: none → the last 90 days; only endTime → the 90 days before it; only startTime → the 90 days after it", async () => {
    const same = async (implicit: Record<string, number>, explicit: Record<string, number>) => expect((await get(implicit)).text).toBe((await get(explicit)).text);
    await same({}, { startTime: NOW - 90 * DAY, endTime: NOW });
    await same({ endTime: NOW - 100 * DAY }, { startTime: NOW - 190 * DAY, endTime: NOW - 100 * DAY });
    await same({ startTime: NOW - 200 * DAY }, { startTime: NOW - 200 * DAY, endTime: NOW - 110 * DAY });
    expect(total(await get({}))).toBeGreaterThan(0);
  });
});

describe("getAffiliateCommission windows", () => {
  const get = (q: Record<string, string | number>) => s.sim.get(pathOf("commissions"), q);

  it("at most 3 months (90 days: 91 → -1170); no age limit; end before start -1171; productType SPOT or FUTURES", async () => {
    expect((await get({ startTime: NOW - 90 * DAY, endTime: NOW })).status).toBe(200);
    expect(codeOf(await get({ startTime: NOW - 91 * DAY, endTime: NOW }))).toBe(-1170);
    expect(codeOf(await get({ startTime: NOW - 90 * DAY - 1, endTime: NOW }))).toBe(-1170);
    expect(total(await get({ startTime: NOW - 360 * DAY, endTime: NOW - 330 * DAY, productType: "FUTURES" }))).toBeGreaterThan(0);
    expect(codeOf(await get({ startTime: NOW - DAY, endTime: NOW - 2 * DAY }))).toBe(-1171);
    expect(codeOf(await get({ productType: "MARGIN" }))).toBe(-1140);
  });

  it("defaults: the last 7 days, SPOT", async () => {
    const implicit = await get({});
    expect(implicit.text).toBe((await get({ startTime: NOW - 7 * DAY, endTime: NOW, productType: "SPOT" })).text);
    expect(total(implicit)).toBeGreaterThan(0);
  });
});

describe("verifyReferrals, getAssert and getDealData limits", () => {
  it("verifyReferrals takes 1 to 100 ids", async () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => String(4_200_000_000 + i)).join(",");
    expect((await s.sim.get(pathOf("verifyReferrals"), { userIds: ids(100) })).status).toBe(200);
    expect(codeOf(await s.sim.get(pathOf("verifyReferrals"), { userIds: ids(101) }))).toBe(-1140);
    expect(codeOf(await s.sim.get(pathOf("verifyReferrals"), {}))).toBe(-1141);
  });

  it("days are yyyy-MM-dd (UTC), end on or after start; getAssert of a uid that is not a direct invitee is -1140", async () => {
    const invitee = s.data.invitees.find((i) => i.registerTime < NOW)!.uid;
    const assets = (q: Record<string, string | number>) => s.sim.get(pathOf("memberAssets"), { userId: invitee, ...q });
    expect((await assets({ startTime: "2026-03-01", endTime: "2026-03-01" })).status).toBe(200);
    expect(codeOf(await assets({ startTime: "2026-03-02", endTime: "2026-03-01" }))).toBe(-1171);
    expect(codeOf(await assets({ startTime: "2026-02-30" }))).toBe(-1140);
    expect(codeOf(await assets({ startTime: String(NOW) }))).toBe(-1140);
    expect(codeOf(await s.sim.get(pathOf("memberAssets"), { userId: "1" }))).toBe(-1140);
    expect(codeOf(await s.sim.get(pathOf("memberDeals"), { startTime: "2026-03-02", endTime: "2026-03-01" }))).toBe(-1171);
  });

  it("defaults: the end is today, the start 6 days before the end (getDealData echoes the days it applied)", async () => {
    const today = new Date(NOW).toISOString().slice(0, 10);
    const weekAgo = new Date(NOW - 6 * DAY).toISOString().slice(0, 10);
    const deals = (await s.sim.get(pathOf("memberDeals"))).body as { startTime: string; endTime: string };
    expect([deals.startTime, deals.endTime]).toEqual([weekAgo, today]);
    const fromOnly = (await s.sim.get(pathOf("memberDeals"), { startTime: "2026-02-01" })).body as { startTime: string; endTime: string };
    expect([fromOnly.startTime, fromOnly.endTime]).toEqual(["2026-02-01", today]);
    const invitee = s.data.invitees.find((i) => i.firstDeposit < NOW - 3 * DAY && i.firstDeposit > NOW - 5 * DAY)!.uid;
    const implicit = await s.sim.get(pathOf("memberAssets"), { userId: invitee });
    expect(implicit.text).toBe((await s.sim.get(pathOf("memberAssets"), { userId: invitee, startTime: weekAgo, endTime: today })).text);
    expect((implicit.body as { depositTotalAmount: string }).depositTotalAmount).not.toBe("0");
  });
});
