/**
 * Several instances of the dashboard on one PostgreSQL database, as a deployment behind a load
 * balancer runs them (docs/deployment.md): the tests of what must hold across instances (the
 * order cap, sign-in throttling and sessions, API tokens) start them with `sharedInstances`.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { freshSchema } from "../../lib/db/test-support";
import { startSimulator, type Simulator } from "../../lib/simulator";
import { startNextServer, type NextServer } from "./server";

/** How long another instance may still accept an ended session or a revoked token (auth.ts USER_CACHE_MS), and slack for a loaded machine. */
export const CACHE_MS = 5_000;
export const SLACK_MS = 10_000;

export interface SharedInstances {
  /** the instances, in the order they started (filled in beforeAll) */
  servers: NextServer[];
  sim(): Simulator;
}

/**
 * Registers, in the calling `describe`, a simulator and `count` dashboards on a fresh schema of
 * `url` started before its tests and stopped after them. They share one AUTH_SECRET, as a
 * deployment's instances do (a cookie from one is read by the other), and `env`.
 */
export function sharedInstances(url: string, env: Record<string, string> = {}, count = 2): SharedInstances {
  let sim: Simulator | undefined;
  let schema: Awaited<ReturnType<typeof freshSchema>> | undefined;
  const servers: NextServer[] = [];

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, quiet: true, scale: 0.05 });
    schema = await freshSchema(url);
    const databaseUrl = `${url}${url.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema.schema}`)}`;
    const all = { WEEX_SPOT_BASE_URL: sim.url, WEEX_CONTRACT_BASE_URL: sim.url, DATABASE_URL: databaseUrl, AUTH_SECRET: randomBytes(32).toString("base64url"), ...env };
    // one after the other: the first migrates, the others find the schema ready
    for (let i = 0; i < count; i++) servers.push(await startNextServer({ env: all }));
  }, 240_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await sim?.close();
    await schema?.drop();
  });

  return {
    servers,
    sim: () => {
      if (!sim) throw new Error("the instances start in beforeAll");
      return sim;
    },
  };
}
