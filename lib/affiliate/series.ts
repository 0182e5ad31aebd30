/**
 * Sub-affiliate daily records summed into a time series: per bucket (day, ISO week or month in
 * a chosen IANA time zone) and per product type, in exact decimal arithmetic.
 *
 * ## How a UTC day lands in another zone's bucket
 * WEEX reports one record per sub-affiliate and product per **UTC** day; nothing finer exists,
 * so a UTC day cannot be split between two local days. Each UTC day is assigned, whole, to the
 * local calendar day it overlaps most: the local date of its **midpoint, 12:00 UTC**.
 *
 * - For every zone from UTC−12 to UTC+11:59 that is the same calendar date (Asia/Kolkata 17:30,
 *   America/New_York 07:00 or 08:00 across DST): labels never shift and DST never moves a day.
 * - For zones at UTC+12 and beyond (Pacific/Auckland, Pacific/Kiritimati) most of the UTC day
 *   falls on the next local date, and that is where it goes.
 * - The local date then picks the week (ISO, starting Monday) or month bucket, so the zone
 *   decides which week or month a day at the edge belongs to.
 *
 * (Using the start instant, 00:00 UTC, instead would move every UTC day to the previous date
 * in the Americas — 1 November's data labelled 31 October, counted in October.)
 *
 * ## Output
 * `{ granularity, tz, items: [{ bucket, productType, tradingVolume, netTradingFee, paidCommission }],
 * totals: { tradingVolume: { total, SPOT, FUTURES }, … } }` (dashboard-api.md; `totals` is ours, the
 * period's sums, so a page shows them with its first paint instead of summing in the browser). `bucket` is the first local date of the bucket, `YYYY-MM-DD`: the day
 * itself, the Monday of the ISO week, or the 1st of the month. Items are ordered by bucket,
 * then SPOT before FUTURES; buckets without records are absent. Sums are decimal strings in
 * plain notation.
 */
import type { SubAffiliateRecord } from "@/lib/weex/records";
import { Dec, decimalText } from "@/lib/contract/decimal";
import type { Granularity } from "@/lib/contract/params";

export type { Granularity };

export interface SeriesItem {
  bucket: string;
  productType: string;
  tradingVolume: string;
  netTradingFee: string;
  paidCommission: string;
}

/** One metric's sum over the whole series: every product type, and SPOT and FUTURES apart. */
export interface SeriesTotal {
  total: string;
  SPOT: string;
  FUTURES: string;
}

export interface Series {
  granularity: Granularity;
  tz: string;
  items: SeriesItem[];
  totals: Record<keyof Sums, SeriesTotal>;
}

const METRIC_KEYS = ["tradingVolume", "netTradingFee", "paidCommission"] as const satisfies readonly (keyof Sums)[];

/** Maps upstream UTC dates to bucket labels in one zone; remembers each date it has seen. */
export class Bucketer {
  private readonly format: Intl.DateTimeFormat;
  private readonly cache = new Map<string, string>();

  constructor(
    readonly granularity: Granularity,
    readonly tz: string,
  ) {
    this.format = new Intl.DateTimeFormat("en-US", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" });
  }

  /** The bucket of the UTC day `date` (`YYYY-MM-DD`). */
  bucketOf(date: string): string {
    let bucket = this.cache.get(date);
    if (bucket === undefined) {
      bucket = this.compute(date);
      this.cache.set(date, bucket);
    }
    return bucket;
  }

  private compute(date: string): string {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
    if (!m) throw new Error(`not a YYYY-MM-DD date: ${date}`);
    const midpoint = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12);
    const local = this.localDate(midpoint);
    if (this.granularity === "day") return civilText(local);
    if (this.granularity === "month") return civilText({ ...local, d: 1 });
    // ISO week: back to Monday. Civil-date arithmetic in UTC, where every day has 24 hours.
    const asUtc = Date.UTC(local.y, local.m - 1, local.d);
    const sinceMonday = (new Date(asUtc).getUTCDay() + 6) % 7;
    const monday = new Date(asUtc - sinceMonday * 86_400_000);
    return civilText({ y: monday.getUTCFullYear(), m: monday.getUTCMonth() + 1, d: monday.getUTCDate() });
  }

