/**
 * The sync engine: plans a run per dataset, then works through its slices page by page.
 *
 * Crash safety comes from one rule: **a page's rows and the cursor that points past that page
 * are committed in one transaction.** A process killed at any instant leaves either both or
 * neither; the next process resumes at the cursor. Rows are upserted on their natural keys, so
 * a page fetched twice (killed after the fetch, before the commit) writes nothing new, and no
 * page is skipped. Coverage (what the archive holds) grows in the transaction of a slice's
 * last page, so the source selector never trusts a range that is still being filled.
 *
 * Every request goes through the client with `priority: "background"`: the budget lets the
 * sync fill most of the window and keeps the rest for people's clicks.
 */
import { sql } from "drizzle-orm";
import { isEmptyPage, type PageLister } from "@/lib/affiliate/pages";
import { isWeexError } from "@/lib/weex/errors";
import { DATASET_DEFS } from "./datasets";
import { rows, toMs, type Db } from "./db";
import { planResync, planRun, windowStart, type RunPlan } from "./plan";
import { DEFAULT_SETTINGS, type ArchiveSettings, type DatasetKey } from "./settings";
import {
  addCoverage,
  advanceCursor,
  finishCursorUnfetched,
  coverageOf,
  datasetRow,
  ensureDatasetRows,
  insertSlices,
  pendingCursors,
  restartCursor,
  storeProblems,
  sweepProblems,
  updateDataset,
  type CursorRow,
} from "./store";

export interface SyncLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface EngineOptions {
  db: Db;
  /** the WEEX client (or anything that lists a page the same way) */
  lister: PageLister;
  settings?: ArchiveSettings;
  now?: () => number;
  logger?: SyncLogger;
  /** called after every committed page (tests use it to stop mid-way; progress logs) */
  onPage?: (e: { dataset: DatasetKey; slice: string; variant: number; page: number; rows: number }) => void | Promise<void>;
}

export interface RunResult {
  dataset: DatasetKey;
  /** what was planned (undefined: the run only resumed pending slices) */
  plan?: RunPlan["kind"];
  pages: number;
  rows: number;
}

export class ArchiveEngine {
  readonly db: Db;
  readonly settings: ArchiveSettings;
  private readonly lister: PageLister;
  private readonly now: () => number;
  private readonly logger?: SyncLogger;
  private readonly onPage?: EngineOptions["onPage"];

  constructor(opts: EngineOptions) {
    this.db = opts.db;
    this.lister = opts.lister;
    this.settings = opts.settings ?? DEFAULT_SETTINGS;
    this.now = opts.now ?? Date.now;
    this.logger = opts.logger;
    this.onPage = opts.onPage;
  }

  /**
   * One run of a dataset: resume pending slices if a run was interrupted (or an admin queued a
   * re-sync), else plan a new run; then fetch until no slice is pending. Errors are recorded on
   * the dataset row and rethrown; the cursors stay for the next attempt.
   */
  async run(dataset: DatasetKey, signal?: AbortSignal): Promise<RunResult> {
    const startedAt = this.now();
    await ensureDatasetRows(this.db, startedAt);
    const result: RunResult = { dataset, pages: 0, rows: 0 };
    try {
      if ((await pendingCursors(this.db, dataset)).length === 0) {
        result.plan = await this.plan(dataset, startedAt);
      } else {
        await updateDataset(this.db, dataset, { state: "running", lastRunAt: startedAt }, startedAt);
      }
      for (;;) {
        signal?.throwIfAborted();
        const [cursor] = await pendingCursors(this.db, dataset);
        if (!cursor) break;
        await this.runSlice(cursor, result, signal);
      }
      await this.finish(dataset);
      return result;
    } catch (e) {
      const now = this.now();
      const aborted = signal?.aborted === true;
      await updateDataset(
        this.db,
        dataset,
        aborted ? { state: "idle" } : { state: "error", lastError: describe(e), lastErrorAt: now },
        now,
      ).catch(() => {});
      if (!aborted) this.logger?.warn({ dataset, error: describe(e) }, "archive sync run failed; it resumes at its cursor");
      throw e;
    }
  }

  /** Queue an admin's re-sync of a range; the next run of the dataset (in whichever process holds the lock) does it. */
  async requestResync(dataset: DatasetKey, range: { from: number; to: number }): Promise<number> {
    const now = this.now();
    await ensureDatasetRows(this.db, now);
    const slices = planResync(dataset, range, now, this.settings);
    await this.db.transaction(async (tx) => {
      await insertSlices(tx, dataset, slices, now, { clearDone: false });
      await updateDataset(tx, dataset, { requestedAt: now }, now);
    });
    return slices.length;
  }

  /** Ask for a run as soon as possible (any process may call this). */
  async requestSync(dataset: DatasetKey): Promise<void> {
    const now = this.now();
    await ensureDatasetRows(this.db, now);
    await updateDataset(this.db, dataset, { requestedAt: now }, now);
  }

  private async plan(dataset: DatasetKey, now: number): Promise<RunPlan["kind"]> {
    const row = await datasetRow(this.db, dataset);
    const coverage = await coverageOf(this.db, dataset);
    const oldestOpen = dataset === "withdrawals" ? await this.oldestOpenTransfer(now) : null;
    const plan = planRun(dataset, { now, coverage, refreshedAt: row?.refreshedAt ?? null, oldestOpen }, this.settings);
    await this.db.transaction(async (tx) => {
      await insertSlices(tx, dataset, plan.slices, now, { clearDone: true });
      await updateDataset(tx, dataset, { state: "running", runStartedAt: now, runKind: plan.kind, lastRunAt: now }, now);
    });
    this.logger?.info({ dataset, kind: plan.kind, slices: plan.slices.length }, "archive sync run planned");
    return plan.kind;
  }

