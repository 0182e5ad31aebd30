/**
 * The database a bench works in: a fresh in-memory PGlite, or a schema of its own in the
 * PostgreSQL of BENCH_DATABASE_URL / TEST_DATABASE_URL (dropped on close), with every migration
 * of lib/db/migrations applied.
 *
 * `keep` names a database that outlives the run instead (a PGlite data directory under
 * `bench/out/`, or the schema `bench_keep_<keep>`): opened again by a later run, which applies
 * only the migrations it has not applied yet (recorded in `bench_migrations`). A bench whose
 * fill takes tens of minutes (value.ts at 10×) fills it once and times new code on it after.
 */
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_OPTIONS } from "../../lib/db/pglite-options";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { Pool } from "pg";
import { sql } from "drizzle-orm";
import type { Db } from "../../lib/db";

type Exec = (statement: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** The migrations `exec` has not applied yet, applied in filename order and recorded. */
async function migrate(exec: Exec): Promise<void> {
  const dir = join(process.cwd(), "lib", "db", "migrations");
  await exec(`CREATE TABLE IF NOT EXISTS bench_migrations (name text PRIMARY KEY)`);
  const done = new Set((await exec(`SELECT name FROM bench_migrations`)).rows.map((r) => String(r.name)));
  for (const f of readdirSync(dir).filter((x) => /^\d{4}_[a-z0-9_]+\.sql$/.test(x)).sort()) {
    if (done.has(f)) continue;
    await exec(readFileSync(join(dir, f), "utf8"));
    await exec(`INSERT INTO bench_migrations (name) VALUES ('${f}')`);
  }
}

export async function openBenchDb(kind: string, name: string, keep?: string): Promise<{ db: Db; close(): Promise<void> }> {
  if (keep !== undefined && !/^[a-z0-9_]+$/.test(keep)) throw new Error(`--keep: letters, digits and _ only (${keep})`);
  if (kind === "postgres") {
    const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("--db postgres needs BENCH_DATABASE_URL or TEST_DATABASE_URL");
    const schema = keep ? `bench_keep_${keep}` : `bench_${name}_${process.pid}`;
    const admin = new Pool({ connectionString: url, max: 1 });
    await admin.query(`CREATE SCHEMA ${keep ? "IF NOT EXISTS " : ""}${schema}`);
    const pool = new Pool({ connectionString: url, max: 6, options: `-c search_path=${schema}` });
    await migrate((s) => pool.query(s));
    return {
      db: drizzlePg({ client: pool }) as unknown as Db,
      close: async () => {
        await pool.end();
        if (!keep) await admin.query(`DROP SCHEMA ${schema} CASCADE`);
        await admin.end();
      },
    };
  }
  let dataDir: string | undefined;
  if (keep) {
    dataDir = join(process.cwd(), "bench", "out", `pglite-${keep}`);
    mkdirSync(dataDir, { recursive: true });
  }
  // (the dashboard's start parameters: its figures are the dashboard's)
  const client = await PGlite.create(dataDir, PGLITE_OPTIONS);
  await migrate(async (s) => {
    const results = await client.exec(s);
    return { rows: results.at(-1)?.rows ?? [] };
  });
  return { db: drizzlePglite({ client }) as unknown as Db, close: () => client.close() };
}

/** Rows into `table` through one JSON parameter per chunk (any number of rows, both drivers). */
export async function insertJson(db: Db, table: string, columns: string, list: object[]): Promise<void> {
  for (let k = 0; k < list.length; k += 5000) {
    const chunk = JSON.stringify(list.slice(k, k + 5000));
    const names = columns.split(",").map((c) => c.trim().split(" ")[0]).join(", ");
    await db.execute(sql.raw(`INSERT INTO ${table} (${names}) SELECT ${names} FROM json_to_recordset($json$${chunk}$json$::json) AS x(${columns})`));
  }
}
