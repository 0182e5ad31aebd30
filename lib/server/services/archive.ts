/**
 * The archive inside the running server (lib/archive wired to this process's database, WEEX
 * client and settings): the sync scheduler started at boot, the sources the affiliate routes
 * read, and the admin status and actions. The server imports the archive, never the reverse.
 *
 * - `startArchiveSync()` (from startup.ts): unless ARCHIVE_SYNC=off, start the scheduler; it
 *   takes the single-runner lock (PostgreSQL advisory lock, or this process on the embedded
 *   database), backfills, then syncs every ARCHIVE_SYNC_INTERVAL_MS (60 s).
 * - `affiliateSources(source)` (the affiliate routes): per request, by
 *   `source=auto|archive|live` (default auto), the archive for the range it holds and live
 *   WEEX through the server's client (weex.ts, its shared weight budget included) for the rest;
 *   `withProvenance` is what every affiliate JSON answer adds (`freshness`, `warnings`).
 */
import "server-only";
import { getDatabase, getReadDb } from "@/lib/db";
import { TtlCache } from "@/lib/cache/ttl-cache";
import { getConfig } from "@/lib/config/config";
import { logger } from "@/lib/log/log";
import { getWeex } from "@/lib/server/services/weex";
import { syncAction, syncStatus, type SyncAction, type SyncStatus } from "@/lib/archive/admin";
import { buildStatus, type ArchiveBuildStatus } from "@/lib/archive/build-status";
import { ArchiveEngine } from "@/lib/archive/engine";
import { LocalLock, PgAdvisoryLock, type SyncLock } from "@/lib/archive/lock";
import { ArchiveScheduler } from "@/lib/archive/scheduler";
import { ArchiveStatistics } from "@/lib/archive/statistics";
import { archiveSettingsFromEnv, archiveSyncEnabled, liveCacheMsFromEnv } from "@/lib/archive/settings";
import { afterRun } from "@/lib/server/services/risk";
import { selectedSources, type SelectedSources, type SourceParam } from "@/lib/archive/sources";
import type { Freshness, Warnings } from "@/lib/contract/responses";
import type { Scope } from "@/lib/contract/scope";

const g = globalThis as typeof globalThis & {
  __weexArchive?: { engine: Promise<ArchiveEngine>; scheduler?: ArchiveScheduler; lock?: SyncLock; statistics?: ArchiveStatistics };
  __weexLiveCache?: TtlCache<readonly unknown[]>;
  __weexArchiveStatus?: TtlCache<ArchiveBuildStatus>;
};

/** Entries of the live cache: distinct live filters (product, sub-affiliate, uid) held at once. */
const LIVE_CACHE_ENTRIES = 100;

/** The process's cache of live parts (LIVE_CACHE_MS; undefined when 0). */
function liveCache(): TtlCache<readonly unknown[]> | undefined {
  const ttlMs = liveCacheMsFromEnv();
  if (ttlMs <= 0) return undefined;
  return (g.__weexLiveCache ??= new TtlCache<readonly unknown[]>(ttlMs, LIVE_CACHE_ENTRIES));
}

/**
 * The process's engine (the scheduler's, and the admin actions'). On the embedded database the
 * pages it writes also keep the archive's planner statistics (PGlite runs no autovacuum:
 * lib/archive/statistics.ts).
 */
function archive() {
  g.__weexArchive ??= {
    engine: getDatabase().then((database) => {
      const log = logger("archive");
      const statistics = database.kind === "embedded" ? new ArchiveStatistics(database.db, { logger: log }) : undefined;
      if (g.__weexArchive) g.__weexArchive.statistics = statistics;
      return new ArchiveEngine({ db: database.db, lister: getWeex(), settings: archiveSettingsFromEnv(), logger: log, onPage: () => statistics?.poke() });
    }),
  };
  g.__weexArchive.engine.catch(() => {
    g.__weexArchive = undefined;
  });
  return g.__weexArchive;
}

/** Start the background sync in this server process (idempotent). */
export async function startArchiveSync(): Promise<void> {
  const log = logger("archive");
  if (!archiveSyncEnabled()) {
    log.info({}, "archive sync is off (ARCHIVE_SYNC=off); the archive is read but not updated");
    return;
  }
  const state = archive();
  if (state.scheduler) return;
  const engine = await state.engine;
  const config = getConfig();
  const lock: SyncLock = config.database.kind === "postgres" ? new PgAdvisoryLock(config.database.url) : new LocalLock();
  state.lock = lock;
  // (a run that ended well re-evaluates the risk rules that read its dataset, on the archive alone)
  state.scheduler = new ArchiveScheduler({ engine, lock, logger: log, onRun: afterRun }).start();
  // (an archive written before these statistics, or by an earlier process: checked at once)
  state.statistics?.poke();
  log.info({ intervalMs: engine.settings.intervalMs }, "archive sync scheduler started");
}

