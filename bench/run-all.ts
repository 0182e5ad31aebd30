/**
 * `npm run bench`: every benchmark in sequence, each as a child process with a time limit,
 * quick settings by default (`npm run bench -- --full` for the full ones), and
 * bench/RESULTS.md with their figures, the machine and the command that produced them.
 *
 * A bench whose script is missing is skipped with a note; one that fails or runs out of time
 * is reported as such (with the end of its output) and the rest still run. Benches print a
 * figures block (`===== BENCH name =====` … `===== END name =====`, see lib/stack.ts) that is
 * copied as is; for one without a block, the end of its output is copied instead.
 *
 * BENCH_DIST_DIR selects the build the server benches run (default .next, built if stale);
 * BENCH_ONLY=load,proxy runs a subset.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, release, totalmem, type } from "node:os";
import { createRequire } from "node:module";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { DIST_DIR, ensureBuilt } from "./lib/stack";

const require = createRequire(import.meta.url);
const { values: args } = parseArgs({ options: { full: { type: "boolean", default: false } } });
const full = args.full;
const MIN = 60_000;

interface Bench {
  name: string;
  script: string;
  what: string;
  quick: string[];
  full: string[];
  /** time limit, quick and full */
  limitMs: [number, number];
}

const BENCHES: Bench[] = [
  { name: "budget", script: "bench/budget.ts", what: "WEEX weight budget used by one client under saturating load (target ≥ 90 % with zero 429s)", quick: ["--seconds", "20"], full: ["--seconds", "60"], limitMs: [3 * MIN, 5 * MIN] },
  { name: "people", script: "bench/people.ts", what: "first archive backfill while people click and place orders through the route handlers (people's wait, 429s: goal 0; background share; duration vs weight ÷ 50/s)", quick: ["--scale", "0.1", "--people", "3", "--minutes", "6"], full: ["--scale", "1", "--people", "4", "--minutes", "25"], limitMs: [8 * MIN, 30 * MIN] },
  { name: "alerts", script: "bench/alerts.ts", what: "alert rules evaluated after a sync and a monthly report on a scale-1 archive (no target; no WEEX weight)", quick: ["--runs", "3"], full: ["--runs", "10"], limitMs: [3 * MIN, 5 * MIN] },
  { name: "export", script: "bench/export.ts", what: "CSV export throughput and memory (dashboard writer vs csv-stringify; growth < 50 MB)", quick: ["--rows", "200000"], full: [], limitMs: [5 * MIN, 15 * MIN] },
  { name: "archive", script: "bench/archive.ts", what: "archive backfill through the budget, and a year's series from the archive vs live", quick: ["--scale", "0.1", "--runs", "3", "--live-pages", "30"], full: [], limitMs: [10 * MIN, 40 * MIN] },
  { name: "cohorts", script: "bench/cohorts.ts", what: "a year of invitee cohorts and invite codes from the archive at simulator scale 1 and 10× (target < 200 ms), PGlite and PostgreSQL", quick: ["--db", "pglite", "--runs", "5"], full: [], limitMs: [5 * MIN, 15 * MIN] },
  { name: "value", script: "bench/value.ts", what: "what each invitee is worth: a one-year backfill's weight, physical minimum at 50/s and time taken per dataset (scale 1 counted; timed at 0.1, full: 1), and the value list and cohorts with value from the archive (target < 200 ms; quick: scale 1 on PGlite, full: 1 and 10× on PGlite and PostgreSQL)", quick: ["--scale", "0.1", "--query-scales", "1", "--db", "pglite", "--runs", "5"], full: ["--scale", "1", "--query-scales", "1,10", "--db", "pglite,postgres", "--runs", "7"], limitMs: [8 * MIN, 45 * MIN] },
  { name: "risk", script: "bench/risk.ts", what: "risk rules on the archive at simulator scale 1 and 10×, PGlite and PostgreSQL: the full evaluation of a year, the passes after a day's sync (target < 2 s at 10×), and a person's read while they run against idle (quick: scale 1 on PGlite)", quick: ["--scales", "1", "--db", "pglite", "--runs", "2"], full: ["--scales", "1,10", "--db", "pglite,postgres", "--runs", "3"], limitMs: [10 * MIN, 60 * MIN] },
  { name: "value-export", script: "bench/value-export.ts", what: "the value list's CSV export over five years of month summaries (quick: scale 1 on PGlite; full: 10× on PostgreSQL), memory while written: cursor (growth < 50 MB) vs the whole answer", quick: ["--scale", "1", "--db", "pglite"], full: ["--scale", "10", "--db", "postgres"], limitMs: [10 * MIN, 30 * MIN] },
  { name: "load", script: "bench/load.ts", what: "concurrent signed-in sessions browsing the overview and lists; simulator 429s (must be 0); server memory", quick: [], full: ["--full"], limitMs: [10 * MIN, 15 * MIN] },
  { name: "proxy", script: "bench/proxy.ts", what: "route handler vs direct request to the exchange (target ≤ 3 ms at p50); the proxy's per-request work on pages, with and without it (target ≤ 0.5 ms at p50)", quick: [], full: ["--full"], limitMs: [5 * MIN, 10 * MIN] },
  { name: "web", script: "bench/web.ts", what: "Lighthouse performance (mobile median of 3, target ≥ 95), /invitees CLS (≤ 0.1) and first-load JS per route (target ≤ 200 kB gzip)", quick: [], full: ["--full"], limitMs: [15 * MIN, 25 * MIN] },
  { name: "demo", script: "bench/demo.ts", what: "freshly started `npm run demo`: memory of its processes a minute after start (target < 600 MB); during the first backfill, symbols via the dashboard vs direct (≤ 3 ms at p50) and Lighthouse desktop of the overview", quick: [], full: ["--samples", "1000", "--runs", "5"], limitMs: [8 * MIN, 12 * MIN] },
];

