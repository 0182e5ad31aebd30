/**
 * Partners through HTTP with real sessions: an admin creates partners with disjoint
 * scopes (over the API, as /admin/users does), each signs in, and every answer they get holds
 * their scope's rows only — lists, totals, series, leaderboards, funnel, codes, exports — while
 * the routes that are not a partner's answer 403, and naming someone else's UID or invite code
 * is a 403 naming the field, with nothing sent upstream. A scope change applies to the
 * partner's next request. The admin's answers (unscoped) are the reference: each partner total
 * equals the sum over the admin's rows of that scope, in decimal arithmetic.
 *
 * `source=live` throughout: past days of the simulator are fixed, while the archive may be
 * syncing in the background between two requests of one comparison.
 */
import Decimal from "decimal.js";
import { beforeAll, describe, expect, it } from "vitest";
import { api as rawApi, login, simRecent, type ApiInit } from "./helpers";
import { patiently } from "./patient";
import type { SubAffiliateRow } from "../../lib/contract/responses";
import { DAY_MS } from "../../lib/time/calendar";

const D = Decimal.clone({ precision: 100 });
const api = <T>(path: string, init: ApiInit = {}) => patiently(() => rawApi<T>(path, init));

interface Invitee {
  uid: string;
  registerTime: number;
  inviteCode: string | null;
  kycResult: boolean;
  firstDeposit: number | null;
  firstTrade: number | null;
}
type Metric = "tradingVolume" | "netTradingFee" | "paidCommission";
const METRICS: Metric[] = ["tradingVolume", "netTradingFee", "paidCommission"];

const dayStart = (ms: number) => ms - (ms % DAY_MS);
// whole past UTC days: the same answer however often it is asked
const endTime = dayStart(Date.now()) - DAY_MS - 1;
const startTime = dayStart(Date.now()) - 8 * DAY_MS;
const range = `startTime=${startTime}&endTime=${endTime}`;
// Invitees over the last three of those days: a partner's live list walks every invitee of the
// range for each of its pages (WEEX cannot filter by invite code, and `source=live` is never
// cached), and the simulator registers ~250 a day at scale 1.
const inviteeRange = `startTime=${dayStart(Date.now()) - 3 * DAY_MS}&endTime=${endTime}`;

let admin: string;
const stamp = Date.now().toString(36);
const name = (who: string) => `p${who}-${stamp}`;
const PASSWORD = "partner-password";

/** Every page of a list (live). */
async function all<T>(path: string, cookie: string): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const r = await api<{ items: T[]; hasNextPage: boolean }>(`${path}&source=live&page=${page}&pageSize=100`, { cookie });
    expect(r.status, `${path}: ${r.text.slice(0, 300)}`).toBe(200);
    out.push(...r.json.items);
    if (!r.json.hasNextPage) return out;
  }
}

/** The sub-affiliate list of the range, both product types (the list takes one at a time). */
async function subList(cookie: string, extra = ""): Promise<SubAffiliateRow[]> {
  return [...(await all<SubAffiliateRow>(`/api/affiliate/sub-affiliates?productType=SPOT&${range}${extra}`, cookie)), ...(await all<SubAffiliateRow>(`/api/affiliate/sub-affiliates?productType=FUTURES&${range}${extra}`, cookie))];
}

function sum(records: SubAffiliateRow[], m: Metric): string {
  return records.reduce((a, r) => a.plus(r[m]), new D(0)).toString();
}

async function createPartner(who: string, scope: { subAffiliateUids?: string[]; inviteCodes?: string[] }) {
  const r = await api<{ user: { id: string; role: string; scope: unknown } }>("/api/admin/users", {
    cookie: admin,
    method: "POST",
    body: { username: name(who), password: PASSWORD, role: "partner", scope },
  });
  expect(r.status, r.text).toBe(201);
  return r.json.user;
}

