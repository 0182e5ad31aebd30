/**
 * What each invitee is worth, through HTTP with a real session: the value list and its totals, the commission
 * list, series and export, the cohorts' commission per invitee and the invite codes' value,
 * the referral check and an invitee's assets — each checked against sums computed here from
 * the simulator's own data module (generated again with the same seed and scale: the records
 * WEEX serves, in integer units, summed with BigInt), independent of the dashboard's code.
 * Different windows (whole UTC days, cut hours, a live week), two zones, both coins; `auto`,
 * `archive` and `live` agree. On a server of its own with the archive sync on.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../lib/export/csv-reader.test-util";
import { csvRows } from "../../lib/export/csv";
import { INVITEE_VALUE_COLUMNS } from "../../lib/export/datasets";
import { generateDataset } from "../../lib/simulator";
import { SIM_DEFAULTS, type SimStats } from "../../lib/simulator/types";
import type { Commission } from "../../lib/simulator/data/activity-records";
import type { Invitee } from "../../lib/simulator/data/invitees";
import type { InviteeValue, InviteeValuePage } from "../../lib/contract/responses";
import { api as rawApi, type ApiInit } from "./helpers";
import { patiently } from "./patient";
import { startStack, stopStack, untilSynced, type Stack } from "./stack";
import { DAY_MS } from "../../lib/time/calendar";

const SCALE = 0.05;
const H = 3_600_000;
let stack: Stack;
let viewer: string;
let data: ReturnType<typeof generateDataset>;
const api = <T>(path: string, init: ApiInit = {}) => patiently(() => rawApi<T>(path, { cookie: viewer, ...init, base: stack.base }));
const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;

// ---------------------------------------------------------------------------------------------
// Independent sums: integer units (commission 1e-10 of its coin, fee 1e-8, volume USDT cents)

/** `units` × 10^-scale as plain decimal text without trailing zeros. */
function dec(units: bigint, scale: number): string {
  const neg = units < 0n;
  const s = (neg ? -units : units).toString().padStart(scale + 1, "0");
  const text = `${s.slice(0, s.length - scale)}.${s.slice(s.length - scale)}`.replace(/\.?0+$/, "");
  return (neg ? "-" : "") + (text === "" ? "0" : text);
}
/** An answer's decimal as the same text (the answer may write trailing zeros). */
const norm = (s: string | null | undefined) => (s === null || s === undefined ? s : s.includes(".") ? s.replace(/\.?0+$/, "") || "0" : s);
const normCoins = (c: Record<string, string> | null) => (c === null ? null : Object.fromEntries(Object.entries(c).map(([k, v]) => [k, norm(v)!])));
const commissionUnits = (r: Commission) => BigInt(r.feeUnits) * BigInt(r.ratePct);
const volumeCents = (r: Commission) => BigInt(r.takerCents + r.makerCents);

/** Every record of the network in [from, to] (both product types; the simulator's own query). */
function recordsIn(from: number, to: number): Commission[] {
  return (["SPOT", "FUTURES"] as const).flatMap((productType) => data.activity.commissions(from, to, { productType }, { offset: 0, size: 1e9 }).items);
}

/** Per coin: only the coins that occur (nonzero unless `keepZero`). */
function coins(m: Map<string, bigint>, keepZero = true): Record<string, string> {
  return Object.fromEntries([...m].filter(([, v]) => keepZero || v !== 0n).map(([c, v]) => [c, dec(v, 10)]));
}
function add<K>(m: Map<K, bigint>, k: K, v: bigint) {
  m.set(k, (m.get(k) ?? 0n) + v);
}

interface ValueSum {
  commission: Map<string, bigint>;
  spot: bigint;
  futures: bigint;
  dep: bigint;
  wd: bigint;
}

/**
 * The value of each direct invitee over [from, to]: its direct records to the millisecond, its
 * deposits and withdrawals over the UTC days whose midday lies in the range (docs/invitee-value.md:
 * the archive holds them per day).
 */
