/**
 * The sync's bookkeeping in the database: dataset state rows, cursor rows (one per slice of
 * work) and the merged coverage intervals. Everything that must be atomic with a page's rows
 * takes the transaction of that page.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { archiveCoverage, archiveCursor, archiveDataset } from "@/lib/db/schema/archive";
import { rows, toMs, type Db, type Tx } from "./db";
import { mergeIntervals, type Interval } from "./intervals";
import type { PlannedSlice, SliceKind } from "./plan";
import { DATASETS, type DatasetKey } from "./settings";
import type { RecordProblem, RejectedRecord } from "@/lib/weex/record-problems";
import { DAY_MS } from "@/lib/time/calendar";

export type DatasetState = "idle" | "running" | "error";

export interface DatasetRow {
  dataset: DatasetKey;
  state: DatasetState;
  runStartedAt: number | null;
  runKind: string | null;
  lastRunAt: number | null;
  lastSuccessAt: number | null;
  syncedAt: number | null;
  refreshedAt: number | null;
  lastError: string | null;
  lastErrorAt: number | null;
  requestedAt: number | null;
}

export interface CursorRow {
  dataset: DatasetKey;
  slice: string;
  kind: SliceKind;
  seq: number;
  rangeFrom: number;
  rangeTo: number;
  variant: number;
  nextPage: number;
  pages: number | null;
  pagesDone: number;
  rows: number;
  state: "pending" | "done";
  createdAt: number;
  updatedAt: number;
}

/** Make sure every dataset has its state row (idempotent; any process may call it). */
export async function ensureDatasetRows(db: Db, now: number): Promise<void> {
  await db
    .insert(archiveDataset)
    .values(DATASETS.map((dataset) => ({ dataset, state: "idle", updatedAt: now })))
    .onConflictDoNothing();
}

export async function datasetRows(db: Db | Tx): Promise<DatasetRow[]> {
  const list = await db.select().from(archiveDataset);
  return list.filter((r) => (DATASETS as readonly string[]).includes(r.dataset)) as DatasetRow[];
}

export async function datasetRow(db: Db | Tx, dataset: DatasetKey): Promise<DatasetRow | undefined> {
  const [row] = await db.select().from(archiveDataset).where(eq(archiveDataset.dataset, dataset));
  return row as DatasetRow | undefined;
}

export async function updateDataset(db: Db | Tx, dataset: DatasetKey, values: Partial<Omit<DatasetRow, "dataset">>, now: number): Promise<void> {
  await db
    .update(archiveDataset)
    .set({ ...values, updatedAt: now })
    .where(eq(archiveDataset.dataset, dataset));
}

// ---------------------------------------------------------------------------------------------
// Cursors

export async function pendingCursors(db: Db | Tx, dataset: DatasetKey): Promise<CursorRow[]> {
  const list = await db
    .select()
    .from(archiveCursor)
    .where(and(eq(archiveCursor.dataset, dataset), eq(archiveCursor.state, "pending")))
    .orderBy(asc(archiveCursor.seq), asc(archiveCursor.slice));
  return list as CursorRow[];
}

export async function cursorsOf(db: Db | Tx, dataset: DatasetKey): Promise<CursorRow[]> {
  const list = await db.select().from(archiveCursor).where(eq(archiveCursor.dataset, dataset)).orderBy(asc(archiveCursor.seq));
  return list as CursorRow[];
}

/** Slice keys say what they are: `backfill:2025-01-01T00:00:00.000Z..2025-01-30T23:59:59.999Z`. */
export function sliceKey(s: PlannedSlice): string {
  return `${s.kind}:${new Date(s.from).toISOString()}..${new Date(s.to).toISOString()}`;
}

/**
 * Store a run's slices as pending cursors, after the finished cursors of earlier runs are
 * cleared. New slices go after any still pending (an admin's re-sync queued meanwhile).
 */
