/**
 * `npm test`: every test, in three steps whose parts run side by side, then where the time went.
 *
 *   1. lint ‖ typecheck       nothing else can start usefully before the code is known good
 *   2. test:unit ‖ build:test the unit tests never read the build; the build is mostly one core
 *   3. test:http:routes ‖ test:http:stacks ‖ test:e2e
 *                             each starts its own simulator and servers on free ports from the
 *                             one build; all three spend most of their time waiting on servers,
 *                             browsers and WEEX's budget, so two cores serve them
 *
 * A step runs only when every part of the one before passed; a failed part does not stop the
 * other parts of its step (their results are still worth having). Each line of output is
 * prefixed with its part's name, and the summary lists each part's time and result; a failed part's
 * failures (vitest's and Playwright's failure lines, and its last lines) are printed again after
 * the summary, so that the end of the output (all a CI log may keep) says what failed. Any part
 * can still be run alone with `npm run <name>`; `tsx scripts/test.ts A B` runs the parts A and B
 * side by side as one step (`npm run test:http` runs its two halves so).
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const STEPS: string[][] = process.argv.length > 2
  ? [process.argv.slice(2)]
  : [
      ["lint", "typecheck"],
      ["test:unit", "build:test"],
      ["test:http:routes", "test:http:stacks", "test:e2e"],
    ];

type Result = { name: string; code: number; seconds: number; failures: string[] };

/** Lines that name a failure in vitest's or Playwright's output (colour codes stripped). */
const FAILURE_LINE = /(\bFAIL\b|×|✗|✘|\bError\b|Unhandled|Timed out|timed out|failed|\d+\) \[)/;
const KEPT_FAILURES = 60;
const KEPT_TAIL = 25;

function run(name: string, width: number): Promise<Result> {
  const started = Date.now();
  // (the build skips its own type check: step 1's typecheck has just checked every file)
  const child = spawn("npm", ["run", "--silent", name], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NEXT_SKIP_TYPECHECK: "1" } });
  const prefix = `[${name}]`.padEnd(width + 2) + " ";
  const failures: string[] = [];
  const tail: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => {
      process.stdout.write(prefix + line + "\n");
      const plain = line.replace(/\x1b\[[0-9;]*m/g, "");
      if (FAILURE_LINE.test(plain) && failures.length < KEPT_FAILURES) failures.push(plain);
      tail.push(plain);
      if (tail.length > KEPT_TAIL) tail.shift();
    });
  }
  return new Promise((resolve) => {
    child.on("close", (code, signal) =>
      resolve({ name, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000, failures: [...failures, "… its last lines:", ...tail] }),
    );
  });
}

function summary(results: Result[], totalSeconds: number, width: number): string {
  const failed = results.filter((r) => r.code !== 0).flatMap((r) => ["", `what ${r.name} said of its failures:`, ...r.failures.map((l) => `  ${l}`)]);
  const rows = results.map((r) => `  ${r.name.padEnd(width)} ${r.seconds.toFixed(0).padStart(6)} s  ${r.code === 0 ? "ok" : `failed (exit ${r.code})`}`);
  return [...failed, "", "where the time went (parts of a step ran side by side)", ...rows, `  ${"total".padEnd(width)} ${totalSeconds.toFixed(0).padStart(6)} s`, ""].join("\n");
}

const started = Date.now();
const width = Math.max(...STEPS.flat().map((n) => n.length));
const results: Result[] = [];
let failed = false;
for (const step of STEPS) {
  const stepResults = await Promise.all(step.map((name) => run(name, width)));
  results.push(...stepResults);
  if (stepResults.some((r) => r.code !== 0)) {
    failed = true;
    break;
  }
}
process.stdout.write(summary(results, (Date.now() - started) / 1000, width));
process.exit(failed ? 1 : 0);
