/**
 * Planner statistics for an embedded (PGlite) archive. PostgreSQL's autovacuum analyzes a table
 * as it changes; PGlite runs no autovacuum (one process, no background workers), so its tables
 * are never analyzed unless asked, and the planner prices every condition by default
 * selectivities. At simulator scale 10 that made the value list's page 20 of the last 90 days
 * 691 ms against ~300 ms with statistics, and the weekly cohorts with value 122–128 against
 * 60–90 ms (bench/RESULTS.md, "value").
 *
 * So after the sync writes (`poke`, at most once a minute), each archive table that has grown to
 * half again its size at its last ANALYZE (or was never analyzed) from 64 pages (512 kB) up is
 * analyzed, one statement at a time: a person's query waits for one table's sample at most.
 * The sample is 9,000 rows (statistics target 30, not the default 100): ANALYZE of the 3.4
 * million commission records at scale 10 took ~0.2 s warm against ~0.6 s.
 */
import { sql } from "drizzle-orm";
import { rows, type Db } from "./db";
import type { SyncLogger } from "./engine";

/** A table is analyzed again once it holds this many times its pages at its last ANALYZE... */
export const GROWTH = 1.5;
/** ...and at least this many pages (smaller tables are read whole whatever the plan) */
export const MIN_PAGES = 64;
/** the statistics target of these ANALYZEs: a sample of 300 × this many rows */
export const STATISTICS_TARGET = 30;
/** the least time between two checks */
export const CHECK_EVERY_MS = 60_000;

/** The archive tables of the current schema that have grown enough since their last ANALYZE. */
export async function grownTables(db: Db): Promise<string[]> {
  const list = await rows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_class c
        WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' AND c.relname LIKE 'archive\\_%'
          AND pg_relation_size(c.oid) / current_setting('block_size')::integer >= greatest(${MIN_PAGES}, c.relpages * ${GROWTH}::numeric)
        ORDER BY c.relname`,
  );
  return list.map((r) => r.name);
}

/** Analyze the grown tables, one at a time; the names analyzed. */
export async function analyzeGrown(db: Db): Promise<string[]> {
  const names = await grownTables(db);
  for (const name of names) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL default_statistics_target = ${sql.raw(String(STATISTICS_TARGET))}`);
      await tx.execute(sql`ANALYZE ${sql.identifier(name)}`);
    });
  }
  return names;
}

/** The sync's trigger of analyzeGrown: `poke` after writes; one check at a time, at most one per CHECK_EVERY_MS. */
export class ArchiveStatistics {
  private running: Promise<void> | null = null;
  private lastCheck = -Infinity;

  constructor(
    private readonly db: Db,
    private readonly opts: { logger?: SyncLogger; now?: () => number } = {},
  ) {}

  /** Check (and analyze) in the background unless a check is running or was made within CHECK_EVERY_MS. */
  poke(): void {
    const now = (this.opts.now ?? Date.now)();
    if (this.running || now - this.lastCheck < CHECK_EVERY_MS) return;
    this.lastCheck = now;
    this.running = this.check().finally(() => {
      this.running = null;
    });
  }

  /** The check in progress, if any (tests, shutdown). */
  idle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private async check(): Promise<void> {
    try {
      const started = Date.now();
      const analyzed = await analyzeGrown(this.db);
      if (analyzed.length) this.opts.logger?.info({ tables: analyzed, ms: Date.now() - started }, "archive tables analyzed (the embedded database runs no autovacuum)");
    } catch (error) {
      this.opts.logger?.warn({ error: String(error) }, "analyzing the archive tables failed; the next writes try again");
    }
  }
}