export async function insertSlices(tx: Tx, dataset: DatasetKey, slices: PlannedSlice[], now: number, opts: { clearDone: boolean }): Promise<void> {
  if (opts.clearDone) {
    await tx.delete(archiveCursor).where(and(eq(archiveCursor.dataset, dataset), eq(archiveCursor.state, "done")));
  } else if (slices.length > 0) {
    // A finished slice of the same range (an earlier re-sync) must not swallow this one.
    await tx
      .delete(archiveCursor)
      .where(and(eq(archiveCursor.dataset, dataset), eq(archiveCursor.state, "done"), inArray(archiveCursor.slice, slices.map(sliceKey))));
  }
  if (slices.length === 0) return;
  const [{ maxSeq }] = await rows<{ maxSeq: number | null }>(
    tx,
    sql`SELECT max(seq) AS "maxSeq" FROM archive_cursor WHERE dataset = ${dataset}`,
  );
  const base = (maxSeq ?? -1) + 1;
  await tx
    .insert(archiveCursor)
    .values(
      slices.map((s, i) => ({
        dataset,
        slice: sliceKey(s),
        kind: s.kind,
        seq: base + i,
        rangeFrom: s.from,
        rangeTo: s.to,
        variant: 0,
        nextPage: 1,
        pages: null,
        pagesDone: 0,
        rows: 0,
        state: "pending",
        createdAt: now,
        updatedAt: now,
      })),
    )
    // The same slice queued twice (two admins' clicks) is one piece of work.
    .onConflictDoNothing();
}

/**
 * Move a cursor on, but only from where we read it: if another process moved it meanwhile
 * (two syncs at once, which the lock should prevent) the transaction is abandoned instead of
 * writing a page twice or skipping one.
 */
export async function advanceCursor(
  tx: Tx,
  c: CursorRow,
  next: { variant: number; nextPage: number; pages: number | null; addRows: number; done: boolean; rangeFrom?: number },
  now: number,
): Promise<void> {
  const updated = await tx
    .update(archiveCursor)
    .set({
      variant: next.variant,
      nextPage: next.nextPage,
      pages: next.pages,
      pagesDone: sql`${archiveCursor.pagesDone} + 1`,
      rows: sql`${archiveCursor.rows} + ${next.addRows}`,
      state: next.done ? "done" : "pending",
      rangeFrom: next.rangeFrom ?? c.rangeFrom,
      updatedAt: now,
    })
    .where(
      and(
        eq(archiveCursor.dataset, c.dataset),
        eq(archiveCursor.slice, c.slice),
        eq(archiveCursor.state, "pending"),
        eq(archiveCursor.variant, c.variant),
        eq(archiveCursor.nextPage, c.nextPage),
      ),
    )
    .returning({ slice: archiveCursor.slice });
  if (updated.length !== 1) throw new CursorMovedError(c);
}

/** Start the pair being read of a slice again from its first page (its range moved with the upstream's window). */
export async function restartCursor(db: Db | Tx, c: CursorRow, rangeFrom: number, now: number): Promise<void> {
  await db
    .update(archiveCursor)
    .set({ rangeFrom, nextPage: 1, pages: null, updatedAt: now })
    .where(and(eq(archiveCursor.dataset, c.dataset), eq(archiveCursor.slice, c.slice)));
}

/** Close a slice nothing of which can be fetched any more (it adds no coverage). */
export async function finishCursorUnfetched(db: Db | Tx, c: CursorRow, now: number): Promise<void> {
  await db
    .update(archiveCursor)
    .set({ state: "done", updatedAt: now })
    .where(and(eq(archiveCursor.dataset, c.dataset), eq(archiveCursor.slice, c.slice)));
}

export class CursorMovedError extends Error {
  constructor(c: CursorRow) {
    super(`The cursor of ${c.dataset} slice ${c.slice} moved under us: is another sync running?`);
    this.name = "CursorMovedError";
  }
}

// ---------------------------------------------------------------------------------------------
// Coverage

export async function coverageOf(db: Db | Tx, dataset: DatasetKey): Promise<Interval[]> {
  const list = await db
    .select({ from: archiveCoverage.fromMs, to: archiveCoverage.toMs })
    .from(archiveCoverage)
    .where(eq(archiveCoverage.dataset, dataset))
    .orderBy(asc(archiveCoverage.fromMs));
  return list.map((r) => ({ from: toMs(r.from)!, to: toMs(r.to)! }));
}

export async function allCoverage(db: Db | Tx): Promise<Record<DatasetKey, Interval[]>> {
  const list = await db.select().from(archiveCoverage).orderBy(asc(archiveCoverage.fromMs));
  const out = Object.fromEntries(DATASETS.map((d) => [d, [] as Interval[]])) as Record<DatasetKey, Interval[]>;
  for (const r of list) out[r.dataset as DatasetKey]?.push({ from: toMs(r.fromMs)!, to: toMs(r.toMs)! });
  return out;
}

