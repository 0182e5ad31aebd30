/**
 * `npm run demo`: the whole dashboard against the simulated exchange, one command on a fresh
 * clone after `npm install`.
 *
 *   1. refuses when live WEEX credentials are configured (demo mode makes no sense then);
 *   2. builds the app into .next if the build is missing or stale (scripts/build-if-needed.ts);
 *   3. starts the simulator in this process on SIM_PORT (4010);
 *   4. starts `next start -p ${PORT:-3000}` with WEEX_MODE=demo and no WEEX_API_* keys, so the
 *      server runs in demo mode (only asked for: `npm start` without keys refuses) and reaches
 *      the simulator over real HTTP with real signatures;
 *   5. if the login page offers the demo accounts (a database of the demo's own), adds an example
 *      partner and example alert rules over the API (demo-seed.ts), once;
 *   6. prints the URL and the demo logins (if the login page offers them), and stops both on Ctrl-C / SIGTERM; if the
 *      dashboard dies, the simulator is stopped too and the exit code is non-zero.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { startSimulator, type Simulator } from "../lib/simulator";
import { simOptionsFromEnv } from "../lib/simulator/env";
import { roleLines } from "../lib/contract/roles";
import { DEMO_PARTNER, DEMO_PARTNER_PASSWORD, seedDemo } from "./demo-seed";

const require = createRequire(import.meta.url);
// Next's own .env loader (a CommonJS bundle: named ESM imports of it fail at run time).
const { loadEnvConfig } = require("@next/env") as typeof import("@next/env");
const root = process.cwd();
const LIVE_KEYS = ["WEEX_API_KEY", "WEEX_API_SECRET", "WEEX_API_PASSPHRASE", "WEEX_TRADE_API_KEY", "WEEX_TRADE_API_SECRET", "WEEX_TRADE_API_PASSPHRASE"];
/** The demo always talks to its own simulator, whatever the env files say. */
const LIVE_URLS = ["WEEX_SPOT_BASE_URL", "WEEX_CONTRACT_BASE_URL"];

function fail(message: string, code = 1): never {
  console.error(`[demo] ${message}`);
  process.exit(code);
}

// 1. Live credentials in the environment or in the .env files `next start` would read.
loadEnvConfig(root, false, { info: () => {}, error: (...a: unknown[]) => console.error(...a) });
const live = ["WEEX_API_KEY", "WEEX_API_SECRET", "WEEX_API_PASSPHRASE"].filter((k) => process.env[k]?.trim());
if (live.length > 0) {
  fail(
    `${live.join(", ")} ${live.length === 1 ? "is" : "are"} set (environment or .env file): that is live mode, and the demo ` +
      "runs against the built-in simulator instead. Unset them to run the demo, or use `npm run build && npm start` for live mode.",
  );
}

let simOpts;
try {
  simOpts = simOptionsFromEnv();
} catch (e) {
  fail((e as Error).message, 2);
}
const port = process.env.PORT?.trim() || "3000";
/** The demo server's V8 old-space bound (MB): its live set during a backfill is well under it. */
const DEMO_HEAP_MB = 256;
const distDir = process.env.NEXT_DIST_DIR?.trim() || ".next";

// 2. Build if needed (same script as the test pipeline).
const build = spawnSync(process.execPath, [require.resolve("tsx/cli"), "scripts/build-if-needed.ts", distDir], {
  stdio: "inherit",
  env: { ...process.env, NEXT_DIST_DIR: distDir },
});
if (build.status !== 0) fail(`the build failed (exit ${build.status ?? build.signal})`);

// 3. The simulator.
let sim: Simulator;
try {
  sim = await startSimulator({ ...simOpts, quiet: true });
} catch (e) {
  const err = e as NodeJS.ErrnoException;
  fail(err.code === "EADDRINUSE" ? `port ${simOpts.port} is in use: set SIM_PORT to a free port` : `the simulator did not start: ${err.message}`);
}

