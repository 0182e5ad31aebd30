/**
 * The calendar of alerts and reports, in a rule's or schedule's time zone: the last complete
 * local day a rule looks at, its quiet period, and report periods (weeks from Monday, months).
 * Upstream days are UTC; a local date D is read as the UTC day D (the day whose midpoint lies in
 * local day D for every zone from UTC−12 to UTC+11:59, as the series route does).
 */
import { addDays, formatYmd, startOfDay, ymdInZone, zonedParts, zonedTimeToEpoch, type Ymd } from "@/lib/time/calendar";
import type { Cadence } from "@/lib/contract/alerts";

/** "YYYY-MM-DD" of the last complete local day before `now`. */
export function lastCompleteDay(now: number, tz: string): string {
  return formatYmd(addDays(ymdInZone(now, tz), -1));
}

/** A "YYYY-MM-DD" date moved by whole days. */
export function shiftDay(day: string, days: number): string {
  const [year, month, d] = day.split("-").map(Number) as [number, number, number];
  return formatYmd(addDays({ year, month, day: d }, days));
}

export function dayYmd(day: string): Ymd {
  const [year, month, d] = day.split("-").map(Number) as [number, number, number];
  return { year, month, day: d };
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * When a quiet period that holds at `now` ends (epoch ms), or null when it does not hold.
 * `from` > `to` spans midnight (22:00–07:00).
 */
export function quietUntil(now: number, tz: string, quiet: { from: string; to: string } | null): number | null {
  if (!quiet) return null;
  const p = zonedParts(now, tz);
  const m = p.hour * 60 + p.minute;
  const from = minutes(quiet.from);
  const to = minutes(quiet.to);
  const inside = from < to ? m >= from && m < to : m >= from || m < to;
  if (!inside) return null;
  // The end is today at `to` when `to` is still ahead, else tomorrow at `to`.
  const date = m < to ? ymdInZone(now, tz) : addDays(ymdInZone(now, tz), 1);
  return zonedTimeToEpoch(date.year, date.month, date.day, tz, Math.floor(to / 60), to % 60);
}

/** A report period: [from, to) in epoch ms, and its local dates (inclusive). */
export interface Period {
  from: number;
  to: number;
  firstDay: string;
  lastDay: string;
}

/** The start (local midnight) of the period that contains `at`. */
export function periodStart(at: number, cadence: Cadence, tz: string): number {
  const today = ymdInZone(at, tz);
  if (cadence === "monthly") return startOfDay({ ...today, day: 1 }, tz);
  // Weeks start on Monday (ISO).
  const weekday = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay();
  return startOfDay(addDays(today, -((weekday + 6) % 7)), tz);
}

/** The period that ends where `end` (a period start) is. */
export function periodBefore(end: number, cadence: Cadence, tz: string): Period {
  const from = periodStart(end - 1, cadence, tz);
  return { from, to: end, firstDay: formatYmd(ymdInZone(from, tz)), lastDay: formatYmd(ymdInZone(end - 1, tz)) };
}

/** The start of the period after the one starting at `start`. */
export function nextPeriodStart(start: number, cadence: Cadence, tz: string): number {
  const d = ymdInZone(start, tz);
  if (cadence === "monthly") {
    const next = d.month === 12 ? { year: d.year + 1, month: 1, day: 1 } : { year: d.year, month: d.month + 1, day: 1 };
    return startOfDay(next, tz);
  }
  return startOfDay(addDays(d, 7), tz);
}
