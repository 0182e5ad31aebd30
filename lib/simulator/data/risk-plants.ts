/**
 * The risk patterns the simulator plants among its ordinary population, one declarative table:
 * for each of the dashboard's risk rules a few subjects (invitees, invite codes, sub-affiliates)
 * whose data is well over the rule's default thresholds, so that a fresh demo shows every rule
 * firing once its history is synced and tests can name exactly which subjects are flagged. The
 * ordinary generators stay below every threshold (invitees.ts, activity.ts, subAffiliates.ts).
 *
 * Every time is relative to the start day (`anchor`, 00:00 UTC of the day the simulator starts)
 * and in the past of it, so the patterns exist whatever day the demo starts: the per-day
 * deposits and withdrawals within WEEX's last 90 days, transfers within its month, the
 * concentrated commission in the previous calendar month. Nothing here draws from the
 * generators' random streams: the ordinary registrations, funnels, sub-affiliates and transfers
 * are the same with or without the plants (uids after a planted invitee are one higher, and an
 * invitee's activity is seeded by its uid).
 */
import { DAY_MS } from "../../time/calendar";
import type { Rng } from "../prng";
import { dayOf, tradeRecord, type InviteeDay, type ProductType } from "./activity-records";
import type { SymbolLists } from "./activity-seeds";
import type { Transfer } from "./withdrawals";

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** 1970-01-05, the first Monday: UTC weeks start on Mondays (as the hollowSignups rule's). */
const MONDAY_MS = 4 * DAY_MS;
const WEEK_MS = 7 * DAY_MS;

/** The rules the simulator plants patterns for (the dashboard's rule keys). */
export const PLANTED_RULES = ["inAndOut", "churn", "fundedInvitee", "signupBurst", "hollowSignups", "twinDeposits", "subSpike", "concentration"] as const;
export type PlantedRule = (typeof PLANTED_RULES)[number];

/** A planted invitee's own script: every event at an absolute time, amounts in USDT cents. */
export interface PlantScript {
  rule: PlantedRule;
  deposits: Array<{ time: number; cents: number }>;
  withdrawals: Array<{ time: number; cents: number }>;
  trades: Array<{ time: number; cents: number; productType: ProductType }>;
  /** the affiliate's rate on its trades, hundredths (30 = 0.3) */
  ratePct: number;
  /** an internal transfer from the account to this invitee's uid (USDT cents) */
  transfer?: { time: number; cents: number };
}

/** A planted registration: when, with which code, verified or not, and what it does after. */
export interface PlantedRegistration {
  registerTime: number;
  inviteCode: string;
  kyc: boolean;
  script: PlantScript;
}

const usdt = (n: number) => Math.round(n * 100);
const script = (rule: PlantedRule, s: Partial<Omit<PlantScript, "rule">> = {}): PlantScript => ({ rule, deposits: [], withdrawals: [], trades: [], ratePct: 30, ...s });
const range = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));

/** The standing code the invitee-level plants register with (the busiest: they stand out by what they do, not by their code). */
const STANDING = "WX7K2M";

/**
 * inAndOut: deposit, a little trading, and nearly all of it withdrawn within three days
 * (days before the start day: deposit, trade, withdrawal).
 */
const IN_AND_OUT: Array<{ day: number; deposit: number; withdrawn: number; traded: number }> = [
  { day: -12, deposit: 5_000, withdrawn: 4_950, traded: 1_000 },
  { day: -33, deposit: 2_500, withdrawn: 2_500, traded: 300 },
  { day: -61, deposit: 12_000, withdrawn: 11_800, traded: 2_000 },
];

/** churn: a small deposit, then futures every day for 25 days: ~150,000 USDT on 500. */
const CHURN: Array<{ day: number; deposit: number; perDay: number }> = [
  { day: -45, deposit: 500, perDay: 6_000 },
  { day: -70, deposit: 400, perDay: 8_000 },
  { day: -30, deposit: 300, perDay: 5_000 },
];

/** fundedInvitee: the account transfers to the invitee, which trades two days later. */
const FUNDED: Array<{ day: number; amount: number; traded: number }> = [
  { day: -20, amount: 500, traded: 3_000 },
  { day: -11, amount: 1_000, traded: 6_000 },
  { day: -4, amount: 250, traded: 1_500 },
];

/** signupBurst: registrations seconds apart (a code without history, and one with a quiet past). */
const BURSTS: Array<{ code: string; day: number; count: number; history: number }> = [
  { code: "FLASH88", day: -3, count: 25, history: 0 },
  { code: "RUSH42", day: -16, count: 32, history: 4 },
];

