/**
 * Vitest globalSetup of each of the two HTTP projects (contract 4; vitest.config.ts): the simulator on a random port, the
 * built dashboard (`.next-test`, `npm run build:test`) started in demo mode against it on a
 * random port with a temporary DATA_DIR (demo users viewer/trader/admin, password "demo").
 *
 * The simulator gets distinctive credentials for this run (passed to the dashboard as SIM_*),
 * so the secrets test can look for exactly these values in responses, logs and the build.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { migratedDataDir } from "../../lib/db/pglite-template";
import { startSimulator } from "../../lib/simulator";
import { DIST_DIR, ensureBuilt, LOOPBACK, startNextServer, setPgliteTemplate } from "./server";

export interface SimCredentials {
  apiKey: string;
  apiSecret: string;
  passphrase: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    simUrl: string;
    /** the dashboard server's stdout+stderr */
    serverLog: string;
    dataDir: string;
    distDir: string;
    simCredentials: SimCredentials;
  }
}

export default async function setup(project: TestProject) {
  ensureBuilt(DIST_DIR);
  // One migrated database per run, copied into each server's new DATA_DIR (server.ts).
  const templateRoot = mkdtempSync(join(tmpdir(), "weex-http-template-"));
  await migratedDataDir(templateRoot);
  setPgliteTemplate(templateRoot);
  project.provide("pgliteTemplate", templateRoot);
  const tag = randomBytes(6).toString("hex");
  const simCredentials: SimCredentials = {
    apiKey: `httptest-key-${tag}`,
    apiSecret: `httptest-secret-${tag}`,
    passphrase: `httptest-passphrase-${tag}`,
  };
  const sim = await startSimulator({ port: 0, quiet: true, ...simCredentials });
  let server;
  try {
    server = await startNextServer({
      env: {
        WEEX_SPOT_BASE_URL: sim.url,
        WEEX_CONTRACT_BASE_URL: sim.url,
        SIM_API_KEY: simCredentials.apiKey,
        SIM_API_SECRET: simCredentials.apiSecret,
        SIM_API_PASSPHRASE: simCredentials.passphrase,
        // Tests' webhook receivers listen on 127.0.0.1 with ports known only then: allowed host-wide.
        ALERT_WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
        // The tests stand where a reverse proxy would: their X-Forwarded-For is believed, so a
        // test can be any client (throttle.test.ts). Without it the header counts for nothing.
        TRUSTED_PROXIES: LOOPBACK,
      },
    });
  } catch (e) {
    await sim.close();
    rmSync(templateRoot, { recursive: true, force: true });
    throw e;
  }

  project.provide("baseUrl", server.url);
  project.provide("simUrl", sim.url);
  project.provide("serverLog", server.logFile);
  project.provide("dataDir", server.dataDir);
  project.provide("distDir", DIST_DIR);
  project.provide("simCredentials", simCredentials);

  return async () => {
    await server.stop();
    await sim.close();
    rmSync(templateRoot, { recursive: true, force: true });
  };
}
