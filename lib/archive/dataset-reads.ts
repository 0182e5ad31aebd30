/**
 * How each archived dataset is read for an answer, on either side — the read side's table, as
 * `DATASET_DEFS` (datasets.ts) is the sync side's. One entry per dataset says everything the
 * answer kinds (answers.ts, list-page.ts) need to know that differs between datasets: the
 * archive's rows (read.ts), the live records (the affiliate helper's page walkers), how a range
 * splits between the two (select.ts), where a record's time is, and which aggregates the
 * dataset answers besides its records and list pages (`aggregates`: data, not code paths).
 *
 * Adding a dataset is one entry here (plus its `ARCHIVE_READS` entry and its sync definition);
 * no answer kind changes.
 */
import { buildFunnel, type Funnel } from "@/lib/affiliate/funnel";
import { buildLeaderboard, type Leaderboard, type LeaderboardBy } from "@/lib/affiliate/leaderboard";
import { inviteeSlices, type InviteeFilter, type SubAffiliateFilter } from "@/lib/affiliate/pages";
import { buildSeries, type Granularity, type Series } from "@/lib/affiliate/series";
import type { CommissionFilter, InviteeTotalsFilter, RebateSources } from "@/lib/affiliate/rebate-pages";
import type { AffiliateSources } from "@/lib/affiliate/sources";
import type { CommissionRecord, InviteeRecord, InviteeTotalsRecord, SubAffiliateRecord, WithdrawalRecord } from "@/lib/weex/records";
import { PRODUCT_TYPES } from "@/lib/weex/limits";
import type { Db } from "./db";
import type { ArchiveRead } from "./kernel";
import { ARCHIVE_READS, archiveFunnel, archiveSubAffiliateTotals, type ArchiveWithdrawalFilter } from "./read";
import { splitByTime, splitSubAffiliates, type Held, type Part, type SourceParam } from "./select";
import type { DatasetKey } from "./settings";

/** A filter's time range (inclusive epoch ms; undefined = open). */
export type Range = { startTime?: number; endTime?: number };

/** WEEX live, every dataset's page walkers (the rebate reads beside the interface's lists). */
export type LiveSources = AffiliateSources & RebateSources;

/** How far back a dataset's sync keeps (the sub-affiliate days, the commission days) and how old a sync may be. */
export interface Limits {
  horizon: number;
  commissionHorizon: number;
  freshMs: number;
}

/**
 * Where a record's time is, as the upstream's window reads it: `ms`, an epoch-ms field (a live
 * part may end "now" to the millisecond, and a shared walk "up to now" is cut to each caller's
 * range by it); `day`, a UTC date `YYYY-MM-DD` (parts are whole UTC days, and a window takes
 * the days from the date of its start to the date of its end).
 */
export interface RecordTime {
  field: string;
  unit: "ms" | "day";
}

/**
 * An aggregate answer (series, leaderboard, funnel) as parts contribute to it: the archive's
 * part summed in SQL, a live part from its records; `build` makes the answer from every part's
 * contributions, newest part first. A contribution is whatever the builder adds up: pre-summed
 * records for a series (they count exactly like the records they sum), partial counts for a funnel.
 */
export interface AggregateRead<F, R, O, C, T> {
  archive(db: Db, part: F, opts: O, now: number): Promise<C>;
  live(records: AsyncIterable<R[]>, part: F, opts: O): AsyncIterable<C>;
  build(contributions: AsyncIterable<C>, opts: O): Promise<T>;
}

/**
 * How one dataset is read, on either side. Methods (not function properties), so that an entry
 * of any filter and record type is also an entry of `DatasetRead<Range, unknown>` (the list).
 */
