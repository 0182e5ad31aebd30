/**
 * "Charts fill in as it goes": while the first backfill runs, an aggregate answers from what
 * the archive holds so far and lists the rest of its range in `freshness.pending`
 * (lib/archive/sources.ts). The page draws what is there, never counts the missing stretch as
 * zero (nor compares against it), names it, and asks again every PENDING_REFETCH_MS until
 * nothing is pending. Pure: the overview, its leaderboards and the trend panel share it.
 */
import type { Freshness, PendingRange } from "@/lib/contract/responses";

/** How often an answer with pending stretches is asked again (the backfill adds a slice every few seconds). */
export const PENDING_REFETCH_MS = 10_000;

/** The answer lacks part of its range (the first backfill has not reached it yet). */
export function isPartial(data: { freshness?: Freshness } | undefined): boolean {
  return !!data?.freshness?.pending?.length;
}

/** For TanStack Query's `refetchInterval`: every PENDING_REFETCH_MS while the answer is partial. */
export function refetchWhilePartial(query: { state: { data?: unknown } }): number | false {
  return isPartial(query.state.data as { freshness?: Freshness } | undefined) ? PENDING_REFETCH_MS : false;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The archive namespace's words pendingText needs (useTranslations("archive") or createTranslator). */
export type SayPending = (key: "freshness.pending" | "freshness.upTo", values: Record<string, string>) => string;

function rangeText(say: SayPending, r: PendingRange): string {
  if (r.startTime === null) return say("freshness.upTo", { day: day(r.endTime) });
  return day(r.startTime) === day(r.endTime) ? day(r.startTime) : `${day(r.startTime)} – ${day(r.endTime)}`;
}

/** "Not loaded yet: 2026-09-24 – 2026-10-23, 2026-11-23 (UTC)"; null when nothing is pending. */
export function pendingText(say: SayPending, pending: readonly PendingRange[] | undefined): string | null {
  if (!pending?.length) return null;
  const oldestFirst = [...pending].sort((a, b) => (a.startTime ?? -Infinity) - (b.startTime ?? -Infinity));
  return say("freshness.pending", { ranges: oldestFirst.map((r) => rangeText(say, r)).join(", ") });
}