// 4. The dashboard, in demo mode: asked for, live keys blanked (an empty value also stops Next
// from loading one from a .env file), SIM_* passed through so it finds the simulator.
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  WEEX_MODE: "demo",
  PORT: port,
  NEXT_DIST_DIR: distDir,
  SIM_PORT: String(sim.port),
  // Keep the terminal readable for someone trying the demo; LOG_LEVEL=info shows every WEEX call.
  LOG_LEVEL: process.env.LOG_LEVEL?.trim() || "warn",
  // V8 sizes its heap from the machine's memory (gigabytes here) and collects lazily, so during
  // the first backfill the server grew to 700+ MB of mostly garbage on one run and 400 MB on
  // the next (bench/demo.ts). A bound keeps it near what it really holds; NODE_OPTIONS set by
  // the person running the demo comes last and wins.
  NODE_OPTIONS: `--max-old-space-size=${DEMO_HEAP_MB} ${process.env.NODE_OPTIONS ?? ""}`.trim(),
};
for (const k of [...LIVE_KEYS, ...LIVE_URLS]) env[k] = "";
const next: ChildProcess = spawn(process.execPath, [require.resolve("next/dist/bin/next"), "start", "-p", port], { stdio: "inherit", env });

let stopping = false;

async function stop(exitCode: number): Promise<never> {
  stopping = true;
  if (next.exitCode === null && next.signalCode === null) {
    next.kill("SIGTERM");
    const killer = setTimeout(() => next.kill("SIGKILL"), 10_000);
    await new Promise((resolve) => next.once("exit", resolve));
    clearTimeout(killer);
  }
  await sim.close();
  process.exit(exitCode);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (!stopping) {
      console.log("\n[demo] stopping …");
      void stop(0);
    }
  });
}

next.on("exit", (code, signal) => {
  // Ctrl-C reaches the child too; give our own signal handler the chance to run first.
  setTimeout(() => {
    if (stopping) return;
    console.error(`[demo] the dashboard exited (${signal ?? `code ${code}`}); stopping the simulator.`);
    void sim.close().then(() => process.exit(code || 1));
  }, 200);
});

// 5. Announce once the dashboard answers.
async function waitForDashboard(): Promise<boolean> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && !stopping) {
    try {
      await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) });
      return true;
    } catch {
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  return false;
}

/**
 * Whether the login page offers the demo accounts: a database that already had other users
 * (a DATA_DIR or DATABASE_URL of a real install) gets none, and the server logs why.
 */
async function demoAccountsOffered(): Promise<boolean> {
  try {
    const page = await fetch(`http://127.0.0.1:${port}/login`, { signal: AbortSignal.timeout(30_000) });
    return (await page.text()).includes('data-testid="demo-accounts"');
  } catch {
    return true;
  }
}

/** The example partner and alert rules (demo-seed.ts), added to a fresh demo database; what to say of them. */
async function seeded(): Promise<string> {
  try {
    const { partner, rulesAdded } = await seedDemo(`http://127.0.0.1:${port}`, sim.data);
    const who = partner ? `\n  ${DEMO_PARTNER.padEnd(8)} a partner: sees sub-affiliates ${partner.subAffiliateUids.join(", ")} and invite code ${partner.inviteCodes.join(", ")} only (password: ${DEMO_PARTNER_PASSWORD})` : "";
    const rules = rulesAdded ? `\n\n  Added ${rulesAdded} example alert rules: they fire on /alerts once the history is built (/admin/sync shows how far it is).` : "";
    return who + rules;
  } catch (e) {
    return `\n\n  (The example partner and alert rules were not added: ${(e as Error).message}.)`;
  }
}

if (await waitForDashboard()) {
  const accounts = (await demoAccountsOffered())
    ? `Log in with one of the demo accounts (password: demo):\n${roleLines()}${await seeded()}`
    : "This database has users other than the demo accounts, so the demo offers none: log in with your own account (the server's log says more).";
  console.log(`
  WEEX affiliate dashboard (demo mode) running at http://localhost:${port}

  ${accounts}

  Simulated exchange: ${sim.url} (seed ${simOpts.seed}, scale ${simOpts.scale})
  Ctrl-C stops both.
`);
} else if (!stopping) {
  console.error(`[demo] the dashboard did not answer on port ${port} within 2 minutes`);
  await stop(1);
}
