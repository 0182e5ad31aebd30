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
  PRODUCT_TYPES,
  type InviteeFilter,
  type PageLister,
  type SubAffiliateFilter,
  type WithdrawalFilter,
} from "@/lib/affiliate/pages";
import { buildSeries, type Granularity, type Series } from "@/lib/affiliate/series";
import { liveSources, type AffiliateSources } from "@/lib/affiliate/sources";
import { isWeexError } from "@/lib/weex/errors";
import { ProblemSink, type RejectedRecord, type Warnings } from "@/lib/weex/record-problems";
import { DAY_MS, type InviteeRecord, type ListPage, type SubAffiliateRecord, type WithdrawalRecord } from "@/lib/weex/endpoints";
import { rows, toMs, type Db } from "./db";
import { mergeIntervals } from "./intervals";
import { problemsIn } from "./store";
import { utcDayStart } from "./plan";
import {
  archiveFunnel,
  archiveInviteePage,
  archiveInviteeRecords,
  archiveSubAffiliatePage,
  archiveSubAffiliateRecords,
  archiveSubAffiliateTotals,
  archiveWithdrawalPage,
  archiveWithdrawalRecords,
} from "./read";
import { freshnessOf, splitByTime, splitSubAffiliates, type Freshness, type Held, type Part, type SourceParam } from "./select";
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
   * Short-lived cache (with coalescing) for the live parts of `auto` answers; absent: no
   * caching. It holds parsed records (ids and decimals as strings) and never keeps failures.
   */
  liveCache?: LiveCache;
  now?: () => number;
}

/** What `selectedSources` needs of a cache: `TtlCache` (lib/server/cache.ts) fits. */
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

