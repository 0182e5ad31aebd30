/**
 * One answer's reading, part by part: which parts a request splits into (select.ts decides the
 * ranges; `plan` notes where each comes from), and the records of one part — the archive's rows,
 * or WEEX's live records, directly or through the live cache. It knows each part's window, so a
 * live record outside the window its query asked for is left out here and counted in the
 * answer's `warnings` (record-window.ts). The answer kinds (answers.ts, list-page.ts) read
 * through it and know nothing of the datasets but their entry (dataset-reads.ts).
 */
import { sql } from "drizzle-orm";
import type { PageLister } from "@/lib/affiliate/pages";
import { rebateSources } from "@/lib/affiliate/rebate-pages";
import { liveSources, type AffiliateSources } from "@/lib/affiliate/sources";

import { Answer, type Notes } from "./answer";
import type { DatasetRead, Limits, LiveSources, Range } from "./dataset-reads";
import { rows, toMs, type Db } from "./db";
import { mergeIntervals } from "./intervals";
import { MAX_CACHED_LIVE_SPAN_MS, sharedWalk, type LiveCache, type Walk } from "./live-walks";
import { archiveRecords } from "./read";
import { keepInWindow } from "./record-window";
import { freshnessOf, whileBuilding, type Held, type Part, type SourceParam } from "./select";
import type { DatasetKey } from "./settings";
import { problemsIn } from "./store";
import { collecting, isGone } from "./upstream";
import { DAY_MS, utcDayStart } from "@/lib/time/calendar";

export interface ArchiveSourceDeps {
  db: () => Promise<Db>;
  /** the live side: the WEEX client (background work never comes through here) */
  lister: PageLister;
  /**
   * the live sources (the affiliate helper's page walkers over `lister`); absent: built here
   * over `lister`, so the answer's `warnings` count the records WEEX sent that are unusable
   */
  live?: AffiliateSources;
  /** how many days of sub-affiliate history the sync keeps (settings.subAffiliateDays) */
  subAffiliateDays: number;
  /** how many days of commission records the sync keeps (settings.commissionDays; default 365) */
  commissionDays?: number;
  /** settings.freshMs (default 0: the stretch since the last sync is always asked live) */
  freshMs?: number;
  /**
   * The archive sync runs: a dataset never synced yet is in its first backfill, and `auto`
   * aggregates of it answer from the archive alone meanwhile, saying what is still pending
   * (`freshness.pending`). Absent or false: they go live for the rest, as after the backfill.
   */
  syncing?: boolean;
  /**
   * Short-lived cache (with coalescing) for the live parts of `auto` answers; absent: no
   * caching. It holds parsed records (ids and decimals as strings) and never keeps failures.
   */
  liveCache?: LiveCache;
  now?: () => number;
}

/** What the archive holds per dataset: its coverage and when it last completed a sync. */
export async function heldByArchive(db: Db, dataset: DatasetKey): Promise<Held> {
  const list = await rows<{ from: unknown; to: unknown; syncedAt: unknown }>(
    db,
    sql`SELECT c.from_ms AS from, c.to_ms AS to, d.synced_at AS "syncedAt"
        FROM archive_dataset d LEFT JOIN archive_coverage c ON c.dataset = d.dataset
        WHERE d.dataset = ${dataset} ORDER BY c.from_ms`,
  );
  const coverage = mergeIntervals(list.filter((r) => r.from !== null).map((r) => ({ from: toMs(r.from)!, to: toMs(r.to)! })));
  return { coverage, syncedAt: toMs(list[0]?.syncedAt ?? null) };
}

/** Every dataset's live walkers over `lister` (the interface's three given, or built over it too). */
function allLiveSources(lister: PageLister, now: () => number, given?: AffiliateSources): LiveSources {
  return { ...(given ?? liveSources(lister, now)), ...rebateSources(lister, now) };
}

/** The filter of one part: the filter with the part's range. */
export function partFilter<F extends Range>(filter: F, p: Part): F {
  return { ...filter, startTime: p.startTime, endTime: p.endTime };
}

export class PartReader {
  readonly answer: Answer;
  /** WEEX for this answer: each page's unusable records noted in the answer, reports no longer served marked */
  readonly lister: PageLister;
  readonly now: () => number;
  private readonly live: LiveSources;

  constructor(
    readonly source: SourceParam,
    private readonly deps: ArchiveSourceDeps,
  ) {
    this.now = deps.now ?? Date.now;
    this.answer = new Answer(source);
    this.lister = collecting(deps.lister, this.answer, this.now);
    this.live = allLiveSources(this.lister, this.now, deps.live);
  }

  db(): Promise<Db> {
    return this.deps.db();
  }

  /** The oldest day the sub-affiliate and commission syncs keep, and how old an invitee or transfer sync may be. */
  limits(): Limits {
    const today = utcDayStart(this.now());
    return {
      horizon: today - (this.deps.subAffiliateDays - 1) * DAY_MS,
      commissionHorizon: today - ((this.deps.commissionDays ?? 365) - 1) * DAY_MS,
      freshMs: this.deps.freshMs ?? 0,
    };
  }

