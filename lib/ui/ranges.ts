/**
 * Date-range rules of the upstream windows, checked in the picker before anything is sent,
 * with the reason in words. The server checks the same rules (lib/weex/endpoints.ts WINDOWS);
 * this only saves a round trip and explains them up front. A problem is an id with its values;
 * the form says it in the page's language (period.ranges.<id>, DateRangeFields).
 */
import { addDays, endOfDay, formatYmd, parseYmd, startOfDay, ymdInZone } from "@/lib/time/calendar";

export interface RangeRule {
  /** the oldest day that may be chosen, as days before today (inclusive) */
  maxAgeDays?: number;
  /** most days one query may span (inclusive of both ends) */
  maxSpanDays?: number;
}

/** What is wrong with one end of a range (null: nothing). */
export type RangeProblem =
  | { id: "format" }
  | { id: "tooOld"; days: number; oldest: string }
  | { id: "reversed" }
  | { id: "tooLong"; days: number; latest: string };

export interface RangeCheck {
  fromError: RangeProblem | null;
  toError: RangeProblem | null;
  /** the input bounds for the date pickers */
  minDate?: string;
  maxFromDate?: string;
  minToDate?: string;
  maxToDate?: string;
}

/** Validate `from`/`to` (YYYY-MM-DD, either may be empty) against a rule, today being `now` in `tz`. */
export function checkRange(from: string, to: string, rule: RangeRule, tz: string, now: number): RangeCheck {
  const today = ymdInZone(now, tz);
  const f = from ? parseYmd(from) : null;
  const t = to ? parseYmd(to) : null;
  const oldest = rule.maxAgeDays !== undefined ? addDays(today, -(rule.maxAgeDays - 1)) : null;
  const out: RangeCheck = { fromError: null, toError: null };
  if (oldest) out.minDate = formatYmd(oldest);
  out.maxFromDate = to && t ? to : formatYmd(today);
  out.minToDate = from && f ? from : out.minDate;
  out.maxToDate = formatYmd(today);
  if (f && rule.maxSpanDays !== undefined) {
    const spanEnd = formatYmd(addDays(f, rule.maxSpanDays - 1));
    if (spanEnd < out.maxToDate) out.maxToDate = spanEnd;
  }

  if (from && !f) out.fromError = { id: "format" };
  if (to && !t) out.toError = { id: "format" };
  const tooOld = oldest ? ({ id: "tooOld", days: rule.maxAgeDays!, oldest: formatYmd(oldest) } as const) : null;
  if (f && tooOld && formatYmd(f) < tooOld.oldest) out.fromError = tooOld;
  if (t && tooOld && formatYmd(t) < tooOld.oldest) out.toError = tooOld;
  if (f && t && formatYmd(t) < formatYmd(f)) out.toError = { id: "reversed" };
  else if (f && t && rule.maxSpanDays !== undefined && formatYmd(t) > formatYmd(addDays(f, rule.maxSpanDays - 1))) {
    out.toError = { id: "tooLong", days: rule.maxSpanDays, latest: formatYmd(addDays(f, rule.maxSpanDays - 1)) };
  }
  return out;
}

/** Epoch bounds of a date range in a zone: from 00:00 of `from` to the last ms of `to`. */
export function rangeToEpoch(from: string | null | undefined, to: string | null | undefined, tz: string): { startTime?: number; endTime?: number } {
  const f = parseYmd(from);
  const t = parseYmd(to);
  return { startTime: f ? startOfDay(f, tz) : undefined, endTime: t ? endOfDay(t, tz) : undefined };
}
