/**
 * The answer kinds over any dataset's entry (dataset-reads.ts), each a function of its own:
 * its records (exports, and the aggregates computed elsewhere), an aggregate the entry names
 * (series, leaderboard, funnel), and a range's parts handed to an aggregate computed elsewhere
 * (cohorts-query.ts). A list page is list-page.ts. Where an answer's data came from and what
 * could not be used is its `Answer` (answer.ts), filled in by the part reader as it reads.
 */
import type { InviteeFilter } from "@/lib/affiliate/pages";
import type { InviteeRecord } from "@/lib/weex/endpoints";
import { ANY_READS, type AggregateRead, type DatasetRead, type FilterOf, type Range, type RecordOf } from "./dataset-reads";
import type { Db } from "./db";
import { partFilter, type PartReader } from "./part-reader";
import type { Part, SourceParam } from "./select";
import type { DatasetKey } from "./settings";

/** The records of a filter: each variant in turn, its parts newest first (the upstream's order). */
export async function* records<F extends Range, R>(reader: PartReader, read: DatasetRead<F, R>, filter: F, signal?: AbortSignal): AsyncGenerator<R[]> {
  const parts = await reader.plan(read, filter);
  for (const variant of read.variants?.(filter) ?? [filter]) {
    for (const p of parts) yield* reader.part(read, p, partFilter(variant, p), signal);
  }
}

/**
 * An aggregate over the parts of its range: the archive's part summed in SQL, the live parts
 * from their records (through the live cache in `auto` answers), handed to the entry's builder
 * newest part first — a year's series for the whole network reads the per-day totals (730
 * rows) and is bucketed by the very same `SeriesBuilder` as live records.
 */
export function aggregate<F extends Range, R, O, C, T>(reader: PartReader, read: DatasetRead<F, R>, def: AggregateRead<F, R, O, C, T>, filter: F, opts: O, signal?: AbortSignal): Promise<T> {
  return def.build(contributions(reader, read, def, filter, opts, signal), opts);
}

async function* contributions<F extends Range, R, O, C>(reader: PartReader, read: DatasetRead<F, R>, def: AggregateRead<F, R, O, C, unknown>, filter: F, opts: O, signal?: AbortSignal): AsyncGenerator<C> {
  for (const p of await reader.plan(read, filter, true)) {
    const f = partFilter(filter, p);
    if (p.from === "archive") yield await def.archive(await reader.db(), f, opts, reader.now());
    else yield* def.live(reader.liveForAggregate(read, f, signal), f, opts);
  }
}

/** What an invitee aggregate computed elsewhere reads: the archive, and the records of a live part. */
export interface InviteeIo {
  db: () => Promise<Db>;
  live: (filter: InviteeFilter) => AsyncIterable<InviteeRecord[]>;
}

/**
 * What an answer over several datasets computed elsewhere reads (issue 27: the value list, the
 * commission series, the cohorts' and codes' value): any dataset's parts of a filter as every
 * answer splits them (newest first; `aggregate`: during a first backfill, what is held so far
 * and the rest pending), the archive, and a live part's records (through the live cache in
 * `auto` answers).
 */
export interface DatasetsIo {
  source: SourceParam;
  now(): number;
  db(): Promise<Db>;
  parts<K extends DatasetKey>(key: K, filter: FilterOf<K>, aggregate?: boolean): Promise<Part[]>;
  live<K extends DatasetKey>(key: K, filter: FilterOf<K>): AsyncIterable<RecordOf<K>[]>;
}

export function datasetsIo(reader: PartReader, signal?: AbortSignal): DatasetsIo {
  return {
    source: reader.source,
    now: () => reader.now(),
    db: () => reader.db(),
    parts: (key, filter, aggregate = false) => reader.plan(ANY_READS[key], filter as Range, aggregate),
    live: (key, filter) => reader.liveForAggregate(ANY_READS[key], filter as Range, signal) as AsyncIterable<RecordOf<typeof key>[]>,
  };
}

/**
 * For aggregates computed elsewhere (cohorts, invite codes, the filtered invitee list): `run`
 * gets the range's parts as every answer splits them (newest first), the archive, and a live
 * part's records (through the live cache, as the funnel's).
 */
export async function partsAggregate<T>(reader: PartReader, read: DatasetRead<InviteeFilter, InviteeRecord>, range: InviteeFilter, run: (parts: Part[], io: InviteeIo) => Promise<T>, signal?: AbortSignal): Promise<T> {
  return run(await reader.plan(read, range), { db: () => reader.db(), live: (f) => reader.liveForAggregate(read, f, signal) });
}