  /**
   * Decide the parts of one request and note where they come from (with the archive part's
   * stored problems). An aggregate during the dataset's first backfill: the archive parts only.
   */
  async plan<F extends Range>(read: DatasetRead<F, unknown>, filter: F, aggregate = false): Promise<Part[]> {
    if (this.source === "live") {
      this.answer.saw({ source: "live", syncedAt: null });
      return [{ from: "live", startTime: filter.startTime, endTime: filter.endTime }];
    }
    const db = await this.deps.db();
    const held = await heldByArchive(db, read.dataset);
    const t = this.now();
    let parts = this.split(read, filter, held, t);
    if (aggregate && this.source === "auto" && this.deps.syncing && held.syncedAt === null) parts = this.whileBuilding(read, parts, held, t);
    else this.answer.saw(freshnessOf(parts, held.syncedAt));
    // What WEEX sent for the archived range that could not be stored is reported here too:
    // the records of this request's filters and of the archive part's own range.
    for (const p of parts) {
      if (p.from === "archive") this.answer.setAside(await problemsIn(db, read.dataset, partFilter(filter, p), read.problemVariant?.(filter, this.source)));
    }
    return parts;
  }

  /** The parts of a range by what the archive holds; all of it from the archive when WEEX no longer serves the report. */
  private split<F extends Range>(read: DatasetRead<F, unknown>, filter: F, held: Held, t: number): Part[] {
    if (this.source === "archive" || isGone(read.dataset, t)) return [{ from: "archive", startTime: filter.startTime, endTime: filter.endTime }];
    return read.split(filter, held, this.source, t, this.limits());
  }

  /** An aggregate during the first backfill: what the archive holds so far, the rest pending (select.ts `whileBuilding`). */
  private whileBuilding(read: DatasetRead<Range, unknown>, parts: Part[], held: Held, t: number): Part[] {
    // (history older than the sync keeps is not coming: that stays live)
    const building = whileBuilding(parts, held, t, read.keptSince?.(this.limits()) ?? -Infinity);
    this.answer.pending(building.pending);
    this.answer.saw(building.parts.some((p) => p.from === "live") ? freshnessOf(building.parts, null) : { source: "archive", syncedAt: null });
    return building.parts;
  }

  /** The records of one part (`f`: the filter with the part's range), in the upstream's order. */
  async *part<F extends Range, R>(read: DatasetRead<F, R>, p: Part, f: F, signal?: AbortSignal): AsyncGenerator<R[]> {
    if (p.from === "archive") yield* archiveRecords(read.archive, await this.deps.db(), read.archiveFilter?.(f, this.source) ?? f, signal, this.now());
    else yield* this.livePart(read, f, signal);
  }

  /** A live part's records: those outside the part's window are left out and counted. */
  async *livePart<F extends Range, R>(read: DatasetRead<F, R>, f: F, signal?: AbortSignal): AsyncGenerator<R[]> {
    for await (const batch of read.live(this.live, f, signal)) {
      const kept = this.inWindow(read, f, batch);
      if (kept.length > 0) yield kept;
    }
  }

  /** The items of a live query in its window; the others counted in `notes` (default: this answer's). */
  inWindow<R>(read: DatasetRead<Range, R>, window: Range, items: readonly R[], notes: Pick<Notes, "outsideWindow"> = this.answer): R[] {
    return keepInWindow(read.time, window, items, notes);
  }

  /** The live records of an aggregate's live part, through the cache when it is one to cache. */
  async *liveForAggregate<F extends Range, R>(read: DatasetRead<F, R>, f: F, signal?: AbortSignal): AsyncGenerator<R[]> {
    if (!this.cacheable(f)) return yield* this.livePart(read, f, signal);
    const walk: Walk<R> = async (lister, range, notes) => {
      const out: R[] = [];
      const window = { ...f, ...range };
      for await (const batch of read.live(allLiveSources(lister, this.now), window)) out.push(...this.inWindow(read, window, batch, notes));
      return out;
    };
    const mine = await this.shared(read, read.dataset, f, walk, signal);
    if (mine.length > 0) yield mine.slice(); // (a copy: the cached array is shared)
  }

  /** Whether a live part goes through the cache: `auto` answers, a bounded and short range. */
  cacheable<F extends Range>(f: F): f is F & Required<Range> {
    return (
      this.deps.liveCache !== undefined &&
      this.source === "auto" &&
      f.startTime !== undefined &&
      f.endTime !== undefined &&
      f.endTime - f.startTime <= MAX_CACHED_LIVE_SPAN_MS
    );
  }

  /** One live walk shared through the cache (live-walks.ts), what it could not use reported to this answer. */
  shared<R>(read: DatasetRead<Range, R>, kind: string, f: Record<string, unknown> & Required<Range>, walk: Walk<R>, signal?: AbortSignal): Promise<readonly R[]> {
    const ctx = { cache: this.deps.liveCache!, upstream: this.deps.lister, now: this.now, notes: this.answer };
    return sharedWalk(ctx, read.time, kind, f, walk, signal);
  }
}