interface Outcome {
  bench: Bench;
  status: "ok" | "failed" | "timed out" | "skipped";
  seconds: number;
  figures: string;
  note?: string;
}

function run(b: Bench): Promise<Outcome> {
  if (!existsSync(b.script)) {
    console.log(`\n[bench] ${b.name}: ${b.script} is missing, skipped`);
    return Promise.resolve({ bench: b, status: "skipped", seconds: 0, figures: "", note: `${b.script} does not exist` });
  }
  const argv = full ? b.full : b.quick;
  const limit = b.limitMs[full ? 1 : 0];
  console.log(`\n[bench] ${b.name}: npx tsx ${b.script} ${argv.join(" ")} (at most ${limit / MIN} min)`);
  const started = Date.now();
  return new Promise((resolve) => {
    // detached: its own process group, so a time-out stops the bench and everything it started
    const child = spawn(process.execPath, [require.resolve("tsx/cli"), b.script, ...argv], { stdio: ["ignore", "pipe", "pipe"], detached: true, env: process.env });
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d;
      process.stdout.write(d);
    });
    child.stderr.on("data", (d: Buffer) => {
      out += d;
      process.stderr.write(d);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid!, "SIGTERM");
      setTimeout(() => killGroup(child.pid!, "SIGKILL"), 10_000).unref();
    }, limit);
    child.on("close", (code) => {
      clearTimeout(timer);
      const seconds = Math.round((Date.now() - started) / 1000);
      const block = figuresBlock(out, b.name);
      const status = timedOut ? "timed out" : code === 0 ? "ok" : "failed";
      resolve({ bench: b, status, seconds, figures: block ?? tail(out, 45), note: status === "ok" ? undefined : `exit ${code}${timedOut ? `, stopped after ${limit / MIN} min` : ""}` });
    });
  });
}

function killGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** The bench's `===== BENCH name =====` block, without its markers. */
function figuresBlock(out: string, name: string): string | null {
  const m = new RegExp(`===== BENCH ${name} =====\\n([\\s\\S]*?)\\n===== END ${name} =====`).exec(out);
  return m ? m[1]! : null;
}

/** The last lines of an output, without build noise and terminal colours. */
function tail(out: string, lines: number): string {
  const clean = out.replace(/\x1b\[[0-9;]*m/g, "").split("\n").filter((l) => !/^npm warn /.test(l));
  return clean.slice(-lines).join("\n").trim();
}

function machine(): Record<string, string> {
  const cpu = cpus();
  const load = loadavg().map((l) => l.toFixed(2)).join(", ");
  const version = (pkg: string) => (JSON.parse(readFileSync(join(process.cwd(), "node_modules", pkg, "package.json"), "utf8")) as { version: string }).version;
  return {
    cpu: `${cpu[0]?.model.trim() ?? "unknown"}, ${cpu.length} logical cores`,
    memory: `${(totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    os: `${type()} ${release()}`,
    node: process.version,
    next: version("next"),
    "load average at start (1, 5, 15 min)": load,
  };
}

function markdown(outcomes: Outcome[], info: Record<string, string>, startedAt: Date, command: string, totalSeconds: number): string {
  const lines = [
    "# Benchmark results",
    "",
    `Produced by \`${command}\` (${full ? "full" : "quick"} settings) on ${startedAt.toISOString().replace(/\.\d+Z$/, "Z")}, in ${Math.round(totalSeconds / 60)} min.`,
    "Re-run with the same command; `npm run bench -- --full` for the full settings. Each bench's own header",
    "(`bench/<name>.ts`) says what it measures and how.",
    "",
    "## Machine",
    "",
    ...Object.entries(info).map(([k, v]) => `- ${k}: ${v}`),
    "",
    "Timings depend on the machine and on what else runs on it: compare runs on the same machine.",
    "",
    "## Overview",
    "",
    "| bench | what | status | time |",
    "|---|---|---|---|",
    ...outcomes.map((o) => `| [${o.bench.name}](${o.bench.name}.ts) | ${o.bench.what} | ${o.status}${o.note ? ` (${o.note})` : ""} | ${o.seconds} s |`),
    "",
  ];
  for (const o of outcomes) {
    const argv = full ? o.bench.full : o.bench.quick;
    lines.push(`## ${o.bench.name}`, "", `\`npx tsx ${[o.bench.script, ...argv].join(" ")}\``, "");
    if (o.status === "skipped") lines.push(`Skipped: ${o.note}.`, "");
    else lines.push("```text", o.figures || "(no output)", "```", "");
  }
  return lines.join("\n");
}

async function main() {
  const startedAt = new Date();
  const info = machine();
  const command = `${process.env.BENCH_DIST_DIR ? `BENCH_DIST_DIR=${process.env.BENCH_DIST_DIR} ` : ""}npm run bench${full ? " -- --full" : ""}`;
  const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim()).filter(Boolean);
  // Build once here, so no bench spends its time limit building.
  ensureBuilt(DIST_DIR);
  const outcomes: Outcome[] = [];
  for (const b of BENCHES) {
    if (only && !only.includes(b.name)) continue;
    outcomes.push(await run(b));
  }
  const totalSeconds = (Date.now() - startedAt.getTime()) / 1000;
  const file = join("bench", "RESULTS.md");
  writeFileSync(file, markdown(outcomes, info, startedAt, command, totalSeconds));
  console.log(`\n[bench] ${outcomes.map((o) => `${o.bench.name}: ${o.status}`).join(", ")}; figures in ${file}`);
  if (outcomes.some((o) => o.status === "failed" || o.status === "timed out")) process.exitCode = 1;
}

await main();
