/**
 * Lighthouse against Debian's Chromium, shared by bench/web.ts and bench/demo.ts.
 *
 * Chromium (/usr/bin/chromium or CHROMIUM_PATH: headless, no sandbox, no GPU, no background
 * networking) is started here with a debugging port; Lighthouse (npm) drives it. The session
 * cookie goes with every request (Lighthouse extraHeaders), page loads and API calls alike.
 *
 * WEB_BENCH_REPORTS=<dir> keeps each Lighthouse report as JSON (its diagnostics: long tasks,
 * main-thread work by category, script boot-up time).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse, { desktopConfig } from "lighthouse";
import { freePort, sleep } from "./stack";

export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const REPORT_DIR = process.env.WEB_BENCH_REPORTS?.trim() || undefined;

export function lighthouseVersion(): string {
  return (JSON.parse(readFileSync(join(process.cwd(), "node_modules", "lighthouse", "package.json"), "utf8")) as { version: string }).version;
}

export async function startChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
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
    // (Chromium's helper processes may still be writing its cache for a moment after it exits;
    // a profile still busy after that is left in the temp dir rather than losing the figures)
    for (let attempt = 1; ; attempt++) {
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
        break;
      } catch (e) {
        if (attempt === 3) {
          console.warn(`[lighthouse] left Chromium's profile ${profile}: ${e instanceof Error ? e.message : String(e)}`);
          break;
        }
        await sleep(2000);
      }
    }
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

export interface Audit {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  scriptKb: number;
  /** Lighthouse's measure of this machine's CPU speed (higher is faster; ~1000+ is a typical desktop) */
  benchmarkIndex: number;
}

/**
 * A protocol error about a target that went away ("Inspected target navigated or closed",
 * "Target closed") ends a Lighthouse run without a result. bench/demo.ts met it once during the
 * first backfill, on a machine under heavy load, although the pages change no location and start
 * no worker or frame (the cause was not reproduced); Lighthouse's target manager tolerates only
 * "Target closed" for a subtarget that vanishes while it attaches.
 * Such a run is repeated once, and said on stderr, so one lost DevTools session does not lose
 * the bench's other figures; a second failure is reported as it is.
 */
async function withOneRetry<T>(url: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (!/Inspected target navigated or closed|Target closed/.test(message)) throw e;
    console.warn(`[lighthouse] ${url}: ${message}; running it again once`);
    return run();
  }
}

export async function audit(url: string, port: number, cookie: string, preset: "mobile" | "desktop"): Promise<Audit> {
  const flags = { port, output: "json" as const, logLevel: "error" as const, onlyCategories: ["performance"], extraHeaders: { Cookie: cookie } };
  const result = await withOneRetry(url, () => lighthouse(url, flags, preset === "desktop" ? desktopConfig : undefined));
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

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** One line for a median of audits: the score, then the metrics behind it. */
export function describeAudits(runs: Audit[]): { score: number; text: string } {
  const m = (k: keyof Audit) => median(runs.map((r) => r[k]));
  const score = m("score");
  const text =
    `${score} (FCP ${Math.round(m("fcp"))} ms, LCP ${Math.round(m("lcp"))} ms, TBT ${Math.round(m("tbt"))} ms, CLS ${m("cls").toFixed(3)}, scripts transferred ${m("scriptKb")} kB, host benchmarkIndex ${m("benchmarkIndex")})` +
    (runs.length > 1 ? `, median of ${runs.length}` : "");
  return { score, text };
}
