/**
 * `npm test`: every test, each part started as soon as the parts it needs have passed, then
 * where the time went.
 *
 *   lint, typecheck          nothing else can start usefully before the code is known good
 *   test:unit, build:test    after lint and typecheck; the unit tests never read the build
 *   test:http, test:e2e      after the build, without waiting for the unit tests: each starts
 *                            its own simulator and servers on free ports from the one build,
 *                            and both spend most of their time waiting on servers, browsers and
 *                            WEEX's budget, so the unit tests' CPU fits beside them
 *
 * The browser tests are the longest part (~15 min), so they start when the build is done (~2
 * min) rather than after the unit tests (7 min before their databases were copied from a
 * template). A part whose prerequisites did not all pass does not run; a failed part does not
 * stop the parts already running (their results are still worth having). Each line of output
 * is prefixed with its part's name, and the summary lists when each part started, its time and
 * result. Any part can still be run alone with `npm run <name>`.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

/** Each part and the parts that must have passed before it starts. */
const PARTS: { name: string; after: string[] }[] = [
  { name: "lint", after: [] },
  { name: "typecheck", after: [] },
  { name: "test:unit", after: ["lint", "typecheck"] },
  { name: "build:test", after: ["lint", "typecheck"] },
  { name: "test:http", after: ["build:test"] },
  { name: "test:e2e", after: ["build:test"] },
];

type Result = { name: string; code: number | null; startedAt: number; seconds: number };

function run(name: string, width: number, startedAt: number): Promise<Result> {
  const child = spawn("npm", ["run", "--silent", name], { stdio: ["ignore", "pipe", "pipe"], env: process.env });
  const prefix = `[${name}]`.padEnd(width + 2) + " ";
  for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on("line", (line) => process.stdout.write(prefix + line + "\n"));
  return new Promise((resolve) => {
    child.on("close", (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), startedAt, seconds: (Date.now() - started) / 1000 - startedAt }));
  });
}

function summary(results: Map<string, Result>, totalSeconds: number): string {
  const rows = PARTS.map(({ name, after }) => {
    const r = results.get(name);
    if (!r) return `  ${name.padEnd(12)} ${"".padStart(6)}   ${"".padStart(6)}    not run (${after.filter((a) => results.get(a)?.code !== 0).join(", ")} did not pass)`;
    return `  ${name.padEnd(12)} ${r.startedAt.toFixed(0).padStart(6)} s ${r.seconds.toFixed(0).padStart(6)} s  ${r.code === 0 ? "ok" : `failed (exit ${r.code})`}`;
  });
  return ["", "npm test: where the time went (start, time; parts overlap)", ...rows, `  ${"total".padEnd(12)} ${"".padStart(6)}   ${totalSeconds.toFixed(0).padStart(6)} s`, ""].join("\n");
}

const started = Date.now();
const width = Math.max(...PARTS.map((p) => p.name.length));
const results = new Map<string, Result>();
const running = new Map<string, Promise<Result>>();
const passed = (name: string) => results.get(name)?.code === 0;
for (;;) {
  // Start every part whose prerequisites have all passed; stop when nothing runs and nothing can start.
  for (const { name, after } of PARTS) {
    if (!running.has(name) && !results.has(name) && after.every(passed)) running.set(name, run(name, width, (Date.now() - started) / 1000));
  }
  if (running.size === 0) break;
  const done = await Promise.race(running.values());
  running.delete(done.name);
  results.set(done.name, done);
}
process.stdout.write(summary(results, (Date.now() - started) / 1000));
process.exit(PARTS.every((p) => passed(p.name)) ? 0 : 1);
