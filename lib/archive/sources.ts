/**
 * The affiliate sources with the archive behind them, chosen per request by
 * `source=auto|archive|live` (select.ts decides which range each side answers).
 *
 * - `records()` of each dataset: the records of the filter in the upstream's order, the parts
 *   concatenated (used by the CSV exports, and by the aggregates for their live parts).
 * - `series`, `leaderboard`, `funnel` (each an `aggregate` of its dataset's entry), `list`: the
 *   same answers as the live aggregation, with the archive's part summed in SQL.
 * - `freshness()`: where the answer came from and when the archive was last synced
 *   (`{source: "archive"|"live"|"mixed", syncedAt}`); every JSON answer carries it.
 * - While a dataset's first backfill runs (`syncing`, never synced), `auto` aggregates (series,
 *   leaderboard, funnel) answer at once from what the archive holds so far (plus the short
 *   stretch newer than it, today, live as always) and list the older rest of their range in
 *   `freshness.pending`: live, that rest would be most of a year on a fresh database (the
 *   backfill fills newest first), walked with the weight the backfill is using, and the
 *   overview took 28–48 s to settle. Lists and exports still go live for it.
 * - With `source=auto` the live "rest of the range" of aggregates and list pages goes through
 *   `liveCache` when one is given (live-walks.ts).
 *
 * Where the parts are: what differs between the datasets is one entry each of `DATASET_READS`
 * (dataset-reads.ts); each answer kind is a function of its own over any entry (answers.ts,
 * list-page.ts), reading part by part through the answer's `PartReader` (part-reader.ts), which
 * notes in its `Answer` (answer.ts) what was read and what could not be used. Here they are put
 * together for one request.
 */
import type { InviteeFilter, SubAffiliateFilter } from "@/lib/affiliate/pages";
import type { Funnel } from "@/lib/affiliate/funnel";
import type { Leaderboard, LeaderboardBy } from "@/lib/affiliate/leaderboard";
import type { Granularity, Series } from "@/lib/affiliate/series";
import type { AffiliateSources } from "@/lib/affiliate/sources";
import type { WeexPage } from "@/lib/weex/paging";
import type { Warnings } from "@/lib/weex/record-problems";
import { aggregate, datasetsIo, partsAggregate, records, type DatasetsIo, type InviteeIo } from "./answers";
import { ANY_READS, DATASET_READS, type AggregateAnswer, type AggregateKind, type AggregateOptions, type AggregateRead, type FilterOf, type RecordOf } from "./dataset-reads";
import { readDatasetPage, type ListInput } from "./list-page";
import { PartReader, type ArchiveSourceDeps } from "./part-reader";
import type { Freshness, Part, SourceParam } from "./select";
import type { DatasetKey } from "./settings";
import { ofScopeInvitees } from "./scope-invitees";
import { batchesOrArchive, orArchive } from "./upstream";
import type { Scope } from "@/lib/contract/scope";

export type { Freshness, Part, SourceParam } from "./select";
export type { ArchiveSourceDeps } from "./part-reader";
export type { LiveCache } from "./live-walks";
export { MAX_CACHED_LIVE_SPAN_MS } from "./live-walks";
export type { ListInput } from "./list-page";
export type { DatasetsIo, InviteeIo } from "./answers";

