/**
 * Front-end bench: Lighthouse performance of the overview and sub-affiliates pages, signed in,
 * in demo mode; and the first-load JavaScript of every page route in kB gzip.
 *
 *   npx tsx bench/web.ts [--full]
 *   quick (default) and full run the same: 2 pages × 2 presets (mobile, Lighthouse's default
 *   with simulated slow 4G and 4× CPU slowdown; desktop). --full runs each 3 times (median).
 *
 * Lighthouse (npm) drives Debian's Chromium (/usr/bin/chromium or CHROMIUM_PATH: headless,
 * no sandbox, no GPU, no background networking), started here with a debugging port. The
 * session cookie goes with every request (Lighthouse extraHeaders), page loads and API calls
 * alike. The stack is demo mode with the archive synced (as after a few minutes of
 * `npm run demo`), so the pages' data comes at the speed a demo user sees.
 *
 * First-load JS per page route, from the build: the root main files of build-manifest.json
 * (framework, runtime) plus every chunk the route's client reference manifest lists as entry
 * JS of its segments (layouts, error and loading boundaries, the page), each gzipped (level 9)
 * and counted once; kB = 1000 bytes. Polyfills (nomodule, old browsers only) are left out.
 * Lighthouse's own count of the script bytes the overview transferred is printed beside it.
 *
 * Targets: performance ≥ 95; first-load JS ≤ 200 kB gzip per route.
 *
 * WEB_BENCH_REPORTS=<dir> keeps each Lighthouse report as JSON (its diagnostics: long tasks,
 * main-thread work by category, script boot-up time).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import lighthouse, { desktopConfig } from "lighthouse";
import { archiveReady, BENCH_DATA_DIR, DIST_DIR, ensureBuilt, freePort, login, prepareArchive, printFigures, sleep, startStack } from "./lib/stack";

const { values: args } = parseArgs({ options: { full: { type: "boolean", default: false } } });
const RUNS = args.full ? 3 : 1;
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const PAGES = [
  { name: "overview", path: "/" },
  { name: "sub-affiliates", path: "/sub-affiliates" },
];
const SCORE_TARGET = 95;
/** WEB_BENCH_REPORTS=<dir>: also write each Lighthouse report (JSON, for its diagnostics) there. */
const REPORT_DIR = process.env.WEB_BENCH_REPORTS?.trim() || undefined;
const JS_TARGET_KB = 200;

// ---------------------------------------------------------------------------------------------
// First-load JS from the build

/** Every file under a directory, recursively. */
function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

function firstLoadJs(distDir: string): { route: string; kb: number; chunks: number }[] {
  const build = JSON.parse(readFileSync(join(distDir, "build-manifest.json"), "utf8")) as { rootMainFiles: string[] };
  const routes = JSON.parse(readFileSync(join(distDir, "app-path-routes-manifest.json"), "utf8")) as Record<string, string>;
  const gz = new Map<string, number>();
  const gzipped = (file: string) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length);
    return gz.get(file)!;
  };
  const manifests = walk(join(distDir, "server", "app")).filter((f) => f.endsWith("page_client-reference-manifest.js"));
  const out: { route: string; kb: number; chunks: number }[] = [];
  for (const [entry, route] of Object.entries(routes)) {
    if (!entry.endsWith("/page") || route.startsWith("/_")) continue;
    const manifest = manifests.find((m) => readFileSync(m, "utf8").includes(`__RSC_MANIFEST[${JSON.stringify(entry)}]`));
    if (!manifest) throw new Error(`no client reference manifest for ${entry} in ${distDir}`);
    // the file assigns one object literal; its entryJSFiles maps each segment to its chunks
    const text = readFileSync(manifest, "utf8");
    const json = text.slice(text.indexOf("= {") + 2).replace(/;\s*$/, "");
    const rsc = JSON.parse(json) as { entryJSFiles: Record<string, string[]> };
    const files = new Set([...build.rootMainFiles, ...Object.values(rsc.entryJSFiles).flat()].filter((f) => f.endsWith(".js")));
    const bytes = [...files].reduce((sum, f) => sum + gzipped(f), 0);
    out.push({ route, kb: Math.round(bytes / 100) / 10, chunks: files.size });
  }
  return out.sort((a, b) => a.route.localeCompare(b.route));
}

