/**
 * Test databases for the Vitest suites: PGlite always, and PostgreSQL too when
 * TEST_DATABASE_URL is set (each database in a fresh schema of its own, dropped afterwards).
 * In the unit project each PGlite database is a copy of the run's migrated template
 * (pglite-template.ts: a copy opens in ~1 s, a new PGlite runs initdb for 4-9 s); elsewhere a
 * new one in memory, migrated.
 */
import { randomBytes } from "node:crypto";
import { constants, cpSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { Pool } from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, inject } from "vitest";
import { openDatabase, type Database } from "./connection";
import { migrate } from "./migrate";

export interface TestBackend {
  name: "pglite" | "postgres";
  /** a new, migrated, empty database */
  open(): Promise<Database>;
}

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** A fresh schema on TEST_DATABASE_URL; `drop()` removes it with everything in it. */
export async function freshSchema(url: string): Promise<{ schema: string; drop(): Promise<void> }> {
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const admin = new Pool({ connectionString: url, max: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  return {
    schema,
    drop: async () => {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

/** A new copy of the unit project's migrated template (a data directory), or undefined outside it. */
function templateCopy(): string | undefined {
  const template = inject("pgliteTemplate");
  if (!template) return undefined;
  const dir = mkdtempSync(join(inject("pgliteCopies"), "db-"));
  // A copy-on-write clone where the file system has them, else a plain copy (~40 MB).
  cpSync(template, dir, { recursive: true, mode: constants.COPYFILE_FICLONE });
  return dir;
}

export function testBackends(): TestBackend[] {
  const backends: TestBackend[] = [
    {
      name: "pglite",
      async open() {
        const copy = templateCopy();
        const db = await openDatabase(copy ? { kind: "embedded", dataDir: copy } : { kind: "memory" });
        // Nothing left to apply on a copy; still run, as every open of the dashboard does.
        await migrate(db);
        if (!copy) return db;
        return {
          ...db,
          close: async () => {
            await db.close();
            rmSync(copy, { recursive: true, force: true });
          },
        };
      },
    },
  ];
  if (TEST_DATABASE_URL) backends.push({ name: "postgres", open: openTestPostgres });
  return backends;
}

/** A new, migrated, empty database on TEST_DATABASE_URL: a fresh schema, dropped on close. */
export async function openTestPostgres(): Promise<Database> {
  const url = TEST_DATABASE_URL!;
  const fresh = await freshSchema(url);
  const db = await openDatabase({ kind: "postgres", url, schema: fresh.schema, max: 4 });
  await migrate(db);
  return {
    ...db,
    close: async () => {
      await db.close();
      await fresh.drop();
    },
  };
}

/**
 * A suite per test database (`describe` named "<name> on pglite|postgres"): the database is
 * opened before the suite's tests and closed after them, or with `perTest` a new one before each
 * test and closed after it (for tests that need the database as migrations leave it); `body`
 * reads it through `db()`.
 */
export function onEachTestDatabase(name: string, body: (db: () => Database) => void, opts: { perTest?: boolean } = {}): void {
  const [open, close] = opts.perTest ? [beforeEach, afterEach] : [beforeAll, afterAll];
  for (const backend of testBackends()) {
    describe(`${name} on ${backend.name}`, () => {
      let database: Database | undefined;
      open(async () => {
        database = await backend.open();
      }, 180_000);
      close(async () => {
        await database?.close();
      });
      body(() => database!);
    });
  }
}
