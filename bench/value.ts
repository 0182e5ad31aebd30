/**
 * Value bench (issue 27): what archiving commission records and per-invitee totals costs, and
 * how fast the value list and the cohorts-with-value answer from the archive.
 *
 * 0. The weight of a one-year first backfill at simulator scale `--count-scale` (default 1),
 *    counted without downloading it: the sync's own slices (plan.ts: commission records in
 *    7-day slices of each product type, per-invitee totals per day and per week), each asked of
 *    a simulator at that scale for its first page (which says how many pages the slice has).
 *    Pages × 20 is the weight; ÷ 50 per second the physical minimum.
 * 1. The first backfill of both datasets at simulator scale `--scale` (default 0.1), run by the
 *    sync's own engine (lib/archive/engine.ts) against a simulator of its own over HTTP, with
 *    the default settings (commission records: 365 days in 7-day slices, both product types;
 *    totals: the last 90 days per UTC day, the older rest of WEEX's year per UTC week). It
 *    prints each dataset's requests and total weight (the endpoints' table weights: 20 a
 *    page), the physical minimum time at WEEX's 50 weight per second (500 per 10 s), and the
 *    time the backfill took here. The budget is not limited in this run (the simulator and the
 *    client allow everything), so the time is what the machine needs; a production backfill
 *    takes at least the physical minimum, and shares it with people (lib/weex/budget.ts).
 * 2. From the archive just built: the value list over the year (sorted by commission, first
 *    page) and the weekly cohorts with their commission per invitee over the year, answered as
 *    the routes do (`source=archive`), median and worst of `--runs` after a warm-up. Goal
 *    < 200 ms.
 *
 *   npx tsx bench/value.ts [--count-scale 1] [--scale 0.1] [--db pglite|postgres] [--runs 7]
 *   (postgres: BENCH_DATABASE_URL or TEST_DATABASE_URL; the bench works in a schema of its own)
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { cohorts } from "../lib/archive/cohorts-query";
import { rows } from "../lib/archive/db";
import { ArchiveEngine } from "../lib/archive/engine";
import { commissionHorizon, dailyMovementsFrom, planResync } from "../lib/archive/plan";
import { DEFAULT_SETTINGS } from "../lib/archive/settings";
import { selectedSources } from "../lib/archive/sources";
import { simClient, unlimitedBudget } from "../lib/archive/test-support";
import { inviteeValue } from "../lib/archive/value-query";
import { startSimulator } from "../lib/simulator";
import { DAY_MS, ENDPOINTS, type EndpointKey } from "../lib/weex/endpoints";
import { openBenchDb } from "./lib/bench-db";

const { values: args } = parseArgs({
  options: {
    scale: { type: "string", default: process.env.BENCH_SCALE ?? "0.1" },
    "count-scale": { type: "string", default: "1" },
    db: { type: "string", default: process.env.BENCH_DB ?? "pglite" },
    runs: { type: "string", default: "7" },
  },
});
const scale = Number(args.scale);
const runs = Math.max(1, Number(args.runs));
/** WEEX's physical rate: 500 weight per 10 s. */
const WEIGHT_PER_SECOND = 50;

async function time(fn: () => Promise<unknown>): Promise<{ median: number; worst: number }> {
  await fn(); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[ms.length >> 1], worst: ms[ms.length - 1] };
}

/** The pages (and so the weight) of the sync's one-year first backfill at `scale`, counted. */
async function countBackfill(countScale: number, at: number): Promise<void> {
  const countSim = await startSimulator({ port: 0, quiet: true, scale: countScale, now: () => at, ipWeightPer10s: 1e9, uidWeightPer10s: 1e9 });
  try {
    const lister = simClient(countSim.url, { budget: unlimitedBudget(), now: () => at });
    const pagesOf = (total: number | null) => Math.max(1, Math.ceil((total ?? 0) / 100));
    const report = (name: string, slices: number, pages: number, records: number) => {
      const weight = pages * ENDPOINTS[name === "commissions" ? "commissions" : "inviteeTotals"].ipWeight;
      console.log(
        `${name.padEnd(13)} ${slices} slices, ${records.toLocaleString("en-US")} records, ${pages.toLocaleString("en-US")} pages: weight ${weight.toLocaleString("en-US")}, ` +
          `physical minimum ${(weight / WEIGHT_PER_SECOND / 60).toFixed(1)} min at ${WEIGHT_PER_SECOND}/s`,
      );
    };
    const kept = { from: commissionHorizon(at, DEFAULT_SETTINGS), to: at };
    let pages = 0;
    let records = 0;
    const slices = planResync("commissions", kept, at, DEFAULT_SETTINGS);
    for (const s of slices)
      for (const productType of ["SPOT", "FUTURES"] as const) {
        const first = await lister.list("commissions", { productType, startTime: s.from, endTime: s.to, page: 1, pageSize: 100 });
        pages += pagesOf(first.total);
        records += first.total ?? 0;
      }
    console.log(`one-year first backfill at simulator scale ${countScale}, counted (DEFAULT_SETTINGS):`);
    report("commissions", slices.length * 2, pages, records);
    // the chosen split (days for the last 90, weeks before), and every day of the year for comparison
    for (const [name, settings] of [
      ["inviteeTotals", DEFAULT_SETTINGS],
      ["  all daily", { ...DEFAULT_SETTINGS, movementDailyDays: 366 }],
    ] as const) {
      const periods = planResync("inviteeTotals", { from: 0, to: at }, at, settings);
      let tPages = 0;
      let rowsRead = 0;
      for (const p of periods) {
        const first = await lister.list("inviteeTotals", { startTime: p.from, endTime: p.to, page: 1, pageSize: 100 });
        tPages += pagesOf(first.total);
        rowsRead += first.total ?? 0;
      }
      const daily = periods.filter((p) => p.from >= dailyMovementsFrom(at, settings)).length;
      report(name, periods.length, tPages, rowsRead);
      console.log(`  (${daily} daily and ${periods.length - daily} weekly periods; rows are per invitee and period)`);
    }
  } finally {
    await countSim.close();
  }
}

