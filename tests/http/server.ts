/**
 * Starting the built dashboard (`next start`) for HTTP tests: on a free port, with its own
 * temporary DATA_DIR and an environment that says exactly which mode it runs in (nothing leaks
 * in from the developer's shell or .env files). Used by global-setup.ts and by tests that need
 * a second server (live mode, start-up refusals).
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import { constants, cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnNextStart } from "../../lib/test/next-server-env";

const require = createRequire(import.meta.url);
const root = process.cwd();

/** The build the HTTP tests run against (`npm run build:test`); override for a private build. */
export const DIST_DIR = process.env.HTTP_TEST_DIST_DIR || ".next-test";

/** TRUSTED_PROXIES for a server whose tests act as its reverse proxy (they connect over loopback). */
export const LOOPBACK = "127.0.0.0/8, ::1";


/**
 * A migrated embedded data directory made once per run (global-setup.ts; each test file's
 * process learns it in setup.ts). A server's first start on an empty DATA_DIR runs PGlite's
 * initdb in WebAssembly, ~9 s of CPU on this 2-core machine, before Next serves anything; a
 * copy of a migrated one opens in under a second, and the server still runs every migration
 * (none left) and creates its accounts as on any start.
 */
let pgliteTemplate: string | undefined;

export function setPgliteTemplate(dir: string | undefined): void {
  pgliteTemplate = dir;
}

/** Copy the run's migrated database into `dataDir` unless it has one (or there is no template). */
export function seedDataDir(dataDir: string): void {
  const target = join(dataDir, "pgdata");
  if (!pgliteTemplate || existsSync(target)) return;
  // A copy-on-write clone where the file system has them, else a plain copy (~40 MB).
  cpSync(join(pgliteTemplate, "pgdata"), target, { recursive: true, mode: constants.COPYFILE_FICLONE });
}

export function ensureBuilt(distDir = DIST_DIR): void {
  if (existsSync(join(root, distDir, "BUILD_ID"))) return;
  const r = spawnSync(process.execPath, [require.resolve("tsx/cli"), "scripts/build-if-needed.ts", distDir], {
    stdio: "inherit",
    env: { ...process.env, NEXT_DIST_DIR: distDir },
  });
  if (r.status !== 0) throw new Error(`building ${distDir} failed (exit ${r.status})`);
}


export interface NextServer {
  url: string;
  port: number;
  dataDir: string;
  /** everything the server wrote to stdout and stderr */
  logFile: string;
  child: ChildProcess;
  /** resolves with the exit code when the process ends */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** the mode-selecting variables (the MODE_ENV_VARS ones default to unset; WEEX_MODE to demo unless live: demoUnlessLive) */
  env: Record<string, string>;
  distDir?: string;
  /** wait for /api/health; false for servers expected to refuse to start */
  waitReady?: boolean;
  timeoutMs?: number;
  /** a data directory of the caller's (kept on stop): a restart on the same embedded database */
  dataDir?: string;
}

export async function startNextServer(opts: StartOptions): Promise<NextServer> {
  const distDir = opts.distDir ?? DIST_DIR;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), "weex-http-"));
  const logFile = join(dataDir, `server-${Date.now()}.log`);
  // A server expected to refuse to start gets no database: the refusal must leave none behind.
  // One on PostgreSQL needs none.
  if (opts.waitReady !== false && !opts.env.DATABASE_URL) seedDataDir(dataDir);
  const next = await spawnNextStart({
    distDir,
    dataDir,
    logFile,
    env: {
      LOG_LEVEL: "info",
      // The archive's background sync would make upstream requests the tests do not expect.
      ARCHIVE_SYNC: "off",
      ...opts.env,
    },
  });
  const { child, url, port, exited } = next;
  const server: NextServer = {
    url,
    port,
    dataDir,
    logFile,
    child,
    exited,
    async stop() {
      await next.stop(5_000);
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  if (opts.waitReady === false) return server;

  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  let lastError = "";
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return server;
      lastError = `HTTP ${res.status}`;
    } catch (e) {
      lastError = (e as Error).message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await server.stop();
  throw new Error(`the dashboard on ${url} did not become healthy (${child.exitCode !== null ? `exited ${child.exitCode}` : lastError})`);
}

/** Wait for a server that should refuse to start; its exit code and what it printed. */
export async function waitForExit(server: NextServer, timeoutMs = 30_000): Promise<{ code: number | null }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("the server did not exit")), timeoutMs);
  });
  try {
    return { code: await Promise.race([server.exited, timeout]) };
  } finally {
    clearTimeout(timer);
  }
}