// The data the scopes are drawn from: the admin's own view of the range.
let subRecords: SubAffiliateRow[] = [];
let invitees: Invitee[] = [];
let uids: string[] = [];
let codes: string[] = [];
let partnerA: { id: string; cookie: string; uids: string[]; code: string };
let partnerB: { id: string; cookie: string; uids: string[]; code: string };
let codesOnly: { id: string; cookie: string };

beforeAll(async () => {
  admin = await login("admin");
  subRecords = await subList(admin);
  invitees = await all<Invitee>(`/api/affiliate/invitees?${inviteeRange}`, admin);
  uids = [...new Set(subRecords.map((r) => r.subAffiliateUid))].sort();
  codes = [...new Set(invitees.map((r) => r.inviteCode).filter((c): c is string => c !== null))].sort();
  // two partners with disjoint scopes, a third with invite codes only
  expect(uids.length, "the simulator has sub-affiliates in the range").toBeGreaterThanOrEqual(4);
  expect(codes.length, "the simulator has invite codes in the range").toBeGreaterThanOrEqual(2);
  const a = await createPartner("a", { subAffiliateUids: [uids[0]!, uids[1]!], inviteCodes: [codes[0]!] });
  const b = await createPartner("b", { subAffiliateUids: [uids[2]!], inviteCodes: [codes[1]!] });
  const c = await createPartner("c", { inviteCodes: [codes[0]!] });
  partnerA = { id: a.id, cookie: await login(name("a"), PASSWORD), uids: [uids[0]!, uids[1]!], code: codes[0]! };
  partnerB = { id: b.id, cookie: await login(name("b"), PASSWORD), uids: [uids[2]!], code: codes[1]! };
  codesOnly = { id: c.id, cookie: await login(name("c"), PASSWORD) };
});

describe("the partner role over the admin API", () => {
  it("keeps the scope in its normal form and shows it in the user list", async () => {
    const list = await api<{ items: { id: string; role: string; scope: { subAffiliateUids: string[]; inviteCodes: string[] } | null }[] }>("/api/admin/users", { cookie: admin });
    const a = list.json.items.find((u) => u.id === partnerA.id);
    expect(a).toMatchObject({ role: "partner", scope: { subAffiliateUids: [...partnerA.uids].sort(), inviteCodes: [partnerA.code] } });
    expect(list.json.items.find((u) => u.role === "viewer")?.scope).toBeNull();
  });

  it("refuses a partner without a scope, an empty scope, and a scope for another role, naming the field", async () => {
    const post = (body: unknown) => api<{ error: { code: string; fields: { path: string }[] } }>("/api/admin/users", { cookie: admin, method: "POST", body });
    const none = await post({ username: name("none"), password: PASSWORD, role: "partner" });
    expect(none.status).toBe(400);
    expect(none.json.error.fields.map((f) => f.path)).toContain("scope");
    const empty = await post({ username: name("empty"), password: PASSWORD, role: "partner", scope: { subAffiliateUids: [], inviteCodes: [] } });
    expect(empty.status).toBe(400);
    expect(empty.json.error.fields.map((f) => f.path)).toContain("scope");
    const badUid = await post({ username: name("baduid"), password: PASSWORD, role: "partner", scope: { subAffiliateUids: ["not-a-uid"] } });
    expect(badUid.status).toBe(400);
    expect(badUid.json.error.fields.map((f) => f.path)).toContain("scope.subAffiliateUids.0");
    const viewer = await post({ username: name("v"), password: PASSWORD, role: "viewer", scope: { inviteCodes: ["X"] } });
    expect(viewer.status).toBe(400);
    expect(viewer.json.error.fields.map((f) => f.path)).toContain("scope");
  });
});

