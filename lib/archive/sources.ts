/**
 * The affiliate sources with the archive behind them, chosen per request by
 * `source=auto|archive|live` (select.ts decides which range each side answers).
 *
 * - `records()` of each source: the records of the filter in the upstream's order, the parts
 *   concatenated (used by the CSV exports, and by the aggregates for their live parts).
 * - `series`, `leaderboard`, `funnel`, `list`: the same answers as the live aggregation, with
 *   the archive's part summed in SQL — a year's series for the whole network reads the
 *   per-day totals (730 rows) and is bucketed by the very same `SeriesBuilder` as live
 *   records, so both sources bucket time zones identically.
 * - `freshness()`: where the answer came from and when the archive was last synced
 *   (`{source: "archive"|"live"|"mixed", syncedAt}`); every JSON answer carries it.
 * - What differs between the datasets is one entry each of `DATASET_READS`; what one answer
 *   has read so far (for `freshness` and `warnings`) is its `Answer` (answer.ts).
 * - While a dataset's first backfill runs (`syncing`, never synced), `auto` aggregates (series,
 *   leaderboard, funnel) answer at once from what the archive holds so far (plus the short
 *   stretch newer than it, today, live as always) and list the older rest of their range in
 *   `freshness.pending`: live, that rest would be most of a year on a fresh database (the
 *   backfill fills newest first), walked with the weight the backfill is using, and the
 *   overview took 28–48 s to settle. Lists and exports still go live for it.
 * - With `source=auto` the aggregates' live "rest of the range" — sub-affiliate records of
 *   today, invitees since the last sync — goes through `liveCache` when one is given
 *   (LIVE_CACHE_MS, see server.ts): every overview load asks for the same short stretch, so
 *   concurrent and repeated loads share one upstream walk instead of spending ~40 weight each.
 *   So does the live part of a list page merged with the archive (the same stretch for every
 *   page of the list). A list answered live as a whole is not cached (a person paging wants
 *   the current page), and neither are exports: they stream page by page, and a download is
 *   a deliberate "as of now".
 */
import { sql } from "drizzle-orm";
import { buildFunnel, type Funnel } from "@/lib/affiliate/funnel";
import { buildLeaderboard, type Leaderboard, type LeaderboardBy } from "@/lib/affiliate/leaderboard";
import {
  inviteeSlices,
  isEmptyPage,
  largestPageSize,
  type InviteeFilter,
  type PageLister,
  type SubAffiliateFilter,
} from "@/lib/affiliate/pages";
import { buildSeries, type Granularity, type Series } from "@/lib/affiliate/series";
import { liveSources, type AffiliateSources } from "@/lib/affiliate/sources";
import { isWeexError } from "@/lib/weex/errors";
import { ProblemSink, type RejectedRecord, type Warnings } from "@/lib/weex/record-problems";
import { DAY_MS, type InviteeRecord, type ListPage, type SubAffiliateRecord, type WithdrawalRecord } from "@/lib/weex/endpoints";
import { PRODUCT_TYPES } from "@/lib/weex/limits";
import { Answer } from "./answer";
import { rows, toMs, type Db } from "./db";
import { mergeIntervals } from "./intervals";
import { problemsIn } from "./store";
import { utcDayStart } from "./plan";
import { ARCHIVE_READS, archiveFunnel, archivePage, archiveRecords, archiveSubAffiliateTotals, pageAcrossParts, type ArchiveRead, type ArchiveWithdrawalFilter } from "./read";
import { freshnessOf, splitByTime, splitSubAffiliates, whileBuilding, type Freshness, type Held, type Part, type SourceParam } from "./select";
import type { DatasetKey } from "./settings";

export type { Freshness, Part, SourceParam } from "./select";

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

/** What `selectedSources` needs of a cache: `TtlCache` (lib/cache/ttl-cache.ts) fits. */
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
 * An invitee live part ending this close to now counts as "up to now": its cache key says
 * "now" rather than the exact millisecond, so overview loads a few seconds apart share it.
 */
const UP_TO_NOW_SLACK_MS = 60_000;

export interface ListInput {
  page: number;
  pageSize: number;
  [k: string]: unknown;
}

/** What an invitee aggregate reads: the archive, and the records of a live part. */
export interface InviteeIo {
  db: () => Promise<Db>;
  live: (filter: InviteeFilter) => AsyncIterable<InviteeRecord[]>;
}

