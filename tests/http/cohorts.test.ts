/**
 * Cohorts and invite codes through HTTP with a real session: cohorts, invite codes and the invitee list's and
 * export's new filters, each checked against the invitee records the simulator serves (read
 * page by page through the list route, live) and counted here independently, with plain UTC
 * arithmetic (Asia/Shanghai is UTC+8 all year, so its weeks are UTC weeks shifted by 8 h).
 * On a server of its own with the archive sync on (the shared one runs without), so `auto`
 * and `archive` answer from the archive as in production.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CohortItem } from "../../lib/contract/responses";
import { parseCsv } from "../../lib/export/csv-reader.test-util";
import { api as rawApi, type ApiInit } from "./helpers";
import { patiently } from "./patient";
import { startStack, stopStack, untilSynced, type Stack } from "./stack";
import { DAY_MS } from "../../lib/time/calendar";

interface Invitee {
  uid: string;
  registerTime: number;
  kycResult: boolean;
  inviteCode: string | null;
  firstDeposit: number | null;
  firstTrade: number | null;
  lastTrade: number | null;
}

let stack: Stack;
const api = <T>(path: string, init: ApiInit) => patiently(() => rawApi<T>(path, { ...init, base: stack.base }));
const H = 3_600_000;
let viewer: string;
// Four whole UTC weeks ending last Sunday night: Monday 00:00 UTC four weeks before.
const thisMonday = (() => {
  const d = new Date();
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS;
})();
const startTime = thisMonday - 28 * DAY_MS;
const endTime = thisMonday - 1;
const range = `startTime=${startTime}&endTime=${endTime}`;
let records: Invitee[];

async function listAll(query: string): Promise<{ items: Invitee[]; total: number }> {
  const items: Invitee[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const r = await api<{ items: Invitee[]; total: number; hasNextPage: boolean }>(`/api/affiliate/invitees?${query}&page=${page}&pageSize=100`, { cookie: viewer });
    expect(r.status, r.text).toBe(200);
    items.push(...r.json.items);
    total = r.json.total;
    if (!r.json.hasNextPage) return { items, total };
  }
}

beforeAll(async () => {
  stack = await startStack({ scale: 0.1, unlimited: true, env: { ARCHIVE_SYNC: "on", ARCHIVE_SUB_AFFILIATE_DAYS: "7" }, signIn: ["viewer", "admin"] });
  const [viewerSession, admin] = stack.sessions as [string, string];
  viewer = viewerSession;
  // until the invitee year is archived
  await untilSynced(stack.base, admin, ["invitees"], 150_000);
  records = (await listAll(`${range}&source=live`)).items;
}, 180_000);

afterAll(async () => {
  await stopStack(stack ?? {});
});

const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The Monday (as YYYY-MM-DD) of the week holding `t` in a zone `offsetMs` ahead of UTC. */
const weekOf = (t: number, offsetMs: number) => {
  const local = t + offsetMs;
  const day = local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
  return ymd(day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS);
};