function valueOf(from: number, to: number): Map<string, ValueSum> {
  const out = new Map<string, ValueSum>();
  const of = (uid: string) => {
    let v = out.get(uid);
    if (!v) out.set(uid, (v = { commission: new Map(), spot: 0n, futures: 0n, dep: 0n, wd: 0n }));
    return v;
  };
  for (const r of recordsIn(from, to)) {
    if (r.sourceType !== 1) continue;
    const v = of(r.uid);
    add(v.commission, r.coin, commissionUnits(r));
    if (r.productType === "SPOT") v.spot += volumeCents(r);
    else v.futures += volumeCents(r);
  }
  const firstDay = Math.ceil((from - DAY_MS / 2 + 1) / DAY_MS) * DAY_MS;
  const lastDay = Math.floor((to - DAY_MS / 2 + 1) / DAY_MS) * DAY_MS;
  if (lastDay >= firstDay) {
    for (const t of data.activity.totals(firstDay, lastDay + DAY_MS - 1)) {
      if (t.depositCents === 0 && t.withdrawalCents === 0) continue;
      const v = of(t.uid);
      v.dep += BigInt(t.depositCents);
      v.wd += BigInt(t.withdrawalCents);
    }
  }
  return out;
}

type ValueRow = InviteeValue;
type ValuePage = InviteeValuePage;

const rowOf = (v: ValueSum) => ({
  spotTradingAmount: dec(v.spot, 2),
  futuresTradingAmount: dec(v.futures, 2),
  depositAmount: dec(v.dep, 2),
  withdrawalAmount: dec(v.wd, 2),
  commission: coins(v.commission),
});
const normRow = (r: Omit<ValueRow, "uid" | "inviteCode" | "registerTime">) => ({
  spotTradingAmount: norm(r.spotTradingAmount),
  futuresTradingAmount: norm(r.futuresTradingAmount),
  depositAmount: norm(r.depositAmount),
  withdrawalAmount: norm(r.withdrawalAmount),
  commission: normCoins(r.commission),
});

beforeAll(async () => {
  // the same data the simulator serves (its seed and scale, generated at the same moment)
  data = generateDataset({ seed: SIM_DEFAULTS.seed, scale: SCALE, now: Date.now() });
  stack = await startStack({ scale: SCALE, unlimited: true, env: { ARCHIVE_SYNC: "on", ARCHIVE_SUB_AFFILIATE_DAYS: "7", ARCHIVE_COMMISSION_DAYS: "60" }, signIn: ["viewer", "admin"] });
  const [viewerSession, admin] = stack.sessions as [string, string];
  viewer = viewerSession;
  await untilSynced(stack.base, admin, ["commissions", "inviteeTotals", "invitees"]);
}, 300_000);

afterAll(async () => {
  await stopStack(stack ?? {});
});

