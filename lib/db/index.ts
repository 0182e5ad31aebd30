/**
 * The process's database: `getDb()` opens it on first use (PostgreSQL when DATABASE_URL is set,
 * else embedded PGlite in DATA_DIR), applies pending migrations, and makes sure the startup
 * accounts exist. Every later call returns the same instance.
 */
import "server-only";
import { getConfig, parseDatabaseTarget, type DatabaseTarget } from "@/lib/config/config";
import { logger } from "@/lib/log/log";
import { openDatabase, type Database, type Db } from "./connection";
import { migrate } from "./migrate";
import { demoPartnerScope, ensureStartupUsers } from "./users";
import type { Scope } from "@/lib/contract/scope";

export { openDatabase, type Database, type Db, type DatabaseKind, type SqlSession } from "./connection";

const g = globalThis as typeof globalThis & { __weexDatabase?: Promise<Database>; __weexDemoAccounts?: boolean };

/** Open, migrate and prepare a database (also used by the CLI and by tests). */
export async function prepareDatabase(target: DatabaseTarget, opts: { bootstrap?: boolean } = {}): Promise<Database> {
  const log = logger("db");
  const database = await openDatabase(target);
  try {
    const { applied, changed } = await migrate(database);
    if (applied.length) log.info({ applied }, "applied database migrations");
    if (changed.length) log.warn({ changed }, "applied migrations have changed on disk since; they are not re-run");
    if (opts.bootstrap !== false) {
      const config = getConfig();
      const { demoAccounts } = await ensureStartupUsers(database.db, {
        mode: config.mode,
        bootstrapAdmin: config.bootstrapAdmin,
        warn: (m) => log.warn(m),
      });
      g.__weexDemoAccounts = demoAccounts;
    }
    return database;
  } catch (e) {
    await database.close().catch(() => {});
    throw e;
  }
}

/** The process's database handle (kind, Drizzle db, raw sessions). */
export function getDatabase(): Promise<Database> {
  if (!g.__weexDatabase) {
    g.__weexDatabase = prepareDatabase(getConfig().database);
    // A failed start is not cached: the next request tries again (e.g. PostgreSQL came up).
    g.__weexDatabase.catch(() => {
      g.__weexDatabase = undefined;
    });
  }
  return g.__weexDatabase;
}

/**
 * The database alone, for tools (the users CLI): DATABASE_URL or DATA_DIR, migrated, without
 * the server's start-up (no mode to decide, no start-up accounts: `npm run users -- add alice`
 * on a fresh DATA_DIR creates alice and nobody else). Later getDb() calls return it.
 */
export function openToolDatabase(): Promise<Database> {
  g.__weexDatabase ??= prepareDatabase(parseDatabaseTarget(process.env).database, { bootstrap: false });
  return g.__weexDatabase;
}

/**
 * Whether the login page offers the demo accounts: demo mode, and this start found them to be
 * the database's own (ensureStartupUsers); never during `next build`, which opens no database.
 */
export async function demoAccountsOffered(): Promise<boolean> {
  if (process.env.NEXT_PHASE === "phase-production-build" || getConfig().mode !== "demo") return false;
  try {
    await getDatabase();
  } catch {
    return false;
  }
  return g.__weexDemoAccounts === true;
}

/** The demo's example partner for the login page: their scope, when the demo accounts are offered and `npm run demo` has added them. */
export async function demoPartnerOffered(): Promise<Scope | null> {
  if (!(await demoAccountsOffered())) return null;
  return demoPartnerScope((await getDatabase()).db);
}

/** The Drizzle database every query uses. */
export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** The process's database for people's archive reads (PostgreSQL: under a statement timeout, connection.ts). */
export async function getReadDb(): Promise<Db> {
  return (await getDatabase()).readDb;
}

/** Close the process's database (CLI exit, tests). */
export async function closeDatabase(): Promise<void> {
  const pending = g.__weexDatabase;
  g.__weexDatabase = undefined;
  if (pending) await (await pending).close();
}
