/**
 * Archive bench: in one run, against the simulator at its real limits (500 IP + 500
 * UID weight per rolling 10 s) and the seeded scale,
 *   1. the backfill of the three datasets through the budget (background priority): its
 *      duration, the weight it sent per 10 s against the 500 allowed, the simulator's busiest
 *      exact 10 s window and its 429 count;
 *   2. a one-year daily series of every sub-affiliate (both products) answered from the
 *      archive (median and worst of several runs);
 *   3. the same series paged live from WEEX (interactive priority). Live paging needs
 *      minutes at 500 weight per 10 s, so by default it stops after `--live-pages` pages and
 *      extrapolates from its steady rate, and says so; `--live-full` pages everything.
 *
 *   npx tsx bench/archive.ts [--scale 1] [--db pglite|postgres] [--runs 7] [--live-pages 120 | --live-full]
 *   (postgres: BENCH_DATABASE_URL or TEST_DATABASE_URL; the bench works in a schema of its own)
 */
import { parseArgs } from "node:util";
import { ArchiveEngine } from "../lib/archive/engine";
import { PgWeightLedger } from "../lib/archive/pg-ledger";
import { utcDayStart } from "../lib/time/calendar";
import { BACKGROUND_SHARE, DATASETS } from "../lib/archive/settings";
import { selectedSources } from "../lib/archive/sources";
import { SIM_CREDENTIALS } from "../lib/archive/test-support";
import { DATASET_DEFS } from "../lib/archive/datasets";
import { liveSources } from "../lib/affiliate/sources";
import { SeriesBuilder } from "../lib/affiliate/series";
import { startSimulator } from "../lib/simulator/index";
import { DEFAULT_LIMITS, MemoryBudget } from "../lib/weex/budget";
import { WeexClient } from "../lib/weex/client";
import { ENDPOINTS } from "../lib/weex/endpoints";
import type { SubAffiliateRecord } from "../lib/weex/records";
import { openBenchDb } from "./lib/bench-db";
import { DAY_MS } from "../lib/time/calendar";

// WEEX's weight limit and its window, as the budget holds them
const { ipPer10s: LIMIT, windowMs: WINDOW_MS } = DEFAULT_LIMITS;

const { values: args } = parseArgs({
  options: {
    scale: { type: "string", default: process.env.BENCH_SCALE ?? "1" },
    db: { type: "string", default: process.env.BENCH_DB ?? "pglite" },
    runs: { type: "string", default: "7" },
    "live-pages": { type: "string", default: "120" },
    "live-full": { type: "boolean", default: false },
  },
});
const scale = Number(args.scale);
const runs = Math.max(1, Number(args.runs));
const livePagesCap = args["live-full"] ? Infinity : Math.max(10, Number(args["live-pages"]));

const openDb = (kind: string) => openBenchDb(kind, "archive");