export function selectedSources(source: SourceParam, baseDeps: ArchiveSourceDeps): SelectedSources {
  const now = baseDeps.now ?? Date.now;
  const seen: Freshness[] = [];
  // Records of this request's upstream pages that could not be used: counted for `warnings`.
  let problems = new ProblemSink();
  // (the lister hands them to whichever sink is current: `startOver` begins a fresh one)
  const lister = collecting(baseDeps.lister, { add: (r) => problems.add(r) }, now);
  const deps = { ...baseDeps, lister, live: baseDeps.live ?? liveSources(lister, now) };
  const horizon = () => utcDayStart(now()) - (deps.subAffiliateDays - 1) * DAY_MS;

  /**
   * Transfers read from the archive. The archive holds every account-type pair; WEEX answers
   * one pair per query (SPOT→SPOT when none is named). With `source=archive` and no account
   * type named the answer is everything held (each record saying its pair), so the archive's
   * answer equals what it holds; in `auto` answers the archive's part keeps the upstream's
   * default, so the parts of one answer mean the same.
   */
  const archiveTransferFilter = (f: WithdrawalFilter) =>
    source === "archive" && f.fromAccountType === undefined && f.toAccountType === undefined ? { ...f, allAccountTypes: true } : f;

  /** Decide the parts of one request and remember where they come from. */
  async function plan(dataset: DatasetKey, range: { startTime?: number; endTime?: number }): Promise<Part[]> {
    if (source === "live") {
      seen.push({ source: "live", syncedAt: null });
      return [{ from: "live", ...range }];
    }
    const db = await deps.db();
    const held = await heldByArchive(db, dataset);
    const t = now();
    // WEEX no longer serves this report: `auto` answers with what the archive holds.
    const archiveOnly = source === "archive" || (goneUntil.get(dataset) ?? 0) > t;
    const parts = archiveOnly
      ? [{ from: "archive" as const, ...range }]
      : dataset === "subAffiliates"
        ? splitSubAffiliates(range, held, source, t, horizon())
        : splitByTime(dataset, range, held, source, t, deps.freshMs ?? 0);
    seen.push(freshnessOf(parts, held.syncedAt));
    // What WEEX sent for the archived range that could not be stored is reported here too:
    // the records of this request's filters and of the archive part's own range.
    for (const p of parts) {
      if (p.from === "archive") problems.add(await problemsIn(db, dataset, { ...range, startTime: p.startTime, endTime: p.endTime }, problemVariant(dataset, range)));
    }
    return parts;
  }

  /**
   * The variant of the stored problems an answer over `filter` reports: its product type; its
   * account-type pair as the archive part reads it (none when it reads every pair).
   */
  function problemVariant(dataset: DatasetKey, filter: Record<string, unknown>): Record<string, string> | undefined {
    if (dataset === "subAffiliates") {
      const productType = (filter as SubAffiliateFilter).productType;
      return productType ? { productType } : undefined;
    }
    if (dataset !== "withdrawals") return undefined;
    const f = archiveTransferFilter(filter as WithdrawalFilter);
    if ("allAccountTypes" in f && f.allAccountTypes) return undefined;
    // (key order as the sync stores it: datasets.ts)
    return { fromAccountType: f.fromAccountType ?? "SPOT", toAccountType: f.toAccountType ?? "SPOT" };
  }

  /** Whether a live part goes through the cache: `auto` answers, a bounded and short range. */
  function cacheable(f: { startTime?: number; endTime?: number }): boolean {
    return (
      deps.liveCache !== undefined &&
      source === "auto" &&
      f.startTime !== undefined &&
      f.endTime !== undefined &&
      f.endTime - f.startTime <= MAX_CACHED_LIVE_SPAN_MS
    );
  }

  /**
   * The records of one live part, through the cache. The shared walk runs without the
   * caller's signal (one person leaving must not fail the others waiting on it); each caller
   * stops waiting on its own signal.
   */
  async function cachedWalk<R>(key: [DatasetKey, Record<string, unknown>], walk: (live: AffiliateSources) => AsyncIterable<R[]>, signal?: AbortSignal): Promise<R[]> {
    const load = () =>
      recordingRejected(async (walkLister) => {
        const out: R[] = [];
        for await (const batch of walk(liveSources(walkLister, now))) out.push(...batch);
        return out;
      });
    return reported(await untilAborted(deps.liveCache!.get(cacheKey(key), load), signal)) as R[];
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
  function reported(records: readonly unknown[]): readonly unknown[] {
    const rejected = (records as Walked).rejected;
    if (rejected?.length) problems.add(rejected);
    return records;
  }

  /** Sub-affiliate live parts are whole UTC days (select.ts): the filter itself is the key. */
  async function* liveSubAffiliates(f: SubAffiliateFilter, signal?: AbortSignal): AsyncGenerator<SubAffiliateRecord[]> {
    if (!cacheable(f)) return yield* deps.live.subAffiliates.records(f, signal);
    const records = await cachedWalk(["subAffiliates", { ...f }], (live) => live.subAffiliates.records(f), signal);
    if (records.length > 0) yield records.slice(); // (a copy: the cached array is shared)
  }

  /**
   * Invitee live parts end at the request's end, usually "now" to the millisecond. Such a part
   * is cached as "up to now" (the walk reads up to the moment it starts), so overview loads
   * seconds apart share it; each caller keeps the records of its own range.
   */
  async function* liveInvitees(f: InviteeFilter, signal?: AbortSignal): AsyncGenerator<InviteeRecord[]> {
    if (!cacheable(f)) return yield* deps.live.invitees.records(f, signal);
    const { startTime, endTime } = f as Required<Pick<InviteeFilter, "startTime" | "endTime">>;
    const t = now();
    const upToNow = endTime <= t && endTime >= t - UP_TO_NOW_SLACK_MS;
    const records = upToNow
      ? await cachedWalk(["invitees", { ...f, endTime: "now" }], (live) => live.invitees.records({ ...f, endTime: now() }), signal)
      : await cachedWalk(["invitees", { ...f }], (live) => live.invitees.records(f), signal);
    const mine = records.filter((r) => r.registerTime >= startTime && r.registerTime <= endTime);
    if (mine.length > 0) yield mine;
  }

  const subAffiliates = {
    async *records(filter: SubAffiliateFilter, signal?: AbortSignal): AsyncGenerator<SubAffiliateRecord[]> {
      const parts = await plan("subAffiliates", filter);
      // The live order: SPOT's records, then FUTURES', each newest day first.
      for (const productType of filter.productType ? [filter.productType] : PRODUCT_TYPES) {
        for (const p of parts) {
          const f = { ...filter, productType, startTime: p.startTime, endTime: p.endTime };
          yield* p.from === "archive" ? archiveSubAffiliateRecords(await deps.db(), f, signal, now()) : deps.live.subAffiliates.records(f, signal);
        }
      }
    },
  };

  const invitees = {
    async *records(filter: InviteeFilter, signal?: AbortSignal): AsyncGenerator<InviteeRecord[]> {
      const parts = await plan("invitees", filter);
      for (const p of parts) {
        const f = { ...filter, startTime: p.startTime, endTime: p.endTime };
        yield* p.from === "archive" ? archiveInviteeRecords(await deps.db(), f, signal) : deps.live.invitees.records(f, signal);
      }
    },
  };

  const withdrawals = {
    async *records(filter: WithdrawalFilter, signal?: AbortSignal): AsyncGenerator<WithdrawalRecord[]> {
      const parts = await plan("withdrawals", filter);
      for (const p of parts) {
        const f = { ...filter, startTime: p.startTime, endTime: p.endTime };
        yield* p.from === "archive" ? archiveWithdrawalRecords(await deps.db(), archiveTransferFilter(f), signal) : deps.live.withdrawals.records(f, signal);
      }
    },
  };

  /**
   * Sub-affiliate records for an aggregate: the live parts record by record, the archive part
   * already summed in SQL by `key` (per day for a series, per sub-affiliate for a leaderboard).
   * Both aggregates only add up what they are given, so a pre-summed row counts exactly like
   * the records it sums.
   */
  async function* forAggregate(filter: SubAffiliateFilter, key: "day" | "subAffiliate", signal?: AbortSignal): AsyncGenerator<SubAffiliateRecord[]> {
    const parts = await plan("subAffiliates", filter);
    for (const p of parts) {
      const f = { ...filter, startTime: p.startTime, endTime: p.endTime };
      if (p.from === "archive") yield await archiveSubAffiliateTotals(await deps.db(), f, key, now());
      else yield* liveSubAffiliates(f, signal);
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
      startOver();
      return run();
    }
  }

  /**
   * Before the second attempt at an answer: what the first one saw is forgotten, its sources
   * and its set-aside records alike (else the archive's problems count twice and an export
   * writes them twice).
   */
  function startOver(): void {
    seen.length = 0;
    const keepRecords = problems.keepRecords;
    problems = new ProblemSink();
    problems.keepRecords = keepRecords;
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
      startOver();
      yield* run();
    }
  }

  return {
    subAffiliates: { records: (filter, signal) => batchesOrArchive(() => subAffiliates.records(filter, signal)) },
    invitees: { records: (filter, signal) => batchesOrArchive(() => invitees.records(filter, signal)) },
    withdrawals: { records: (filter, signal) => batchesOrArchive(() => withdrawals.records(filter, signal)) },
    series: (filter, granularity, tz, signal) => orArchive(() => buildSeries(forAggregate(filter, "day", signal), granularity, tz)),
    leaderboard: (filter, opts, signal) => orArchive(() => buildLeaderboard(forAggregate(filter, "subAffiliate", signal), opts)),
    funnel: (range, signal) => orArchive(() => funnel(range, signal)),
    list: (key, input, signal) =>
      orArchive(async () => {
        const { rejected: _rejected, ...page } = await listPage(key, input, signal);
        return page;
      }),
    inviteeAggregate: (range, run, signal) =>
      orArchive(async () => run(await plan("invitees", range), { db: deps.db, live: (f) => liveInvitees(f, signal) })),
    warnings: () => problems.warnings(),
    async *withRejected<T>(batches: AsyncIterable<T[]>): AsyncGenerator<T[]> {
      problems.keepRecords = true;
      for await (const batch of batches) yield [...batch, ...(problems.takeRecords() as T[])];
      const rest = problems.takeRecords() as T[];
      if (rest.length > 0) yield rest;
    },
    freshness() {
      if (seen.length === 0) return { source: source === "archive" ? "archive" : "live", syncedAt: null };
      const sources = new Set(seen.map((f) => f.source));
      const syncedAt = seen.find((f) => f.syncedAt !== null)?.syncedAt ?? null;
      if (sources.size === 1) return seen[0];
      return { source: "mixed", syncedAt };
    },
  };

  /** The cohort funnel: the archive part counted in SQL, the live part from the records. */
  async function funnel(range: { startTime: number; endTime: number }, signal?: AbortSignal): Promise<Funnel> {
    const parts = await plan("invitees", range);
    const total: Funnel = { registered: 0, kycPassed: 0, firstDeposit: 0, firstTrade: 0 };
    for (const p of parts) {
      const r = { startTime: p.startTime ?? range.startTime, endTime: p.endTime ?? range.endTime };
      const f = p.from === "archive" ? await archiveFunnel(await deps.db(), r) : await buildFunnel(liveInvitees(r, signal), r);
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
  async function liveListPart(key: "invitees" | "subAffiliates" | "withdrawals", f: Record<string, unknown>, signal?: AbortSignal): Promise<readonly unknown[]> {
    const walk = async (range: Record<string, unknown>, walkSignal?: AbortSignal, walkLister: PageLister = deps.lister) => {
      const got: unknown[] = [];
      let pages = 0;
      // (invitee slices come oldest first; a list is newest first)
      for (const slice of key === "invitees" ? inviteeSlices(range, now()).reverse() : [range]) {
        for (let pg = 1; ; pg++) {
          if (++pages > MAX_LIVE_PAGES) throw new TooLongToMerge();
          const r = await walkLister.list(key, { ...definedOnly({ ...range, ...slice }), page: pg, pageSize: 100 }, { signal: walkSignal });
          got.push(...r.items);
          if (!r.hasNextPage || isEmptyPage(r)) break;
        }
      }
      return got;
    };
    const range = f as { startTime?: number; endTime?: number };
    if (!cacheable(range)) return walk(f, signal);
    // A part ending this close to now is "up to now" (see liveInvitees): its key says so.
    const t = now();
    const upToNow = key !== "subAffiliates" && range.endTime! <= t && range.endTime! >= t - UP_TO_NOW_SLACK_MS;
    const cacheKeyFilter = upToNow ? { ...f, endTime: "now" } : f;
    const records = reported(
      await untilAborted(
        deps.liveCache!.get(cacheKey([`list:${key}`, cacheKeyFilter]), () => recordingRejected((l) => walk(upToNow ? { ...f, endTime: now() } : f, undefined, l))),
        signal,
      ),
    );
    if (!upToNow) return records;
    // A shared "up to now" walk may reach past this caller's end: keep its own range only.
    const timeOf = key === "invitees" ? (r: unknown) => (r as InviteeRecord).registerTime : (r: unknown) => (r as WithdrawalRecord).createTime;
    return records.filter((r) => timeOf(r) >= range.startTime! && timeOf(r) <= range.endTime!);
  }

  /**
   * One page of a list. Parts are newest first, like the upstream's pages: the page is cut from
   * their concatenation. A live part is read whole (it is the short stretch since the last
   * sync, or today); if it is long, the request is answered live as a whole instead.
   */
  async function listPage(key: "invitees" | "subAffiliates" | "withdrawals", input: ListInput, signal?: AbortSignal): Promise<ListPage<unknown>> {
    const { page, pageSize, ...filter } = input;
    const dataset: DatasetKey = key;
    const parts = await plan(dataset, filter as { startTime?: number; endTime?: number });
    const liveList = (f: Record<string, unknown>, pg: number, size: number) =>
      deps.lister.list(key, { ...definedOnly(f), page: pg, pageSize: size }, { signal });
    const archivePage = async (f: Record<string, unknown>, pg: number, size: number): Promise<ListPage<unknown>> => {
      const db = await deps.db();
      if (key === "invitees") return archiveInviteePage(db, f as InviteeFilter, pg, size);
      if (key === "withdrawals") return archiveWithdrawalPage(db, archiveTransferFilter(f as WithdrawalFilter), pg, size);
      return archiveSubAffiliatePage(db, f as unknown as SubAffiliateFilter & { productType: string }, pg, size, now());
    };

    if (parts.length === 1) {
      const p = parts[0];
      const f = { ...filter, startTime: p.startTime, endTime: p.endTime };
      return p.from === "archive" ? archivePage(f, page, pageSize) : liveList(f, page, pageSize);
    }

    // Mixed: the live parts in full (at most a few pages), the archive part by offset.
    const items: unknown[] = [];
    let skip = (page - 1) * pageSize;
    let total = 0;
    for (const p of parts) {
      const f = { ...filter, startTime: p.startTime, endTime: p.endTime };
      if (p.from === "live") {
        let got: readonly unknown[];
        try {
          got = await liveListPart(key, f, signal);
        } catch (e) {
          if (!(e instanceof TooLongToMerge)) throw e;
          // Too much to merge: answer the whole request live, as without an archive.
          seen.splice(0, seen.length, { source: "live", syncedAt: null });
          return liveList(filter, page, pageSize);
        }
        total += got.length;
        const take = got.slice(skip, skip + pageSize - items.length);
        items.push(...take);
        skip = Math.max(0, skip - got.length);
      } else {
        const offsetPage = await archiveSlice(archivePage, f, skip, pageSize - items.length);
        total += offsetPage.total;
        items.push(...offsetPage.items);
        skip = Math.max(0, skip - offsetPage.total);
      }
    }
    const pages = Math.ceil(total / pageSize);
    return { items, page, pageSize, total, pages, hasNextPage: page < pages };
  }
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
