/**
 * What each invitee is worth: pure computation over commission records and WEEX's
 * per-invitee totals, shared by the live side (records walked from WEEX), the archive's answers
 * (which add these to their SQL sums) and the tests.
 *
 * - **Per coin**: commission and fee are paid in the record's `coin` and summed per coin; coins
 *   are never added together. Volumes (`takerAmount` + `makerAmount`) are USDT on every record.
 * - An amount WEEX does not know (`"--"`, null) is left out of every sum, never counted as 0.
 * - Every sum is decimal.js (exact), written as plain decimal text.
 */
import { checkBucketCount } from "@/lib/contract/answer-limits";
import { Dec, decimalText } from "@/lib/contract/decimal";
import { COMMISSION_WITHIN_DAYS, type CommissionWithinKey, type Granularity } from "@/lib/contract/params";
import type { CommissionRecord, InviteeTotalsRecord } from "@/lib/weex/records";
import { addDays, DAY_MS, formatYmd, startOfDay, ymdInZone, type Ymd } from "@/lib/time/calendar";
import { bucketIndex, type CohortBucket } from "./cohorts";

export { COMMISSION_WITHIN_DAYS, type CommissionWithinKey };
export const WITHIN_KEYS = Object.keys(COMMISSION_WITHIN_DAYS) as CommissionWithinKey[];

/** Amounts per coin as decimal text (only the coins that occur). */
export type CoinAmounts = Record<string, string>;

/** Sums per coin, as they are added up. */
export class CoinSums {
  private readonly sums = new Map<string, Dec>();

  add(coin: string, amount: Dec | string | null | undefined): this {
    const prev = this.sums.get(coin) ?? new Dec(0);
    this.sums.set(coin, amount === null || amount === undefined ? prev : prev.plus(amount));
    return this;
  }

  addAll(other: CoinSums | CoinAmounts): this {
    const entries = other instanceof CoinSums ? [...other.sums] : Object.entries(other);
    for (const [coin, v] of entries) this.add(coin, v);
    return this;
  }

  get(coin: string): Dec {
    return this.sums.get(coin) ?? new Dec(0);
  }

  get size(): number {
    return this.sums.size;
  }

  /** `{USDT: "…", BTC: "…"}`: USDT first, then the other coins by name. */
  json(map: (d: Dec) => Dec = (d) => d): CoinAmounts {
    return Object.fromEntries(sortCoins([...this.sums.keys()]).map((c) => [c, decimalText(map(this.sums.get(c)!))]));
  }
}

