/**
 * The /cohorts page's arithmetic, shared by the heat map, the codes table and the CSV file
 * (browser side: the figures come from GET /api/affiliate/invitees/cohorts and /codes).
 */
import { COMMISSION_WITHIN_DAYS, type CommissionWithinKey } from "@/lib/contract/params";
import type { CohortItem } from "@/lib/contract/responses";

/**
 * The heat map's columns: what share of a cohort reached a stage within `days` days. The page
 * names them in its language (cohorts.heat.deposited / traded).
 */
export const HEAT_COLUMNS = [
  { key: "dep1", stage: "deposited", days: 1, count: (i: CohortItem) => i.depositedWithin.d1 },
  { key: "dep7", stage: "deposited", days: 7, count: (i: CohortItem) => i.depositedWithin.d7 },
  { key: "dep30", stage: "deposited", days: 30, count: (i: CohortItem) => i.depositedWithin.d30 },
  { key: "trd1", stage: "traded", days: 1, count: (i: CohortItem) => i.tradedWithin.d1 },
  { key: "trd7", stage: "traded", days: 7, count: (i: CohortItem) => i.tradedWithin.d7 },
  { key: "trd30", stage: "traded", days: 30, count: (i: CohortItem) => i.tradedWithin.d30 },
] as const;

/**
 * n of `of` as a percentage with one decimal, as a decimal string ("42.1") for the page's
 * percent format, or null when there is no base (shown as a dash).
 */
export function sharePercent(n: number, of: number): string | null {
  return of > 0 ? ((n / of) * 100).toFixed(1) : null;
}

/** A heat level 0–5 for a share (0: none or no base), so colour steps stay few and legible. */
export function heatLevel(n: number, of: number): number {
  if (of <= 0 || n <= 0) return 0;
  return Math.min(5, 1 + Math.floor((n / of) * 5));
}

/**
 * The value heat map's columns: the commission a cohort's invitees brought within 7,
 * 30, 90 and 180 days of their own registration, per invitee: read along a row, the cohort's
 * LTV curve.
 */
export const VALUE_COLUMNS = (Object.keys(COMMISSION_WITHIN_DAYS) as CommissionWithinKey[]).map((key) => ({ key, days: COMMISSION_WITHIN_DAYS[key] }));

/**
 * A heat level 0–5 for a cohort's commission per invitee against the largest of the table (in
 * the same coin): colour only, so a float is close enough; the cell shows the exact string.
 * null (too young) and zero are 0.
 */
export function valueHeatLevel(value: string | null | undefined, max: number): number {
  const v = value == null ? 0 : Number(value);
  if (!(v > 0) || !(max > 0)) return 0;
  return Math.min(5, 1 + Math.max(0, Math.floor((v / max) * 5 - 1e-9)));
}

/** A span of hours as the page says it: whole days from 48 h on, hours below. */
export interface Span {
  value: number;
  unit: "hours" | "days";
}

/**
 * A time-to-first-trade bin (the page words it: "≤ 1 h", "≤ 3 d", "> 30 d"): up to a span,
 * over the previous bin's span (the open last bin), or any time (a single open bin).
 */
export type DelayBin = { kind: "upTo"; span: Span } | { kind: "over"; span: Span } | { kind: "any" };

export function delayBin(upToHours: number | null, previous: number | null): DelayBin {
  const span = (h: number): Span => (h % 24 === 0 && h >= 48 ? { value: h / 24, unit: "days" } : { value: h, unit: "hours" });
  if (upToHours === null) return previous === null ? { kind: "any" } : { kind: "over", span: span(previous) };
  return { kind: "upTo", span: span(upToHours) };
}

const CSV_HEADER = [
  "cohort",
  "registered",
  "kycPassed",
  "deposited",
  "traded",
  "depositedWithin1d",
  "depositedWithin7d",
  "depositedWithin30d",
  "tradedWithin1d",
  "tradedWithin7d",
  "tradedWithin30d",
  "activeLast30d",
  "medianHoursToFirstTrade",
];

/** The cohort table as CSV (RFC 4180, CRLF, a BOM for spreadsheet programs): counts, not shares. */
export function cohortsCsv(items: readonly CohortItem[]): string {
  const rows = items.map((i) => [
    i.cohort,
    i.registered,
    i.kycPassed,
    i.deposited,
    i.traded,
    i.depositedWithin.d1,
    i.depositedWithin.d7,
    i.depositedWithin.d30,
    i.tradedWithin.d1,
    i.tradedWithin.d7,
    i.tradedWithin.d30,
    i.activeLast30d,
    i.medianHoursToFirstTrade ?? "",
  ]);
  return `\uFEFF${[CSV_HEADER, ...rows].map((r) => r.join(",")).join("\r\n")}\r\n`;
}

/** `cohorts_week_Asia-Shanghai_2026-01-01_2026-03-31.csv` */
export function cohortsFilename(by: string, tz: string, from: string, to: string): string {
  return `cohorts_${by}_${tz.replace(/[^A-Za-z0-9_]/g, "-")}_${from}_${to}.csv`;
}