export interface SelectedSources extends AffiliateSources {
  series(filter: SubAffiliateFilter, granularity: Granularity, tz: string, signal?: AbortSignal): Promise<Series>;
  leaderboard(filter: SubAffiliateFilter, opts: { by: LeaderboardBy; limit: number }, signal?: AbortSignal): Promise<Leaderboard>;
  funnel(range: { startTime: number; endTime: number }, signal?: AbortSignal): Promise<Funnel>;
  /** One page of a list route (invitees, sub-affiliates, withdrawals). */
  list(key: "invitees" | "subAffiliates" | "withdrawals", input: ListInput, signal?: AbortSignal): Promise<ListPage<unknown>>;
  /**
   * For invitee aggregates computed elsewhere (cohorts, invite codes, the filtered list:
   * cohorts-query.ts): `run` gets the range's parts as every answer splits them (newest
   * first), the archive, and a live part's records (through the live cache, as the funnel's),
   * under the same "WEEX no longer serves it" fallback.
   */
  inviteeAggregate<T>(range: InviteeFilter, run: (parts: Part[], io: InviteeIo) => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Where what was read so far came from (call after reading). */
  freshness(): Freshness;
  /** Records read so far that could not be used (call after reading): `{count: 0, example: null}` when none. */
  warnings(): Warnings;
  /**
   * For exports: the batches with the records set aside so far appended, values as received,
   * so a file holds every record WEEX sent.
   */
  withRejected<T>(batches: AsyncIterable<T[]>): AsyncGenerator<T[]>;
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

/** A filter's time range (inclusive epoch ms; undefined = open). */
type Range = { startTime?: number; endTime?: number };

/**
 * How one dataset is read, on either side: everything `selectedSources` needs to know that
 * differs between sub-affiliate records, invitees and transfers.
 */
interface DatasetRead<F extends Range, R> {
  dataset: DatasetKey;
  /** the archive's rows (read.ts) */
  archive: ArchiveRead<F, R, never>;
  /** the live records of a filter (the affiliate helper's page walkers) */
  live(sources: AffiliateSources, f: F, signal?: AbortSignal): AsyncIterable<R[]>;
  /** the filters one answer reads one after the other, in the upstream's order (default: the filter alone) */
  variants?(f: F): F[];
  /** how a range splits between the archive and live (select.ts) */
  split(range: F, held: Held, source: SourceParam, now: number, limits: { horizon: number; freshMs: number }): Part[];
  /** the filter as the archive part reads it (default: as it is) */
  archiveFilter?(f: F, source: SourceParam): F;
  /** the variant of the stored problems an answer over `f` reports (default, or undefined: every variant) */
  problemVariant?(f: F, source: SourceParam): Record<string, string> | undefined;
  /**
   * A record's time, for datasets whose live part may end "now" to the millisecond (a shared
   * walk "up to now" is cut to each caller's range by it). Absent: parts are whole UTC days.
   */
  timeOf?(r: R): number;
  /** the upstream queries one live part of a list needs, newest first (default: the range alone) */
  liveSlices?(range: Range, now: number): Range[];
}

/**
 * Transfers as the archive reads them. The archive holds every account-type pair; WEEX answers
 * one pair per query (SPOT→SPOT when none is named). With `source=archive` and no account
 * type named the answer is everything held (each record saying its pair), so the archive's
 * answer equals what it holds; in `auto` answers the archive's part keeps the upstream's
 * default, so the parts of one answer mean the same.
 */
function archiveTransferFilter(f: ArchiveWithdrawalFilter, source: SourceParam): ArchiveWithdrawalFilter {
  return source === "archive" && f.fromAccountType === undefined && f.toAccountType === undefined ? { ...f, allAccountTypes: true } : f;
}

/** An entry of the table: the dataset, its archive side (read.ts), and the rest. */
function datasetRead<F extends Range, R>(dataset: DatasetKey, archive: ArchiveRead<F, R, never>, rest: Omit<DatasetRead<F, R>, "dataset" | "archive">): DatasetRead<F, R> {
  return { dataset, archive, ...rest };
}

const DATASET_READS = {
  subAffiliates: datasetRead<SubAffiliateFilter, SubAffiliateRecord>("subAffiliates", ARCHIVE_READS.subAffiliates, {
    live: (sources, f, signal) => sources.subAffiliates.records(f, signal),
    // The live order: SPOT's records, then FUTURES', each newest day first.
    variants: (f) => (f.productType ? [f.productType] : PRODUCT_TYPES).map((productType) => ({ ...f, productType })),
    split: (range, held, source, now, { horizon }) => splitSubAffiliates(range, held, source, now, horizon),
    problemVariant: (f) => (f.productType ? { productType: f.productType } : undefined),
  }),

  invitees: datasetRead<InviteeFilter, InviteeRecord>("invitees", ARCHIVE_READS.invitees, {
    live: (sources, f, signal) => sources.invitees.records(f, signal),
    split: (range, held, source, now, { freshMs }) => splitByTime("invitees", range, held, source, now, freshMs),
    timeOf: (r) => r.registerTime,
    // (invitee slices come oldest first; a list is newest first)
    liveSlices: (range, now) => inviteeSlices(range, now).reverse(),
  }),

  withdrawals: datasetRead<ArchiveWithdrawalFilter, WithdrawalRecord>("withdrawals", ARCHIVE_READS.withdrawals, {
    live: (sources, f, signal) => sources.withdrawals.records(f, signal),
    split: (range, held, source, now, { freshMs }) => splitByTime("withdrawals", range, held, source, now, freshMs),
    archiveFilter: archiveTransferFilter,
    problemVariant(f, source) {
      const a = archiveTransferFilter(f, source);
      if (a.allAccountTypes) return undefined;
      // (key order as the sync stores it: datasets.ts)
      return { fromAccountType: a.fromAccountType ?? "SPOT", toAccountType: a.toAccountType ?? "SPOT" };
    },
    timeOf: (r) => r.createTime,
  }),
};

/** The table as the list route reads it: any dataset, records as they come. */
const LIST_READS: Record<DatasetKey, DatasetRead<Range, unknown>> = DATASET_READS;

export function selectedSources(source: SourceParam, baseDeps: ArchiveSourceDeps): SelectedSources {
  const now = baseDeps.now ?? Date.now;
  const answer = new Answer(source);
  // (the lister hands the records of this request's upstream pages that could not be used to the answer)
  const lister = collecting(baseDeps.lister, { add: (r) => answer.setAside(r) }, now);
  const deps = { ...baseDeps, lister, live: baseDeps.live ?? liveSources(lister, now) };
  const limits = () => ({ horizon: utcDayStart(now()) - (deps.subAffiliateDays - 1) * DAY_MS, freshMs: deps.freshMs ?? 0 });

  /**
   * Decide the parts of one request and note where they come from (with the archive part's
   * stored problems). An aggregate during the dataset's first backfill: the archive parts only.
   */
  async function plan<F extends Range>(read: DatasetRead<F, unknown>, filter: F, aggregate = false): Promise<Part[]> {
    const range = { startTime: filter.startTime, endTime: filter.endTime };
    if (source === "live") {
      answer.saw({ source: "live", syncedAt: null });
      return [{ from: "live", ...range }];
    }
    const db = await deps.db();
    const held = await heldByArchive(db, read.dataset);
    const t = now();
    // WEEX no longer serves this report: `auto` answers with what the archive holds.
    const archiveOnly = source === "archive" || (goneUntil.get(read.dataset) ?? 0) > t;
    let parts: Part[] = archiveOnly ? [{ from: "archive", ...range }] : read.split(filter, held, source, t, limits());
    if (aggregate && source === "auto" && deps.syncing && held.syncedAt === null) {
      // (sub-affiliate history older than the sync keeps is not coming: that stays live)
      const building = whileBuilding(parts, held, t, read.dataset === "subAffiliates" ? limits().horizon : -Infinity);
      parts = building.parts;
      answer.pending(building.pending);
      answer.saw(parts.some((p) => p.from === "live") ? freshnessOf(parts, null) : { source: "archive", syncedAt: null });
    } else {
      answer.saw(freshnessOf(parts, held.syncedAt));
    }
    // What WEEX sent for the archived range that could not be stored is reported here too:
    // the records of this request's filters and of the archive part's own range.
    for (const p of parts) {
      if (p.from === "archive") answer.setAside(await problemsIn(db, read.dataset, { ...filter, startTime: p.startTime, endTime: p.endTime }, read.problemVariant?.(filter, source)));
    }
    return parts;
  }

  /** The records of a filter: each variant in turn, its parts newest first. */
  async function* records<F extends Range, R>(read: DatasetRead<F, R>, filter: F, signal?: AbortSignal): AsyncGenerator<R[]> {
    const parts = await plan(read, filter);
    for (const variant of read.variants?.(filter) ?? [filter]) {
      for (const p of parts) {
        const f = { ...variant, startTime: p.startTime, endTime: p.endTime };
        yield* p.from === "archive" ? archiveRecords(read.archive, await deps.db(), read.archiveFilter?.(f, source) ?? f, signal, now()) : read.live(deps.live, f, signal);
      }
    }
  }

  /** Whether a live part goes through the cache: `auto` answers, a bounded and short range. */
  function cacheable(f: Range): f is Required<Range> {
    return (
      deps.liveCache !== undefined &&
      source === "auto" &&
      f.startTime !== undefined &&
      f.endTime !== undefined &&
      f.endTime - f.startTime <= MAX_CACHED_LIVE_SPAN_MS
    );
  }

  /**
   * One live walk shared through the cache. A part ending this close to now is cached as "up
   * to now" (the walk reads up to the moment it starts), so loads seconds apart share it; each
   * caller keeps the records of its own range. The shared walk runs without the caller's
   * signal (one person leaving must not fail the others waiting on it); each caller stops
   * waiting on its own signal.
   */
  async function shared<F extends Range, R>(read: DatasetRead<F, R>, kind: string, f: F & Required<Range>, walk: (lister: PageLister, range: Range) => Promise<R[]>, signal?: AbortSignal): Promise<readonly R[]> {
    const t = now();
    const upToNow = read.timeOf !== undefined && f.endTime <= t && f.endTime >= t - UP_TO_NOW_SLACK_MS;
    const key = cacheKey([kind, upToNow ? { ...f, endTime: "now" } : { ...f }]);
    const load = () => recordingRejected((l) => walk(l, upToNow ? { ...f, endTime: now() } : f));
    const all = reported(await untilAborted(deps.liveCache!.get(key, load), signal)) as readonly R[];
    const timeOf = read.timeOf;
    return timeOf ? all.filter((r) => timeOf(r) >= f.startTime && timeOf(r) <= f.endTime) : all;
  }

  /**
   * A shared walk for the cache, through a lister of its own that keeps the records set aside
   * on the result (`rejected`): every request served from the cache reports them, not only the
   * one that walked.
   */
  async function recordingRejected(walk: (lister: PageLister) => Promise<unknown[]>): Promise<Walked> {
    const sink = new ProblemSink();
    sink.keepRecords = true;
    const out: Walked = await walk(collecting(baseDeps.lister, sink, now));
    out.rejected = sink.takeRejected();
    return out;
  }

  /** A cached walk's records, its set-aside records added to this answer's warnings. */
  function reported(list: readonly unknown[]): readonly unknown[] {
    const rejected = (list as Walked).rejected;
    if (rejected?.length) answer.setAside(rejected);
    return list;
  }

  /** The live records of an aggregate's live part, through the cache when it is one to cache. */
  async function* liveForAggregate<F extends Range, R>(read: DatasetRead<F, R>, f: F, signal?: AbortSignal): AsyncGenerator<R[]> {
    if (!cacheable(f)) return yield* read.live(deps.live, f, signal);
    const walk = async (l: PageLister, range: Range) => {
      const out: R[] = [];
      for await (const batch of read.live(liveSources(l, now), { ...f, ...range })) out.push(...batch);
      return out;
    };
    const mine = await shared(read, read.dataset, f, walk, signal);
    if (mine.length > 0) yield mine.slice(); // (a copy: the cached array is shared)
  }

  /**
   * Sub-affiliate records for an aggregate: the live parts record by record, the archive part
   * already summed in SQL by `key` (per day for a series, per sub-affiliate for a leaderboard).
   * Both aggregates only add up what they are given, so a pre-summed row counts exactly like
   * the records it sums.
   */
  async function* forAggregate(filter: SubAffiliateFilter, key: "day" | "subAffiliate", signal?: AbortSignal): AsyncGenerator<SubAffiliateRecord[]> {
    const read = DATASET_READS.subAffiliates;
    for (const p of await plan(read, filter, true)) {
      const f = { ...filter, startTime: p.startTime, endTime: p.endTime };
      if (p.from === "archive") yield await archiveSubAffiliateTotals(await deps.db(), f, key, now());
      else yield* liveForAggregate(read, f, signal);
    }
  }

  /** The cohort funnel: the archive part counted in SQL, the live part from the records. */
  async function funnel(range: { startTime: number; endTime: number }, signal?: AbortSignal): Promise<Funnel> {
    const read = DATASET_READS.invitees;
    const total: Funnel = { registered: 0, kycPassed: 0, firstDeposit: 0, firstTrade: 0 };
    for (const p of await plan(read, range, true)) {
      const r = { startTime: p.startTime ?? range.startTime, endTime: p.endTime ?? range.endTime };
      const f = p.from === "archive" ? await archiveFunnel(await deps.db(), r) : await buildFunnel(liveForAggregate(read, r, signal), r);
      for (const k of Object.keys(total) as (keyof Funnel)[]) total[k] += f[k];
    }
    return total;
  }

  /**
   * All records of a list's live part (newest first), at most MAX_LIVE_PAGES upstream pages,
   * else `TooLongToMerge`. In `auto` answers the part goes through the live cache like the
   * aggregates' live parts: it is the short stretch since the last sync (or today), the same
   * for every page of the list and every person looking at it, so paging through a list or
   * twenty people opening it cost one walk per LIVE_CACHE_MS instead of one each — transfers
   * weigh 100 of WEEX's 500 per 10 s.
   */
  async function liveListPart(read: DatasetRead<Range, unknown>, f: Record<string, unknown> & Range, signal?: AbortSignal): Promise<readonly unknown[]> {
    const key = read.dataset;
    const walk = async (walkLister: PageLister, range: Record<string, unknown>, walkSignal?: AbortSignal) => {
      const got: unknown[] = [];
      let pages = 0;
      for (const slice of read.liveSlices?.(range, now()) ?? [range]) {
        for (let pg = 1; ; pg++) {
          if (++pages > MAX_LIVE_PAGES) throw new TooLongToMerge();
          const r = await walkLister.list(key, { ...definedOnly({ ...range, ...slice }), page: pg, pageSize: largestPageSize(key) }, { signal: walkSignal });
          got.push(...r.items);
          if (!r.hasNextPage || isEmptyPage(r)) break;
        }
      }
      return got;
    };
    if (!cacheable(f)) return walk(deps.lister, f, signal);
    return shared(read, `list:${key}`, f, (l, range) => walk(l, { ...f, ...range }), signal);
  }

  /**
   * One page of a list. Parts are newest first, like the upstream's pages: the page is cut from
   * their concatenation. A live part is read whole (it is the short stretch since the last
   * sync, or today); if it is long, the request is answered live as a whole instead.
   */
  async function listPage(key: DatasetKey, input: ListInput, signal?: AbortSignal): Promise<ListPage<unknown>> {
    const read = LIST_READS[key];
    const { page, pageSize, ...filter } = input;
    const parts = await plan(read, filter);
    const liveList = (f: Record<string, unknown>, pg: number, size: number) => deps.lister.list(key, { ...definedOnly(f), page: pg, pageSize: size }, { signal });
    const archiveList = async (f: Record<string, unknown>, pg: number, size: number) => archivePage(read.archive, await deps.db(), read.archiveFilter?.(f, source) ?? f, pg, size, now());

    if (parts.length === 1) {
      const p = parts[0];
      const f = { ...filter, startTime: p.startTime, endTime: p.endTime };
      return p.from === "archive" ? archiveList(f, page, pageSize) : liveList(f, page, pageSize);
    }

    // Mixed: the live parts in full (at most a few pages), the archive part by offset.
    try {
      return await pageAcrossParts(parts, page, pageSize, async (p, skip, want) => {
        const f = { ...filter, startTime: p.startTime, endTime: p.endTime };
        if (p.from === "archive") return archiveSlice(archiveList, f, skip, want);
        const got = await liveListPart(read, f, signal);
        return { items: got.slice(skip, skip + want), total: got.length };
      });
    } catch (e) {
      if (!(e instanceof TooLongToMerge)) throw e;
      // Too much to merge: answer the whole request live, as without an archive.
      answer.answeredLive();
      return liveList(filter, page, pageSize);
    }
  }

  /**
   * `auto` when WEEX answers that it no longer serves a report (`gone`, weex-facts.md): the
   * dataset is marked (plan() then reads the archive alone) and the answer is asked again,
   * so the person sees what the archive holds instead of an error. `live` keeps the error.
   */
  async function orArchive<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (e) {
      if (source !== "auto" || !isWeexError(e) || !e.gone) throw e;
      answer.startOver();
      return run();
    }
  }

  /** The same for a stream of batches, as long as nothing was yielded yet (a started file fails visibly). */
  async function* batchesOrArchive<T>(run: () => AsyncGenerator<T[]>): AsyncGenerator<T[]> {
    let yielded = false;
    try {
      for await (const batch of run()) {
        yielded = true;
        yield batch;
      }
    } catch (e) {
      if (yielded || source !== "auto" || !isWeexError(e) || !e.gone) throw e;
      answer.startOver();
      yield* run();
    }
  }

  return {
    subAffiliates: { records: (filter, signal) => batchesOrArchive(() => records(DATASET_READS.subAffiliates, filter, signal)) },
    invitees: { records: (filter, signal) => batchesOrArchive(() => records(DATASET_READS.invitees, filter, signal)) },
    withdrawals: { records: (filter, signal) => batchesOrArchive(() => records(DATASET_READS.withdrawals, filter, signal)) },
    series: (filter, granularity, tz, signal) => orArchive(() => buildSeries(forAggregate(filter, "day", signal), granularity, tz)),
    leaderboard: (filter, opts, signal) => orArchive(() => buildLeaderboard(forAggregate(filter, "subAffiliate", signal), opts)),
    funnel: (range, signal) => orArchive(() => funnel(range, signal)),
    list: (key, input, signal) =>
      orArchive(async () => {
        const { rejected: _rejected, ...page } = await listPage(key, input, signal);
        return page;
      }),
    inviteeAggregate: (range, run, signal) =>
      orArchive(async () => run(await plan(DATASET_READS.invitees, range), { db: deps.db, live: (f) => liveForAggregate(DATASET_READS.invitees, f, signal) })),
    warnings: () => answer.warnings(),
    async *withRejected<T>(batches: AsyncIterable<T[]>): AsyncGenerator<T[]> {
      answer.keepRecords();
      for await (const batch of batches) yield [...batch, ...(answer.takeRecords() as T[])];
      const rest = answer.takeRecords() as T[];
      if (rest.length > 0) yield rest;
    },
    freshness: () => answer.freshness(),
  };
}

/**
 * Reports WEEX answered "no longer served" (404 or -1150 on the path), until when: meanwhile
 * `auto` answers from the archive alone instead of asking WEEX again (and failing) each time.
 */
// (on globalThis: Next bundles each route separately, and every route must see the same marks)
const goneUntil = ((globalThis as typeof globalThis & { __weexGoneUntil?: Map<DatasetKey, number> }).__weexGoneUntil ??= new Map<DatasetKey, number>());
const GONE_RECHECK_MS = 10 * 60_000;

/** The lister, with each page's set-aside records handed to `sink`, and reports WEEX no longer serves noted. */
function collecting(lister: PageLister, sink: Pick<ProblemSink, "add">, now: () => number): PageLister {
  return {
    async list(key, params, opts) {
      try {
        const page = await lister.list(key, params, opts);
        if (page.rejected?.length) sink.add(page.rejected);
        goneUntil.delete(key);
        return page;
      } catch (e) {
        if (isWeexError(e) && e.gone) goneUntil.set(key, now() + GONE_RECHECK_MS);
        throw e;
      }
    },
  };
}

/** Records of a cached live walk, with the records set aside during that walk. */
type Walked = unknown[] & { rejected?: RejectedRecord[] };

/** A list's live part longer than this many upstream pages is not merged with the archive. */
const MAX_LIVE_PAGES = 5;

class TooLongToMerge extends Error {
  constructor() {
    super("the live part of this list is too long to merge with the archive");
  }
}

/** A cache key: the filter's defined fields in name order (spread order must not split entries). */
function cacheKey([dataset, filter]: [string, Record<string, unknown>]): string {
  return JSON.stringify([dataset, Object.entries(definedOnly(filter)).sort(([a], [b]) => (a < b ? -1 : 1))]);
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
function definedOnly(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

/** `count` archive items starting at offset `skip` (two archive pages at most), and the part's total. */
async function archiveSlice(
  pageOf: (f: Record<string, unknown>, page: number, size: number) => Promise<ListPage<unknown>>,
  f: Record<string, unknown>,
  skip: number,
  count: number,
): Promise<{ items: unknown[]; total: number }> {
  if (count <= 0) {
    const head = await pageOf(f, 1, 1);
    return { items: [], total: head.total ?? 0 };
  }
  // Pages of `count` items aligned so that `skip` falls inside the first one read.
  const first = Math.floor(skip / count) + 1;
  const a = await pageOf(f, first, count);
  const from = skip - (first - 1) * count;
  let items = a.items.slice(from);
  if (items.length < count && a.hasNextPage) items = items.concat((await pageOf(f, first + 1, count)).items.slice(0, count - items.length));
  return { items, total: a.total ?? 0 };
}
