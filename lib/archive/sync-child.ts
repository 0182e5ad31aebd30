/**
 * A separate process that runs the archive sync against a simulator, for the crash and
 * scale-out tests (they SIGKILL it, or run two at once). Not part of the server.
 *
 *   node --conditions=react-server --import tsx lib/archive/sync-child.ts
 *
 * Environment:
 *   SIM_URL          the simulator
 *   CHILD_DB         "postgres" (DATABASE_URL + DB_SCHEMA) or "embedded" (DATA_DIR)
 *   FROZEN_NOW       epoch ms: a frozen clock shared with the simulator (crash test)
 *   CHILD_MODE       "sync" (default): run the scheduler until every dataset is synced, then
 *                    exit; "serve": run the scheduler until killed, and meanwhile page the
 *                    upstream like an interactive user whenever this process does not hold
 *                    the lock (scale-out test)
 *   SUB_AFFILIATE_DAYS, SYNC_INTERVAL_MS  the archive settings of the same names (shorter for tests)
 *
 * Prints one JSON line per event on stdout: {"event":"page"|"run"|"lock"|"user"|"done", …}.
 */
import { MemoryBudget } from "@/lib/weex/budget";
import { WeexClient } from "@/lib/weex/client";

import { WeexError } from "@/lib/weex/errors";
import { subAffiliatePages } from "@/lib/affiliate/pages";
import { openDatabase, type Database } from "@/lib/db/connection";
import { migrate } from "@/lib/db/migrate";
import { ArchiveEngine } from "./engine";
import { LocalLock, PgAdvisoryLock, type SyncLock } from "./lock";
import { PgWeightLedger } from "./pg-ledger";
import { ArchiveScheduler } from "./scheduler";
import { BACKGROUND_SHARE, DATASETS, DEFAULT_SETTINGS } from "./settings";
import { datasetRows, pendingCursors } from "./store";
import { SIM_CREDENTIALS, unlimitedBudget } from "./test-support";
import { DAY_MS } from "@/lib/time/calendar";

const env = process.env;
const emit = (e: Record<string, unknown>) => {
  process.stdout.write(`${JSON.stringify({ ...e, pid: process.pid, t: Date.now() })}\n`);
};

async function main() {
  const frozen = env.FROZEN_NOW ? Number(env.FROZEN_NOW) : undefined;
  const now = frozen !== undefined ? () => frozen : Date.now;
  const postgres = env.CHILD_DB === "postgres";
  const schema = env.DB_SCHEMA;
  const database: Database = postgres
    ? await openDatabase({ kind: "postgres", url: env.DATABASE_URL!, schema, max: 4 })
    : await openDatabase({ kind: "embedded", dataDir: env.DATA_DIR! });
  await migrate(database);

  // With PostgreSQL the budget is the shared one; the frozen-clock crash test lifts the limit.
  // (the server's configuration: lib/archive/budget.ts)
  const budget =
    frozen !== undefined
      ? unlimitedBudget()
      : new MemoryBudget({
          backgroundShare: BACKGROUND_SHARE,
          ...(postgres ? { ledger: new PgWeightLedger(database.db) } : {}),
        });
  const client = new WeexClient({ spotBaseUrl: env.SIM_URL!, contractBaseUrl: env.SIM_URL!, credentials: SIM_CREDENTIALS, budget, now });
  const lister = client;
  const settings = {
    ...DEFAULT_SETTINGS,
    subAffiliateDays: Number(env.SUB_AFFILIATE_DAYS ?? DEFAULT_SETTINGS.subAffiliateDays),
    intervalMs: Number(env.SYNC_INTERVAL_MS ?? DEFAULT_SETTINGS.intervalMs),
  };
  const engine = new ArchiveEngine({
    db: database.db,
    lister,
    settings,
    now,
    onPage: (e) => {
      emit({ event: "page", ...e });
    },
  });
  const lock: SyncLock = postgres ? new PgAdvisoryLock(env.DATABASE_URL!, schema ? `-c search_path=${schema}` : undefined) : new LocalLock();
  const scheduler = new ArchiveScheduler({
    engine,
    lock,
    tickMs: 200,
    now,
    onRun: (e) => {
      emit({ event: "run", dataset: e.dataset, phase: e.phase, error: e.error ? String(e.error) : undefined });
      // A failed run waits for the interval, which never passes on a frozen clock: give up.
      if (e.error && env.CHILD_MODE !== "serve") process.exit(1);
    },
  });

  if (env.CHILD_MODE === "serve") return serve(scheduler, lister);
  await syncUntilDone(scheduler, database);
  emit({ event: "done" });
  await scheduler.stop();
  await database.close();
}

/**
 * The scheduler runs until the process is killed; whenever this process does not hold the lock,
 * an interactive user of it pages the upstream: two pages of sub-affiliate data (of the year
 * the simulator holds: WEEX answers only a bounded window), then reading; once, a transfer
 * query (100 weight: more than the budget keeps free of background work, so it needs the sync
 * in the other process to step aside). While the backfill fills the budget's background
 * share, a click may be told to retry later (the dashboard's 429); it must never make the
 * upstream answer 429.
 */
async function serve(scheduler: ArchiveScheduler, lister: WeexClient): Promise<never> {
  scheduler.start();
  let lastHeld = false;
  let loops = 0;
  for (;;) {
    if (scheduler.holdsLock !== lastHeld) emit({ event: "lock", held: (lastHeld = scheduler.holdsLock) });
    if (scheduler.holdsLock) {
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    let pages = 0;
    const big = ++loops === 2;
    const started = Date.now();
    try {
      if (big) await lister.list("withdrawals", { page: 1, pageSize: 200 });
      else for await (const _batch of subAffiliatePages(lister, { productType: "FUTURES", startTime: started - 365 * DAY_MS, endTime: started })) if (++pages >= 2) break;
      emit({ event: "user", pages, big, waitedMs: Date.now() - started });
    } catch (e) {
      if (!(e instanceof WeexError && e.kind === "rate_limited" && e.upstream === undefined)) throw e;
      emit({ event: "user", pages, big, limited: true });
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Tick the scheduler until every dataset has synced once and no cursor is pending. */
async function syncUntilDone(scheduler: ArchiveScheduler, database: Database): Promise<void> {
  for (;;) {
    await scheduler.tick();
    await scheduler.idle();
    const rows = await datasetRows(database.db);
    const pending = await Promise.all(DATASETS.map((d) => pendingCursors(database.db, d)));
    if (rows.length === DATASETS.length && rows.every((r) => r.lastSuccessAt !== null) && pending.every((p) => p.length === 0)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

main().catch((e) => {
  emit({ event: "error", error: String(e?.stack ?? e) });
  process.exit(1);
});