/** USDT first, BTC second, then by name: the order coins are listed and sorted by. */
export function sortCoins(coins: readonly string[]): string[] {
  const rank = (c: string) => (c === "USDT" ? 0 : c === "BTC" ? 1 : 2);
  return [...coins].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** A record's traded volume (USDT): taker plus maker, the unknown part left out. */
export function recordVolume(r: Pick<CommissionRecord, "takerAmount" | "makerAmount">): Dec {
  return new Dec(r.takerAmount ?? 0).plus(r.makerAmount ?? 0);
}

// ---------------------------------------------------------------------------------------------
// One row per invitee

/** One invitee's sums as they are added up. */
export interface ValueSums {
  commission: CoinSums;
  spot: Dec;
  futures: Dec;
  deposits: Dec;
  withdrawals: Dec;
}

export function emptyValue(): ValueSums {
  return { commission: new CoinSums(), spot: new Dec(0), futures: new Dec(0), deposits: new Dec(0), withdrawals: new Dec(0) };
}

/** Per uid, what its direct records (sourceType 1) and totals add up to. */
export class ValueBuilder {
  readonly byUid = new Map<string, ValueSums>();

  private of(uid: string): ValueSums {
    let v = this.byUid.get(uid);
    if (!v) this.byUid.set(uid, (v = emptyValue()));
    return v;
  }

  /** Commission records: a sub-agent's invitee (sourceType 2) is not the affiliate's, and is left out. */
  addRecords(records: Iterable<CommissionRecord>): void {
    for (const r of records) {
      if (r.sourceType !== 1) continue;
      const v = this.of(r.uid);
      v.commission.add(r.coin, r.commission);
      if (r.productType === "FUTURES") v.futures = v.futures.plus(recordVolume(r));
      else if (r.productType === "SPOT") v.spot = v.spot.plus(recordVolume(r));
    }
  }

  /** WEEX's totals: only their deposits and withdrawals (volumes and commission come from the records). */
  addTotals(rows: Iterable<InviteeTotalsRecord>): void {
    for (const t of rows) {
      const v = this.of(t.uid);
      v.deposits = v.deposits.plus(t.depositAmount ?? 0);
      v.withdrawals = v.withdrawals.plus(t.withdrawalAmount ?? 0);
    }
  }
}

/** A divided per-invitee amount: 10 decimal places (the records' own), half up. */
export function perInvitee(total: Dec, invitees: number): Dec {
  return total.div(invitees).toDecimalPlaces(10, Dec.ROUND_HALF_UP);
}

// ---------------------------------------------------------------------------------------------
// The commission series

/** The buckets of [startTime, endTime] in `tz`: days, weeks from Monday, months; each [from, to). */
export function seriesBuckets(startTime: number, endTime: number, granularity: Granularity, tz: string): CohortBucket[] {
  const first = (d: Ymd): Ymd => {
    if (granularity === "month") return { ...d, day: 1 };
    if (granularity === "week") return addDays(d, -((new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() + 6) % 7));
    return d;
  };
  const next = (d: Ymd): Ymd =>
    granularity === "day" ? addDays(d, 1) : granularity === "week" ? addDays(d, 7) : d.month === 12 ? { year: d.year + 1, month: 1, day: 1 } : { year: d.year, month: d.month + 1, day: 1 };
  const out: CohortBucket[] = [];
  let day = first(ymdInZone(startTime, tz));
  let from = startOfDay(day, tz);
  while (from <= endTime) {
    // (refused before anything is read: lib/contract/answer-limits.ts)
    checkBucketCount(out.length + 1);
    const n = next(day);
    const to = startOfDay(n, tz);
    out.push({ cohort: formatYmd(day), from, to });
    day = n;
    from = to;
  }
  return out;
}

/** One series cell's sums. */
export interface SeriesCell {
  bucket: number;
  coin: string;
  productType: string;
  sourceType: number;
  commission: Dec;
  fee: Dec;
  volume: Dec;
  records: number;
}

/** Commission records (or pre-summed cells) summed per bucket, coin, product type and source type. */
export class CommissionSeriesBuilder {
  private readonly cells = new Map<string, SeriesCell>();

  constructor(readonly buckets: readonly CohortBucket[]) {}

  /** Pre-summed: the archive's cells (as decimal text). */
  addCell(c: { bucket: number; coin: string; productType: string; sourceType: number; commission: string; fee: string; volume: string; records: number }): void {
    if (!(c.bucket >= 0 && c.bucket < this.buckets.length)) return;
    const key = `${c.bucket}|${c.coin}|${c.productType}|${c.sourceType}`;
    const cell = this.cells.get(key) ?? { bucket: c.bucket, coin: c.coin, productType: c.productType, sourceType: c.sourceType, commission: new Dec(0), fee: new Dec(0), volume: new Dec(0), records: 0 };
    cell.commission = cell.commission.plus(c.commission);
    cell.fee = cell.fee.plus(c.fee);
    cell.volume = cell.volume.plus(c.volume);
    cell.records += c.records;
    this.cells.set(key, cell);
  }

  addRecords(records: Iterable<CommissionRecord>): void {
    for (const r of records) {
      const b = bucketIndex(this.buckets, r.date);
      if (b < 0) continue;
      this.addCell({ bucket: b, coin: r.coin, productType: r.productType, sourceType: r.sourceType, commission: r.commission ?? "0", fee: r.fee ?? "0", volume: decimalText(recordVolume(r)), records: 1 });
    }
  }

  result(granularity: Granularity, tz: string) {
    const order: Record<string, number> = { SPOT: 0, FUTURES: 1 };
    const coinRank = new Map(sortCoins([...new Set([...this.cells.values()].map((c) => c.coin))]).map((c, i) => [c, i]));
    const cells = [...this.cells.values()].sort(
      (a, b) => a.bucket - b.bucket || coinRank.get(a.coin)! - coinRank.get(b.coin)! || (order[a.productType] ?? 9) - (order[b.productType] ?? 9) || a.sourceType - b.sourceType,
    );
    const totals = { commission: new CoinSums(), fee: new CoinSums(), volume: new Dec(0), records: 0, byProductType: new Map<string, CoinSums>(), bySourceType: new Map<string, CoinSums>() };
    for (const c of cells) {
      totals.commission.add(c.coin, c.commission);
      totals.fee.add(c.coin, c.fee);
      totals.volume = totals.volume.plus(c.volume);
      totals.records += c.records;
      for (const [map, key] of [
        [totals.byProductType, c.productType],
        [totals.bySourceType, String(c.sourceType)],
      ] as const) {
        if (!map.has(key)) map.set(key, new CoinSums());
        map.get(key)!.add(c.coin, c.commission);
      }
    }
    const byKey = (m: Map<string, CoinSums>) => Object.fromEntries([...m].sort(([a], [b]) => (order[a] ?? 9) - (order[b] ?? 9) || (a < b ? -1 : 1)).map(([k, v]) => [k, v.json()]));
    return {
      granularity,
      tz,
      items: cells.map((c) => ({
        bucket: this.buckets[c.bucket].cohort,
        coin: c.coin,
        productType: c.productType,
        sourceType: c.sourceType,
        commission: decimalText(c.commission),
        fee: decimalText(c.fee),
        volume: decimalText(c.volume),
        records: c.records,
      })),
      totals: { commission: totals.commission.json(), fee: totals.fee.json(), volume: decimalText(totals.volume), records: totals.records, byProductType: byKey(totals.byProductType), bySourceType: byKey(totals.bySourceType) },
    };
  }
}
export type CommissionSeriesAnswer = ReturnType<CommissionSeriesBuilder["result"]>;

// ---------------------------------------------------------------------------------------------
// Cohorts' value per invitee

/**
 * Whether a cohort's commission within N days can be answered from the records read: its first
 * counted registration and its last plus N days lie within `read` (the commission records'
 * span the answer covers: up to now at most). Otherwise it is too young for N days (null).
 */
export function cohortValueKnown(first: number, last: number, days: number, read: { startTime: number; endTime: number } | null): boolean {
  return read !== null && read.startTime <= first && last + days * DAY_MS <= read.endTime;
}

/** Whether a record counts within N days of its invitee's registration: `date − registerTime ≤ N days`. */
export function withinDays(recordTime: number, registerTime: number, days: number): boolean {
  return recordTime - registerTime <= days * DAY_MS;
}