  private localDate(instant: number): Civil {
    const parts = this.format.formatToParts(instant);
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return { y: get("year"), m: get("month"), d: get("day") };
  }
}

interface Civil {
  y: number;
  m: number;
  d: number;
}

function civilText({ y, m, d }: Civil): string {
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

interface Sums {
  tradingVolume: Dec;
  netTradingFee: Dec;
  paidCommission: Dec;
}

const PRODUCT_ORDER: Record<string, number> = { SPOT: 0, FUTURES: 1 };

/** Accumulates records batch by batch; memory grows with buckets, not with records. */
export class SeriesBuilder {
  private readonly bucketer: Bucketer;
  private readonly sums = new Map<string, { bucket: string; productType: string; sums: Sums }>();

  constructor(granularity: Granularity, tz: string) {
    this.bucketer = new Bucketer(granularity, tz);
  }

  add(records: Iterable<SubAffiliateRecord>): void {
    for (const r of records) {
      const bucket = this.bucketer.bucketOf(r.date);
      const key = `${bucket}|${r.productType}`;
      let entry = this.sums.get(key);
      if (!entry) {
        entry = { bucket, productType: r.productType, sums: { tradingVolume: new Dec(0), netTradingFee: new Dec(0), paidCommission: new Dec(0) } };
        this.sums.set(key, entry);
      }
      entry.sums.tradingVolume = entry.sums.tradingVolume.plus(r.tradingVolume);
      entry.sums.netTradingFee = entry.sums.netTradingFee.plus(r.netTradingFee);
      entry.sums.paidCommission = entry.sums.paidCommission.plus(r.paidCommission);
    }
  }

  result(): Series {
    const items = [...this.sums.values()]
      .sort(
        (a, b) =>
          compare(a.bucket, b.bucket) ||
          (PRODUCT_ORDER[a.productType] ?? 9) - (PRODUCT_ORDER[b.productType] ?? 9) ||
          compare(a.productType, b.productType),
      )
      .map(({ bucket, productType, sums }) => ({
        bucket,
        productType,
        tradingVolume: decimalText(sums.tradingVolume),
        netTradingFee: decimalText(sums.netTradingFee),
        paidCommission: decimalText(sums.paidCommission),
      }));
    return { granularity: this.bucketer.granularity, tz: this.bucketer.tz, items, totals: this.totals() };
  }

  private totals(): Series["totals"] {
    const zero = () => ({ total: new Dec(0), SPOT: new Dec(0), FUTURES: new Dec(0) });
    const t = { tradingVolume: zero(), netTradingFee: zero(), paidCommission: zero() };
    for (const { productType, sums } of this.sums.values()) {
      for (const m of METRIC_KEYS) {
        t[m].total = t[m].total.plus(sums[m]);
        if (productType === "SPOT" || productType === "FUTURES") t[m][productType] = t[m][productType].plus(sums[m]);
      }
    }
    const text = (v: { total: Dec; SPOT: Dec; FUTURES: Dec }): SeriesTotal => ({ total: decimalText(v.total), SPOT: decimalText(v.SPOT), FUTURES: decimalText(v.FUTURES) });
    return { tradingVolume: text(t.tradingVolume), netTradingFee: text(t.netTradingFee), paidCommission: text(t.paidCommission) };
  }
}

/** The series of every record the batches yield. */
export async function buildSeries(batches: AsyncIterable<SubAffiliateRecord[]>, granularity: Granularity, tz: string): Promise<Series> {
  const builder = new SeriesBuilder(granularity, tz);
  for await (const batch of batches) builder.add(batch);
  return builder.result();
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