describe("what a partner may open", () => {
  it("answers 403 on the routes that are not a partner's, and lets them read markets and coins", async () => {
    for (const path of [
      "/api/affiliate/withdrawals?pageSize=5",
      `/api/affiliate/withdrawals/export?startTime=${Date.now() - DAY_MS / 24}&endTime=${Date.now()}`,
      "/api/alerts",
      "/api/alerts/unread",
      "/api/alerts/rules",
      "/api/admin/users",
      "/api/admin/audit?pageSize=5",
      "/api/admin/sync",
      "/api/spot/orders?symbol=BTCUSDT&pageSize=5",
    ]) {
      const r = await api<{ error: { code: string } }>(path, { cookie: partnerA.cookie });
      expect(r.status, `${path}: ${r.text.slice(0, 200)}`).toBe(403);
      expect(r.json.error.code).toBe("forbidden");
    }
    // the referral check says of any uid whether it is anyone's invitee: not a partner's (a value route)
    const verify = await api<{ error: { code: string } }>("/api/affiliate/referrals/verify", { cookie: partnerA.cookie, method: "POST", body: { uids: [invitees[0]!.uid] } });
    expect(verify.status, verify.text.slice(0, 200)).toBe(403);
    expect(verify.json.error.code).toBe("forbidden");
    expect((await api("/api/reference/coins", { cookie: partnerA.cookie })).status).toBe(200);
    expect((await api("/api/reference/symbols", { cookie: partnerA.cookie })).status).toBe(200);
  });

  it("gives a partner with invite codes only no sub-affiliate route", async () => {
    for (const path of [`/api/affiliate/sub-affiliates?productType=SPOT&${range}`, `/api/affiliate/sub-affiliates/series?${range}`, `/api/affiliate/sub-affiliates/leaderboard?${range}`]) {
      const r = await api(path, { cookie: codesOnly.cookie });
      expect(r.status, path).toBe(403);
    }
    expect((await api(`/api/affiliate/invitees/funnel?${range}`, { cookie: codesOnly.cookie })).status).toBe(200);
  });

  it("refuses someone else's subUid, inviteCode or uid with a 403 naming the field, before any upstream call", async () => {
    const outsideInvitee = invitees.find((i) => i.inviteCode !== partnerA.code)!;
    // [path, the field named, the value that must not reach WEEX]
    const cases: [string, string, string][] = [
      [`/api/affiliate/sub-affiliates?productType=SPOT&${range}&subUid=${partnerB.uids[0]}`, "subUid", partnerB.uids[0]!],
      [`/api/affiliate/sub-affiliates/series?${range}&subUid=${partnerB.uids[0]}`, "subUid", partnerB.uids[0]!],
      [`/api/affiliate/sub-affiliates/export?${range}&subUid=${partnerB.uids[0]}`, "subUid", partnerB.uids[0]!],
      [`/api/affiliate/invitees?${range}&inviteCode=${encodeURIComponent(partnerB.code)}`, "inviteCode", partnerB.code],
      [`/api/affiliate/invitees/export?${range}&inviteCode=${encodeURIComponent(partnerB.code)}`, "inviteCode", partnerB.code],
      [`/api/affiliate/invitees?uid=${outsideInvitee.uid}`, "uid", outsideInvitee.uid],
      // the value routes: the value list, commission records and an invitee's assets (the uid in the path)
      [`/api/affiliate/invitees/value?${range}&inviteCode=${encodeURIComponent(partnerB.code)}`, "inviteCode", partnerB.code],
      [`/api/affiliate/invitees/value/export?${range}&uid=${outsideInvitee.uid}`, "uid", outsideInvitee.uid],
      [`/api/affiliate/commissions?${range}&uid=${outsideInvitee.uid}`, "uid", outsideInvitee.uid],
      [`/api/affiliate/commissions/series?${range}&uid=${outsideInvitee.uid}`, "uid", outsideInvitee.uid],
      [`/api/affiliate/commissions/export?${range}&uid=${outsideInvitee.uid}`, "uid", outsideInvitee.uid],
      [`/api/affiliate/invitees/${outsideInvitee.uid}/assets`, "uid", outsideInvitee.uid],
    ];
    const sentAt = Date.now();
    for (const [path, field] of cases) {
      const r = await api<{ error: { code: string; fields?: { path: string }[] } }>(path, { cookie: partnerA.cookie });
      expect(r.status, `${path}: ${r.text.slice(0, 200)}`).toBe(403);
      expect(r.json.error.code).toBe("forbidden");
      expect(r.json.error.fields?.map((f) => f.path)).toEqual([field]);
    }
    // (the archive's sync may call WEEX meanwhile, never with what the partner named)
    const sent = (await simRecent()).filter((q) => q.at >= sentAt);
    for (const [path, , value] of cases) {
      const leaked = sent.filter((q) => q.url.includes(`=${value}`) || (q.body ?? "").includes(`"${value}"`) || (q.body ?? "").includes(`:${value}`));
      expect(leaked.map((q) => q.url), `${path} reached WEEX`).toEqual([]);
    }
  });
});

