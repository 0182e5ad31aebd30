/**
 * Invitee cohorts, invite codes and activity: pure computation over invitee records,
 * shared by the live side (records walked from WEEX) and the tests. The archive computes the
 * same figures in SQL (lib/archive/cohorts-query.ts) over the same bucket boundaries.
 *
 * - A **cohort** is the users whose `registerTime` falls in one week (weeks start on Monday) or
 *   month of the chosen IANA zone; its label is its first local day (`2026-11-16`). Cohorts
 *   are listed from the one holding `startTime` to the one holding `endTime`, empty ones with
 *   zeros; only registrations inside [startTime, endTime] are counted.
 * - **Within d days**: `firstX − registerTime ≤ d × 86 400 000` (a first event recorded before
 *   the registration counts as within).
 * - **Active in the last N days**: `lastTrade` within the N days before now.
 * - A time of `0` or none means "never" (the record schema already turns 0 into null).
 */
import { checkBucketCount } from "@/lib/contract/answer-limits";
import { ACTIVE_DAYS_DEFAULT, ACTIVITIES, COHORT_BY, STAGES, type Activity, type CohortBy, type Stage } from "@/lib/contract/params";
import type { InviteeRecord } from "@/lib/weex/records";
import { addDays, DAY_MS, formatYmd, startOfDay, ymdInZone, type Ymd } from "@/lib/time/calendar";
import { Dec } from "@/lib/contract/decimal";

export { ACTIVE_DAYS_DEFAULT, ACTIVITIES, COHORT_BY, STAGES, type Activity, type CohortBy, type Stage };

/** The "within d days" columns of a cohort, by name. */
export const WITHIN_DAYS = { d1: 1, d7: 7, d30: 30 } as const;
export type WithinKey = keyof typeof WITHIN_DAYS;
const WITHIN_KEYS = Object.keys(WITHIN_DAYS) as WithinKey[];

/**
 * Bins of the time-to-first-trade distribution: `upToHours` is the bin's inclusive upper
 * bound (`firstTrade − registerTime ≤ upToHours h`, the same reading as "within"); the last
 * bin (null) is everything later.
 */
export const TRADE_DELAY_BINS: readonly (number | null)[] = [1, 6, 24, 72, 168, 720, null];

const HOUR_MS = 3_600_000;

export interface CohortCounts {
  registered: number;
  kycPassed: number;
  deposited: number;
  traded: number;
  depositedWithin: Record<WithinKey, number>;
  tradedWithin: Record<WithinKey, number>;
  activeLast30d: number;
}

export interface CohortItem extends CohortCounts {
  cohort: string;
  /** hours from registration to first trade, median over the cohort's traders; null: nobody traded */
  medianHoursToFirstTrade: string | null;
}

export interface TradeDelayBin {
  upToHours: number | null;
  traded: number;
}

export interface Cohorts {
  by: CohortBy;
  tz: string;
  items: CohortItem[];
  /** how long the range's traders took to their first trade, over every cohort */
  timeToFirstTrade: TradeDelayBin[];
}

/** One cohort's span: registrations in [from, to). */
export interface CohortBucket {
  cohort: string;
  from: number;
  to: number;
}

/** The first local day of the week (Monday) or month holding `d`. */
function bucketStart(d: Ymd, by: CohortBy): Ymd {
  if (by === "month") return { ...d, day: 1 };
  const sinceMonday = (new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() + 6) % 7;
  return addDays(d, -sinceMonday);
}

function nextBucket(d: Ymd, by: CohortBy): Ymd {
  if (by === "week") return addDays(d, 7);
  return d.month === 12 ? { year: d.year + 1, month: 1, day: 1 } : { year: d.year, month: d.month + 1, day: 1 };
}

/** The cohorts covering [startTime, endTime] in `tz`, oldest first, each [from, to) in epoch ms. */
export function cohortBuckets(startTime: number, endTime: number, by: CohortBy, tz: string): CohortBucket[] {
  const out: CohortBucket[] = [];
  let day = bucketStart(ymdInZone(startTime, tz), by);
  let from = startOfDay(day, tz);
  while (from <= endTime) {
    // (refused before anything is read: lib/contract/answer-limits.ts)
    checkBucketCount(out.length + 1);
    const next = nextBucket(day, by);
    const to = startOfDay(next, tz);
    out.push({ cohort: formatYmd(day), from, to });
    day = next;
    from = to;
  }
  return out;
}

