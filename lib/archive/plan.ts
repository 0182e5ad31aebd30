/**
 * What a sync run of one dataset fetches: a pure function of the clock, what the archive
 * already holds (coverage) and a little state. The engine stores the answer as cursor rows
 * and works through them; a restarted process resumes those rows instead of planning again.
 *
 * Every run re-reads what can still have changed and fills what is missing:
 * - **Sub-affiliate records** are daily (UTC). A day can still change until the day after it
 *   has ended, so a day fetched at instant T is final when it ended at least a day before T.
 *   Each run re-reads from the day before the newest instant held up to now (normally just
 *   yesterday and today; after a week of downtime, that week), and backfills missing days back
 *   to the horizon (`subAffiliateDays`).
 * - **Invitees** are filtered by registration time; their KYC/deposit/trade fields change
 *   after registration. Each run reads the registrations since the newest one held (with an
 *   overlap); every `inviteeRefreshMs` a run re-reads the whole year the upstream serves.
 *   Older invitees are kept as archived, forever.
 * - **Internal transfers** are filtered by creation time; a PROGRESSING transfer can still
 *   change status. Each run re-reads from the oldest PROGRESSING transfer (or the newest time
 *   held, minus the overlap) up to now. Older transfers are kept, forever.
 * - **Commission records** are final once posted; each run re-reads from
 *   `commissionLagMs` before the newest instant held (a record posted a little after its time
 *   is still met) and backfills missing days back to `commissionDays`, 7-day slices newest
 *   first (each slice one query per product type).
 * - **Per-invitee totals** are window sums, so each slice is one period: a UTC day,
 *   or for history older than `movementDailyDays` at the first backfill a UTC week (Monday to
 *   Sunday, clipped to WEEX's year). A day is re-read until `movementSettleMs` after it ended.
 *
 * Slices honour the upstream's limits (invitees: ≤ 90 days a query, not older than a year;
 * transfers: the past month) and are listed newest first, so the most recent history becomes
 * available from the archive first and the held range grows backwards without holes.
 */
import { WINDOWS } from "@/lib/weex/endpoints";
import { chunkNewestFirst, gaps, mergeIntervals, type Interval } from "./intervals";
import type { ArchiveSettings, DatasetKey } from "./settings";
import { DAY_MS, utcDayStart } from "@/lib/time/calendar";

export type SliceKind = "backfill" | "incremental" | "refresh" | "resync";

export interface PlannedSlice extends Interval {
  kind: SliceKind;
}

export interface PlanInput {
  now: number;
  /** merged intervals the dataset holds */
  coverage: readonly Interval[];
  /** invitees: when the last full refresh started (null: never) */
  refreshedAt?: number | null;
  /** withdrawals: creation time of the oldest archived PROGRESSING transfer, if any */
  oldestOpen?: number | null;
}

export interface RunPlan {
  /** backfill when anything is missing, else refresh or incremental */
  kind: Exclude<SliceKind, "resync">;
  slices: PlannedSlice[];
}

const utcDayEnd = (t: number) => utcDayStart(t) + DAY_MS - 1;

/** The oldest instant the upstream still answers for, with our margin (null: no limit). */
export function windowStart(dataset: DatasetKey, now: number, settings: ArchiveSettings): number | null {
  if (dataset === "invitees") return now - WINDOWS.invitees.maxAgeMs + settings.windowMarginMs;
  if (dataset === "withdrawals") return now - WINDOWS.withdrawals.maxAgeMs + settings.windowMarginMs;
  if (dataset === "inviteeTotals") return now - WINDOWS.inviteeTotals.maxAgeMs + settings.windowMarginMs;
  return null;
}

/** The longest range one slice may cover (per-invitee totals: one period, `movementPeriods`). */
export function maxSliceMs(dataset: DatasetKey, settings: ArchiveSettings): number {
  if (dataset === "invitees") return WINDOWS.invitees.maxSpanMs; // to - from ≤ 90 days
  if (dataset === "withdrawals") return settings.withdrawalSliceMs;
  if (dataset === "commissions") return settings.commissionSliceDays * DAY_MS;
  if (dataset === "inviteeTotals") return 7 * DAY_MS;
  return settings.subAffiliateSliceDays * DAY_MS;
}

/** The oldest instant the commission sync keeps: the start of the UTC day `commissionDays − 1` before today. */
export function commissionHorizon(now: number, settings: ArchiveSettings): number {
  return utcDayStart(now) - (settings.commissionDays - 1) * DAY_MS;
}