describe("a partner's answers hold their scope's rows only", () => {
  for (const who of ["A", "B"] as const) {
    const p = () => (who === "A" ? partnerA : partnerB);

    it(`partner ${who}: the sub-affiliate list is exactly the admin's rows of their UIDs`, async () => {
      const mine = await subList(p().cookie);
      const expected = subRecords.filter((r) => p().uids.includes(r.subAffiliateUid));
      expect(mine.length).toBeGreaterThan(0);
      expect(new Set(mine.map((r) => r.subAffiliateUid))).toEqual(new Set(p().uids));
      const key = (r: SubAffiliateRow) => `${r.date}|${r.productType}|${r.subAffiliateUid}|${r.tradingVolume}|${r.netTradingFee}|${r.paidCommission}`;
      expect(mine.map(key).sort()).toEqual(expected.map(key).sort());
    });

    it(`partner ${who}: series totals and leaderboard sum their own rows only`, async () => {
      const expected = subRecords.filter((r) => p().uids.includes(r.subAffiliateUid));
      const series = await api<{ totals: Record<Metric, { total: string }> }>(`/api/affiliate/sub-affiliates/series?${range}&source=live`, { cookie: p().cookie });
      expect(series.status, series.text).toBe(200);
      for (const m of METRICS) expect(new D(series.json.totals[m].total).toString(), m).toBe(sum(expected, m));
      const board = await api<{ items: { subAffiliateUid: string; paidCommission: string }[] }>(`/api/affiliate/sub-affiliates/leaderboard?${range}&source=live&limit=100`, { cookie: p().cookie });
      expect(board.status, board.text).toBe(200);
      expect(board.json.items.map((i) => i.subAffiliateUid).sort()).toEqual([...p().uids].sort());
      for (const i of board.json.items) expect(new D(i.paidCommission).toString()).toBe(sum(expected.filter((r) => r.subAffiliateUid === i.subAffiliateUid), "paidCommission"));
    });

    it(`partner ${who}: invitees, funnel and codes count their invite code's invitees only`, async () => {
      // (the admin's list again: an invitee's KYC, deposit and trade change as time passes)
      const expected = (await all<Invitee>(`/api/affiliate/invitees?${inviteeRange}`, admin)).filter((i) => i.inviteCode === p().code);
      expect(expected.length, "the partner's code has invitees in the range").toBeGreaterThan(0);
      const mine = await all<Invitee>(`/api/affiliate/invitees?${inviteeRange}`, p().cookie);
      expect(mine.map((i) => i.uid).sort()).toEqual(expected.map((i) => i.uid).sort());
      const funnel = await api<{ registered: number; kycPassed: number; firstDeposit: number; firstTrade: number }>(`/api/affiliate/invitees/funnel?${inviteeRange}&source=live`, { cookie: p().cookie });
      expect(funnel.status, funnel.text).toBe(200);
      expect(funnel.json).toMatchObject({
        registered: expected.length,
        kycPassed: expected.filter((i) => i.kycResult).length,
        firstDeposit: expected.filter((i) => i.firstDeposit !== null).length,
        firstTrade: expected.filter((i) => i.firstTrade !== null).length,
      });
      // The codes from the UTC day of the code's newest invitee on: each code's value reads every
      // commission record of its range live (WEEX cannot filter them by invite code either), at
      // scale 1 ~900 a day.
      const since = dayStart(Math.max(...expected.map((i) => i.registerTime)));
      const recent = expected.filter((i) => i.registerTime >= since);
      const codesAnswer = await api<{ items: { inviteCode: string | null; registered: number }[] }>(`/api/affiliate/invitees/codes?startTime=${since}&endTime=${endTime}&source=live`, {
        cookie: p().cookie,
      });
      expect(codesAnswer.status, codesAnswer.text).toBe(200);
      expect(codesAnswer.json.items).toEqual([expect.objectContaining({ inviteCode: p().code, registered: recent.length })]);
      // (each of the three walks the range's invitees live: WEEX cannot filter by invite code)
    }, 240_000);

    it(`partner ${who}: the exports hold their rows only`, async () => {
      const sub = await rawApi(`/api/affiliate/sub-affiliates/export?${range}&source=live`, { cookie: p().cookie });
      expect(sub.status, sub.text.slice(0, 200)).toBe(200);
      const subLines = sub.text.trim().split("\n").slice(1);
      expect(subLines.length).toBe(subRecords.filter((r) => p().uids.includes(r.subAffiliateUid)).length);
      for (const u of uids.filter((x) => !p().uids.includes(x))) expect(sub.text, `another sub-affiliate's UID ${u}`).not.toContain(u);
      const inv = await rawApi(`/api/affiliate/invitees/export?${inviteeRange}&source=live`, { cookie: p().cookie });
      expect(inv.status, inv.text.slice(0, 200)).toBe(200);
      expect(inv.text.trim().split("\n").length - 1).toBe(invitees.filter((i) => i.inviteCode === p().code).length);
      for (const c of codes.filter((x) => x !== p().code)) expect(inv.text, `another invite code ${c}`).not.toMatch(new RegExp(`(^|,)${c}(,|$)`, "m"));
    }, 240_000);
  }

  it("never shares a coalesced answer between two scopes or with the admin", async () => {
    const path = `/api/affiliate/sub-affiliates/leaderboard?${range}&source=live&limit=100`;
    type Board = { items: { subAffiliateUid: string }[] };
    const [a, b, adm] = await Promise.all([partnerA.cookie, partnerB.cookie, admin].map((cookie) => api<Board>(path, { cookie })));
    expect(a.json.items.map((i) => i.subAffiliateUid).sort()).toEqual([...partnerA.uids].sort());
    expect(b.json.items.map((i) => i.subAffiliateUid).sort()).toEqual([...partnerB.uids].sort());
    expect(adm.json.items.length).toBeGreaterThan(partnerA.uids.length + partnerB.uids.length);
  });
});

describe("a scope change", () => {
  it("applies to the partner's next request", async () => {
    const narrowed = await api<{ user: { scope: unknown } }>(`/api/admin/users/${partnerA.id}`, {
      cookie: admin,
      method: "PATCH",
      body: { scope: { subAffiliateUids: [partnerA.uids[1]!], inviteCodes: [partnerA.code] } },
    });
    expect(narrowed.status, narrowed.text).toBe(200);
    const list = await subList(partnerA.cookie);
    expect(new Set(list.map((r) => r.subAffiliateUid))).toEqual(new Set([partnerA.uids[1]]));
    const dropped = await api(`/api/affiliate/sub-affiliates?productType=SPOT&${range}&subUid=${partnerA.uids[0]}`, { cookie: partnerA.cookie });
    expect(dropped.status).toBe(403);
    // and back, for the tests after this one
    await api(`/api/admin/users/${partnerA.id}`, { cookie: admin, method: "PATCH", body: { scope: { subAffiliateUids: partnerA.uids, inviteCodes: [partnerA.code] } } });
  });
});
