/**
 * The server Playwright tests run against: the simulated exchange plus `next start` on a
 * prebuilt dist dir, in demo mode, with a throwaway database. Started by playwright.config.ts
 * (webServer) and stopped by it with SIGTERM.
 *
 *   E2E_PORT      dashboard port (required; the config picks a free one)
 *   E2E_DIST_DIR  the Next build to serve (default .next-test, built by `npm run build:test`)
 *   E2E_WEIGHT_PER_10S, E2E_COMMISSION_DAYS  WEEX's limit (default 2000) and the days of
 *                 commission records (default 90) the server syncs: see below
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSimulator } from "../lib/simulator";
import { MODE_ENV_VARS } from "../lib/test/next-server-env";
import { simUrlFile } from "./sim-url";

const require = createRequire(import.meta.url);
const port = process.env.E2E_PORT;
const distDir = process.env.E2E_DIST_DIR || ".next-test";
if (!port) throw new Error("E2E_PORT is not set");
if (!existsSync(join(distDir, "BUILD_ID"))) {
  console.error(`[e2e] no build in ${distDir}: run \`npm run build:test\` (or NEXT_DIST_DIR=${distDir} npx next build) first`);
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), "weex-e2e-"));
// The exchange of an account whose limit WEEX raised to 4× the default (2000 weight per 10 s,
// on both sides: the simulator refuses past it, the dashboard budgets to it). The browser tests
// check pages; many wait for the first backfill, which at the default limit takes 8-14 minutes
// of budget and would hold the whole suite. The budget's own rules (weights, windows, 429s,
// people first, fair shares) are tested at WEEX's default limit by the unit and HTTP suites.
// E2E_WEIGHT_PER_10S=500 runs the browser tests at the default limit.
const weightPer10s = Number(process.env.E2E_WEIGHT_PER_10S || 2000);
if (!Number.isInteger(weightPer10s) || weightPer10s < 1) throw new Error(`E2E_WEIGHT_PER_10S must be a positive whole number of weight per 10 s, not "${process.env.E2E_WEIGHT_PER_10S}"`);
// Port 0: a free port, so a running demo (4010) or another test run does not collide.
const sim = await startSimulator({ port: 0, quiet: true, ipWeightPer10s: weightPer10s, uidWeightPer10s: weightPer10s });
// Specs that switch the simulator's data modes (odd-records.spec.ts) find it here.
writeFileSync(simUrlFile(port), sim.url);

// Demo mode, asked for (WEEX_MODE=demo): none of the mode-selecting variables of the
// surrounding shell (live keys, base URLs, a database, secrets) reach the server. Empty, not
// deleted: that also keeps Next from loading them from a .env file.
const env: NodeJS.ProcessEnv = { ...process.env };
for (const k of MODE_ENV_VARS) env[k] = "";
Object.assign(env, {
  NODE_ENV: "production",
  WEEX_MODE: "demo",
  NEXT_DIST_DIR: distDir,
  DATA_DIR: dataDir,
  SIM_PORT: String(sim.port),
  WEEX_IP_WEIGHT_PER_10S: String(weightPer10s),
  WEEX_UID_WEIGHT_PER_10S: String(weightPer10s),
  PORT: port,
  NEXTAUTH_URL: `http://127.0.0.1:${port}`,
  // Commission records of the last 90 days, not the year (ARCHIVE_COMMISSION_DAYS, default 365):
  // every spec that checks commission figures reads the last 30 days at most (an older period's
  // page asks WEEX live for it, as a page past the archive's range does), and the rest of the
  // year was ~200 s of the server's CPU beside the specs (bench/e2e-backfill.ts: 351 s of CPU for
  // 365 days, 146 s for 90). The sync's rules do not depend on the number of days (the unit and
  // HTTP suites keep 7-60). E2E_COMMISSION_DAYS=365 runs the browser tests with the demo's year.
  ARCHIVE_COMMISSION_DAYS: process.env.E2E_COMMISSION_DAYS || "90",
  // The specs' webhook receivers listen on 127.0.0.1 with ports known only then: allowed host-wide.
  ALERT_WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
  // Playwright pipes the server's output into the test log: only warnings and errors.
  LOG_LEVEL: process.env.LOG_LEVEL || "warn",
});

const next = spawn(process.execPath, [require.resolve("next/dist/bin/next"), "start", "-p", port, "-H", "127.0.0.1"], { stdio: "inherit", env });
console.log(`[e2e] simulator ${sim.url}, dashboard http://127.0.0.1:${port} (${distDir}), data ${dataDir}`);

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  if (next.exitCode === null) next.kill("SIGTERM");
  await sim.close().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(simUrlFile(port!), { force: true });
  process.exit(code);
}
next.on("exit", (code) => void stop(code ?? 1));
process.on("SIGTERM", () => void stop(0));
process.on("SIGINT", () => void stop(0));