export interface DatasetRead<F extends Range, R> {
  dataset: DatasetKey;
  /** the archive's rows (read.ts) */
  archive: ArchiveRead<F, R, never>;
  /** the live records of a filter (the affiliate helper's page walkers) */
  live(sources: LiveSources, f: F, signal?: AbortSignal): AsyncIterable<R[]>;
  /** the filters one answer reads one after the other, in the upstream's order (default: the filter alone) */
  variants?(f: F): F[];
  /** how a range splits between the archive and live (select.ts) */
  split(range: F, held: Held, source: SourceParam, now: number, limits: Limits): Part[];
  /** the filter as the archive part reads it (default: as it is) */
  archiveFilter?(f: F, source: SourceParam): F;
  /** the variant of the stored problems an answer over `f` reports (default, or undefined: every variant) */
  problemVariant?(f: F, source: SourceParam): Record<string, string> | undefined;
  /**
   * The oldest instant the sync keeps (`limits.horizon` is the sub-affiliate one); absent: all the
   * upstream serves. While the first backfill runs, an aggregate still asks live for what is
   * older: that history never arrives from the backfill.
   */
  keptSince?(limits: Limits): number;
  /** where a record's time is (absent: records have none, and no window is checked) */
  time?: RecordTime;
  /** the upstream queries one live part of a list needs, newest first (default: the range alone) */
  liveSlices?(range: Range, now: number): Range[];
  /** the aggregates the dataset answers, by name (`SelectedSources.aggregate`); each has options and an answer of its own */
  aggregates: Record<string, AggregateRead<F, R, never, unknown, unknown>>;
}

/**
 * An entry of the table: the filter and record types named, the time field one of the record's,
 * the aggregates' own types kept (so `SelectedSources.aggregate` knows each one's options and answer).
 */
function datasetRead<F extends Range, R>() {
  return <A extends DatasetRead<F, R>["aggregates"]>(entry: Omit<DatasetRead<F, R>, "aggregates" | "time"> & { time?: RecordTime & { field: keyof R }; aggregates: A }) => entry;
}

