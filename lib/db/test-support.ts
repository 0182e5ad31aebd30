/**
 * Test databases for the Vitest suites: PGlite in memory always, and PostgreSQL too when
 * TEST_DATABASE_URL is set (each database in a fresh schema of its own, dropped afterwards).
 */
import { randomBytes } from "node:crypto";
import { Pool } from "pg";
import { afterAll, beforeAll, describe } from "vitest";
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

export function testBackends(): TestBackend[] {
  const backends: TestBackend[] = [
    {
      name: "pglite",
      async open() {
        const db = await openDatabase({ kind: "memory" });
        await migrate(db);
        return db;
      },
    },
  ];
  const url = TEST_DATABASE_URL;
  if (url) {
    backends.push({
      name: "postgres",
      async open() {
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
      },
    });
  }
  return backends;
}

/**
 * A suite per test database (`describe` named "<name> on pglite|postgres"): the database is
 * opened before the suite's tests and closed after them; `body` reads it through `db()`.
 */
export function onEachTestDatabase(name: string, body: (db: () => Database) => void): void {
  for (const backend of testBackends()) {
    describe(`${name} on ${backend.name}`, () => {
      let database: Database | undefined;
      beforeAll(async () => {
        database = await backend.open();
      }, 180_000);
      afterAll(async () => {
        await database?.close();
      });
      body(() => database!);
    });
  }
}