describe("the value list", () => {
  const windows = {
    "whole UTC days": { startTime: today - 10 * DAY_MS, endTime: today - 3 * DAY_MS - 1 },
    "cut hours": { startTime: today - 20 * DAY_MS + 5 * H, endTime: today - 12 * DAY_MS + 17 * H },
  };

  for (const [name, w] of Object.entries(windows)) {
    it(`rows and totals equal the simulator's records and deposits (${name}), from archive and auto alike`, async () => {
      const expected = valueOf(w.startTime, w.endTime);
      const total = { commission: new Map<string, bigint>(), spot: 0n, futures: 0n, dep: 0n, wd: 0n };
      for (const v of expected.values()) {
        for (const [c, u] of v.commission) add(total.commission, c, u);
        total.spot += v.spot;
        total.futures += v.futures;
        total.dep += v.dep;
        total.wd += v.wd;
      }
      expect(total.commission.get("BTC") ?? 0n, "both coins occur").toBeGreaterThan(0n);
      const answers: ValuePage[] = [];
      for (const source of ["archive", "auto"]) {
        const r = await api<ValuePage>(`/api/affiliate/invitees/value?startTime=${w.startTime}&endTime=${w.endTime}&source=${source}&pageSize=100&sort=deposits`);
        expect(r.status, r.text).toBe(200);
        expect(r.json.total).toBe(expected.size);
        expect(normRow(r.json.totals)).toEqual(rowOf(total));
        for (const row of r.json.items) expect(normRow(row), row.uid).toEqual(rowOf(expected.get(row.uid)!));
        // most deposits first
        const deps = r.json.items.map((i) => Number(i.depositAmount));
        expect(deps).toEqual([...deps].sort((a, b) => b - a));
        // and a short page is the top of the whole filter by value, not by the amounts' text
        const top = [...expected.values()].map((v) => v.dep).sort((a, b) => (b > a ? 1 : b < a ? -1 : 0));
        const short = await api<ValuePage>(`/api/affiliate/invitees/value?startTime=${w.startTime}&endTime=${w.endTime}&source=${source}&pageSize=5&sort=deposits`);
        expect(short.json.items.map((i) => norm(i.depositAmount))).toEqual(top.slice(0, 5).map((d) => dec(d, 2)));
        const inv = data.inviteesByUid.get(r.json.items[0].uid)!;
        expect(r.json.items[0]).toMatchObject({ inviteCode: inv.inviteCode, registerTime: inv.registerTime });
        answers.push(r.json);
      }
      expect(answers[1].items).toEqual(answers[0].items);
      expect(answers[0].resolution.movements.every((m) => m.period === "day")).toBe(true);
    });
  }

  it("sorts by commission in USDT (then BTC), or in the coin asked for; pages and filters by code and uid", async () => {
    const w = windows["whole UTC days"];
    const expected = valueOf(w.startTime, w.endTime);
    const key = (coin: string, other: string) => (uid: string) => [expected.get(uid)!.commission.get(coin) ?? 0n, expected.get(uid)!.commission.get(other) ?? 0n] as const;
    for (const [coin, other, q] of [
      ["USDT", "BTC", ""],
      ["BTC", "USDT", "&coin=BTC"],
    ] as const) {
      const k = key(coin, other);
      const order = [...expected.keys()].sort((a, b) => {
        const [a1, a2] = k(a);
        const [b1, b2] = k(b);
        return a1 !== b1 ? (b1 > a1 ? 1 : -1) : a2 !== b2 ? (b2 > a2 ? 1 : -1) : b.length - a.length || (a < b ? 1 : -1);
      });
      const p2 = await api<ValuePage>(`/api/affiliate/invitees/value?startTime=${w.startTime}&endTime=${w.endTime}&source=archive&pageSize=20&page=2${q}`);
      expect(p2.status, p2.text).toBe(200);
      expect(p2.json.items.map((i) => i.uid)).toEqual(order.slice(20, 40));
    }
    const uid = [...expected.keys()][0];
    const one = await api<ValuePage>(`/api/affiliate/invitees/value?startTime=${w.startTime}&endTime=${w.endTime}&uid=${uid}`);
    expect(one.json.items.map((i) => i.uid)).toEqual([uid]);
    const code = data.inviteesByUid.get(uid)!.inviteCode;
    const byCode = await api<ValuePage>(`/api/affiliate/invitees/value?startTime=${w.startTime}&endTime=${w.endTime}&inviteCode=${encodeURIComponent(code)}&pageSize=100`);
    expect(byCode.json.total).toBe([...expected.keys()].filter((u) => data.inviteesByUid.get(u)?.inviteCode === code).length);
  });

  it("live reads a week at most and agrees with the archive; it names the code of the uid filter's invitee only, and refuses a code filter", async () => {
    const w = { startTime: today - 5 * DAY_MS + 3 * H, endTime: today - 2 * DAY_MS };
    const live = await api<ValuePage>(`/api/affiliate/invitees/value?startTime=${w.startTime}&endTime=${w.endTime}&source=live&pageSize=50`);
    const archive = await api<ValuePage>(`/api/affiliate/invitees/value?startTime=${w.startTime}&endTime=${w.endTime}&source=archive&pageSize=50`);
    expect(live.status, live.text).toBe(200);
    expect(live.json.freshness?.source).toBe("live");
    expect(normRow(live.json.totals)).toEqual(normRow(archive.json.totals));
    // (no walk of WEEX's invitee year to name codes: every figure, no code nor registration)
    expect(live.json.items).toEqual(archive.json.items.map((i) => ({ ...i, inviteCode: null, registerTime: null })));
    const uid = archive.json.items[0].uid;
    const inviteeCalls = async () => ((await (await fetch(`${stack.sim.url}/__sim/stats`)).json()) as SimStats).byEndpoint.invitees ?? 0;
    const upstreamBefore = await inviteeCalls();
    const one = await api<ValuePage>(`/api/affiliate/invitees/value?startTime=${w.startTime}&endTime=${w.endTime}&source=live&uid=${uid}`);
    expect(one.status, one.text).toBe(200);
    expect(one.json.items).toEqual([archive.json.items[0]]);
    expect(one.json.items[0].inviteCode).toBe(data.inviteesByUid.get(uid)!.inviteCode);
    // its invitee record only: a call per 90-day window of the year, not ~N pages of everyone
    // (a walk of everyone here: ~1,200 invitees of the year in 90-day windows, 13 pages or more)
    expect((await inviteeCalls()) - upstreamBefore).toBeLessThanOrEqual(7);
    const byCode = await api<{ error: { fields: { path: string }[] } }>(`/api/affiliate/invitees/value?startTime=${w.startTime}&endTime=${w.endTime}&source=live&inviteCode=X`);
    expect(byCode.status).toBe(400);
    expect(byCode.json.error.fields.map((f) => f.path)).toEqual(["inviteCode"]);
    const tooLong = await api<{ error: { fields: { path: string }[] } }>(`/api/affiliate/invitees/value?startTime=${today - 9 * DAY_MS}&endTime=${today}&source=live`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.error.fields.map((f) => f.path)).toEqual(["endTime"]);
  });

  it("the export holds every row of the filter in the list's order, commission per coin in its own column", async () => {
    const w = windows["cut hours"];
    const expected = valueOf(w.startTime, w.endTime);
    const res = await fetch(`${stack.base}/api/affiliate/invitees/value/export?startTime=${w.startTime}&endTime=${w.endTime}&source=archive`, { headers: { cookie: viewer } });
    expect(res.status).toBe(200);
    const rows = parseCsv(await res.text());
    expect(rows[0]).toEqual(["uid", "inviteCode", "registerTime", "spotTradingAmount", "futuresTradingAmount", "depositAmount", "withdrawalAmount", "commissionUSDT", "commissionBTC", "commissionOtherCoins"]);
    expect(rows.length - 1).toBe(expected.size);
    for (const row of rows.slice(1, 30)) {
      const v = rowOf(expected.get(row[0])!);
      expect([norm(row[3]), norm(row[4]), norm(row[5]), norm(row[6]), norm(row[7]) || undefined, norm(row[8]) || undefined]).toEqual([
        v.spotTradingAmount,
        v.futuresTradingAmount,
        v.depositAmount,
        v.withdrawalAmount,
        v.commission.USDT,
        v.commission.BTC,
      ]);
    }
  });

  it("the export holds the pages' rows, every page in turn, by deposits and by commission in BTC, under a code filter too", async () => {
    const w = windows["whole UTC days"];
    const code = data.inviteesByUid.get([...valueOf(w.startTime, w.endTime).keys()][0])!.inviteCode;
    for (const q of ["&sort=deposits", "&coin=BTC", `&inviteCode=${encodeURIComponent(code)}`]) {
      const filter = `startTime=${w.startTime}&endTime=${w.endTime}&source=archive${q}`;
      const pages: InviteeValue[] = [];
      for (let page = 1; ; page++) {
        const r = await api<ValuePage>(`/api/affiliate/invitees/value?${filter}&pageSize=100&page=${page}`);
        expect(r.status, r.text).toBe(200);
        pages.push(...r.json.items);
        if (!r.json.hasNextPage) break;
      }
      expect(pages.length).toBeGreaterThan(q.includes("inviteCode") ? 5 : 50);
      const res = await fetch(`${stack.base}/api/affiliate/invitees/value/export?${filter}`, { headers: { cookie: viewer } });
      expect(res.status).toBe(200);
      expect(parseCsv(await res.text()).slice(1)).toEqual(parseCsv(csvRows(INVITEE_VALUE_COLUMNS, pages)));
    }
  });
});