// ---------------------------------------------------------------------------------------------
// Chromium + Lighthouse

async function startChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} not found: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), "weex-bench-chromium-"));
  const child = spawn(
    CHROMIUM,
    ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run", `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, "about:blank"],
    { stdio: "ignore" },
  );
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(profile, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { port, stop };
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  await stop();
  throw new Error("Chromium did not open its debugging port");
}

interface Audit {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  scriptKb: number;
  /** Lighthouse's measure of this machine's CPU speed (higher is faster; ~1000+ is a typical desktop) */
  benchmarkIndex: number;
}

async function audit(url: string, port: number, cookie: string, preset: "mobile" | "desktop"): Promise<Audit> {
  const flags = { port, output: "json" as const, logLevel: "error" as const, onlyCategories: ["performance"], extraHeaders: { Cookie: cookie } };
  const result = await lighthouse(url, flags, preset === "desktop" ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const lhr = result.lhr;
  if (REPORT_DIR) {
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(join(REPORT_DIR, `${new URL(url).pathname.replace(/\W+/g, "_") || "_"}-${preset}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`${url} ended at ${lhr.finalDisplayedUrl} (not signed in?)`);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = (lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const scriptBytes = requests.filter((r) => r.resourceType === "Script").reduce((s, r) => s + (r.transferSize ?? 0), 0);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: num("first-contentful-paint"),
    lcp: num("largest-contentful-paint"),
    tbt: num("total-blocking-time"),
    cls: num("cumulative-layout-shift"),
    scriptKb: Math.round(scriptBytes / 100) / 10,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  ensureBuilt(DIST_DIR);
  const js = firstLoadJs(DIST_DIR);

  await prepareArchive();
  const stack = await startStack({ dataDir: BENCH_DATA_DIR, env: { ARCHIVE_SYNC: "on" } });
  const chromium = await startChromium();
  const scores: Record<string, string> = {};
  let allScoresMet = true;
  try {
    await archiveReady(stack, 120_000);
    const cookie = await login(stack.url, "viewer");
    for (const p of PAGES) await (await fetch(`${stack.url}${p.path}`, { headers: { cookie } })).text();
    for (const p of PAGES) {
      for (const preset of ["mobile", "desktop"] as const) {
        const runs: Audit[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await audit(`${stack.url}${p.path}`, chromium.port, cookie, preset));
        const m = (k: keyof Audit) => median(runs.map((r) => r[k]));
        const score = m("score");
        if (score < SCORE_TARGET) allScoresMet = false;
        scores[`performance ${p.name} (${preset})`] =
          `${score} (FCP ${Math.round(m("fcp"))} ms, LCP ${Math.round(m("lcp"))} ms, TBT ${Math.round(m("tbt"))} ms, CLS ${m("cls").toFixed(3)}, scripts transferred ${m("scriptKb")} kB, host benchmarkIndex ${m("benchmarkIndex")})` +
          (RUNS > 1 ? `, median of ${RUNS}` : "");
        console.log(`[web] ${p.name} ${preset}: ${scores[`performance ${p.name} (${preset})`]}`);
      }
    }
  } finally {
    await chromium.stop();
    await stack.stop();
  }

  const over = js.filter((r) => r.kb > JS_TARGET_KB);
  printFigures("web", {
    settings: `Lighthouse ${lighthouseVersion()} + ${CHROMIUM} (headless), signed in as viewer, demo mode with the archive synced; first-load JS from ${DIST_DIR}`,
    ...scores,
    [`target performance ≥ ${SCORE_TARGET}`]: allScoresMet ? "met" : "not met",
    ...Object.fromEntries(js.map((r) => [`first-load JS ${r.route}`, `${r.kb} kB gzip (${r.chunks} chunks)`])),
    [`target first-load JS ≤ ${JS_TARGET_KB} kB gzip per route`]: over.length ? `not met (${over.map((r) => r.route).join(", ")})` : `met (largest ${Math.max(...js.map((r) => r.kb))} kB)`,
  });
}

function lighthouseVersion(): string {
  return (JSON.parse(readFileSync(join(process.cwd(), "node_modules", "lighthouse", "package.json"), "utf8")) as { version: string }).version;
}

await main();
