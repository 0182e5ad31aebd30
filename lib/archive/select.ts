/**
 * Which part of a request the archive answers and which part goes to WEEX live — pure
 * functions of the request's range, what the archive holds (coverage) and the `source`
 * parameter:
 *
 * - `live`: everything live, as without an archive.
 * - `archive`: everything from the archive, whatever it holds (history beyond the upstream's
 *   windows included).
 * - `auto` (default): the archive for the range it holds, live for the rest — typically today
 *   (sub-affiliate days not over yet) and anything since the last sync, or ranges the backfill
 *   has not reached yet.
 *
 * The answer is a list of parts, newest first (the order the upstream lists records in), each
 * with its own range; the caller fetches them in order and concatenates.
 */
import { AGE_EDGE_MARGIN_MS } from "@/lib/affiliate/pages";
import type { SourceParam } from "@/lib/contract/params";
import { WINDOWS } from "@/lib/weex/endpoints";
import type { Interval } from "./intervals";
import { DAY_MS, utcDayStart } from "@/lib/time/calendar";

export type { SourceParam };

/** How fresh an answer is: where it came from and when the archive part was last synced. */
export interface Freshness {
  source: "archive" | "live" | "mixed";
  /** epoch ms of the archive's last completed sync (null: no archive part, or never synced) */
  syncedAt: number | null;
  /**
   * Only on aggregates answered during the first backfill: the stretches of the range still
   * to come (not in the answer), newest first; [] when the archive already holds all of it.
   */
  pending?: PendingRange[];
}

/** A stretch of a range not answered yet (inclusive epoch ms; a null start: open). */
export interface PendingRange {
  startTime: number | null;
  endTime: number;
}

export interface Part {
  from: "archive" | "live";
  /** inclusive epoch ms; undefined = open */
  startTime?: number;
  endTime?: number;
}

export interface Held {
  /** merged intervals the dataset holds */
  coverage: readonly Interval[];
  syncedAt: number | null;
}

/**
 * During the first backfill an aggregate answers from what the archive holds (`auto` would
 * send the rest of its range live: on a fresh database most of it, walked with the weight the
 * backfill is using, while the person waits). The backfill fills newest first, so the rest is
 * older history, pending until it arrives. Only the short stretch newer than anything held
 * (today, or the minutes since the newest slice), and history older than the backfill's
 * `horizon` (which it never brings), are still asked live, as after the backfill; the former:
 * it is a page or two, shared through the live cache, and without it today would be missing
 * from every chart for as long as the backfill runs.
 */
export function whileBuilding(parts: readonly Part[], held: Held, now: number, horizon = -Infinity): { parts: Part[]; pending: PendingRange[] } {
  const newest = held.coverage.at(-1);
  const recent = (p: Part) => newest !== undefined && p.startTime !== undefined && p.startTime >= utcDayStart(newest.to) && (p.endTime ?? now) - p.startTime < RECENT_LIVE_MS;
  const kept: Part[] = [];
  const pending: PendingRange[] = [];
  for (const p of parts) {
    if (p.from === "archive" || recent(p)) {
      kept.push(p);
      continue;
    }
    const end = p.endTime ?? now;
    // History older than the backfill's horizon never arrives from it: that stays live.
    if (end >= horizon) pending.push({ startTime: p.startTime === undefined && horizon === -Infinity ? null : Math.max(p.startTime ?? horizon, horizon), endTime: end });
    if (horizon > -Infinity && (p.startTime === undefined || p.startTime < horizon)) kept.push({ from: "live", startTime: p.startTime, endTime: Math.min(end, horizon - 1) });
  }
  return { parts: kept, pending };
}

/** The longest live stretch newer than the archive that an aggregate still asks while the history builds. */
const RECENT_LIVE_MS = 2 * DAY_MS;

export function freshnessOf(parts: readonly Part[], syncedAt: number | null): Freshness {
  const archive = parts.some((p) => p.from === "archive");
  const live = parts.some((p) => p.from === "live");
  if (archive && live) return { source: "mixed", syncedAt };
  if (archive) return { source: "archive", syncedAt };
  return { source: "live", syncedAt: null };
}

/**
 * Split [start, end] by the newest held interval: before it (live), inside it (archive),
 * after it (live). `minLive` is the oldest instant live can answer for (older parts are
 * dropped: that history exists only in the archive, and the archive does not hold it).
 */