const now = Date.now();
await countBackfill(Number(args["count-scale"]), now);
const sim = await startSimulator({ port: 0, quiet: true, scale, now: () => now, ipWeightPer10s: 1e9, uidWeightPer10s: 1e9 });
const { db, close } = await openBenchDb(args.db, "value");
try {
  const engine = new ArchiveEngine({ db, lister: simClient(sim.url, { budget: unlimitedBudget(), now: () => now }), now: () => now, settings: DEFAULT_SETTINGS });
  await engine.run("invitees");
  const weightOf = (byEndpoint: Record<string, number>) =>
    Object.entries(byEndpoint).reduce((w, [k, n]) => w + (k in ENDPOINTS ? ENDPOINTS[k as EndpointKey].ipWeight * n : 0), 0);
  console.log(`value bench: simulator scale ${scale}, ${args.db}, one-year first backfill (budget not limited)`);
  for (const dataset of ["commissions", "inviteeTotals"] as const) {
    sim.resetStats();
    const t = performance.now();
    const result = await engine.run(dataset);
    const seconds = (performance.now() - t) / 1000;
    const stats = sim.stats();
    const weight = weightOf(stats.byEndpoint as Record<string, number>);
    const table = dataset === "commissions" ? "archive_commission" : "archive_invitee_movement";
    const [{ n }] = await rows<{ n: unknown }>(db, sql.raw(`SELECT count(*) AS n FROM ${table}`));
    const periods = dataset === "inviteeTotals" ? await rows<{ kind: string; n: unknown }>(db, sql`SELECT kind, count(*) AS n FROM archive_movement_period GROUP BY kind ORDER BY kind`) : [];
    console.log(
      `${dataset.padEnd(13)} ${result.plan}: ${stats.requests.toLocaleString("en-US")} requests, weight ${weight.toLocaleString("en-US")}, ` +
        `physical minimum ${(weight / WEIGHT_PER_SECOND / 60).toFixed(1)} min at ${WEIGHT_PER_SECOND}/s; took ${seconds.toFixed(1)} s here; ` +
        `${Number(n).toLocaleString("en-US")} rows${periods.length ? ` (${periods.map((p) => `${p.n} ${p.kind}s`).join(", ")})` : ""}`,
    );
  }
  await db.execute(sql`ANALYZE`);
  const sources = () => selectedSources("archive", { db: async () => db, lister: { list: () => Promise.reject(new Error("no upstream in this bench")) }, subAffiliateDays: 365, now: () => now });
  const year = { startTime: now - 364 * DAY_MS, endTime: now };
  const f = (t: { median: number; worst: number }) => `${t.median.toFixed(1)} ms (worst ${t.worst.toFixed(1)})`;
  const value = await time(() => inviteeValue(sources(), { ...year, sort: "commission" }, { page: 1, pageSize: 50 }));
  const byDeposits = await time(() => inviteeValue(sources(), { ...year, sort: "deposits" }, { page: 3, pageSize: 50 }));
  const cohortsWithValue = await time(() => cohorts(sources(), { ...year, by: "week", tz: "Asia/Shanghai" }, now));
  const rowsHeld = (await inviteeValue(sources(), { ...year, sort: "commission" }, { page: 1, pageSize: 1 })).total;
  console.log(
    `from the archive (${rowsHeld.toLocaleString("en-US")} invitees with value in the year): value list by commission ${f(value)}, by deposits page 3 ${f(byDeposits)}, ` +
      `weekly cohorts with commission per invitee (Asia/Shanghai) ${f(cohortsWithValue)}`,
  );
  console.log(`median of ${runs} runs after a warm-up; goal < 200 ms from the archive`);
} finally {
  await close();
  await sim.close();
}
