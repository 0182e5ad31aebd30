/**
 * A freshly started demo, as a person meets it: `npm run demo` itself (npm, the shell it starts,
 * `node --import tsx scripts/demo.ts` and everything under it) on a new DATA_DIR, so the first archive
 * backfill runs against the simulator at WEEX's limits (500 weight per 10 s) for the whole
 * measurement.
 *
 *   npx tsx bench/demo.ts [--samples N] [--runs N]
 *
 * 1. Memory: a minute after the dashboard first answers, the resident memory (sum of VmRSS) of
 *    the demo's own processes (the demo with its in-process simulator, tsx's esbuild service,
 *    `next start`; the embedded database lives inside the server; target < 600 MB), the same
 *    with npm and the shell it starts, and the sum of Pss (shared pages counted once).
 * 2. People's requests during the backfill: a cached GET /api/reference/symbols through the
 *    dashboard (signed in, gzip as browsers ask) against the same request straight to the
 *    simulator (GET /api/v3/exchangeInfo), interleaved one by one, one at a time.
 *    Target: the route's p50 at most 3 ms above the direct p50.
 *    The direct requests come from other loopback addresses (127.0.1.x; the simulator keys IP
 *    weight by address), so the baseline neither spends the backfill's budget nor meets 429.
 * 3. Lighthouse desktop performance of the overview during the backfill (median of --runs).
 *
 * Each measurement checks that the backfill was still running when it ended; otherwise the
 * bench says so (the figure is then not "during the backfill").
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gunzipSync } from "node:zlib";
import { MODE_ENV_VARS } from "../lib/test/next-server-env";
import { audit, describeAudits, lighthouseVersion, startChromium, type Audit } from "./lib/lighthouse";
import { DIST_DIR, ensureBuilt, freePort, login, ms, percentile, printFigures, residentMemory, sleep } from "./lib/stack";

const { values: args } = parseArgs({ options: { samples: { type: "string" }, runs: { type: "string" } } });
const SAMPLES = Math.max(20, Number(args.samples ?? 300));
const RUNS = Math.max(1, Number(args.runs ?? 3));
const WARM_UP = 20;
const MEMORY_AFTER_MS = 60_000;
const MEMORY_TARGET_MB = 600;
const OVERHEAD_TARGET_MS = 3;
const DESKTOP_TARGET = 95;

// ---------------------------------------------------------------------------------------------
// Requests (node:http, so the direct ones can choose their source address)

const routeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
/** One kept-alive agent per source address for the direct requests. */
const directAgents = Array.from({ length: 60 }, (_, i) => new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.1.${i + 1}` }));

/**
 * One GET, timed. A kept-alive socket the server closed while it sat idle (the simulator closes
 * them after 5 s; on a loaded machine 60 agents taking turns leave them idle that long) fails
 * with ECONNRESET the moment it is reused: that request is sent again once on a new socket, as
 * Node's documentation advises (`request.reusedSocket`), instead of ending the bench.
 */
function timedGet(url: string, agent: http.Agent, headers: Record<string, string> = {}, retried = false): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        let body = Buffer.concat(chunks);
        if (res.headers["content-encoding"] === "gzip") body = gunzipSync(body);
        JSON.parse(body.toString("utf8")); // a client reads the answer
        const took = performance.now() - started;
        if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}: ${body.toString("utf8").slice(0, 200)}`));
        else resolve(took);
      });
      res.on("error", reject);
    });
    req.on("error", (e: NodeJS.ErrnoException) => {
      if (req.reusedSocket && e.code === "ECONNRESET" && !retried) resolve(timedGet(url, agent, headers, true));
      else reject(e);
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The demo

interface Demo {
  url: string;
  simUrl: string;
  pid: number;
  stop(): Promise<void>;
}

async function startDemo(dataDir: string, logFile: string): Promise<Demo> {
  const [port, simPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of MODE_ENV_VARS) env[k] = "";
  delete env.NEXTAUTH_URL;
  Object.assign(env, { PORT: String(port), SIM_PORT: String(simPort), DATA_DIR: dataDir, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1" });
  Reflect.deleteProperty(env, "NODE_ENV"); // scripts/demo.ts sets production for the server
  const out: Buffer[] = [];
  // The command a person types; its own process group, so stopping it stops every process in it.
  const child = spawn("npm", ["run", "--silent", "demo"], { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  child.stdout!.on("data", (c: Buffer) => out.push(c));
  child.stderr!.on("data", (c: Buffer) => out.push(c));
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const demo: Demo = {
    url: `http://127.0.0.1:${port}`,
    simUrl: `http://127.0.0.1:${simPort}`,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        signalGroup("SIGTERM");
        const killer = setTimeout(() => signalGroup("SIGKILL"), 15_000);
        await exited;
        clearTimeout(killer);
      }
      writeFileSync(logFile, Buffer.concat(out));
    },
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${demo.url}/api/health`)).ok) return demo;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  await demo.stop();
  throw new Error(`the demo did not answer: ${Buffer.concat(out).toString("utf8").slice(-2000)}`);
}

/** Linux's clock ticks per second (USER_HZ) of /proc/<pid>/stat's utime and stime. */
const TICKS_PER_S = 100;

/** CPU time (user + system, ticks) of the demo's processes, by pid. */
function cpuTicks(pid: number): Map<number, number> {
  return new Map(
    residentMemory(pid).pids.map((p) => {
      const stat = readFileSync(`/proc/${p}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return [p, Number(fields[11]) + Number(fields[12])];
    }),
  );
}

function processName(pid: number): string {
  const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
  if (cmd.startsWith("sh ")) return "shell";
  return cmd.includes("scripts/demo.ts") ? "demo + simulator" : cmd.startsWith("next-server") ? "next-server" : cmd.trim().slice(0, 40);
}

interface SyncStatus {
  datasets: { dataset: string; state: string; syncedAt: number | null; rows: number }[];
}

/** Whether the first backfill is still under way (some dataset never synced), and its rows so far. */
async function backfill(demo: Demo, admin: string): Promise<{ running: boolean; rows: number }> {
  const status = (await (await fetch(`${demo.url}/api/admin/sync`, { headers: { cookie: admin } })).json()) as SyncStatus;
  return { running: status.datasets.some((d) => d.syncedAt === null), rows: status.datasets.reduce((s, d) => s + d.rows, 0) };
}

async function main() {
  ensureBuilt(DIST_DIR);
  const dataDir = mkdtempSync(join(tmpdir(), "weex-bench-demo-"));
  const logFile = join(tmpdir(), `weex-bench-demo-${process.pid}.log`);
  const figures: Record<string, string | number> = {};
  const demo = await startDemo(dataDir, logFile);
  const answeredAt = Date.now();
  try {
    const admin = await login(demo.url, "admin");
    const viewer = await login(demo.url, "viewer");

    // 1. Memory a minute after start, nobody browsing (the backfill runs); meanwhile the CPU
    // the backfill takes, per process.
    const cpuFrom = cpuTicks(demo.pid);
    const cpuFromAt = Date.now();
    await sleep(MEMORY_AFTER_MS - (Date.now() - answeredAt));
    const mem = residentMemory(demo.pid);
    const cpuTo = cpuTicks(demo.pid);
    const seconds = (Date.now() - cpuFromAt) / 1000;
    figures["CPU of each demo process while only the backfill ran (share of one core)"] = [...cpuTo]
      .map(([pid, t]) => `${processName(pid)} ${(((t - (cpuFrom.get(pid) ?? 0)) / TICKS_PER_S / seconds) * 100).toFixed(1)} %`)
      .join(", ") + ` over ${Math.round(seconds)} s`;
    const fill = await backfill(demo, admin);
    // The figure is the demo's own processes (simulator, server, embedded database);
    // npm and the shell it starts come on top for whoever types `npm run demo`.
    const demoPid = mem.pids.find((p) => processName(p) === "demo + simulator");
    const own = demoPid ? residentMemory(demoPid) : mem;
    const mb = (mib: number) => Math.round(mib * 1.048576);
    figures["demo processes"] = mem.pids.map((p) => `${processName(p)} (${p})`).join(", ");
    figures["resident memory 60 s after the dashboard answered, the demo's own processes (simulator, server, embedded database; sum of VmRSS)"] = `${own.rssMiB} MiB (${mb(own.rssMiB)} MB)`;
    figures["the same with npm and its shell (everything `npm run demo` started)"] = `${mem.rssMiB} MiB (${mb(mem.rssMiB)} MB)`;
    figures["the demo's own processes, shared pages counted once (sum of Pss)"] = `${own.pssMiB} MiB`;
    figures[`target (< ${MEMORY_TARGET_MB} MB, the demo's own processes)`] = mb(own.rssMiB) < MEMORY_TARGET_MB ? "met" : "not met";
    figures["backfill at that moment"] = `${fill.running ? "running" : "done"}, ${fill.rows} rows archived`;
    console.log(`[demo] memory: ${own.rssMiB} MiB RSS (${mem.rssMiB} with npm), ${own.pssMiB} MiB PSS; backfill ${fill.running ? "running" : "done"} (${fill.rows} rows)`);

    // 2. Symbols through the dashboard vs straight to the simulator, during the backfill.
    const route = `${demo.url}/api/reference/symbols`;
    const direct = `${demo.simUrl}/api/v3/exchangeInfo`;
    const kinds = [
      { samples: [] as number[], run: () => timedGet(route, routeAgent, { cookie: viewer, "accept-encoding": "gzip" }) },
      { samples: [] as number[], run: (i: number) => timedGet(direct, directAgents[i % directAgents.length]!) },
    ];
    for (let i = 0; i < WARM_UP; i++) for (const k of kinds) await k.run(i);
    for (let i = 0; i < SAMPLES; i++) {
      for (let j = 0; j < kinds.length; j++) {
        const k = kinds[(i + j) % kinds.length]!;
        k.samples.push(await k.run(i + WARM_UP));
      }
    }
    const [viaRoute, viaDirect] = kinds.map((k) => k.samples.sort((a, b) => a - b)) as [number[], number[]];
    const during = await backfill(demo, admin);
    const r50 = percentile(viaRoute, 50);
    const d50 = percentile(viaDirect, 50);
    figures["during the backfill: route GET /api/reference/symbols (cached, gzip) p50 / p99"] = `${ms(r50)} / ${ms(percentile(viaRoute, 99))}`;
    figures["during the backfill: direct GET /api/v3/exchangeInfo p50 / p99"] = `${ms(d50)} / ${ms(percentile(viaDirect, 99))}`;
    figures["during the backfill: overhead p50"] = ms(r50 - d50);
    figures[`target (overhead p50 ≤ ${OVERHEAD_TARGET_MS} ms)`] = r50 - d50 <= OVERHEAD_TARGET_MS ? "met" : "not met";
    figures["backfill after the symbols samples"] = `${during.running ? "still running" : "DONE (figures not all during the backfill)"}, ${during.rows} rows`;
    console.log(`[demo] symbols p50 route ${ms(r50)} vs direct ${ms(d50)}; backfill ${during.running ? "running" : "done"}`);

    // 3. Lighthouse desktop of the overview, during the backfill.
    const chromium = await startChromium();
    try {
      const runs: Audit[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(`${demo.url}/`, chromium.port, viewer, "desktop"));
      const after = await backfill(demo, admin);
      const { score, text } = describeAudits(runs);
      figures["during the backfill: Lighthouse desktop performance, overview"] = text;
      figures[`target (≥ ${DESKTOP_TARGET})`] = score >= DESKTOP_TARGET ? "met" : "not met";
      figures["backfill after the Lighthouse runs"] = `${after.running ? "still running" : "DONE (figures not all during the backfill)"}, ${after.rows} rows`;
      console.log(`[demo] Lighthouse desktop overview: ${text}`);
    } finally {
      await chromium.stop();
    }
    const end = residentMemory(demo.pid);
    figures["resident memory at the end (sum of VmRSS / Pss)"] = `${end.rssMiB} / ${end.pssMiB} MiB, ${Math.round((Date.now() - answeredAt) / 1000)} s after start`;
  } finally {
    await demo.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(", ");
  printFigures("demo", {
    settings: `npm run demo (scripts/demo.ts) on a fresh DATA_DIR, simulator scale 1 at WEEX's limits, build ${DIST_DIR}; ${SAMPLES} interleaved samples after ${WARM_UP} warm-up; Lighthouse ${lighthouseVersion()}; load average at the end ${load}`,
    ...figures,
  });
}

await main();