function expected(offsetMs: number) {
  const m = new Map<string, { registered: number; kycPassed: number; deposited: number; traded: number; d1: number; d7: number; t30: number; delays: number[] }>();
  for (const r of records) {
    const k = weekOf(r.registerTime, offsetMs);
    const c = m.get(k) ?? { registered: 0, kycPassed: 0, deposited: 0, traded: 0, d1: 0, d7: 0, t30: 0, delays: [] };
    c.registered++;
    if (r.kycResult) c.kycPassed++;
    if (r.firstDeposit) {
      c.deposited++;
      if (r.firstDeposit - r.registerTime <= DAY_MS) c.d1++;
      if (r.firstDeposit - r.registerTime <= 7 * DAY_MS) c.d7++;
    }
    if (r.firstTrade) {
      c.traded++;
      if (r.firstTrade - r.registerTime <= 30 * DAY_MS) c.t30++;
      c.delays.push(r.firstTrade - r.registerTime);
    }
    m.set(k, c);
  }
  return m;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

describe("cohorts", () => {
  for (const [tz, offset] of [
    ["UTC", 0],
    ["Asia/Shanghai", 8 * H],
  ] as const) {
    it(`counts weekly cohorts in ${tz} as the records add up`, async () => {
      const r = await api<{ by: string; tz: string; items: CohortItem[]; timeToFirstTrade: { traded: number }[]; freshness: { source: string } }>(
        `/api/affiliate/invitees/cohorts?${range}&by=week&tz=${tz}`,
        { cookie: viewer },
      );
      expect(r.status, r.text).toBe(200);
      expect(r.json.by).toBe("week");
      expect(r.json.tz).toBe(tz);
      const exp = expected(offset);
      // every week of the range, empty ones too; in Shanghai the range's last 8 h are a fifth week
      expect(r.json.items.map((i) => i.cohort)).toEqual([0, 1, 2, 3, ...(offset ? [4] : [])].map((w) => ymd(startTime + w * 7 * DAY_MS)));
      for (const item of r.json.items) {
        const e = exp.get(item.cohort) ?? { registered: 0, kycPassed: 0, deposited: 0, traded: 0, d1: 0, d7: 0, t30: 0, delays: [] };
        expect(item, item.cohort).toMatchObject({ registered: e.registered, kycPassed: e.kycPassed, deposited: e.deposited, traded: e.traded });
        expect(item.depositedWithin.d1).toBe(e.d1);
        expect(item.depositedWithin.d7).toBe(e.d7);
        expect(item.tradedWithin.d30).toBe(e.t30);
        if (e.delays.length === 0) expect(item.medianHoursToFirstTrade).toBeNull();
        else expect(Number(item.medianHoursToFirstTrade)).toBeCloseTo(median(e.delays) / H, 2);
      }
      expect(r.json.timeToFirstTrade.reduce((n, b) => n + b.traded, 0)).toBe(records.filter((x) => x.firstTrade).length);
    });
  }

  it("answers the same from the archive and live", async () => {
    const q = `/api/affiliate/invitees/cohorts?${range}&by=month&tz=Europe/Berlin`;
    const [archive, live] = await Promise.all([api<{ items: CohortItem[] }>(`${q}&source=archive`, { cookie: viewer }), api<{ items: CohortItem[] }>(`${q}&source=live`, { cookie: viewer })]);
    expect(archive.status, archive.text).toBe(200);
    expect(live.status, live.text).toBe(200);
    // activeLast30d follows the clock: compare the rest (and the commission per invitee,
    // is never answered live: invitee-value.test.ts checks it)
    const strip = (items: CohortItem[]) => items.map(({ activeLast30d: _a, commissionPerInvitee: _v, ...rest }) => rest);
    expect(strip(archive.json.items)).toEqual(strip(live.json.items));
    expect(archive.json.items.reduce((n, i) => n + i.registered, 0)).toBe(records.length);
  });

  it("names a bad field before asking WEEX", async () => {
    const r = await api<{ error: { code: string; fields: { path: string }[] } }>(`/api/affiliate/invitees/cohorts?${range}&by=day&tz=Mars/Base`, { cookie: viewer });
    expect(r.status).toBe(400);
    expect(r.json.error.fields.map((f) => f.path).sort()).toEqual(["by", "tz"]);
  });
});

describe("invite codes", () => {
  it("gives each code's funnel, the absent code as its own row, most registrations first", async () => {
    const r = await api<{ items: { inviteCode: string | null; registered: number; kycPassed: number; deposited: number; traded: number }[] }>(`/api/affiliate/invitees/codes?${range}`, {
      cookie: viewer,
    });
    expect(r.status, r.text).toBe(200);
    const byCode = new Map<string | null, number[]>();
    for (const x of records) {
      const c = byCode.get(x.inviteCode ?? null) ?? [0, 0, 0, 0];
      byCode.set(x.inviteCode ?? null, [c[0] + 1, c[1] + (x.kycResult ? 1 : 0), c[2] + (x.firstDeposit ? 1 : 0), c[3] + (x.firstTrade ? 1 : 0)]);
    }
    expect(r.json.items).toHaveLength(byCode.size);
    for (const i of r.json.items) expect([i.registered, i.kycPassed, i.deposited, i.traded], String(i.inviteCode)).toEqual(byCode.get(i.inviteCode));
    const regs = r.json.items.map((i) => i.registered);
    expect(regs).toEqual([...regs].sort((a, b) => b - a));
  });
});

describe("invitee list and export filters", () => {
  const now = () => Date.now();
  const isTraded = (x: Invitee) => x.firstTrade !== null || x.lastTrade !== null;

  it("filters by stage, activity and invite code, and the export holds exactly the list's records", async () => {
    const code = records.find((x) => x.inviteCode)!.inviteCode!;
    const cases: [string, (x: Invitee) => boolean][] = [
      ["stage=deposited", (x) => !isTraded(x) && x.firstDeposit !== null],
      ["stage=kyc", (x) => !isTraded(x) && x.firstDeposit === null && x.kycResult],
      ["activity=dormant&activeDays=7", (x) => isTraded(x) && (x.lastTrade ?? x.firstTrade)! < now() - 7 * DAY_MS],
      ["activity=never", (x) => !isTraded(x)],
      [`inviteCode=${encodeURIComponent(code)}&stage=traded`, (x) => x.inviteCode === code && isTraded(x)],
    ];
    for (const [filter, keep] of cases) {
      const want = records.filter(keep).map((x) => x.uid).sort();
      expect(want.length, filter).toBeGreaterThan(0);
      const list = await listAll(`${range}&${filter}`);
      expect(list.total, filter).toBe(want.length);
      expect(list.items.map((x) => x.uid).sort(), filter).toEqual(want);
      const file = await api<unknown>(`/api/affiliate/invitees/export?${range}&${filter}`, { cookie: viewer });
      expect(file.status, file.text).toBe(200);
      const [, ...rows] = parseCsv(file.text.replace(/^\uFEFF/, ""));
      expect(rows.filter((row) => row.length > 1).map((row) => row[0]).sort(), filter).toEqual(want);
    }
  }, 120_000);

  it("says the filters in the export's file name", async () => {
    const file = await api<unknown>(`/api/affiliate/invitees/export?${range}&stage=traded&activity=dormant&activeDays=14&inviteCode=AB%2FC`, { cookie: viewer });
    expect(file.status, file.text).toBe(200);
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="invitees_stage-traded_dormant-14d_code-AB-C_${ymd(startTime)}_${ymd(endTime)}.csv"`);
  });

  it("rejects an unknown stage and a zero activeDays, naming them", async () => {
    const r = await api<{ error: { fields: { path: string }[] } }>(`/api/affiliate/invitees?stage=paid&activity=dormant&activeDays=0`, { cookie: viewer });
    expect(r.status).toBe(400);
    expect(r.json.error.fields.map((f) => f.path).sort()).toEqual(["activeDays", "stage"]);
  });
});
