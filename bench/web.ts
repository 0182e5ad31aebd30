/**
 * Front-end bench: Lighthouse performance of the overview and sub-affiliates pages, signed in,
 * in demo mode; and the first-load JavaScript of every page route in kB gzip.
 *
 *   npx tsx bench/web.ts [--full]
 *   overview and sub-affiliates × 2 presets (mobile, Lighthouse's default with simulated slow
 *   4G and 4× CPU slowdown: always 3 runs, the median counts; desktop: 1 run, --full 3), and
 *   /invitees on desktop (its layout shift).
 *   --only NAME (overview, sub-affiliates, invitees) and --preset mobile|desktop measure one
 *   page or preset, for trying a change; the targets are judged on the full run.
 *   --compare /login,/coins also measures those paths on mobile (3 runs each, not judged): what
 *   a lighter page of the same build scores on the same machine, for scale.
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
 * Targets: performance ≥ 95; CLS ≤ 0.1 on every run; first-load JS ≤ 200 kB gzip per route, the
 * language runtime and catalogue included.
 *
 * WEB_BENCH_REPORTS=<dir> keeps each Lighthouse report as JSON (bench/lib/lighthouse.ts).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { audit, CHROMIUM, describeAudits, lighthouseVersion, startChromium, type Audit } from "./lib/lighthouse";
import { archiveReady, BENCH_DATA_DIR, DIST_DIR, ensureBuilt, login, prepareArchive, printFigures, startStack } from "./lib/stack";

const { values: args } = parseArgs({
  options: { full: { type: "boolean", default: false }, only: { type: "string" }, preset: { type: "string" }, compare: { type: "string" } },
});
/** Runs per page and preset (the median counts): the mobile target is a median of 3, always. */
const RUNS = { mobile: 3, desktop: args.full ? 3 : 1 } as const;
/** Pages measured, and the presets whose score counts toward the target (invitees: its CLS). */
const PAGES = [
  { name: "overview", path: "/", presets: ["mobile", "desktop"] },
  { name: "sub-affiliates", path: "/sub-affiliates", presets: ["mobile", "desktop"] },
  { name: "invitees", path: "/invitees", presets: ["desktop"] },
] as const;
const SCORE_TARGET = 95;
/** The layout shift target of the issue for /invitees (Lighthouse's "good" threshold is 0.1). */
const CLS_TARGET = 0.1;
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


async function main() {
  ensureBuilt(DIST_DIR);
  const js = firstLoadJs(DIST_DIR);

  await prepareArchive();
  const stack = await startStack({ dataDir: BENCH_DATA_DIR, env: { ARCHIVE_SYNC: "on" } });
  const chromium = await startChromium();
  const scores: Record<string, string> = {};
  let allScoresMet = true;
  let clsMet = true;
  try {
    await archiveReady(stack, 120_000);
    const cookie = await login(stack.url, "viewer");
    for (const p of PAGES) await (await fetch(`${stack.url}${p.path}`, { headers: { cookie } })).text();
    for (const p of PAGES.filter((p) => !args.only || p.name === args.only)) {
      for (const preset of p.presets.filter((x) => !args.preset || x === args.preset)) {
        const runs: Audit[] = [];
        for (let i = 0; i < RUNS[preset]; i++) runs.push(await audit(`${stack.url}${p.path}`, chromium.port, cookie, preset));
        const { score, text } = describeAudits(runs);
        if (score < SCORE_TARGET) allScoresMet = false;
        if (Math.max(...runs.map((r) => r.cls)) > CLS_TARGET) clsMet = false;
        scores[`performance ${p.name} (${preset})`] = text;
        console.log(`[web] ${p.name} ${preset}: ${text}`);
      }
    }
    // Lighter pages of the same build, for scale (the sign-in page is measured signed out).
    for (const path of args.compare?.split(",").filter(Boolean) ?? []) {
      const as = path === "/login" ? "" : cookie;
      const runs: Audit[] = [];
      for (let i = 0; i < RUNS.mobile; i++) runs.push(await audit(`${stack.url}${path}`, chromium.port, as, "mobile"));
      const { text } = describeAudits(runs);
      scores[`for scale: ${path} (mobile)`] = `${text}; runs ${runs.map((r) => r.score).join(", ")}`;
      console.log(`[web] ${path} mobile (for scale): ${text}`);
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
    [`target CLS ≤ ${CLS_TARGET} on every run`]: clsMet ? "met" : "not met",
    ...Object.fromEntries(js.map((r) => [`first-load JS ${r.route}`, `${r.kb} kB gzip (${r.chunks} chunks)`])),
    [`target first-load JS ≤ ${JS_TARGET_KB} kB gzip per route`]: over.length ? `not met (${over.map((r) => r.route).join(", ")})` : `met (largest ${Math.max(...js.map((r) => r.kb))} kB)`,
  });
}

await main();