/** The index of the bucket holding `t`, or -1 (buckets are contiguous and ordered). */
export function bucketIndex(buckets: readonly CohortBucket[], t: number): number {
  let lo = 0;
  let hi = buckets.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (t < buckets[mid].from) hi = mid - 1;
    else if (t >= buckets[mid].to) lo = mid + 1;
    else return mid;
  }
  return -1;
}

export function emptyCounts(): CohortCounts {
  const zeros = () => ({ d1: 0, d7: 0, d30: 0 });
  return { registered: 0, kycPassed: 0, deposited: 0, traded: 0, depositedWithin: zeros(), tradedWithin: zeros(), activeLast30d: 0 };
}

/** a + b, field by field (into a). */
export function addCounts(a: CohortCounts, b: CohortCounts): CohortCounts {
  a.registered += b.registered;
  a.kycPassed += b.kycPassed;
  a.deposited += b.deposited;
  a.traded += b.traded;
  a.activeLast30d += b.activeLast30d;
  for (const k of WITHIN_KEYS) {
    a.depositedWithin[k] += b.depositedWithin[k];
    a.tradedWithin[k] += b.tradedWithin[k];
  }
  return a;
}

/** The median of millisecond delays as hours, exact to 0.01 h (half up); null for none. */
export function medianHours(delaysMs: readonly number[]): string | null {
  if (delaysMs.length === 0) return null;
  const s = [...delaysMs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  const ms = s.length % 2 === 1 ? new Dec(s[mid]) : new Dec(s[mid - 1]).plus(s[mid]).div(2);
  return hoursText(ms);
}

/** Milliseconds as hours text, to 0.01 h ("12.5", "0.25", "-1"). */
export function hoursText(ms: Dec | number): string {
  const h = new Dec(ms).div(HOUR_MS).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
  return h.isZero() ? "0" : h.toFixed();
}

/** The bin index of a delay to first trade. */
export function tradeDelayBin(delayMs: number): number {
  const i = TRADE_DELAY_BINS.findIndex((h) => h !== null && delayMs <= h * HOUR_MS);
  return i === -1 ? TRADE_DELAY_BINS.length - 1 : i;
}

/**
 * Counts invitee records into cohorts, batch by batch. Keeps every trader's delay (the
 * median needs them): memory grows with traders, which is fine for the live stretch it is
 * used for (the archive answers in SQL).
 */
export class CohortBuilder {
  readonly counts: CohortCounts[];
  readonly delays: number[][];
  constructor(
    readonly buckets: readonly CohortBucket[],
    readonly range: { startTime: number; endTime: number },
    readonly now: number,
  ) {
    this.counts = buckets.map(emptyCounts);
    this.delays = buckets.map(() => []);
  }

  add(r: InviteeRecord): void {
    if (r.registerTime < this.range.startTime || r.registerTime > this.range.endTime) return;
    const i = bucketIndex(this.buckets, r.registerTime);
    if (i < 0) return;
    const c = this.counts[i];
    c.registered++;
    if (r.kycResult) c.kycPassed++;
    if (r.firstDeposit !== null) {
      c.deposited++;
      for (const k of WITHIN_KEYS) if (r.firstDeposit - r.registerTime <= WITHIN_DAYS[k] * DAY_MS) c.depositedWithin[k]++;
    }
    if (r.firstTrade !== null) {
      c.traded++;
      const delay = r.firstTrade - r.registerTime;
      for (const k of WITHIN_KEYS) if (delay <= WITHIN_DAYS[k] * DAY_MS) c.tradedWithin[k]++;
      this.delays[i].push(delay);
    }
    if (isActive(r, ACTIVE_DAYS_DEFAULT, this.now)) c.activeLast30d++;
  }

  async addAll(batches: AsyncIterable<InviteeRecord[]>): Promise<this> {
    for await (const batch of batches) for (const r of batch) this.add(r);
    return this;
  }
}

/** The answer from per-cohort counts, delays' medians and the distribution. */
export function cohortsAnswer(by: CohortBy, tz: string, buckets: readonly CohortBucket[], counts: CohortCounts[], medians: (string | null)[], bins: number[]): Cohorts {
  return {
    by,
    tz,
    items: buckets.map((b, i) => ({ cohort: b.cohort, ...counts[i], medianHoursToFirstTrade: medians[i] })),
    timeToFirstTrade: TRADE_DELAY_BINS.map((upToHours, i) => ({ upToHours, traded: bins[i] ?? 0 })),
  };
}

/** Cohorts of records alone (the live answer, and the reference the tests compare SQL with). */
export async function buildCohorts(
  batches: AsyncIterable<InviteeRecord[]>,
  q: { startTime: number; endTime: number; by: CohortBy; tz: string },
  now: number,
): Promise<Cohorts> {
  const buckets = cohortBuckets(q.startTime, q.endTime, q.by, q.tz);
  const b = await new CohortBuilder(buckets, q, now).addAll(batches);
  return cohortsAnswer(q.by, q.tz, buckets, b.counts, b.delays.map(medianHours), binsOf(b.delays.flat()));
}

export function binsOf(delays: readonly number[]): number[] {
  const bins = TRADE_DELAY_BINS.map(() => 0);
  for (const d of delays) bins[tradeDelayBin(d)]++;
  return bins;
}

// ---------------------------------------------------------------------------------------------
// Invite codes

export interface CodeItem {
  inviteCode: string | null;
  registered: number;
  kycPassed: number;
  deposited: number;
  traded: number;
}

/** Adds one invitee to its code's row (an absent code is its own row, `null`). */
export function addToCode(rows: Map<string | null, CodeItem>, r: Pick<InviteeRecord, "inviteCode" | "kycResult" | "firstDeposit" | "firstTrade">): void {
  const code = r.inviteCode ?? null;
  const row = rows.get(code) ?? { inviteCode: code, registered: 0, kycPassed: 0, deposited: 0, traded: 0 };
  row.registered++;
  if (r.kycResult) row.kycPassed++;
  if (r.firstDeposit !== null) row.deposited++;
  if (r.firstTrade !== null) row.traded++;
  rows.set(code, row);
}

/** Merges code rows (into `rows`). */
export function mergeCodes(rows: Map<string | null, CodeItem>, more: Iterable<CodeItem>): void {
  for (const m of more) {
    const row = rows.get(m.inviteCode);
    if (!row) rows.set(m.inviteCode, { ...m });
    else for (const k of ["registered", "kycPassed", "deposited", "traded"] as const) row[k] += m[k];
  }
}

/** Most registrations first; ties by code (the absent code last), so the order is stable. */
export function sortCodes(rows: Iterable<CodeItem>): CodeItem[] {
  return [...rows].sort(
    (a, b) => b.registered - a.registered || (a.inviteCode === null ? 1 : b.inviteCode === null ? -1 : a.inviteCode < b.inviteCode ? -1 : a.inviteCode > b.inviteCode ? 1 : 0),
  );
}

// ---------------------------------------------------------------------------------------------
// The invitee list's stage and activity filters

type StageFields = Pick<InviteeRecord, "kycResult" | "firstDeposit" | "firstTrade" | "lastTrade">;

export function stageOf(r: StageFields): Stage {
  if (r.firstTrade !== null || r.lastTrade !== null) return "traded";
  if (r.firstDeposit !== null) return "deposited";
  if (r.kycResult) return "kyc";
  return "registered";
}

/** Traded within the `days` days before now (the last trade, or the first when no last is given). */
export function isActive(r: Pick<InviteeRecord, "firstTrade" | "lastTrade">, days: number, now: number): boolean {
  const last = r.lastTrade ?? r.firstTrade;
  return last !== null && last >= now - days * DAY_MS && last <= now;
}

/** never: no trade at all; dormant: traded once but not within `days`; active: within. */
export function activityOf(r: StageFields, days: number, now: number): Activity {
  if (r.firstTrade === null && r.lastTrade === null) return "never";
  return isActive(r, days, now) ? "active" : "dormant";
}

export interface InviteeExtraFilter {
  stage?: Stage;
  activity?: Activity;
  activeDays?: number;
  inviteCode?: string;
}

export function hasExtraFilter(f: InviteeExtraFilter): boolean {
  return f.stage !== undefined || f.activity !== undefined || f.inviteCode !== undefined;
}

/** The filter without the extra fields: what WEEX and the archive's plain reads understand. */
export function withoutExtras<F extends InviteeExtraFilter>(f: F): Omit<F, keyof InviteeExtraFilter> {
  const { stage: _s, activity: _a, activeDays: _d, inviteCode: _c, ...rest } = f;
  return rest;
}

/** The list's extra filters as a predicate (the archive applies the same in SQL). */
export function matchesExtra(f: InviteeExtraFilter, now: number): (r: InviteeRecord) => boolean {
  const days = f.activeDays ?? ACTIVE_DAYS_DEFAULT;
  return (r) =>
    (f.stage === undefined || stageOf(r) === f.stage) &&
    (f.activity === undefined || activityOf(r, days, now) === f.activity) &&
    (f.inviteCode === undefined || r.inviteCode === f.inviteCode);
}
