/**
 * The admin view of the archive (GET/POST /api/admin/sync): per dataset its state, the range
 * it holds, its rows, the last run and error, and the progress of the current run; and the
 * two actions, "sync now" and "re-sync a range". Actions only write rows (a request time,
 * queued slices): whichever process holds the sync lock picks them up on its next tick, so
 * an admin's click works behind a load balancer whatever process it lands on.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { WeexError } from "@/lib/weex/errors";
import { inEnum, inTime } from "@/lib/weex/wire";
import { rows, toMs, type Db } from "./db";
import type { ArchiveEngine } from "./engine";
import type { Interval } from "./intervals";
import { planResync, windowStart } from "./plan";
import { DATASETS, type ArchiveSettings, type DatasetKey } from "./settings";
import { allCoverage, datasetRows, ensureDatasetRows, problemsOf, type CursorRow, type DatasetProblems, type DatasetRow } from "./store";
import { DAY_MS, utcDayStart } from "@/lib/time/calendar";

export const DATASET_LABELS: Record<DatasetKey, string> = {
  subAffiliates: "Sub-affiliate daily records (SPOT and FUTURES)",
  invitees: "Invited users",
  withdrawals: "Internal transfers",
  commissions: "Commission records",
  inviteeTotals: "Deposits and withdrawals per invitee",
};

export interface DatasetStatus {
  dataset: DatasetKey;
  label: string;
  state: DatasetRow["state"];
  /** merged intervals held, oldest first (inclusive epoch ms) */
  held: Interval[];
  rows: number;
  runKind: string | null;
  lastRunAt: number | null;
  lastSuccessAt: number | null;
  syncedAt: number | null;
  lastError: string | null;
  lastErrorAt: number | null;
  /** an admin asked for a run that has not started yet */
  requested: boolean;
  /** records WEEX sent that could not be stored (kept as received): how many, the latest, when */
  problems: DatasetProblems;
  progress: {
    slicesDone: number;
    slices: number;
    pagesDone: number;
    /** pages of the slices whose page count the upstream has said (a lower bound while running) */
    pagesKnown: number;
    rowsWritten: number;
    /** the slice being fetched now */
    current: { slice: string; from: number; to: number; variant: number; page: number; pages: number | null } | null;
  };
}

export interface SyncStatus {
  /** false when ARCHIVE_SYNC=off: nothing syncs, the archive is still read */
  enabled: boolean;
  /** who runs the sync: this process, another one (PostgreSQL), or nobody */
  runner: "this-process" | "another-process" | "none";
  now: number;
  datasets: DatasetStatus[];
}

const TABLES: Record<DatasetKey, string> = {
  subAffiliates: "archive_sub_affiliate_daily",
  invitees: "archive_invitee",
  withdrawals: "archive_transfer",
  commissions: "archive_commission",
  inviteeTotals: "archive_invitee_movement",
};

