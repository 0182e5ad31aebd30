/**
 * Vitest suites over the archive, kept apart from test-support.ts, which the sync child process
 * and the benches import outside Vitest.
 */
import { afterAll, beforeAll } from "vitest";
import type { PageLister } from "@/lib/affiliate/pages";
import type { Database } from "@/lib/db";
import type { Simulator } from "@/lib/simulator";
import { closeSimulated, frozenClient, simulatorAndDatabase } from "./test-support";

/**
 * A suite's simulator and database on the frozen clock `now`, opened (the database by `open`)
 * before the suite's own `beforeAll` and closed after its tests. Read `suite.sim`,
 * `suite.database` and `suite.client()` (a client of the simulator on that clock) in the tests.
 */
export function frozenArchiveSuite(now: () => number, open: () => Promise<Database>): FrozenArchiveSuite {
  const suite = { client: () => frozenClient(suite.sim, now) } as FrozenArchiveSuite;
  beforeAll(async () => {
    Object.assign(suite, await simulatorAndDatabase(now, open));
  }, 180_000);
  afterAll(() => closeSimulated(suite.database, suite.sim));
  return suite;
}

export interface FrozenArchiveSuite {
  sim: Simulator;
  database: Database;
  client(): PageLister;
}
