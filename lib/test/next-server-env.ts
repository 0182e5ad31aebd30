/**
 * Shared by the HTTP test harness and the benches, which both start `next start` themselves:
 * a free loopback port, the variables that select the mode, the database, the secret or the
 * trusted proxies (each
 * server sets them explicitly so nothing leaks in from the shell or .env files), and starting
 * and stopping the server process itself.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";

const require = createRequire(import.meta.url);

export const MODE_ENV_VARS = [
  "WEEX_MODE",
  "WEEX_API_KEY",
  "WEEX_API_SECRET",
  "WEEX_API_PASSPHRASE",
  "WEEX_TRADE_API_KEY",
  "WEEX_TRADE_API_SECRET",
  "WEEX_TRADE_API_PASSPHRASE",
  "WEEX_SPOT_BASE_URL",
  "WEEX_CONTRACT_BASE_URL",
  "SIM_API_KEY",
  "SIM_API_SECRET",
  "SIM_API_PASSPHRASE",
  "SIM_PORT",
  "DATABASE_URL",
  "AUTH_SECRET",
  "NEXTAUTH_SECRET",
  "BOOTSTRAP_ADMIN_USERNAME",
  "BOOTSTRAP_ADMIN_PASSWORD",
  // whose X-Forwarded-For counts: a test server trusts exactly what its test says
  "TRUSTED_PROXIES",
] as const;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A server starts in demo mode only when asked (WEEX_MODE=demo), and the servers the tests and
 * benches start are demo servers unless they say otherwise: WEEX_MODE=demo is added to `env`
 * unless it names WEEX_MODE itself (even empty: a start-up refusal test of an unset mode) or
 * any WEEX_API_* key (live mode, or a refusal test of an incomplete key).
 */
export function demoUnlessLive(env: Record<string, string>): Record<string, string> {
  const selects = "WEEX_MODE" in env || ["WEEX_API_KEY", "WEEX_API_SECRET", "WEEX_API_PASSPHRASE"].some((k) => env[k]?.trim());
  return selects ? env : { WEEX_MODE: "demo", ...env };
}

export interface NextStart {
  child: ChildProcess;
  port: number;
  url: string;
  /** resolves with the exit code when the process ends */
  exited: Promise<number | null>;
  /** SIGTERM, SIGKILL after `killAfterMs`; then the log is closed */
  stop(killAfterMs: number): Promise<void>;
}

/**
 * `next start` of a built dist dir on a free loopback port, its output written to `logFile`.
 * The environment is this process's, with every MODE_ENV_VARS entry blanked (empty, not
 * deleted: that also keeps Next from loading one from a .env file), then production settings
 * and `env` on top. Demo mode unless `env` says otherwise (demoUnlessLive). `cwd`: another
 * checkout to serve (its own build and migrations), e.g. the code before a change for a bench.
 */
export async function spawnNextStart(opts: { distDir: string; dataDir: string; logFile: string; env: Record<string, string>; cwd?: string }): Promise<NextStart> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of MODE_ENV_VARS) env[k] = "";
  // NEXTAUTH_URL cannot be blanked (next-auth parses an empty one as a URL): unset, the request decides.
  delete env.NEXTAUTH_URL;
  Object.assign(env, { NODE_ENV: "production", NEXT_DIST_DIR: opts.distDir, DATA_DIR: opts.dataDir, NEXT_TELEMETRY_DISABLED: "1", ...demoUnlessLive(opts.env) });
  const child = spawn(process.execPath, [require.resolve("next/dist/bin/next"), "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: opts.cwd ?? process.cwd(),
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log = createWriteStream(opts.logFile);
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    exited,
    async stop(killAfterMs) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const killer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
        await exited;
        clearTimeout(killer);
      }
      await new Promise<void>((r) => log.end(r));
    },
  };
}
