/**
 * Reporting periods: the presets of the overview, a custom range, and the previous period of
 * the same length that every KPI is compared with. All boundaries are whole days in the chosen
 * zone, so a period is stable for the whole day (and so are the query keys built from it).
 * Labels and problems are ids; the period controls say them in the page's language (the
 * `period` catalogue: presets.<id>, compares.<id>, problems.<id>, against.<kind>).
 */
import { GRANULARITIES, type Granularity } from "@/lib/contract/params";
import { addDays, DAY_MS, endOfDay, formatYmd, isValidTimeZone, parseYmd, startOfDay, UTC, ymdInZone, type Ymd } from "@/lib/time/calendar";

export const PRESETS = ["7d", "30d", "90d", "1y", "mtd", "qtd", "ytd", "custom"] as const;
export type Preset = (typeof PRESETS)[number];

export { GRANULARITIES, type Granularity };

export interface Period {
  /** first millisecond, inclusive */
  startTime: number;
  /** last millisecond, inclusive */
  endTime: number;
  /** first and last calendar day in the zone */
  from: string;
  to: string;
  days: number;
}

/**
 * The longest custom range: a year and a day. The dashboard's history covers one year
 * (ARCHIVE_SUB_AFFILIATE_DAYS, WEEX's invitee window), and every period is compared with one
 * as long before it, so a 10-year range would page WEEX for two decades of nothing.
 */
export const MAX_CUSTOM_DAYS = 366;

/** What can be wrong with a custom range (period.problems.<id>). */
export type RangeProblem = { id: "missing" } | { id: "reversed" } | { id: "tooLong"; max: number; days: number };

/** What is wrong with a custom range, for the form to say (null: it can be used). */
export function customRangeProblem(from?: string | null, to?: string | null): RangeProblem | null {
  const a = parseYmd(from);
  const b = parseYmd(to);
  if (!a || !b) return { id: "missing" };
  const days = Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS) + 1;
  if (days < 1) return { id: "reversed" };
  if (days > MAX_CUSTOM_DAYS) return { id: "tooLong", max: MAX_CUSTOM_DAYS, days };
  return null;
}

const TRAILING_DAYS: Partial<Record<Preset, number>> = { "7d": 7, "30d": 30, "90d": 90, "1y": 365 };

function periodOf(first: Ymd, last: Ymd, tz: string): Period {
  const startTime = startOfDay(first, tz);
  const endTime = endOfDay(last, tz);
  const days = Math.round((Date.UTC(last.year, last.month - 1, last.day) - Date.UTC(first.year, first.month - 1, first.day)) / DAY_MS) + 1;
  return { startTime, endTime, from: formatYmd(first), to: formatYmd(last), days };
}

/**
 * The period a preset means today in a zone. A custom range needs `from` and `to`
 * (YYYY-MM-DD); if they are missing, reversed or too long (customRangeProblem) it falls back to
 * the last 30 days, and the period controls say so next to the dates.
 */
export function resolvePeriod(preset: Preset, tz: string, now: number, custom?: { from?: string | null; to?: string | null }): Period {
  const today = ymdInZone(now, tz);
  const trailing = TRAILING_DAYS[preset];
  if (trailing) return periodOf(addDays(today, -(trailing - 1)), today, tz);
  switch (preset) {
    case "mtd":
      return periodOf({ ...today, day: 1 }, today, tz);
    case "qtd":
      return periodOf({ year: today.year, month: today.month - ((today.month - 1) % 3), day: 1 }, today, tz);
    case "ytd":
      return periodOf({ year: today.year, month: 1, day: 1 }, today, tz);
    case "custom": {
      if (customRangeProblem(custom?.from, custom?.to)) return resolvePeriod("30d", tz, now);
      return periodOf(parseYmd(custom?.from)!, parseYmd(custom?.to)!, tz);
    }
    default:
      return resolvePeriod("30d", tz, now);
  }
}

/**
 * What a period is compared with, kept in the URL as `compare`: the same number of
 * days immediately before it (the default), the same dates a year earlier, or a custom range
 * (`compareStart`, `compareEnd`, YYYY-MM-DD).
 */
export const COMPARES = ["previous", "year", "custom"] as const;
export type Compare = (typeof COMPARES)[number];

/** What a period is compared with, for the words after "vs": "previous 30 days", "2025-11-01 – 2025-11-30" (period.against.<kind>). */
export type Against = { kind: "previous"; days: number } | { kind: "year"; range: string } | { kind: "custom"; range: string };

export interface Comparison {
  period: Period;
  against: Against;
  /** what is wrong with a custom comparison range (then the previous period is used meanwhile) */
  problem: RangeProblem | null;
}

/** The same calendar dates one year earlier (29 February becomes 28 February). */
function yearEarlier(d: Ymd): Ymd {
  const back = { ...d, year: d.year - 1 };
  return parseYmd(formatYmd(back)) ?? { ...back, day: 28 };
}

export const rangeText = (p: Period) => (p.from === p.to ? p.from : `${p.from} – ${p.to}`);

/** The period `p` is compared with, and how to say it. */
export function comparisonPeriod(p: Period, tz: string, compare: Compare, custom?: { start?: string | null; end?: string | null }): Comparison {
  const previous = (problem: RangeProblem | null): Comparison => ({
    period: previousPeriod(p, tz),
    against: { kind: "previous", days: p.days },
    problem,
  });
  if (compare === "year") {
    const c = periodOf(yearEarlier(parseYmd(p.from)!), yearEarlier(parseYmd(p.to)!), tz);
    return { period: c, against: { kind: "year", range: rangeText(c) }, problem: null };
  }
  if (compare === "custom") {
    const problem = customRangeProblem(custom?.start, custom?.end);
    if (problem) return previous(problem);
    const c = periodOf(parseYmd(custom?.start)!, parseYmd(custom?.end)!, tz);
    return { period: c, against: { kind: "custom", range: rangeText(c) }, problem: null };
  }
  return previous(null);
}

/** The same number of days immediately before the period. */
export function previousPeriod(p: Period, tz: string): Period {
  const first = parseYmd(p.from)!;
  const prevLast = addDays(first, -1);
  const prevFirst = addDays(first, -p.days);
  return periodOf(prevFirst, prevLast, tz);
}

/** A period page's URL state as parsed (`period`, `from`, `to`, `compare`, `compareStart`, `compareEnd`, `tz`). */
export interface PeriodUrlState {
  period: Preset;
  from: string | null;
  to: string | null;
  compare: Compare;
  compareStart: string | null;
  compareEnd: string | null;
  tz: string;
}

/**
 * The zone, the period and its comparison that a period page's URL state means at `now`: what
 * usePeriod shows, and what the server prefetches for the same URL (same keys, same answers).
 */
export function periodsOfUrl(state: PeriodUrlState, now: number): { tz: string; period: Period; comparison: Comparison } {
  const tz = isValidTimeZone(state.tz) ? state.tz : UTC;
  const period = resolvePeriod(state.period, tz, now, { from: state.from, to: state.to });
  return { tz, period, comparison: comparisonPeriod(period, tz, state.compare, { start: state.compareStart, end: state.compareEnd }) };
}
