/**
 * The /cohorts page's arithmetic, shared by the heat map, the codes table and the CSV file
 * (browser side: the figures come from GET /api/affiliate/invitees/cohorts and /codes).
 */
import type { CohortItem } from "@/lib/contract/responses";

/** The heat map's columns: what share of a cohort reached a stage within d days. */
export const HEAT_COLUMNS = [
  { key: "dep1", label: "Deposited ≤ 1 d", count: (i: CohortItem) => i.depositedWithin.d1 },
  { key: "dep7", label: "Deposited ≤ 7 d", count: (i: CohortItem) => i.depositedWithin.d7 },
  { key: "dep30", label: "Deposited ≤ 30 d", count: (i: CohortItem) => i.depositedWithin.d30 },
  { key: "trd1", label: "Traded ≤ 1 d", count: (i: CohortItem) => i.tradedWithin.d1 },
  { key: "trd7", label: "Traded ≤ 7 d", count: (i: CohortItem) => i.tradedWithin.d7 },
  { key: "trd30", label: "Traded ≤ 30 d", count: (i: CohortItem) => i.tradedWithin.d30 },
] as const;

/** n of `of` as a percentage with one decimal ("42.1 %"), or "—" when there is no base. */
export function shareText(n: number, of: number): string {
  return of > 0 ? `${((n / of) * 100).toFixed(1)} %` : "—";
}

/** A heat level 0–5 for a share (0: none or no base), so colour steps stay few and legible. */
export function heatLevel(n: number, of: number): number {
  if (of <= 0 || n <= 0) return 0;
  return Math.min(5, 1 + Math.floor((n / of) * 5));
}

/** A time-to-first-trade bin's label ("≤ 1 h", "≤ 3 d", "> 30 d"). */
export function delayBinLabel(upToHours: number | null, previous: number | null): string {
  const text = (h: number) => (h % 24 === 0 && h >= 48 ? `${h / 24} d` : `${h} h`);
  if (upToHours === null) return previous === null ? "any" : `> ${text(previous)}`;
  return `≤ ${text(upToHours)}`;
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
