/**
 * One page of a list route (invitees, sub-affiliates, transfers), for any dataset's entry. Parts
 * are newest first, like the upstream's pages: the page is cut from their concatenation. A live
 * part is read whole (it is the short stretch since the last sync, or today); if it is long,
 * the request is answered live as a whole instead.
 */
import { isEmptyPage, largestPageSize, type PageLister } from "@/lib/affiliate/pages";
import type { WeexPage } from "@/lib/weex/paging";
import { ANY_READS, type DatasetRead, type Range } from "./dataset-reads";
import type { Notes } from "./answer";
import { definedOnly } from "./live-walks";
import { partFilter, type PartReader } from "./part-reader";
import { archivePage, pageAcrossParts } from "./read";
import type { Part } from "./select";
import type { DatasetKey } from "./settings";

export interface ListInput {
  page: number;
  pageSize: number;
  [k: string]: unknown;
}

type Filter = Record<string, unknown> & Range;
type AnyRead = DatasetRead<Range, unknown>;

/** One page of a dataset's list, read from the archive, from WEEX, or cut across both. */
export async function readDatasetPage(reader: PartReader, key: DatasetKey, input: ListInput, signal?: AbortSignal): Promise<WeexPage<unknown>> {
  const read = ANY_READS[key];
  const { page, pageSize, ...filter } = input;
  // A partner's page is cut from records, as an aggregate is: during the first backfill it
  // answers from what the archive holds so far (the rest in `freshness.pending`) instead of
  // walking most of a year live for every page.
  if (filter.scope !== undefined) return scopedPage(reader, read, await reader.plan(read, filter, true), filter, page, pageSize, signal);
  const parts = await reader.plan(read, filter);
  if (parts.length === 1) {
    const f = partFilter(filter, parts[0]);
    return parts[0].from === "archive" ? archiveList(reader, read, f, page, pageSize) : liveList(reader, read, f, page, pageSize, signal);
  }
  try {
    return await mixedPage(reader, read, parts, filter, page, pageSize, signal);
  } catch (e) {
    if (!(e instanceof TooLongToMerge)) throw e;
    // Too much to merge: answer the whole request live, as without an archive.
    reader.answer.answeredLive();
    return liveList(reader, read, filter, page, pageSize, signal);
  }
}

/** Mixed: the live parts in full (at most a few pages), the archive part by offset. */
function mixedPage(reader: PartReader, read: AnyRead, parts: Part[], filter: Filter, page: number, pageSize: number, signal?: AbortSignal): Promise<WeexPage<unknown>> {
  return pageAcrossParts(parts, page, pageSize, async (p, skip, want) => {
    const f = partFilter(filter, p);
    if (p.from === "archive") return archiveSlice((pg, size) => archiveList(reader, read, f, pg, size), skip, want);
    const got = await livePart(reader, read, f, signal);
    return { items: got.slice(skip, skip + want), total: got.length };
  });
}

/**
 * A partner's page (a filter with a `scope`): WEEX pages hold everyone's records, so its pages
 * cannot be the partner's. The archive's part is paged in SQL by the scope; a live part's
 * records are read whole (the scope's own only: lib/affiliate/pages.ts asks WEEX per
 * sub-affiliate, and keeps the scope's invitees of every page) and cut here, newest first.
 */
function scopedPage(reader: PartReader, read: AnyRead, parts: Part[], filter: Filter, page: number, pageSize: number, signal?: AbortSignal): Promise<WeexPage<unknown>> {
  return pageAcrossParts(parts, page, pageSize, async (p, skip, want) => {
    const f = partFilter(filter, p);
    if (p.from === "archive") return archiveSlice((pg, size) => archiveList(reader, read, f, pg, size), skip, want);
    const got: unknown[] = [];
    for await (const batch of reader.liveForAggregate(read, f, signal)) got.push(...batch);
    sortNewestFirst(read, got);
    return { items: got.slice(skip, skip + want), total: got.length };
  });
}