/** Add an interval the dataset now holds, merged with its neighbours (same transaction as the last page). */
export async function addCoverage(tx: Tx, dataset: DatasetKey, interval: Interval): Promise<void> {
  // Lock the dataset's state row: concurrent merges of one dataset would lose an interval.
  await rows(tx, sql`SELECT 1 FROM archive_dataset WHERE dataset = ${dataset} FOR UPDATE`);
  const merged = mergeIntervals([...(await coverageOf(tx, dataset)), interval]);
  await tx.delete(archiveCoverage).where(eq(archiveCoverage.dataset, dataset));
  await tx.insert(archiveCoverage).values(merged.map((i) => ({ dataset, fromMs: i.from, toMs: i.to })));
}

// ---------------------------------------------------------------------------------------------
// Records the archive could not store

/** Keep a page's set-aside records (same transaction as the page); the same record read again is one row. */
export async function storeProblems(
  tx: Tx,
  dataset: DatasetKey,
  rejected: readonly RejectedRecord[],
  query: { range: Interval; variant: Record<string, string> },
  now: number,
): Promise<void> {
  const variant = JSON.stringify(query.variant);
  for (const r of rejected) {
    const record = JSON.stringify(r.record);
    await tx.execute(sql`
      INSERT INTO archive_problem (dataset, key, path, value, reason, record, range_from, range_to, variant, first_seen_at, last_seen_at)
      VALUES (${dataset}, md5(${record}), ${r.problem.path}, ${r.problem.value}, ${r.problem.reason}, ${record},
              ${query.range.from}, ${query.range.to}, ${variant}, ${now}, ${now})
      ON CONFLICT (dataset, key) DO UPDATE SET last_seen_at = excluded.last_seen_at, path = excluded.path,
        range_from = excluded.range_from, range_to = excluded.range_to, variant = excluded.variant`);
  }
}

/** The instant a stored record is about, when its time field can be read (else null). */
const RECORD_TIME: Record<DatasetKey, (r: Record<string, unknown>) => number | null> = {
  subAffiliates: (r) => (typeof r.date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(r.date) ? Date.parse(`${r.date}T00:00:00Z`) : null),
  invitees: (r) => (/^\d+$/.test(String(r.registerTime)) ? Number(r.registerTime) : null),
  withdrawals: (r) => (/^\d+$/.test(String(r.createTime)) ? Number(r.createTime) : null),
  // (one of WEEX's tables names it dealTime)
  commissions: (r) => (/^\d+$/.test(String(r.date ?? r.dealTime)) ? Number(r.date ?? r.dealTime) : null),
  // a window's totals: no time of their own
  inviteeTotals: () => null,
};

/**
 * After a re-sync of `range` (every page read): a problem the re-read did not meet again is
 * resolved if its record lies in the range — or cannot say where it lies and was met by a
 * query overlapping it. A record known to lie elsewhere keeps its problem.
 */
export async function sweepProblems(tx: Tx, dataset: DatasetKey, range: Interval, since: number): Promise<void> {
  const candidates = await rows<{ key: string; record: string }>(
    tx,
    sql`SELECT key, record FROM archive_problem
        WHERE dataset = ${dataset} AND range_from <= ${range.to} AND range_to >= ${range.from} AND last_seen_at < ${since}`,
  );
  const resolved = candidates
    .filter((c) => {
      const t = RECORD_TIME[dataset](JSON.parse(c.record) as Record<string, unknown>);
      return t === null || Number.isNaN(t) || (t >= range.from && t <= range.to);
    })
    .map((c) => c.key);
  for (const key of resolved) await tx.execute(sql`DELETE FROM archive_problem WHERE dataset = ${dataset} AND key = ${key}`);
}

/**
 * Per dataset, the request's filter fields a stored record can be matched on: the record's
 * field (as received) and the filter's name. Coins compare case-insensitively, as upstream.
 */
