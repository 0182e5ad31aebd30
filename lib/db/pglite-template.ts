/**
 * Vitest globalSetup of the "unit" project: one embedded database, opened and migrated once per
 * run, that test-support's PGlite back end copies for every test database it opens.
 *
 * Opening a new PGlite runs initdb inside WebAssembly: 4-9 s of CPU on this 2-core machine
 * under load, against ~1 s to copy a migrated data directory and open it. The unit suite opened
 * some 70 of them (a fresh one before each test of the database, alerts and archive suites),
 * most of its time. A copy is the same database a fresh open plus every migration gives; the
 * template itself is never opened by a test.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "./connection";
import { migrate } from "./migrate";

declare module "vitest" {
  export interface ProvidedContext {
    /** a migrated embedded data directory to copy (never to open in place) */
    pgliteTemplate: string;
    /** where the copies go (removed with the run) */
    pgliteCopies: string;
  }
}

/**
 * A new embedded data directory at `dataDir`, opened, migrated and closed: what a first start
 * of the dashboard leaves in its DATA_DIR's database. Also the HTTP tests' servers' template
 * (tests/http/global-setup.ts).
 */
export async function migratedDataDir(dataDir: string): Promise<void> {
  const database = await openDatabase({ kind: "embedded", dataDir });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
}

export default async function setup(project: TestProject) {
  const root = mkdtempSync(join(tmpdir(), "weex-unit-db-"));
  const template = join(root, "template");
  await migratedDataDir(template);
  const copies = join(root, "copies");
  mkdirSync(copies);
  project.provide("pgliteTemplate", template);
  project.provide("pgliteCopies", copies);
  return () => rmSync(root, { recursive: true, force: true });
}