  /** Creation time of the oldest PROGRESSING transfer the upstream still serves. */
  private async oldestOpenTransfer(now: number): Promise<number | null> {
    const start = windowStart("withdrawals", now, this.settings)!;
    const [r] = await rows<{ t: unknown }>(
      this.db,
      sql`SELECT min(create_time) AS t FROM archive_transfer WHERE status = 'PROGRESSING' AND create_time >= ${start}`,
    );
    return toMs(r?.t);
  }

  /** Fetch the rest of one slice, committing each page with its cursor. */
  private async runSlice(start: CursorRow, result: RunResult, signal?: AbortSignal): Promise<void> {
    const def = DATASET_DEFS[start.dataset];
    const variants = def.variants(this.settings);
    const inside = await this.keepInsideWindow(start);
    if (!inside) {
      // Entirely older than the upstream still serves (a process stopped for weeks): nothing
      // can be fetched; what the archive holds of that range stays as it is.
      await finishCursorUnfetched(this.db, start, this.now());
      return;
    }
    let c = inside;
    for (;;) {
      signal?.throwIfAborted();
      // Checked before every page, not only at the slice's start: a page may wait long for
      // weight while people use the budget, and the window slides meanwhile.
      const still = await this.keepInsideWindow(c);
      if (!still) {
        await finishCursorUnfetched(this.db, c, this.now());
        return;
      }
      c = still;
      const variant = variants[c.variant];
      const range = { from: c.rangeFrom, to: c.rangeTo };
      const page = await this.lister.list(
        def.endpoint,
        { ...def.params(range, variant), page: c.nextPage, pageSize: def.pageSize },
        { priority: "background", signal, budgetWaitMs: this.settings.budgetWaitMs },
      );
      const now = this.now();
      // (a page whose records were all set aside is not the end: see isEmptyPage)
      const lastOfVariant = isEmptyPage(page) || !page.hasNextPage;
      const done = lastOfVariant && c.variant + 1 >= variants.length;
      const next = lastOfVariant
        ? { variant: done ? c.variant : c.variant + 1, nextPage: done ? c.nextPage + 1 : 1, pages: null }
        : { variant: c.variant, nextPage: c.nextPage + 1, pages: page.pages };
      let written = 0;
      await this.db.transaction(async (tx) => {
        written = await def.upsert(tx, page.items, variant, now, range);
        // Records that cannot be stored are kept as received and shown on /admin/sync.
        if (page.rejected?.length) await storeProblems(tx, c.dataset, page.rejected, { range, variant }, now);
        await advanceCursor(tx, c, { ...next, addRows: written, done }, now);
        if (done) {
          // A re-sync read every page of its range: what it did not see is gone upstream.
          if (c.kind === "resync") {
            for (const v of variants) await def.sweep(tx, range, v, c.createdAt);
            await sweepProblems(tx, c.dataset, range, c.createdAt);
          }
          await addCoverage(tx, c.dataset, range);
        }
      });
      result.pages++;
      result.rows += written;
      await this.onPage?.({ dataset: c.dataset, slice: c.slice, variant: c.variant, page: c.nextPage, rows: written });
      if (done) return;
      c = { ...c, ...next, pagesDone: c.pagesDone + 1, rows: c.rows + written };
    }
  }

  /**
   * A slice planned near the upstream's age limit may wait (a long backfill, people using the
   * budget, a stopped process) until its start is about to leave what the upstream answers for.
   * Its start then moves up to the window plus the full margin, so the rest of the slice has
   * that long to finish (moving it only to the edge would have it slide out again at once and
   * fail on every retry). The account-type pairs already read covered more than the new range;
   * the pair being read starts again from its first page, because the pages of the new query
   * are not the pages of the old one.
   */
  private async keepInsideWindow(c: CursorRow): Promise<CursorRow | null> {
    const now = this.now();
    const edge = windowStart(c.dataset, now, { ...this.settings, windowMarginMs: Math.min(this.settings.windowMarginMs, 60_000) });
    if (edge === null || c.rangeFrom >= edge) return c;
    if (c.rangeTo < edge) return null;
    const rangeFrom = Math.min(windowStart(c.dataset, now, this.settings)!, c.rangeTo);
    await restartCursor(this.db, c, rangeFrom, now);
    return { ...c, rangeFrom, nextPage: 1, pages: null };
  }

  /** No slice pending: the run is complete. */
  private async finish(dataset: DatasetKey): Promise<void> {
    const now = this.now();
    const row = await datasetRow(this.db, dataset);
    const planned = row?.runStartedAt ?? now;
    const kind = row?.runKind;
    // (the last error stays on record with its time; the admin page tells it is resolved)
    const values: Parameters<typeof updateDataset>[2] = { state: "idle", lastSuccessAt: now };
    // Every row the archive serves is at least as fresh as the start of a complete planned run;
    // invitees only after a run that re-read the whole year (their fields change).
    if (dataset === "invitees") {
      if (kind === "backfill" || kind === "refresh") Object.assign(values, { syncedAt: planned, refreshedAt: planned });
    } else if (kind) {
      values.syncedAt = planned;
    }
    await updateDataset(this.db, dataset, values, now);
  }
}

function describe(e: unknown): string {
  if (isWeexError(e)) return `${e.kind}: ${e.message}`;
  return e instanceof Error ? e.message : String(e);
}