describe("commission records and their series", () => {
  const w = { startTime: today - 9 * DAY_MS + 7 * H, endTime: today - 2 * DAY_MS - 1 };

  it("the list pages every record of the range (both product types), filtered by source type and coin; auto and live agree on a week", async () => {
    const all = recordsIn(w.startTime, w.endTime);
    const r = await api<{ items: { date: number; coin: string; sourceType: number; commission: string }[]; total: number }>(
      `/api/affiliate/commissions?startTime=${w.startTime}&endTime=${w.endTime}&pageSize=100`,
    );
    expect(r.status, r.text).toBe(200);
    expect(r.json.total).toBe(all.length);
    const newest = [...all].sort((a, b) => b.time - a.time)[0];
    expect(r.json.items[0].date).toBe(newest.time);
    for (const [sourceType, coin] of [
      [2, "USDT"],
      [1, "BTC"],
    ] as const) {
      const some = all.filter((x) => x.sourceType === sourceType && x.coin === coin);
      expect(some.length).toBeGreaterThan(0);
      const f = await api<{ items: { coin: string; sourceType: number }[]; total: number }>(
        `/api/affiliate/commissions?startTime=${w.startTime}&endTime=${w.endTime}&sourceType=${sourceType}&coin=${coin.toLowerCase()}&pageSize=10`,
      );
      expect(f.json.total).toBe(some.length);
      expect(new Set(f.json.items.map((i) => `${i.coin}/${i.sourceType}`))).toEqual(new Set([`${coin}/${sourceType}`]));
    }
    const week = { startTime: today - 6 * DAY_MS, endTime: today - 2 * DAY_MS };
    const [live, auto] = await Promise.all(
      ["live", "auto"].map((s) => api<{ items: unknown[]; total: number }>(`/api/affiliate/commissions?startTime=${week.startTime}&endTime=${week.endTime}&pageSize=50&page=3&source=${s}`)),
    );
    expect(live.json.total).toBe(recordsIn(week.startTime, week.endTime).length);
    expect(live.json.items).toEqual(auto.json.items);
  });

  for (const [tz, offsetH] of [
    ["UTC", 0],
    ["Asia/Shanghai", 8],
  ] as const) {
    it(`the series sums per ${tz} day, coin, product type and source type, with totals by coin and direct vs sub-agents`, async () => {
      const cells = new Map<string, bigint>();
      const byCoin = new Map<string, bigint>();
      const bySource = new Map<string, Map<string, bigint>>();
      for (const r of recordsIn(w.startTime, w.endTime)) {
        const day = new Date(r.time + offsetH * H).toISOString().slice(0, 10);
        add(cells, `${day}|${r.coin}|${r.productType}|${r.sourceType}`, commissionUnits(r));
        add(byCoin, r.coin, commissionUnits(r));
        if (!bySource.has(String(r.sourceType))) bySource.set(String(r.sourceType), new Map());
        add(bySource.get(String(r.sourceType))!, r.coin, commissionUnits(r));
      }
      for (const source of ["archive", "auto"]) {
        const s = await api<{
          items: { bucket: string; coin: string; productType: string; sourceType: number; commission: string }[];
          totals: { commission: Record<string, string>; bySourceType: Record<string, Record<string, string>> };
        }>(`/api/affiliate/commissions/series?startTime=${w.startTime}&endTime=${w.endTime}&granularity=day&tz=${tz}&source=${source}`);
        expect(s.status, s.text).toBe(200);
        expect(Object.fromEntries(s.json.items.map((i) => [`${i.bucket}|${i.coin}|${i.productType}|${i.sourceType}`, norm(i.commission)]))).toEqual(
          Object.fromEntries([...cells].map(([k, v]) => [k, dec(v, 10)])),
        );
        expect(normCoins(s.json.totals.commission)).toEqual(coins(byCoin));
        expect(Object.fromEntries(Object.entries(s.json.totals.bySourceType).map(([k, v]) => [k, normCoins(v)]))).toEqual(
          Object.fromEntries([...bySource].map(([k, v]) => [k, coins(v)])),
        );
      }
    });
  }

  it("the export streams every record of the filter under WEEX's field names", async () => {
    const day = { startTime: today - 4 * DAY_MS, endTime: today - 3 * DAY_MS - 1 };
    const res = await fetch(`${stack.base}/api/affiliate/commissions/export?startTime=${day.startTime}&endTime=${day.endTime}&productType=FUTURES`, { headers: { cookie: viewer } });
    expect(res.status).toBe(200);
    const rows = parseCsv(await res.text());
    expect(rows[0]).toEqual(["uid", "date", "coin", "productType", "symbol", "sourceType", "fee", "commission", "rate", "takerAmount", "makerAmount"]);
    expect(rows.length - 1).toBe(recordsIn(day.startTime, day.endTime).filter((r) => r.productType === "FUTURES").length);
  });
});

