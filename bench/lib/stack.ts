/**
 * The stack the benchmarks measure, started the way `npm run demo` starts it: the simulator in
 * this process and the built dashboard (`next start`, demo mode) as a child process reaching
 * it over real HTTP, both on free loopback ports. Plus what several benches need: signing in,
 * the dashboard's resident memory, and the block of figures each bench prints for run-all.
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startSimulator, type Simulator, type SimulatorOptions } from "../../lib/simulator/index";
import { freePort, spawnNextStart } from "../../lib/test/next-server-env";
import { credentialsSignIn } from "../../scripts/sign-in";

export { freePort };

const require = createRequire(import.meta.url);
const root = process.cwd();

/** The build the benches run: BENCH_DIST_DIR, else `.next` (what `npm run demo` uses). */
export const DIST_DIR = process.env.BENCH_DIST_DIR?.trim() || ".next";

/** Build into DIST_DIR unless a build newer than every source is there (scripts/build-if-needed.ts). */
export function ensureBuilt(distDir = DIST_DIR): void {
  const r = spawnSync(process.execPath, [require.resolve("tsx/cli"), "scripts/build-if-needed.ts", distDir], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (r.status !== 0) throw new Error(`building ${distDir} failed (exit ${r.status})`);
}



export interface StackOptions {
  /** simulator options (port, seed, budgets …); the port defaults to a free one */
  sim?: SimulatorOptions;
  /** extra environment for the dashboard (ARCHIVE_SYNC, WEEX_*_WEIGHT_PER_10S …) */
  env?: Record<string, string>;
  /** a DATA_DIR to keep (the archive between runs); default: a temporary one, removed at stop */
  dataDir?: string;
  distDir?: string;
  /** another checkout to serve, with its own build in `distDir` (a before/after comparison) */
  cwd?: string;
}

export interface Stack {
  /** the dashboard */
  url: string;
  sim: Simulator;
  /** the `next start` process */
  child: ChildProcess;
  dataDir: string;
  logFile: string;
  stop(): Promise<void>;
}

export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const distDir = opts.distDir ?? DIST_DIR;
  if (!existsSync(join(opts.cwd ?? root, distDir, "BUILD_ID"))) throw new Error(`no build in ${distDir}: run \`npm run build\` (or set BENCH_DIST_DIR)`);
  const sim = await startSimulator({ port: 0, quiet: true, ...opts.sim });
  const temporary = !opts.dataDir;
  const dataDir = opts.dataDir ? resolve(opts.dataDir) : mkdtempSync(join(tmpdir(), "weex-bench-"));
  mkdirSync(dataDir, { recursive: true });
  const logFile = join(temporary ? dataDir : tmpdir(), `weex-bench-server-${process.pid}.log`);
  const next = await spawnNextStart({
    distDir,
    dataDir,
    logFile,
    cwd: opts.cwd,
    env: {
      SIM_PORT: String(sim.port),
      // one log line per WEEX request would measure the disk, not the dashboard
      LOG_LEVEL: "warn",
      ...opts.env,
    },
  });
  const { child, url } = next;

  const stack: Stack = {
    url,
    sim,
    child,
    dataDir,
    logFile,
    async stop() {
      await next.stop(10_000);
      await sim.close();
      if (temporary) rmSync(dataDir, { recursive: true, force: true });
      else rmSync(logFile, { force: true });
    },
  };

  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return stack;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  const tail = existsSync(logFile) ? readFileSync(logFile, "utf8").slice(-2000) : "";
  await stack.stop();
  throw new Error(`the dashboard did not become healthy on ${url}\n${tail}`);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sign in through next-auth's credentials flow; the Cookie header to use afterwards. */
export async function login(base: string, username: string, password = "demo"): Promise<string> {
  const answer = await credentialsSignIn(base, username, password);
  if (!answer.signedIn) throw new Error(`sign-in as ${username} failed: HTTP ${answer.status}`);
  return answer.cookie;
}

interface SyncStatus {
  datasets: { dataset: string; state: string; syncedAt: number | null; rows: number }[];
}

/** Wait until every archive dataset has synced and is idle; the datasets' row counts. */
export async function archiveReady(stack: Stack, timeoutMs: number): Promise<string> {
  const admin = await login(stack.url, "admin");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = (await (await fetch(`${stack.url}/api/admin/sync`, { headers: { cookie: admin } })).json()) as SyncStatus;
    if (status.datasets.every((d) => d.syncedAt !== null && d.state === "idle")) return status.datasets.map((d) => `${d.dataset} ${d.rows} rows`).join(", ");
    if (Date.now() > deadline) throw new Error(`the archive did not finish syncing: ${JSON.stringify(status.datasets)}`);
    await sleep(2000);
  }
}

/** Where the benches keep a filled archive between runs (git-ignored). */
export const BENCH_DATA_DIR = "bench/out/data";

/**
 * Fill the archive in `dataDir` as a demo that has run for a few minutes has it: the
 * dashboard's own background sync, from a simulator without weight limits (seconds instead of
 * minutes at WEEX's 500 per 10 s). Later runs on the same directory only top it up.
 */
export async function prepareArchive(dataDir = BENCH_DATA_DIR): Promise<void> {
  const started = Date.now();
  const prep = await startStack({
    dataDir,
    sim: { ipWeightPer10s: 1e9, uidWeightPer10s: 1e9 },
    env: { ARCHIVE_SYNC: "on", WEEX_IP_WEIGHT_PER_10S: "100000000", WEEX_UID_WEIGHT_PER_10S: "100000000" },
  });
  try {
    const held = await archiveReady(prep, 600_000);
    console.log(`[bench] archive ready in ${Math.round((Date.now() - started) / 1000)} s: ${held}`);
  } finally {
    await prep.stop();
  }
}

/** A process and its descendants (Next may run its server in a child of `next start`). */
function processTree(pid: number): number[] {
  const out = [pid];
  for (const task of safeList(`/proc/${pid}/task`)) {
    const children = safeRead(`/proc/${pid}/task/${task}/children`).trim();
    for (const c of children ? children.split(/\s+/) : []) out.push(...processTree(Number(c)));
  }
  return out;
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function safeRead(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

/**
 * Resident memory (MiB) of a process and its descendants, from /proc: the sum of their VmRSS
 * (what `ps` and `top` show; pages shared between the processes count once per process) and
 * of their Pss (shared pages split between the processes that map them: the sum is what they
 * hold together).
 */
export function residentMemory(pid: number): { pids: number[]; rssMiB: number; pssMiB: number } {
  const pids = processTree(pid);
  const sumKb = (file: string, re: RegExp) => pids.reduce((sum, p) => sum + Number(re.exec(safeRead(`/proc/${p}/${file}`))?.[1] ?? 0), 0);
  const mib = (kb: number) => Math.round((kb / 1024) * 10) / 10;
  return { pids, rssMiB: mib(sumKb("status", /VmRSS:\s+(\d+)/)), pssMiB: mib(sumKb("smaps_rollup", /Pss:\s+(\d+)/)) };
}

/**
 * The figures block every bench prints last; run-all copies it into RESULTS.md.
 *   ===== BENCH <name> =====
 *   key: value
 *   ===== END <name> =====
 */
export function printFigures(name: string, figures: Record<string, string | number>): void {
  const lines = Object.entries(figures).map(([k, v]) => `${k}: ${v}`);
  console.log([`===== BENCH ${name} =====`, ...lines, `===== END ${name} =====`].join("\n"));
}

/** Percentile of a sorted array of numbers. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export const ms = (v: number) => `${v.toFixed(2)} ms`;