/** hollowSignups: a week's many registrations, hardly any verified, none deposited (weeks before the start day's). */
const HOLLOW: Array<{ code: string; weeksBack: number; count: number; kyc: number }> = [
  { code: "EMPTY60", weeksBack: 2, count: 60, kyc: 1 },
  { code: "GHOST80", weeksBack: 5, count: 80, kyc: 2 },
];

/** twinDeposits: invitees of one code registered the same day deposit the same amount two days later. */
const TWINS: Array<{ code: string; day: number; count: number; amount: number }> = [
  { code: "TWIN200", day: -9, count: 6, amount: 200 },
  { code: "PAIR1K", day: -50, count: 7, amount: 1_000 },
];

/**
 * concentration: one invitee brings nearly all of its code's USDT commission of the previous
 * calendar month: 10 days of futures at a 0.5 rate, at least 140 and 168 USDT (a futures fee is
 * at least 0.028 % of the volume).
 */
const CONCENTRATED: Array<{ code: string; perDay: number; others: number }> = [
  { code: "SOLO77", perDay: 100_000, others: 2 },
  { code: "WHALE9", perDay: 120_000, others: 3 },
];

/** Planted sub-affiliates: a steady daily volume and one day at `factor` × it. */
export interface PlantedSub {
  uid: string;
  /** full-day futures volume in cents (spot: a tenth) on an ordinary day */
  dailyCents: number;
  /** the spike: days before the start day, and its multiple of the ordinary day */
  spikeDay: number;
  factor: number;
}

/** Uids above every generated one (those start at 1.103e18 and grow by at most 2e12 at scale 10), 19 digits as theirs. */
export const PLANTED_SUBS: readonly PlantedSub[] = [
  { uid: "1103999000000000101", dailyCents: usdt(50_000), spikeDay: -6, factor: 20 },
  { uid: "1103999000000000202", dailyCents: usdt(30_000), spikeDay: -19, factor: 15 },
];

/** A planted sub-affiliate's full-day volume (cents) of `product` on day `d` days from the start day: steady, ±10 %, one spike. */
export function plantedSubCents(s: PlantedSub, product: ProductType, d: number): number {
  const day = Math.round(s.dailyCents * (1 + 0.1 * Math.sin(d)) * (d === s.spikeDay ? s.factor : 1));
  return product === "FUTURES" ? day : Math.round(day / 10);
}

/** Every planted registration, from the start day `anchor` (00:00 UTC). */
export function plantedRegistrations(anchor: number): PlantedRegistration[] {
  const at = (day: number, hour: number) => anchor + day * DAY_MS + hour * HOUR;
  const out: PlantedRegistration[] = [];
  const add = (registerTime: number, inviteCode: string, kyc: boolean, s: PlantScript) => out.push({ registerTime, inviteCode, kyc, script: s });

  for (const p of IN_AND_OUT) {
    add(at(p.day - 8, 9), STANDING, true, script("inAndOut", {
      deposits: [{ time: at(p.day, 10), cents: usdt(p.deposit) }],
      trades: [{ time: at(p.day + 2, 8), cents: usdt(p.traded), productType: "FUTURES" }],
      withdrawals: [{ time: at(p.day + 2, 12), cents: usdt(p.withdrawn) }],
    }));
  }
  for (const p of CHURN) {
    add(at(p.day - 3, 15), STANDING, true, script("churn", {
      deposits: [{ time: at(p.day, 11), cents: usdt(p.deposit) }],
      trades: range(25, (i) => ({ time: at(p.day + 1 + i, 13), cents: usdt(p.perDay), productType: "FUTURES" as const })),
    }));
  }
  for (const p of FUNDED) {
    add(at(p.day - 6, 18), STANDING, true, script("fundedInvitee", {
      transfer: { time: at(p.day, 9), cents: usdt(p.amount) },
      deposits: [{ time: at(p.day, 10), cents: usdt(50) }],
      trades: [{ time: at(p.day + 2, 14), cents: usdt(p.traded), productType: "FUTURES" }],
    }));
  }
  for (const b of BURSTS) {
    // the quiet past: one registration a week in the four weeks before
    for (let k = 0; k < b.history; k++) add(at(b.day - 7 * (k + 1), 11), b.code, true, script("signupBurst"));
    for (let k = 0; k < b.count; k++) add(at(b.day, 14) + k * 15_000, b.code, k % 3 === 0, script("signupBurst"));
  }
  const weekOf = (t: number) => Math.floor((t - MONDAY_MS) / WEEK_MS) * WEEK_MS + MONDAY_MS;
  for (const h of HOLLOW) {
    // spread over Tuesday to Thursday of that UTC week, an hour or more apart
    const tuesday = weekOf(anchor) - h.weeksBack * WEEK_MS + DAY_MS;
    for (let k = 0; k < h.count; k++) add(tuesday + Math.floor((k * 3 * DAY_MS) / h.count) + 7 * MINUTE, h.code, k < h.kyc, script("hollowSignups"));
  }
  for (const t of TWINS) {
    for (let k = 0; k < t.count; k++) {
      add(at(t.day, 8) + k * 47 * MINUTE, t.code, true, script("twinDeposits", { deposits: [{ time: at(t.day + 2, 9) + k * MINUTE, cents: usdt(t.amount) }] }));
    }
  }
  // the previous calendar month of the start day: days 3 to 12 of it, whatever its length
  const start = new Date(anchor);
  const prevMonth = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - 1, 1);
  for (const c of CONCENTRATED) {
    const day = (n: number, hour: number) => prevMonth + (n - 1) * DAY_MS + hour * HOUR;
    // a deposit with each trading day: the volume stays far below churn's multiple of the money in
    const whale = range(10, (i) => i + 3);
    add(day(1, 7), c.code, true, script("concentration", {
      ratePct: 50,
      deposits: whale.map((n) => ({ time: day(n, 8), cents: usdt(c.perDay / 10) })),
      trades: whale.map((n) => ({ time: day(n, 16), cents: usdt(c.perDay), productType: "FUTURES" as const })),
    }));
    for (let k = 0; k < c.others; k++) {
      add(day(2, 9 + k), c.code, true, script("concentration", {
        deposits: [{ time: day(4, 10 + k), cents: usdt(300) }],
        trades: [{ time: day(5, 10 + k), cents: usdt(800), productType: "FUTURES" }],
      }));
    }
  }
  return out.sort((a, b) => a.registerTime - b.registerTime);
}