const RECORD_FILTERS: Record<DatasetKey, readonly { field: string; filter: string; caseless?: boolean }[]> = {
  subAffiliates: [
    { field: "subAffiliateUid", filter: "subUid" },
    { field: "productType", filter: "productType" },
  ],
  invitees: [{ field: "uid", filter: "uid" }],
  withdrawals: [
    { field: "withdrawId", filter: "withdrawID" },
    { field: "coin", filter: "coin", caseless: true },
  ],
  commissions: [
    { field: "uid", filter: "uid" },
    { field: "productType", filter: "productType" },
    { field: "coin", filter: "coin", caseless: true },
    { field: "symbol", filter: "symbol" },
    { field: "sourceType", filter: "sourceType" },
  ],
  inviteeTotals: [{ field: "uid", filter: "uid" }],
};

/**
 * Whether a stored record belongs to an answer over `filter`: its own time lies in the range
 * (sub-affiliate records: its UTC day, as the archive's reads count days), and each filter
 * field the record has equals the request's. A record whose time cannot be read cannot be
 * placed: the overlap of its query's slice with the range (the SQL) is all there is to go on.
 */
function belongsTo(dataset: DatasetKey, record: Record<string, unknown>, filter: Record<string, unknown>): boolean {
  const t = RECORD_TIME[dataset](record);
  if (t !== null && !Number.isNaN(t)) {
    const start = filter.startTime as number | undefined;
    const end = filter.endTime as number | undefined;
    const from = start === undefined ? undefined : dataset === "subAffiliates" ? Math.floor(start / DAY_MS) * DAY_MS : start;
    if ((from !== undefined && t < from) || (end !== undefined && t > end)) return false;
  }
  return RECORD_FILTERS[dataset].every(({ field, filter: name, caseless }) => {
    const wanted = filter[name];
    const got = record[field];
    if (wanted === undefined || wanted === null || wanted === "" || got === undefined || got === null) return true;
    return caseless ? String(got).toUpperCase() === String(wanted).toUpperCase() : String(got) === String(wanted);
  });
}

/**
 * The records the archive could not store that belong to an answer over `filter` (its range,
 * open ends: any; its filter fields, see `belongsTo`), optionally of one variant (a product
 * type, an account-type pair): an answer from the archive reports them (and an export writes
 * them), as a live answer would.
 */
export async function problemsIn(
  db: Db | Tx,
  dataset: DatasetKey,
  filter: { startTime?: number; endTime?: number; [field: string]: unknown },
  variant?: Record<string, string>,
): Promise<RejectedRecord[]> {
  const range = filter;
  const list = await rows<{ path: string; value: string; reason: string; record: string }>(
    db,
    sql`SELECT path, value, reason, record FROM archive_problem
        WHERE dataset = ${dataset}
          ${range.endTime !== undefined ? sql`AND range_from <= ${range.endTime}` : sql``}
          ${range.startTime !== undefined ? sql`AND range_to >= ${range.startTime}` : sql``}
          ${variant ? sql`AND variant = ${JSON.stringify(variant)}` : sql``}
        ORDER BY first_seen_at, key`,
  );
  return list
    .map((r) => ({ record: JSON.parse(r.record) as Record<string, unknown>, problem: { path: r.path, value: r.value, reason: r.reason } }))
    .filter((r) => belongsTo(dataset, r.record, filter));
}

export interface DatasetProblems {
  count: number;
  example: RecordProblem | null;
  lastSeenAt: number | null;
}

/** Per dataset: how many records could not be stored, the most recent one, and when. */
export async function problemsOf(db: Db | Tx): Promise<Record<DatasetKey, DatasetProblems>> {
  const list = await rows<{ dataset: string; count: unknown; path: string; value: string; reason: string; lastSeenAt: unknown }>(
    db,
    sql`SELECT DISTINCT ON (dataset) dataset, count(*) OVER (PARTITION BY dataset) AS count, path, value, reason, last_seen_at AS "lastSeenAt"
        FROM archive_problem ORDER BY dataset, last_seen_at DESC, key`,
  );
  const out = Object.fromEntries(DATASETS.map((d) => [d, { count: 0, example: null, lastSeenAt: null }])) as Record<DatasetKey, DatasetProblems>;
  for (const r of list) {
    if (!(DATASETS as readonly string[]).includes(r.dataset)) continue;
    out[r.dataset as DatasetKey] = { count: Number(r.count), example: { path: r.path, value: r.value, reason: r.reason }, lastSeenAt: toMs(r.lastSeenAt) };
  }
  return out;
}
