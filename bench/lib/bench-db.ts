/**
 * The database a bench works in: a fresh in-memory PGlite, or a schema of its own in the
 * PostgreSQL of BENCH_DATABASE_URL / TEST_DATABASE_URL (dropped on close), with every migration
 * of lib/db/migrations applied.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { Pool } from "pg";
import type { Db } from "../../lib/db";

export async function openBenchDb(kind: string, name: string): Promise<{ db: Db; close(): Promise<void> }> {
  const dir = join(process.cwd(), "lib", "db", "migrations");
  const migrations = readdirSync(dir).filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f)).sort().map((f) => readFileSync(join(dir, f), "utf8"));
  if (kind === "postgres") {
    const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("--db postgres needs BENCH_DATABASE_URL or TEST_DATABASE_URL");
    const schema = `bench_${name}_${process.pid}`;
    const admin = new Pool({ connectionString: url, max: 1 });
    await admin.query(`CREATE SCHEMA ${schema}`);
    const pool = new Pool({ connectionString: url, max: 6, options: `-c search_path=${schema}` });
    for (const m of migrations) await pool.query(m);
    return {
      db: drizzlePg({ client: pool }) as unknown as Db,
      close: async () => {
        await pool.end();
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
        await admin.end();
      },
    };
  }
  const client = await PGlite.create();
  for (const m of migrations) await client.exec(m);
  return { db: drizzlePglite({ client }) as unknown as Db, close: () => client.close() };
}