/** The subjects each rule is planted for, with the ids this dataset gave the planted invitees. */
export function plantedSubjects(invitees: ReadonlyArray<{ uid: string; inviteCode: string; plant?: PlantScript }>): Record<PlantedRule, string[]> {
  const of = (rule: PlantedRule) => invitees.filter((i) => i.plant?.rule === rule);
  const uids = (rule: PlantedRule) => of(rule).map((i) => i.uid).sort();
  const codes = (rule: PlantedRule) => [...new Set(of(rule).map((i) => i.inviteCode))].sort();
  return {
    inAndOut: uids("inAndOut"),
    churn: uids("churn"),
    fundedInvitee: uids("fundedInvitee"),
    signupBurst: codes("signupBurst"),
    hollowSignups: codes("hollowSignups"),
    twinDeposits: codes("twinDeposits"),
    subSpike: PLANTED_SUBS.map((s) => s.uid).sort(),
    concentration: codes("concentration"),
  };
}

/**
 * A planted invitee's UTC day `day` (day number) from its script: its deposits, withdrawals and
 * trades of that day, each trade a commission record on the first (largest) market of its
 * product, in USDT, at the script's rate (`rng` draws only the taker share of the volume).
 */
export function plantedDay(uid: string, s: PlantScript, day: number, rng: Rng, lists: SymbolLists, feePpm: Record<ProductType, { taker: number; maker: number }>): InviteeDay {
  const on = <T extends { time: number }>(xs: T[]) => xs.filter((x) => dayOf(x.time) === day).sort((a, b) => a.time - b.time);
  return {
    deposits: on(s.deposits).map(({ time, cents }) => ({ time, cents })),
    withdrawals: on(s.withdrawals).map(({ time, cents }) => ({ time, cents })),
    trades: on(s.trades).map((t) => tradeRecord(rng, uid, t.time, t.productType, "USDT", t.productType === "FUTURES" ? lists.futures[0] : lists.spotUsdt[0], 1, t.cents, feePpm[t.productType], s.ratePct)),
  };
}

/**
 * The transfers with the planted ones joined in (newest first, then withdrawId descending): from
 * the account's own sending uid (the one of its oldest transfer) to each planted invitee that has
 * one, in USDT, settled five minutes later. Their ids sit below the generated ones (those start
 * at 1.384e18).
 */
export function plantedTransfers(transfers: Transfer[], invitees: ReadonlyArray<{ uid: string; plant?: PlantScript }>): Transfer[] {
  const from = transfers.at(-1)?.fromUserId ?? "900000000000000001";
  const planted = invitees.flatMap((i, k): Transfer[] => {
    const t = i.plant?.transfer;
    if (!t) return [];
    const withdrawId = String(1_383_999_000_000_000_000n + BigInt(k));
    return [{ withdrawId, fromUserId: from, toUserId: i.uid, coin: "USDT", amountUnits: t.cents * 100, dp: 4, createTime: t.time, settleAt: t.time + 5 * MINUTE, finalStatus: "SUCCESS", fromAccountType: "SPOT", toAccountType: "SPOT" }];
  });
  return [...transfers, ...planted].sort((a, b) => b.createTime - a.createTime || (BigInt(b.withdrawId) > BigInt(a.withdrawId) ? 1 : -1));
}