function splitByHeld(start: number, end: number, held: Interval | undefined, minLive: number): Part[] {
  if (!held || held.to < start || held.from > end) return start <= end ? [{ from: "live", startTime: start, endTime: end }] : [];
  const parts: Part[] = [];
  if (end > held.to) parts.push({ from: "live", startTime: held.to + 1, endTime: end });
  parts.push({ from: "archive", startTime: Math.max(start, held.from), endTime: Math.min(end, held.to) });
  if (start < held.from && held.from - 1 >= minLive) parts.push({ from: "live", startTime: Math.max(start, minLive), endTime: held.from - 1 });
  return parts;
}

/** The whole UTC days an interval holds: a day counts once it is entirely inside. */
export function heldDays(i: Interval): Interval | undefined {
  const from = utcDayStart(i.from) === i.from ? i.from : utcDayStart(i.from) + DAY_MS;
  const to = utcDayStart(i.to + 1) - 1;
  return from <= to ? { from, to } : undefined;
}

/**
 * Sub-affiliate records: by whole UTC days. A missing start means "everything": the archive's
 * part then reaches back as far as it holds, and live is asked for what is older only while
 * the backfill has not reached `horizon` (the oldest day the sync keeps).
 */
export function splitSubAffiliates(
  range: { startTime?: number; endTime?: number },
  held: Held,
  source: SourceParam,
  now: number,
  horizon: number,
): Part[] {
  if (source !== "auto") return [{ from: source, startTime: range.startTime, endTime: range.endTime }];
  const newest = held.coverage.at(-1);
  const days = newest ? heldDays(newest) : undefined;
  const end = utcDayStart(Math.min(range.endTime ?? now, now)) + DAY_MS - 1;
  const start = range.startTime !== undefined ? utcDayStart(range.startTime) : days && days.from <= horizon ? days.from : 0;
  // Day-aligned bounds select the same days upstream as the request's own (by UTC date). A live
  // part keeps both bounds, 0 included: WEEX answers only a bounded window (weex-facts.md), so
  // a part without a start would be refused before it is sent — after an export's first bytes.
  return splitByHeld(start, end, days, 0);
}

/**
 * The datasets split by time: how old a record the upstream still answers for, and where its
 * answer starts when a query names no start (before the age limit).
 */
const BY_TIME = {
  // the 90 days before the end
  invitees: { maxAgeMs: WINDOWS.invitees.maxAgeMs, defaultStart: (end: number) => end - WINDOWS.invitees.maxSpanMs },
  // the past month: as far back as it answers
  withdrawals: { maxAgeMs: WINDOWS.withdrawals.maxAgeMs, defaultStart: () => 0 },
  // WEEX sets no age limit, but records are read page by page: live answers no more than the
  // year the archive keeps (older history is the archive's alone); without a start, its 7 days
  commissions: { maxAgeMs: 365 * DAY_MS, defaultStart: (end: number) => end - WINDOWS.commissions.defaultSpanMs },
  // its year, and without a start its 90 days
  inviteeTotals: { maxAgeMs: WINDOWS.inviteeTotals.maxAgeMs, defaultStart: (end: number) => end - WINDOWS.inviteeTotals.defaultSpanMs },
} satisfies Record<string, { maxAgeMs: number; defaultStart(end: number): number }>;

/**
 * Invitees (by registration time), transfers (by creation time), commission records (by their
 * time) and per-invitee totals (by period). The archive holds up to
 * its last sync. When that sync is recent (within `freshMs`) the archive answers up to now and
 * `freshness` says how old it is: the minute since is not worth a live request (a transfer
 * query weighs 100 of the 500 per 10 s). Otherwise what happened since comes live. Live cannot
 * answer beyond the upstream's age limit, so older parts the archive does not hold are dropped.
 */
export function splitByTime(
  dataset: keyof typeof BY_TIME,
  range: { startTime?: number; endTime?: number },
  held: Held,
  source: SourceParam,
  now: number,
  freshMs = 0,
): Part[] {
  if (source !== "auto") return [{ from: source, startTime: range.startTime, endTime: range.endTime }];
  const upstream = BY_TIME[dataset];
  // Live parts keep a little room at the age limit: the upstream checks it a moment later.
  const minLive = now - upstream.maxAgeMs + AGE_EDGE_MARGIN_MS;
  const end = Math.min(range.endTime ?? now, now);
  // Without a start the upstream answers its default window; auto answers that same range.
  const start = range.startTime ?? Math.max(minLive, upstream.defaultStart(end));
  const newest = held.coverage.at(-1);
  const current = newest && now - newest.to <= freshMs ? { ...newest, to: now } : newest;
  return splitByHeld(start, end, current, minLive);
}