describe("cohorts and invite codes gain value", () => {
  // Four UTC weeks (Monday to Sunday) ending two weeks before this one
  const thisMonday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
  const range = { startTime: thisMonday - 42 * DAY_MS, endTime: thisMonday - 14 * DAY_MS - 1 };

  for (const [tz, offsetH] of [
    ["UTC", 0],
    ["Asia/Shanghai", 8],
  ] as const) {
    it(`each ${tz} week's commission per invitee within 7/30/90/180 days of registering, per coin; null while too young`, async () => {
      const r = await api<{
        items: { cohort: string; registered: number; commissionPerInvitee: Record<"d7" | "d30" | "d90" | "d180", Record<string, string> | null> }[];
        commissionRange: { startTime: number; endTime: number } | null;
      }>(`/api/affiliate/invitees/cohorts?startTime=${range.startTime}&endTime=${range.endTime}&by=week&tz=${tz}`);
      expect(r.status, r.text).toBe(200);
      const held = r.json.commissionRange!;
      expect(held.endTime).toBeLessThanOrEqual(Date.now());
      expect(held.startTime).toBeLessThanOrEqual(range.startTime);
      // each week from Monday 00:00 in the zone, cut by the range
      const firstMonday = thisMonday - 49 * DAY_MS - offsetH * H;
      let sawBtc = false;
      for (const item of r.json.items) {
        const from = Date.parse(`${item.cohort}T00:00:00Z`) - offsetH * H;
        expect(from >= firstMonday).toBe(true);
        const first = Math.max(from, range.startTime);
        const last = Math.min(from + 7 * DAY_MS - 1, range.endTime);
        const members: Invitee[] = data.invitees.filter((i) => i.registerTime >= first && i.registerTime <= last);
        expect(item.registered).toBe(members.length);
        for (const [key, days] of [
          ["d7", 7],
          ["d30", 30],
          ["d90", 90],
          ["d180", 180],
        ] as const) {
          const known = first >= held.startTime && last + days * DAY_MS <= held.endTime;
          if (!known) {
            expect(item.commissionPerInvitee[key], `${item.cohort} ${key}`).toBeNull();
            continue;
          }
          const sums = new Map<string, bigint>();
          for (const m of members)
            for (const rec of data.activity.recordsOf(m.uid, m.registerTime, m.registerTime + days * DAY_MS))
              if (rec.sourceType === 1) add(sums, rec.coin, commissionUnits(rec));
          const n = BigInt(members.length);
          // ÷ registrations, 10 decimal places, half up
          const per = new Map([...sums].filter(([, v]) => v !== 0n).map(([c, v]) => [c, (2n * v + n) / (2n * n)]));
          if (per.has("BTC")) sawBtc = true;
          expect(normCoins(item.commissionPerInvitee[key]), `${item.cohort} ${key}`).toEqual(coins(per));
        }
      }
      expect(r.json.items.every((i) => i.commissionPerInvitee.d7 !== null)).toBe(true);
      expect(r.json.items.every((i) => i.commissionPerInvitee.d180 === null)).toBe(true);
      expect(sawBtc).toBe(true);
      const live = await api<{ items: { commissionPerInvitee: Record<string, unknown> }[]; commissionRange: unknown }>(
        `/api/affiliate/invitees/cohorts?startTime=${range.startTime}&endTime=${range.endTime}&by=week&tz=${tz}&source=live`,
      );
      expect(live.json.commissionRange).toBeNull();
      expect(live.json.items.every((i) => Object.values(i.commissionPerInvitee).every((v) => v === null))).toBe(true);
    });
  }

  it("each invite code's commission and volumes in the range: its invitees registered in the range", async () => {
    const w = { startTime: today - 30 * DAY_MS + 6 * H, endTime: today - 2 * DAY_MS };
    const r = await api<{ items: { inviteCode: string | null; registered: number; commission: Record<string, string>; spotTradingAmount: string; futuresTradingAmount: string }[] }>(
      `/api/affiliate/invitees/codes?startTime=${w.startTime}&endTime=${w.endTime}`,
    );
    expect(r.status, r.text).toBe(200);
    const byCode = new Map<string, { commission: Map<string, bigint>; spot: bigint; futures: bigint }>();
    for (const inv of data.invitees.filter((i) => i.registerTime >= w.startTime && i.registerTime <= w.endTime)) {
      const v = byCode.get(inv.inviteCode) ?? { commission: new Map(), spot: 0n, futures: 0n };
      for (const rec of data.activity.recordsOf(inv.uid, w.startTime, w.endTime)) {
        add(v.commission, rec.coin, commissionUnits(rec));
        if (rec.productType === "SPOT") v.spot += volumeCents(rec);
        else v.futures += volumeCents(rec);
      }
      byCode.set(inv.inviteCode, v);
    }
    expect(r.json.items.map((i) => i.inviteCode).sort()).toEqual([...byCode.keys()].sort());
    for (const item of r.json.items) {
      const v = byCode.get(item.inviteCode!)!;
      expect({ commission: normCoins(item.commission), spot: norm(item.spotTradingAmount), futures: norm(item.futuresTradingAmount) }, item.inviteCode!).toEqual({
        commission: coins(v.commission, false),
        spot: dec(v.spot, 2),
        futures: dec(v.futures, 2),
      });
    }
    expect(r.json.items.some((i) => Object.keys(i.commission).length > 0)).toBe(true);
  });
});

