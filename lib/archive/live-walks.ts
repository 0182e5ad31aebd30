/**
 * Live walks shared through the live cache (LIVE_CACHE_MS, see server.ts). With `source=auto`
 * the aggregates' live "rest of the range" — sub-affiliate records of today, invitees since the
 * last sync — and the live part of a list page merged with the archive are the same short
 * stretch for every overview load, every page of a list and every person looking at it: they
 * share one upstream walk instead of spending ~40 weight each (transfers weigh 100 of WEEX's
 * 500 per 10 s). A list answered live as a whole is not cached (a person paging wants the
 * current page), and neither are exports: they stream page by page, and a download is a
 * deliberate "as of now".
 */
import type { PageLister } from "@/lib/affiliate/pages";

import type { RejectedRecord, Warnings } from "@/lib/weex/record-problems";
import type { Notes } from "./answer";
import type { Range, RecordTime } from "./dataset-reads";
import { inWindow } from "./record-window";
import { collecting } from "./upstream";
import { DAY_MS } from "@/lib/time/calendar";

/** What the sources need of a cache: `TtlCache` (lib/cache/ttl-cache.ts) fits. */
export interface LiveCache {
  get(key: string, load: () => Promise<readonly unknown[]>): Promise<readonly unknown[]>;
}

/**
 * Live parts longer than this are walked uncached: the cache is for the short stretch the
 * archive does not hold yet (today, the minutes since the last sync), not for whole ranges
 * while the backfill has not reached them (that could hold a year of records in memory).
 */
export const MAX_CACHED_LIVE_SPAN_MS = 7 * DAY_MS;

/**
 * A live part ending this close to now counts as "up to now": its cache key says "now" rather
 * than the exact millisecond, so overview loads a few seconds apart share it.
 */
const UP_TO_NOW_SLACK_MS = 60_000;

/** What a shared walk needs of the answer asking for it. */
export interface WalkContext {
  cache: LiveCache;
  /** WEEX, without the answer's own notes (a shared walk keeps its own: `WalkNotes`) */
  upstream: PageLister;
  now: () => number;
  /** the asking answer's notes: what the walk could not use is reported there too */
  notes: Notes;
}

/** A walk of one live range through `lister` (the walk's own), noting what it cannot use in `notes`. */
export type Walk<R> = (lister: PageLister, range: Required<Range>, notes: Notes) => Promise<R[]>;

/**
 * One live walk shared through the cache. A part of a dataset with millisecond times ending
 * this close to now is cached as "up to now" (the walk reads up to the moment it starts), so
 * loads seconds apart share it; each caller keeps the records of its own range. The shared walk
 * runs without the caller's signal (one person leaving must not fail the others waiting on
 * it); each caller stops waiting on its own signal.
 */
export async function sharedWalk<R>(ctx: WalkContext, time: RecordTime | undefined, kind: string, f: Record<string, unknown> & Required<Range>, walk: Walk<R>, signal?: AbortSignal): Promise<readonly R[]> {
  const t = ctx.now();
  const byMs = time?.unit === "ms" ? time : undefined;
  const upToNow = byMs !== undefined && f.endTime <= t && f.endTime >= t - UP_TO_NOW_SLACK_MS;
  const key = cacheKey(kind, upToNow ? { ...f, endTime: "now" } : { ...f });
  const load = async () => {
    const notes = new WalkNotes();
    const out: Walked = await walk(collecting(ctx.upstream, notes, ctx.now), upToNow ? { ...f, endTime: ctx.now() } : f, notes);
    out.notes = notes;
    return out;
  };
  const all = (await untilAborted(ctx.cache.get(key, load), signal)) as readonly R[] & { notes?: WalkNotes };
  all.notes?.replay(ctx.notes);
  return byMs ? all.filter((r) => inWindow(byMs, f, r)) : all;
}

/**
 * What a cached walk could not use, kept with its records: every request served from the cache
 * reports it, not only the one that walked.
 */
class WalkNotes implements Notes {
  private rejected: RejectedRecord[] = [];
  private outside: Warnings[] = [];

  setAside(rejected: readonly RejectedRecord[]): void {
    this.rejected.push(...rejected);
  }

  outsideWindow(w: Warnings): void {
    this.outside.push(w);
  }

  replay(to: Notes): void {
    if (this.rejected.length > 0) to.setAside(this.rejected);
    for (const w of this.outside) to.outsideWindow(w);
  }
}

/** Records of a cached live walk, with what the walk could not use. */
type Walked = unknown[] & { notes?: WalkNotes };

/** A cache key: the filter's defined fields in name order (spread order must not split entries). */
function cacheKey(kind: string, filter: Record<string, unknown>): string {
  return JSON.stringify([kind, Object.entries(definedOnly(filter)).sort(([a], [b]) => (a < b ? -1 : 1))]);
}

/** The promise, or a rejection as soon as the signal aborts (the promise itself goes on). */
function untilAborted<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener("abort", onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(e);
      },
    );
  });
}

/** The object without its undefined values (an open bound is not sent upstream). */
export function definedOnly(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