export async function syncStatus(db: Db, opts: { enabled: boolean; runner: SyncStatus["runner"]; now?: number }): Promise<SyncStatus> {
  const now = opts.now ?? Date.now();
  await ensureDatasetRows(db, now);
  const [states, coverage, counts, cursors, problems] = await Promise.all([
    datasetRows(db),
    allCoverage(db),
    rows<Record<DatasetKey, unknown>>(
      db,
      sql.raw(`SELECT ${DATASETS.map((d) => `(SELECT count(*) FROM ${TABLES[d]}) AS "${d}"`).join(", ")}`),
    ),
    db.execute(sql`SELECT dataset, slice, kind, seq, range_from AS "rangeFrom", range_to AS "rangeTo", variant, next_page AS "nextPage",
                          pages, pages_done AS "pagesDone", rows, state FROM archive_cursor ORDER BY dataset, seq`),
    problemsOf(db),
  ]);
  const cursorRows = (cursors as unknown as { rows: CursorRow[] }).rows.map((c) => ({
    ...c,
    rangeFrom: toMs(c.rangeFrom)!,
    rangeTo: toMs(c.rangeTo)!,
  }));
  const byDataset = new Map(states.map((s) => [s.dataset, s]));
  return {
    enabled: opts.enabled,
    runner: opts.runner,
    now,
    datasets: DATASETS.map((dataset) => {
      const s = byDataset.get(dataset)!;
      const mine = cursorRows.filter((c) => c.dataset === dataset);
      const current = mine.find((c) => c.state === "pending");
      return {
        dataset,
        label: DATASET_LABELS[dataset],
        state: s.state,
        held: coverage[dataset],
        rows: Number(counts[0][dataset]),
        runKind: s.runKind,
        lastRunAt: s.lastRunAt,
        lastSuccessAt: s.lastSuccessAt,
        syncedAt: s.syncedAt,
        lastError: s.lastError,
        lastErrorAt: s.lastErrorAt,
        requested: s.requestedAt !== null && (s.lastRunAt === null || s.requestedAt >= s.lastRunAt),
        problems: problems[dataset],
        progress: {
          slicesDone: mine.filter((c) => c.state === "done").length,
          slices: mine.length,
          pagesDone: mine.reduce((n, c) => n + c.pagesDone, 0),
          pagesKnown: mine.reduce((n, c) => n + (c.state === "done" ? c.pagesDone : Math.max(c.pagesDone, c.pages ?? 0)), 0),
          rowsWritten: mine.reduce((n, c) => n + c.rows, 0),
          current: current
            ? { slice: current.slice, from: current.rangeFrom, to: current.rangeTo, variant: current.variant, page: current.nextPage, pages: current.pages }
            : null,
        },
      };
    }),
  };
}

/** POST /api/admin/sync body. */
export const syncActionBody = z
  .strictObject({
    action: inEnum(["sync", "resync"]),
    dataset: inEnum(DATASETS),
    /** resync only: the range (epoch ms); default: everything the upstream still serves */
    from: inTime.optional(),
    to: inTime.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.action === "sync" && (b.from !== undefined || b.to !== undefined)) {
      ctx.addIssue({ code: "custom", path: [b.from !== undefined ? "from" : "to"], message: "is only for action resync" });
    }
    if (b.from !== undefined && b.to !== undefined && b.to < b.from) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "must be greater than or equal to from" });
    }
  });

export type SyncAction = z.output<typeof syncActionBody>;

/** Do an admin's action; answers what was queued. */
export async function syncAction(engine: ArchiveEngine, action: SyncAction, now = Date.now()): Promise<{ queued: { dataset: DatasetKey; action: string; slices: number } }> {
  if (action.action === "sync") {
    await engine.requestSync(action.dataset);
    return { queued: { dataset: action.dataset, action: "sync", slices: 0 } };
  }
  const range = resyncRange(action.dataset, action, now, engine.settings);
  if (planResync(action.dataset, range, now, engine.settings).length === 0) {
    const start = windowStart(action.dataset, now, engine.settings);
    const days = start === null ? 0 : Math.floor((now - start) / DAY_MS);
    throw new WeexError("validation", `Invalid input: to is older than WEEX still serves (the past ${days} days); that history cannot be fetched again`, {
      issues: [{ path: ["to"], message: `must be within the past ${days} days` }],
    });
  }
  const slices = await engine.requestResync(action.dataset, range);
  return { queued: { dataset: action.dataset, action: "resync", slices } };
}

/** The range of a re-sync: as given, else what the sync keeps current (its horizon or the upstream's window). */
function resyncRange(dataset: DatasetKey, a: { from?: number; to?: number }, now: number, settings: ArchiveSettings): Interval {
  const oldest = windowStart(dataset, now, settings) ?? utcDayStart(now) - (settings.subAffiliateDays - 1) * DAY_MS;
  return { from: a.from ?? oldest, to: a.to ?? now };
}