/** The first day held per UTC day rather than per week: a Monday, so no week is cut by it. */
export function dailyMovementsFrom(now: number, settings: ArchiveSettings): number {
  const first = utcDayStart(now) - (settings.movementDailyDays - 1) * DAY_MS;
  return first - ((new Date(first).getUTCDay() + 6) % 7) * DAY_MS;
}

/**
 * [from, to] as the periods the per-invitee totals are read in, newest first: UTC days from
 * `dailyFrom` on, UTC weeks (Monday to Sunday) before it, each clipped to the range.
 */
export function movementPeriods(range: Interval, dailyFrom: number): Interval[] {
  const out: Interval[] = [];
  let to = range.to;
  while (to >= range.from) {
    const day = utcDayStart(to);
    const start = day >= dailyFrom ? day : day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS;
    const from = Math.max(range.from, start);
    out.push({ from, to });
    to = from - 1;
  }
  return out;
}

export function planRun(dataset: DatasetKey, input: PlanInput, settings: ArchiveSettings): RunPlan {
  const coverage = mergeIntervals(input.coverage);
  const newest = coverage.at(-1);
  const { now } = input;
  const slices = (range: Interval, kind: SliceKind) => sliceRange(dataset, range, now, settings).map((r) => ({ ...r, kind }));

  let oldest: number;
  let recentFrom: number;
  let recentKind: SliceKind = newest ? "incremental" : "backfill";

  if (dataset === "commissions") {
    oldest = commissionHorizon(now, settings);
    recentFrom = newest ? Math.max(oldest, newest.to - settings.commissionLagMs) : oldest;
  } else if (dataset === "inviteeTotals") {
    oldest = windowStart(dataset, now, settings)!;
    // from the first day that may not be final yet
    recentFrom = newest ? Math.max(oldest, utcDayStart(newest.to - settings.movementSettleMs)) : oldest;
  } else if (dataset === "subAffiliates") {
    oldest = utcDayStart(now) - (settings.subAffiliateDays - 1) * DAY_MS;
    // From the day before the newest instant held: the first day that may not be final yet.
    recentFrom = Math.max(oldest, utcDayStart(newest ? newest.to : now) - DAY_MS);
  } else if (dataset === "invitees") {
    oldest = windowStart(dataset, now, settings)!;
    const refreshDue = input.refreshedAt == null || now - input.refreshedAt >= settings.inviteeRefreshMs;
    if (refreshDue || !newest) {
      recentFrom = oldest;
      if (newest) recentKind = "refresh";
    } else {
      recentFrom = Math.max(oldest, newest.to - settings.overlapMs);
    }
  } else {
    oldest = windowStart(dataset, now, settings)!;
    const open = input.oldestOpen ?? Infinity;
    recentFrom = newest ? Math.max(oldest, Math.min(newest.to - settings.overlapMs, open)) : oldest;
  }

  const planned = slices({ from: recentFrom, to: now }, recentKind);
  // What is missing between the horizon and the recent range, newest gap first.
  for (const gap of gaps(oldest, recentFrom - 1, coverage).reverse()) {
    const range = dataset === "subAffiliates" ? { from: utcDayStart(gap.from), to: Math.min(utcDayEnd(gap.to), recentFrom - 1) } : gap;
    planned.push(...slices(range, "backfill"));
  }
  const kind = planned.some((s) => s.kind === "backfill") ? "backfill" : recentKind === "refresh" ? "refresh" : "incremental";
  return { kind, slices: planned };
}

/** A range as slices: per-invitee totals by period, the others in pieces of `maxSliceMs`, newest first. */
function sliceRange(dataset: DatasetKey, range: Interval, now: number, settings: ArchiveSettings): Interval[] {
  if (dataset === "inviteeTotals") return movementPeriods(range, dailyMovementsFrom(now, settings));
  return chunkNewestFirst(range, maxSliceMs(dataset, settings));
}

/**
 * Slices for an admin's re-sync of [from, to] (clamped to what the upstream still serves;
 * sub-affiliate ranges widened to whole UTC days). Empty when nothing of it can be fetched.
 */
export function planResync(dataset: DatasetKey, range: Interval, now: number, settings: ArchiveSettings): PlannedSlice[] {
  let { from, to } = range;
  to = Math.min(to, now);
  const start = windowStart(dataset, now, settings);
  if (start !== null) from = Math.max(from, start);
  if (dataset === "subAffiliates") {
    from = utcDayStart(from);
    to = Math.min(utcDayEnd(to), now);
  }
  if (from > to) return [];
  return sliceRange(dataset, { from, to }, now, settings).map((r) => ({ ...r, kind: "resync" as const }));
}
