/**
 * Opening the database: embedded PGlite (a directory, or memory for tests) or a PostgreSQL
 * server through a node-postgres pool. Both give the same Drizzle API, so every query in the
 * dashboard is written once.
 */
import "server-only";
import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_OPTIONS } from "./pglite-options";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { Pool, type PoolClient } from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = "embedded" | "postgres";

/** Raw SQL on one connection: migrations and advisory locks need a single session. */
export interface SqlSession {
  /** one or more statements, no parameters */
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database {
  kind: DatabaseKind;
  db: Db;
  /**
   * For people's archive reads: on PostgreSQL a pool of its own whose every statement is
   * cancelled after `readTimeoutMs` (node-postgres sets `statement_timeout` on each of its
   * connections, so no transaction or `SET` per read is needed and the sync's long writes keep
   * no limit). On PGlite the same `db`: its statements run in this process's one thread, and
   * nothing can interrupt one that runs (PostgreSQL's timer needs a signal PGlite does not have).
   */
  readDb: Db;
  /** Run `fn` on one dedicated connection (PGlite has only one; a pool lends one). */
  withSession<T>(fn: (s: SqlSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type OpenTarget =
  | { kind: "embedded"; dataDir: string }
  | { kind: "memory" }
  | { kind: "postgres"; url: string; /** tests: a schema of their own */ schema?: string; max?: number; readTimeoutMs?: number };

/**
 * How long one statement of a person's archive read may run on PostgreSQL when
 * DATABASE_READ_TIMEOUT_MS is unset: past it the statement is cancelled and the request answered
 * `answer_too_large`, naming the range to narrow — no request holds a connection and the
 * database's CPU for minutes. (PGlite cannot interrupt a running statement: `readDb` above.)
 */
const DEFAULT_READ_TIMEOUT_MS = 20_000;

export class DatabaseBusyError extends Error {}

export async function openDatabase(target: OpenTarget): Promise<Database> {
  return target.kind === "postgres" ? openPostgres(target) : openPglite(target);
}

async function openPglite(target: { kind: "embedded"; dataDir: string } | { kind: "memory" }): Promise<Database> {
  let releaseLock = () => {};
  let client: PGlite;
  if (target.kind === "embedded") {
    mkdirSync(target.dataDir, { recursive: true });
    releaseLock = lockDataDir(target.dataDir);
    try {
      client = await PGlite.create(join(target.dataDir, "pgdata"), PGLITE_OPTIONS);
    } catch (e) {
      releaseLock();
      throw e;
    }
  } else {
    client = await PGlite.create(PGLITE_OPTIONS);
  }
  const session: SqlSession = {
    exec: async (sql) => {
      await client.exec(sql);
    },
    query: async <T,>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
  };
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: "embedded",
    db,
    readDb: db,
    // PGlite is a single connection (and a single process): its one session is the session.
    withSession: (fn) => fn(session),
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

async function openPostgres(target: { url: string; schema?: string; max?: number; readTimeoutMs?: number }): Promise<Database> {
  const options = {
    connectionString: target.url,
    max: target.max ?? 10,
    ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
  };
  const pool = new Pool(options);
  const reads = new Pool({ ...options, statement_timeout: target.readTimeoutMs ?? DEFAULT_READ_TIMEOUT_MS });
  // An idle client losing its connection must not crash the process.
  pool.on("error", () => {});
  reads.on("error", () => {});
  const wrap = (c: PoolClient): SqlSession => ({
    exec: async (sql) => {
      await c.query(sql);
    },
    query: async <T,>(sql: string, params?: unknown[]) => (await c.query(sql, params)).rows as T[],
  });
  // Fail now, with the driver's message, rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  return {
    kind: "postgres",
    db: drizzlePg({ client: pool, schema }) as unknown as Db,
    readDb: drizzlePg({ client: reads, schema }) as unknown as Db,
    withSession: async (fn) => {
      const c = await pool.connect();
      try {
        return await fn(wrap(c));
      } finally {
        c.release();
      }
    },
    close: async () => {
      await Promise.all([pool.end(), reads.end()]);
    },
  };
}

/**
 * PGlite is a single-process database: two processes opening one directory would corrupt it.
 * A pid file refuses the second one (the `users` CLI while the server runs, a second server).
 */
function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, "db.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      const release = () => {
        // (one listener per open database, removed with it: a process that opens many in turn,
        // the tests, would otherwise pile them up past Node's warning)
        process.off("exit", release);
        try {
          if (readFileSync(file, "utf8") === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const pid = Number(readFileSync(file, "utf8"));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DatabaseBusyError(
          `The embedded database in ${dataDir} is in use by process ${pid}. Stop that process first ` +
            `(or use DATABASE_URL with PostgreSQL to run several processes). If no dashboard is running, delete ${file}.`,
        );
      }
      // A stale lock from a process that is gone (or our own): take it over.
      if (existsSync(file)) unlinkSync(file);
    }
  }
  throw new DatabaseBusyError(`Could not lock ${file}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}