export interface SelectedSources extends AffiliateSources {
  /** A partner's scope: every answer of these sources holds its rows only. Undefined for anyone else. */
  readonly scope?: Scope;
  /** The records of any dataset's filter (`subAffiliates.records` and the like are this). */
  records<K extends DatasetKey>(key: K, filter: FilterOf<K>, signal?: AbortSignal): AsyncIterable<RecordOf<K>[]>;
  /** Any aggregate a dataset's entry names (`series`, `leaderboard` and `funnel` are this). */
  aggregate<K extends DatasetKey, A extends AggregateKind<K>>(key: K, kind: A, filter: FilterOf<K>, opts: AggregateOptions<K, A>, signal?: AbortSignal): Promise<AggregateAnswer<K, A>>;
  series(filter: SubAffiliateFilter, granularity: Granularity, tz: string, signal?: AbortSignal): Promise<Series>;
  leaderboard(filter: SubAffiliateFilter, opts: { by: LeaderboardBy; limit: number }, signal?: AbortSignal): Promise<Leaderboard>;
  funnel(range: { startTime: number; endTime: number }, signal?: AbortSignal): Promise<Funnel>;
  /** One page of a list route (invitees, sub-affiliates, withdrawals). */
  list(key: DatasetKey, input: ListInput, signal?: AbortSignal): Promise<WeexPage<unknown>>;
  /**
   * For invitee aggregates computed elsewhere (cohorts, invite codes, the filtered list:
   * cohorts-query.ts): `run` gets the range's parts as every answer splits them (newest
   * first), the archive, and a live part's records (through the live cache, as the funnel's),
   * under the same "WEEX no longer serves it" fallback.
   */
  inviteeAggregate<T>(range: InviteeFilter, run: (parts: Part[], io: InviteeIo) => Promise<T>, signal?: AbortSignal): Promise<T>;
  /**
   * For answers over several datasets computed elsewhere (value/,
   * commission-series.ts, cohort-value.ts): `run` plans and reads any dataset's parts through
   * `io`, under the same fallback.
   */
  across<T>(run: (io: DatasetsIo) => Promise<T>, signal?: AbortSignal): Promise<T>;
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

/**
 * The sources of one request. With a `scope` (a partner's request: lib/server/http/route.ts), every
 * filter any answer reads carries it, so every part — the archive's SQL, a live walk, the live
 * cache's key — holds the scope's records only (lib/affiliate/scope.ts); and the answer reports
 * no record it could not use (such a record cannot be told to be in the scope or not).
 */
export function selectedSources(source: SourceParam, deps: ArchiveSourceDeps, scope?: Scope): SelectedSources {
  const reader = new PartReader(source, deps);
  const { answer } = reader;
  const scoped = <F extends object>(filter: F): F => (scope ? { ...filter, scope } : filter);
  // Every answer kind under the "WEEX no longer serves it" fallback (upstream.ts).
  const recordsOf = <K extends DatasetKey>(key: K, filter: FilterOf<K>, signal?: AbortSignal) => {
    const all = batchesOrArchive(answer, () => records(reader, ANY_READS[key], scoped(filter), signal)) as AsyncGenerator<RecordOf<K>[]>;
    // (a live part of commission records holds everyone's: WEEX cannot filter by invite code)
    return key === "commissions" ? (ofScopeInvitees(() => reader.db(), scope, all as AsyncGenerator<RecordOf<"commissions">[]>) as AsyncGenerator<RecordOf<K>[]>) : all;
  };
  const aggregateOf = <K extends DatasetKey, A extends AggregateKind<K>>(key: K, kind: A, filter: FilterOf<K>, opts: AggregateOptions<K, A>, signal?: AbortSignal) => {
    const def = (ANY_READS[key].aggregates as Record<string, AggregateRead<unknown, unknown, unknown, unknown, AggregateAnswer<K, A>>>)[kind];
    return orArchive(answer, () => aggregate(reader, ANY_READS[key], def, scoped(filter), opts, signal));
  };
  return {
    scope,
    records: recordsOf,
    aggregate: aggregateOf,
    subAffiliates: { records: (filter, signal) => recordsOf("subAffiliates", filter, signal) },
    invitees: { records: (filter, signal) => recordsOf("invitees", filter, signal) },
    withdrawals: { records: (filter, signal) => recordsOf("withdrawals", filter, signal) },
    series: (filter, granularity, tz, signal) => aggregateOf("subAffiliates", "series", filter, { granularity, tz }, signal),
    leaderboard: (filter, opts, signal) => aggregateOf("subAffiliates", "leaderboard", filter, opts, signal),
    funnel: (range, signal) => aggregateOf("invitees", "funnel", { startTime: range.startTime, endTime: range.endTime }, range, signal),
    list: (key, input, signal) =>
      orArchive(answer, async () => {
        const { rejected: _rejected, ...page } = await readDatasetPage(reader, key, scoped(input), signal);
        return page;
      }),
    inviteeAggregate: (range, run, signal) => orArchive(answer, () => partsAggregate(reader, DATASET_READS.invitees, scoped(range), run, signal)),
    across: (run, signal) => orArchive(answer, () => run(datasetsIo(reader, signal, scope))),
    warnings: () => (scope ? { count: 0, example: null } : answer.warnings()),
    withRejected: (batches) => (scope ? (async function* () { yield* batches; })() : answer.withRejected(batches)),
    freshness: () => answer.freshness(),
  };
}
