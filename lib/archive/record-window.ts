/**
 * Whether a record lies in the window its query asked for. An upstream that answers a query
 * with records of another window (the slice before, the bounds read in another zone) would have
 * an `auto` answer count them twice — once in the live part that met them, once in the
 * archive's part (or the other live part) they belong to. So a record outside the window asked
 * for is left out of that part and counted in the answer's `warnings`, for every dataset that
 * says where its records' time is (`DatasetRead.time`).
 */
import { problemValue, type RecordProblem } from "@/lib/weex/record-problems";
import type { Notes } from "./answer";
import type { Range, RecordTime } from "./dataset-reads";
import { utcDate } from "@/lib/time/calendar";


/** The record's time against the window's bounds, as the upstream reads them (an open bound: no limit). */
export function inWindow(time: RecordTime, window: Range, r: unknown): boolean {
  const v = (r as Record<string, unknown>)[time.field];
  if (time.unit === "day") {
    // By UTC date, as the upstream includes a day (read.ts): ISO dates compare as text.
    const date = String(v);
    return (window.startTime === undefined || date >= utcDate(window.startTime)) && (window.endTime === undefined || date <= utcDate(window.endTime));
  }
  const t = Number(v);
  return (window.startTime === undefined || t >= window.startTime) && (window.endTime === undefined || t <= window.endTime);
}

/** The items in the window; the others are counted in `notes` (with the first as the example). */
export function keepInWindow<R>(time: RecordTime | undefined, window: Range, items: readonly R[], notes: Pick<Notes, "outsideWindow">): R[] {
  if (!time) return [...items];
  const kept = items.filter((r) => inWindow(time, window, r));
  const outside = items.length - kept.length;
  if (outside > 0) notes.outsideWindow({ count: outside, example: problemOf(time, window, items.find((r) => !inWindow(time, window, r))!) });
  return kept;
}

function problemOf(time: RecordTime, window: Range, r: unknown): RecordProblem {
  const bound = (ms: number | undefined, open: string) => (ms === undefined ? open : time.unit === "day" ? utcDate(ms) : new Date(ms).toISOString());
  return {
    path: time.field,
    value: problemValue((r as Record<string, unknown>)[time.field]),
    reason: `outside the window asked for (${bound(window.startTime, "any time")} to ${bound(window.endTime, "now")})`,
  };
}