/** The upstream's order of a list: newest first by the record's time (a stable sort keeps each query's own order within a time). */
function sortNewestFirst(read: AnyRead, items: unknown[]): void {
  const field = read.time?.field;
  if (!field) return;
  const at = (r: unknown) => (r as Record<string, string | number>)[field]!;
  items.sort((a, b) => (at(a) < at(b) ? 1 : at(a) > at(b) ? -1 : 0));
}

/** One page of the archive's part. */
async function archiveList(reader: PartReader, read: AnyRead, f: Filter, page: number, size: number): Promise<WeexPage<unknown>> {
  return archivePage(read.archive, await reader.db(), read.archiveFilter?.(f, reader.source) ?? f, page, size, reader.now());
}

/** One page of WEEX's answer, as it pages; records outside the window asked for are left out and counted. */
async function liveList(reader: PartReader, read: AnyRead, f: Filter, page: number, size: number, signal?: AbortSignal): Promise<WeexPage<unknown>> {
  const got = await reader.lister.list(read.dataset, { ...definedOnly(f), page, pageSize: size }, { signal });
  return { ...got, items: reader.inWindow(read, f, got.items) };
}

/**
 * All records of a list's live part (newest first), at most MAX_LIVE_PAGES upstream pages,
 * else `TooLongToMerge`. In `auto` answers the part goes through the live cache like the
 * aggregates' live parts: it is the short stretch since the last sync (or today), the same
 * for every page of the list and every person looking at it, so paging through a list or
 * twenty people opening it cost one walk per LIVE_CACHE_MS instead of one each — transfers
 * weigh 100 of WEEX's 500 per 10 s.
 */
async function livePart(reader: PartReader, read: AnyRead, f: Filter, signal?: AbortSignal): Promise<readonly unknown[]> {
  if (!reader.cacheable(f)) return walkWhole(reader, read, reader.lister, f, reader.answer, signal);
  return reader.shared(read, `list:${read.dataset}`, f, (lister, range, notes) => walkWhole(reader, read, lister, { ...f, ...range }, notes), signal);
}

/** Every page of every upstream query of a live part, each query's records in its own window. */
async function walkWhole(reader: PartReader, read: AnyRead, lister: PageLister, range: Filter, notes: Pick<Notes, "outsideWindow">, signal?: AbortSignal): Promise<unknown[]> {
  const got: unknown[] = [];
  let pages = 0;
  for (const slice of read.liveSlices?.(range, reader.now()) ?? [range]) {
    const query = { ...range, ...slice };
    for (let pg = 1; ; pg++) {
      if (++pages > MAX_LIVE_PAGES) throw new TooLongToMerge();
      const r = await lister.list(read.dataset, { ...definedOnly(query), page: pg, pageSize: largestPageSize(read.dataset) }, { signal });
      got.push(...reader.inWindow(read, query, r.items, notes));
      if (!r.hasNextPage || isEmptyPage(r)) break;
    }
  }
  return got;
}

/** A list's live part longer than this many upstream pages is not merged with the archive. */
const MAX_LIVE_PAGES = 5;

class TooLongToMerge extends Error {
  constructor() {
    super("the live part of this list is too long to merge with the archive");
  }
}

/** `count` archive items starting at offset `skip` (two archive pages at most), and the part's total. */
async function archiveSlice(pageOf: (page: number, size: number) => Promise<WeexPage<unknown>>, skip: number, count: number): Promise<{ items: unknown[]; total: number }> {
  if (count <= 0) {
    const head = await pageOf(1, 1);
    return { items: [], total: head.total ?? 0 };
  }
  // Pages of `count` items aligned so that `skip` falls inside the first one read.
  const first = Math.floor(skip / count) + 1;
  const a = await pageOf(first, count);
  const from = skip - (first - 1) * count;
  let items = a.items.slice(from);
  if (items.length < count && a.hasNextPage) items = items.concat((await pageOf(first + 1, count)).items.slice(0, count - items.length));
  return { items, total: a.total ?? 0 };
}