describe("the referral check and an invitee's assets", () => {
  it("says which uids are direct invitees, in the order given, each once; live and auto agree", async () => {
    // (registered a day ago or more: the dataset also holds the rest of today's registrations)
    const invitees = data.invitees
      .filter((i) => i.registerTime < Date.now() - DAY_MS)
      .slice(0, 150)
      .map((i) => i.uid);
    const others = Array.from({ length: 60 }, (_, i) => String(1_000 + i));
    const uids = [...invitees.slice(0, 100), ...others, ...invitees.slice(100), invitees[0]];
    for (const source of ["live", "auto"]) {
      const r = await api<{ items: { uid: string; referral: boolean }[]; referrals: number; others: number }>("/api/affiliate/referrals/verify", {
        method: "POST",
        body: { uids, source },
      });
      expect(r.status, r.text).toBe(200);
      expect(r.json.items).toEqual([...invitees.slice(0, 100), ...others, ...invitees.slice(100)].map((uid) => ({ uid, referral: !others.includes(uid) })));
      expect([r.json.referrals, r.json.others]).toEqual([150, 60]);
    }
  });

  it("names each bad uid by its place, and refuses more than 10,000 (a body of 10,001 uids is read, not cut at 64 KB)", async () => {
    const bad = await api<{ error: { fields: { path: string }[] } }>("/api/affiliate/referrals/verify", { method: "POST", body: { uids: ["4200000001", "abc", "-5", "1"] } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields.map((f) => f.path)).toEqual(["uids.1", "uids.2"]);
    const many = Array.from({ length: 10_001 }, (_, i) => String(9_000_000_000_000_000_000n + BigInt(i)));
    const tooMany = await api<{ error: { fields: { path: string }[] } }>("/api/affiliate/referrals/verify", { method: "POST", body: { uids: many } });
    expect(tooMany.status, tooMany.text.slice(0, 200)).toBe(400);
    expect(tooMany.json.error.fields.map((f) => f.path)).toEqual(["uids"]);
  });

  it("reads an invitee's assets live: its deposits within the days asked", async () => {
    const inv = data.invitees.find((i) => Number.isFinite(i.firstDeposit) && i.firstDeposit < today - 10 * DAY_MS)!;
    const r = await api<{ uid: string; startDate: string; endDate: string; depositTotalAmount: string | null; freshness: { source: string } }>(
      `/api/affiliate/invitees/${inv.uid}/assets?startTime=${today - 30 * DAY_MS}&endTime=${today - 1}`,
    );
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ uid: inv.uid, startDate: new Date(today - 30 * DAY_MS).toISOString().slice(0, 10), endDate: new Date(today - 1).toISOString().slice(0, 10) });
    const { deposits } = data.activity.assets(inv, today - 30 * DAY_MS, today - 1, Date.now());
    expect(norm(r.json.depositTotalAmount)).toBe(dec(BigInt(deposits.reduce((n, d) => n + d.cents, 0)), 2));
    const notInvitee = await api<{ error: { code: string } }>("/api/affiliate/invitees/1000/assets");
    expect(notInvitee.status, notInvitee.text).toBe(404);
    expect((await api("/api/affiliate/invitees/abc/assets")).status).toBe(400);
  });
});