/** An aggregate of a dataset, its types named. */
function aggregateRead<F, R, O, C, T>(def: AggregateRead<F, R, O, C, T>): AggregateRead<F, R, O, C, T> {
  return def;
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

/**
 * Sub-affiliate records for a series or a leaderboard: the archive part already summed in SQL
 * by `key` (per day for a series, per sub-affiliate for a leaderboard), the live parts record
 * by record. Both builders only add up what they are given, so a pre-summed row counts exactly
 * like the records it sums.
 */
function summedSubAffiliates<O, T>(key: "day" | "subAffiliate", build: (records: AsyncIterable<SubAffiliateRecord[]>, opts: O) => Promise<T>) {
  return aggregateRead<SubAffiliateFilter, SubAffiliateRecord, O, SubAffiliateRecord[], T>({
    archive: (db, part, _opts, now) => archiveSubAffiliateTotals(db, part, key, now),
    live: (records) => records,
    build,
  });
}

/**
 * The cohort funnel: the archive part counted in SQL, a live part from its records, the parts'
 * counts added. Its options are its range: a part with an open bound keeps the range's.
 */
type FunnelRange = { startTime: number; endTime: number };
const funnelParts = aggregateRead<InviteeFilter, InviteeRecord, FunnelRange, Funnel, Funnel>({
  archive: (db, part, range) => archiveFunnel(db, bounded(part, range)),
  async *live(records, part, range) {
    yield await buildFunnel(records, bounded(part, range));
  },
  async build(parts) {
    const total: Funnel = { registered: 0, kycPassed: 0, firstDeposit: 0, firstTrade: 0 };
    for await (const f of parts) for (const k of Object.keys(total) as (keyof Funnel)[]) total[k] += f[k];
    return total;
  },
});

function bounded(part: Range, range: FunnelRange): FunnelRange {
  return { startTime: part.startTime ?? range.startTime, endTime: part.endTime ?? range.endTime };
}

/** How a dataset whose records have a time splits between the archive and live: by that time (select.ts). */
function byRecordTime(dataset: Parameters<typeof splitByTime>[0]): DatasetRead<Range, unknown>["split"] {
  return (range, held, source, now, { freshMs }) => splitByTime(dataset, range, held, source, now, freshMs);
}

/** One query per product type, the filter's or both (SPOT first), as WEEX answers one at a time. */
function perProductType<F extends { productType?: string }>(f: F): F[] {
  return (f.productType ? [f.productType] : PRODUCT_TYPES).map((productType) => ({ ...f, productType }));
}

/** The stored problems of the filter's product type (every product type's when it names none). */
function productTypeProblems(f: { productType?: string }): Record<string, string> | undefined {
  return f.productType ? { productType: f.productType } : undefined;
}

export const DATASET_READS = {
  subAffiliates: datasetRead<SubAffiliateFilter, SubAffiliateRecord>()({
    dataset: "subAffiliates",
    archive: ARCHIVE_READS.subAffiliates,
    live: (sources, f, signal) => sources.subAffiliates.records(f, signal),
    // The live order: SPOT's records, then FUTURES', each newest day first.
    variants: perProductType,
    split: (range, held, source, now, { horizon }) => splitSubAffiliates(range, held, source, now, horizon),
    problemVariant: productTypeProblems,
    keptSince: ({ horizon }) => horizon,
    time: { field: "date", unit: "day" },
    aggregates: {
      series: summedSubAffiliates("day", (records, o: { granularity: Granularity; tz: string }): Promise<Series> => buildSeries(records, o.granularity, o.tz)),
      leaderboard: summedSubAffiliates("subAffiliate", (records, o: { by: LeaderboardBy; limit: number }): Promise<Leaderboard> => buildLeaderboard(records, o)),
    },
  }),

  invitees: datasetRead<InviteeFilter, InviteeRecord>()({
    dataset: "invitees",
    archive: ARCHIVE_READS.invitees,
    live: (sources, f, signal) => sources.invitees.records(f, signal),
    split: byRecordTime("invitees"),
    time: { field: "registerTime", unit: "ms" },
    // (invitee slices come oldest first; a list is newest first)
    liveSlices: (range, now) => inviteeSlices(range, now).reverse(),
    aggregates: { funnel: funnelParts },
  }),

  withdrawals: datasetRead<ArchiveWithdrawalFilter, WithdrawalRecord>()({
    dataset: "withdrawals",
    archive: ARCHIVE_READS.withdrawals,
    live: (sources, f, signal) => sources.withdrawals.records(f, signal),
    split: byRecordTime("withdrawals"),
    archiveFilter: archiveTransferFilter,
    problemVariant(f, source) {
      const a = archiveTransferFilter(f, source);
      if (a.allAccountTypes) return undefined;
      // (key order as the sync stores it: datasets.ts)
      return { fromAccountType: a.fromAccountType ?? "SPOT", toAccountType: a.toAccountType ?? "SPOT" };
    },
    time: { field: "createTime", unit: "ms" },
    aggregates: {},
  }),

  // Commission records: one product type per WEEX query (both read, SPOT first);
  // `auto` reads WEEX live only for what is newer than the archive, or not yet held within the
  // year it keeps — older history is the archive's alone (records are read page by page).
  commissions: datasetRead<CommissionFilter, CommissionRecord>()({
    dataset: "commissions",
    archive: ARCHIVE_READS.commissions,
    live: (sources, f, signal) => sources.commissions.records(f, signal),
    variants: perProductType,
    split: byRecordTime("commissions"),
    problemVariant: productTypeProblems,
    keptSince: ({ commissionHorizon }) => commissionHorizon,
    time: { field: "date", unit: "ms" },
    aggregates: {},
  }),

  // Per-invitee totals: window sums with no time of their own (no window to check a record against).
  inviteeTotals: datasetRead<InviteeTotalsFilter, InviteeTotalsRecord>()({
    dataset: "inviteeTotals",
    archive: ARCHIVE_READS.inviteeTotals,
    live: (sources, f, signal) => sources.inviteeTotals.records(f, signal),
    split: byRecordTime("inviteeTotals"),
    aggregates: {},
  }),
} satisfies Record<DatasetKey, unknown>;

type Reads = typeof DATASET_READS;

/** The table as the list route and the generic answers read it: any dataset, records as they come. */
export const ANY_READS: Record<DatasetKey, DatasetRead<Range, unknown>> = DATASET_READS;

/** A dataset's filter and record, as its entry reads them. */
export type FilterOf<K extends DatasetKey> = Parameters<Reads[K]["live"]>[1];
export type RecordOf<K extends DatasetKey> = Awaited<ReturnType<Reads[K]["archive"]["record"]>>;

/** The aggregates a dataset answers, and each one's options and answer. */
export type AggregateKind<K extends DatasetKey> = keyof Reads[K]["aggregates"] & string;
type AggregateDef<K extends DatasetKey, A extends AggregateKind<K>> = Reads[K]["aggregates"][A];
export type AggregateOptions<K extends DatasetKey, A extends AggregateKind<K>> = AggregateDef<K, A> extends { build: (c: never, opts: infer O) => unknown } ? O : never;
export type AggregateAnswer<K extends DatasetKey, A extends AggregateKind<K>> = AggregateDef<K, A> extends { build: (c: never, opts: never) => Promise<infer T> } ? T : never;
