/**
 * Runs the sync in the background of a server process: takes the single-runner lock, resumes
 * what a previous process left (the backfill at first boot), then runs each dataset every
 * `intervalMs` (transfers every `withdrawalIntervalMs`), or at once when an admin asks (a
 * request row any process can write).
 *
 * Datasets run concurrently (each sequentially, page after page): together they keep the
 * budget's background share full during a backfill. The value datasets (commission
 * records, per-invitee totals: most of a first backfill's weight) start theirs once the others
 * have synced once, so the history every page needs is built as fast as before. Only the
 * process holding the lock syncs;
 * the others keep trying to take it, so one of them takes over within a tick when the holder
 * dies.
 */
import type { ArchiveEngine, SyncLogger } from "./engine";
import { holdForRound, type SyncLock } from "./lock";
import { DATASETS, isValueDataset, type ArchiveSettings, type DatasetKey } from "./settings";
import { datasetRows, ensureDatasetRows, pendingCursors, type DatasetRow } from "./store";

export interface SchedulerOptions {
  engine: ArchiveEngine;
  lock: SyncLock;
  /** how often to look for due work (default 5 s) */
  tickMs?: number;
  logger?: SyncLogger;
  now?: () => number;
  /** told when runs start and end (tests record who synced when) */
  onRun?: (e: { dataset: DatasetKey; phase: "start" | "end"; error?: unknown }) => void;
}

export class ArchiveScheduler {
  private readonly engine: ArchiveEngine;
  private readonly lock: SyncLock;
  private readonly tickMs: number;
  private readonly logger?: SyncLogger;
  private readonly now: () => number;
  private readonly onRun?: SchedulerOptions["onRun"];
  private readonly running = new Map<DatasetKey, Promise<void>>();
  private abort = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private ticking: Promise<void> | undefined;
  private stopped = true;

  constructor(opts: SchedulerOptions) {
    this.engine = opts.engine;
    this.lock = opts.lock;
    this.tickMs = opts.tickMs ?? 5_000;
    this.logger = opts.logger;
    this.now = opts.now ?? Date.now;
    this.onRun = opts.onRun;
    this.lock.onLost(() => {
      this.logger?.warn({}, "archive sync lock lost; stopping the runs of this process");
      this.abortRuns();
    });
  }

  get holdsLock(): boolean {
    return this.lock.held;
  }

  start(): this {
    if (!this.stopped) return this;
    this.stopped = false;
    this.schedule(0);
    return this;
  }

  /** Stop ticking, abort the runs (their cursors stay for the next process), release the lock. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.abortRuns();
    await this.ticking?.catch(() => {});
    await Promise.allSettled(this.running.values());
    await this.lock.release();
  }

  /** One look for due work; start what is due without waiting for it. Tests call this directly. */
  async tick(): Promise<void> {
    if (!(await holdForRound(this.lock, this.logger, "archive sync lock taken; this process runs the sync"))) return;
    const now = this.now();
    await ensureDatasetRows(this.engine.db, now);
    const rows = new Map((await datasetRows(this.engine.db)).map((r) => [r.dataset, r]));
    // (a core dataset failing its first backfill, e.g. a report WEEX no longer serves, holds nothing up)
    const coreBuilding = DATASETS.some((d) => !isValueDataset(d) && rows.get(d)?.syncedAt === null && rows.get(d)?.state !== "error");
    for (const dataset of DATASETS) {
      if (this.running.has(dataset)) continue;
      const row = rows.get(dataset);
      if (!row || !(await this.isDue(row, now))) continue;
      if (coreBuilding && isValueDataset(dataset) && row.lastRunAt === null && row.requestedAt === null) continue;
      this.running.set(dataset, this.runOne(dataset));
    }
  }

  /** Wait until every run started so far has ended (tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled(this.running.values());
  }

  private async isDue(row: DatasetRow, now: number): Promise<boolean> {
    const interval = intervalOf(row.dataset, this.engine.settings);
    if (row.requestedAt !== null && (row.lastRunAt === null || row.requestedAt >= row.lastRunAt)) return true;
    if (row.lastRunAt === null) return true;
    // Marked running, but not by this process (the lock holder): its runner died mid-run,
    // perhaps after the last page and before the run was closed. Finish it now.
    if (row.state === "running") return true;
    if (now - row.lastRunAt >= interval) return true;
    // An interrupted run (a killed process, a lost lock) resumes at once; a failed one waits
    // for the interval, so an unreachable upstream is not hammered.
    return row.state !== "error" && (await pendingCursors(this.engine.db, row.dataset)).length > 0;
  }

  private async runOne(dataset: DatasetKey): Promise<void> {
    this.onRun?.({ dataset, phase: "start" });
    try {
      await this.engine.run(dataset, this.abort.signal);
      this.onRun?.({ dataset, phase: "end" });
    } catch (error) {
      this.onRun?.({ dataset, phase: "end", error });
    } finally {
      this.running.delete(dataset);
    }
  }

  private abortRuns() {
    this.abort.abort(new Error("archive sync stopped"));
    this.abort = new AbortController();
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.ticking = this.tick()
        .catch((e) => this.logger?.warn({ error: String(e) }, "archive sync tick failed"))
        .finally(() => this.schedule(this.tickMs));
    }, delay);
    // The scheduler alone must not keep a process (a CLI, a test) alive.
    this.timer.unref?.();
  }
}

/** How often a dataset runs: transfers (weight 100 a query) and per-invitee totals less often. */
function intervalOf(dataset: DatasetKey, settings: ArchiveSettings): number {
  if (dataset === "withdrawals") return settings.withdrawalIntervalMs;
  if (dataset === "inviteeTotals") return settings.movementIntervalMs;
  return settings.intervalMs;
}
