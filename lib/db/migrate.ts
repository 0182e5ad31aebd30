/**
 * Schema migrations: plain SQL files `lib/db/migrations/NNNN_name.sql`, applied once each, in
 * filename order, each in its own transaction. Applied files are recorded in
 * `schema_migrations`. Anyone adding tables adds a file with the next number; nobody edits an
 * applied file (a changed checksum is logged, not re-run).
 *
 * Several processes may start together on one PostgreSQL: a session advisory lock makes them
 * migrate one after the other, and the later ones find nothing left to do.
 */
import "server-only";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Database, SqlSession } from "./connection";

/** pg_advisory_lock(classid, objid): "weex" in ASCII, then 1 = migrations. */
export const MIGRATION_LOCK = [0x77656578, 1] as const;

const FILE_RE = /^\d{4}_[a-z0-9_]+\.sql$/;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

/**
 * The SQL files, in filename order. Next bundles route handlers, so a path relative to this
 * module means nothing at run time; the server, the CLI and the tests all run from the project
 * folder. (The path is written out in full so Next's file tracing includes the folder.)
 */
export function readMigrations(): Migration[] {
  const dir = join(process.cwd(), "lib", "db", "migrations");
  if (!existsSync(join(process.cwd(), "lib", "db", "migrations"))) {
    throw new Error(`The migrations folder ${dir} does not exist. Start the dashboard from its project folder.`);
  }
  return readdirSync(join(process.cwd(), "lib", "db", "migrations"))
    .filter((f) => FILE_RE.test(f))
    .sort()
    .map((name) => {
      const sql = readFileSync(join(process.cwd(), "lib", "db", "migrations", name), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

export interface MigrateResult {
  applied: string[];
  /** applied earlier but changed on disk since */
  changed: string[];
}

export async function migrate(database: Database, migrations: Migration[] = readMigrations()): Promise<MigrateResult> {
  return database.withSession(async (s) => {
    await s.query("SELECT pg_advisory_lock($1, $2)", [...MIGRATION_LOCK]);
    try {
      return await applyPending(s, migrations);
    } finally {
      await s.query("SELECT pg_advisory_unlock($1, $2)", [...MIGRATION_LOCK]);
    }
  });
}

async function applyPending(s: SqlSession, migrations: Migration[]): Promise<MigrateResult> {
  await s.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    checksum text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const rows = await s.query<{ name: string; checksum: string }>("SELECT name, checksum FROM schema_migrations");
  const done = new Map(rows.map((r) => [r.name, r.checksum]));
  const result: MigrateResult = { applied: [], changed: [] };
  for (const m of migrations) {
    const recorded = done.get(m.name);
    if (recorded !== undefined) {
      if (recorded !== m.checksum) result.changed.push(m.name);
      continue;
    }
    await s.exec("BEGIN");
    try {
      await s.exec(m.sql);
      await s.query("INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)", [m.name, m.checksum]);
      await s.exec("COMMIT");
    } catch (e) {
      await s.exec("ROLLBACK");
      throw new Error(`Migration ${m.name} failed: ${(e as Error).message}`, { cause: e });
    }
    result.applied.push(m.name);
  }
  return result;
}