/** Stop the sync (tests, shutdown); the cursors stay for the next start. */
export async function stopArchiveSync(): Promise<void> {
  const state = g.__weexArchive;
  const scheduler = state?.scheduler;
  if (state) state.scheduler = undefined;
  await scheduler?.stop();
  await state?.statistics?.idle();
}

/**
 * The affiliate sources for one request, by its `source` parameter (default auto); with a
 * partner's scope (the route's `scope`, lib/server/http/route.ts), every answer read through them
 * holds that scope's rows only.
 */
export function affiliateSources(source: SourceParam = "auto", scope?: Scope | null): SelectedSources {
  const settings = archiveSettingsFromEnv();
  return selectedSources(source, {
    // (a person's reads: cancelled past DATABASE_READ_TIMEOUT_MS on PostgreSQL)
    db: getReadDb,
    lister: getWeex(),
    subAffiliateDays: settings.subAffiliateDays,
    commissionDays: settings.commissionDays,
    freshMs: settings.freshMs,
    // (this process syncs; with ARCHIVE_SYNC=off a never-synced archive is not being built here)
    syncing: archiveSyncEnabled(),
    liveCache: liveCache(),
  }, scope ?? undefined);
}

/**
 * One page of a list route (invitees, sub-affiliates, withdrawals) as its answer. `sources.list`
 * serves the three datasets by key and types its records `unknown` (they are WEEX's records as
 * the endpoint table parsed them), so the route's answer schema cannot check them here: the
 * items are passed on unchecked (`never[]`), the page's other fields are checked.
 */
export function listAnswer<T extends { items: unknown[] }>(sources: SelectedSources, page: T) {
  return withProvenance(sources, page as unknown as Omit<T, "items"> & { items: never[] });
}

/** A JSON answer read from `sources`, with where it came from and what could not be used. */
export function withProvenance<T extends object>(sources: SelectedSources, answer: T): T & { freshness: Freshness; warnings: Warnings } {
  return { ...answer, freshness: sources.freshness(), warnings: sources.warnings() };
}

/** GET /api/admin/sync */
export async function archiveStatus(): Promise<SyncStatus> {
  const state = archive();
  const engine = await state.engine;
  const runner = state.lock?.held ? "this-process" : await otherRunner();
  return syncStatus(engine.db, { enabled: archiveSyncEnabled(), runner });
}

/**
 * GET /api/archive/status: what every viewer may know. Open pages poll it every few seconds
 * while the first backfill runs, which is when the database is busiest; the full status counts
 * every archive row, so viewers share one answer per STATUS_TTL_MS (and one computation while
 * it is in flight) instead of each paying for it.
 */
export function viewerArchiveStatus(): Promise<ArchiveBuildStatus> {
  return statusCache.get("status", async () => buildStatus(await archiveStatus()));
}

const STATUS_TTL_MS = 5_000;
const statusCache = (g.__weexArchiveStatus ??= new TtlCache<ArchiveBuildStatus>(STATUS_TTL_MS, 1));

/** What POST /api/admin/sync answers when nothing would run the request. */
export const SYNC_OFF_MESSAGE =
  "This instance does not sync (ARCHIVE_SYNC=off) and no other process runs the sync: nothing was queued. The archive is read as it is; start a process with the sync on to update it.";

/**
 * POST /api/admin/sync. With ARCHIVE_SYNC=off a request is only queued when another process
 * (sharing the PostgreSQL database) runs the sync; otherwise nothing would ever run it, and
 * the answer says so instead of recording it.
 */
export async function archiveAction(action: SyncAction): Promise<{ queued: Awaited<ReturnType<typeof syncAction>>["queued"] | null; syncing: boolean; message?: string }> {
  if (!archiveSyncEnabled() && (await otherRunner()) !== "another-process") {
    return { queued: null, syncing: false, message: SYNC_OFF_MESSAGE };
  }
  return { ...(await syncAction(await archive().engine, action)), syncing: true };
}

/** Whether another process holds the sync lock (PostgreSQL only; the embedded database has one process). */
async function otherRunner(): Promise<SyncStatus["runner"]> {
  const database = await getDatabase();
  if (database.kind !== "postgres") return "none";
  return (await PgAdvisoryLock.heldElsewhere(database)) ? "another-process" : "none";
}