const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const pct = (n: number) => `${fmt((100 * n) / LIMIT, 1)} %`;
const duration = (ms: number) => (ms < 1000 ? `${fmt(ms, 1)} ms` : ms < 120_000 ? `${fmt(ms / 1000, 1)} s` : `${fmt(ms / 60_000, 1)} min`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const sim = await startSimulator({ port: 0, quiet: true, scale });
  const { db, close } = await openDb(args.db!);
  const ledger = args.db === "postgres" ? new PgWeightLedger(db) : undefined;
  const budget = new MemoryBudget({ backgroundShare: BACKGROUND_SHARE, ...(ledger ? { ledger } : {}) });
  const client = new WeexClient({ spotBaseUrl: sim.url, contractBaseUrl: sim.url, credentials: SIM_CREDENTIALS, budget });
  const lister = client;
  console.log(`archive bench: simulator scale ${scale}, ${args.db} database, budget ${LIMIT} weight / 10 s (background share ${BACKGROUND_SHARE})\n`);

  // 1. Backfill -------------------------------------------------------------------------------
  const sent: { at: number; weight: number }[] = [];
  let rows = 0;
  const engine = new ArchiveEngine({
    db,
    lister,
    onPage: (e) => {
      sent.push({ at: Date.now(), weight: ENDPOINTS[DATASET_DEFS[e.dataset].endpoint].ipWeight });
      rows += e.rows;
    },
  });
  process.stdout.write("backfilling sub-affiliate records, invitees and transfers ");
  const progress = setInterval(() => process.stdout.write("."), 5000);
  const t0 = Date.now();
  await Promise.all(DATASETS.map((d) => engine.run(d)));
  const backfillMs = Date.now() - t0;
  clearInterval(progress);
  const backfillStats = sim.stats();
  console.log(` done in ${duration(backfillMs)}\n`);

  // Weight per full 10 s window of the backfill (the last, partial window is left out).
  const windows: number[] = [];
  for (let start = t0; start + WINDOW_MS <= t0 + backfillMs; start += WINDOW_MS) {
    windows.push(sent.filter((s) => s.at >= start && s.at < start + WINDOW_MS).reduce((n, s) => n + s.weight, 0));
  }
  const totalWeight = sent.reduce((n, s) => n + s.weight, 0);
  const avgPer10s = (totalWeight / backfillMs) * WINDOW_MS;

  // 2. The series from the archive ---------------------------------------------------------------
  const now = Date.now();
  const year = { startTime: utcDayStart(now) - 364 * DAY_MS, endTime: now };
  const archiveTimes: number[] = [];
  let points = 0;
  // One run first, not counted: the first query of a connection plans and caches.
  for (let i = -1; i < runs; i++) {
    const s = selectedSources("archive", { db: async () => db, lister, live: liveSources(lister), subAffiliateDays: 365 });
    const t = performance.now();
    const series = await s.series(year, "day", "UTC");
    if (i >= 0) archiveTimes.push(performance.now() - t);
    points = series.items.length;
  }

  // 3. The same series paged live ---------------------------------------------------------------
  // Start with the window the backfill filled drained, as a person arriving later would.
  await new Promise((r) => setTimeout(r, WINDOW_MS + 500));
  const firstPages = await Promise.all(
    (["SPOT", "FUTURES"] as const).map((productType) => lister.list("subAffiliates", { ...year, productType, page: 1, pageSize: 100 })),
  );
  const totalPages = firstPages.reduce((n, p) => n + (p.pages ?? 0), 0);
  const builder = new SeriesBuilder("day", "UTC");
  const tLive = performance.now();
  let livePages = 0;
  outer: for (const productType of ["SPOT", "FUTURES"] as const) {
    for (let page = 1; ; page++) {
      if (livePages >= livePagesCap) break outer;
      const r = await lister.list("subAffiliates", { ...year, productType, page, pageSize: 100 }, { budgetWaitMs: 60_000 });
      builder.add(r.items as SubAffiliateRecord[]);
      livePages++;
      if (!r.hasNextPage || r.items.length === 0) break;
    }
  }
  const liveMs = performance.now() - tLive;
  const complete = livePages >= totalPages;
  // The rest at the rate the budget allows in the long run (the first 10 s go out in one burst,
  // then 500 weight per window plus the budget's margin): measured pages/s would flatter it.
  const budgetPagesPerSecond = LIMIT / ENDPOINTS.subAffiliates.ipWeight / ((WINDOW_MS + DEFAULT_LIMITS.marginMs) / 1000);
  const liveEstimateMs = complete ? liveMs : liveMs + ((totalPages - livePages) / budgetPagesPerSecond) * 1000;
  const finalStats = sim.stats();

  // Report ---------------------------------------------------------------------------------------
  const rowsOut = [
    ["", "archive", "live paging"],
    ["one-year daily series, every sub-affiliate", `${duration(median(archiveTimes))} (median of ${runs} warm; worst ${duration(Math.max(...archiveTimes))})`, `${duration(liveEstimateMs)}${complete ? "" : " (extrapolated)"}`],
    ["upstream requests", "0", `${fmt(totalPages)} pages × ${ENDPOINTS.subAffiliates.ipWeight} weight`],
    ["series points (day × product)", fmt(points), complete ? fmt(builder.result().items.length) : "—"],
  ];
  const w = [46, 44, 30];
  for (const r of rowsOut) console.log(r.map((c, i) => c.padEnd(w[i])).join(" "));
  if (!complete) {
    console.log(
      `\nlive: paged ${fmt(livePages)} of ${fmt(totalPages)} pages in ${duration(liveMs)} (--live-pages ${livePagesCap}); ` +
        `the other ${fmt(totalPages - livePages)} extrapolated at the ${fmt(budgetPagesPerSecond, 2)} pages/s the budget allows in the long run ` +
        `(${LIMIT} weight per ${(WINDOW_MS + DEFAULT_LIMITS.marginMs) / 1000} s). --live-full pages everything.`,
    );
  }
  console.log(`\nbackfill: ${fmt(rows)} rows in ${duration(backfillMs)}, ${fmt(totalWeight)} weight sent`);
  console.log(`  weight per 10 s: average ${fmt(avgPer10s)} (${pct(avgPer10s)} of ${LIMIT}); full windows min ${fmt(Math.min(...windows))} / median ${fmt(median(windows))} / max ${fmt(Math.max(...windows))}`);
  console.log(`  simulator: busiest exact 10 s window IP ${backfillStats.maxWeightIn10s.ip} / UID ${backfillStats.maxWeightIn10s.uid} (${pct(backfillStats.maxWeightIn10s.ip)}), 429s: ${backfillStats.count429}`);
  console.log(`  whole run (incl. live paging): busiest window ${finalStats.maxWeightIn10s.ip}, 429s: ${finalStats.count429}`);

  await close();
  await sim.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
