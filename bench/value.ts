/**
 * Value bench: what archiving commission records and per-invitee totals costs, and
 * how fast the value list and the cohorts-with-value answer from the archive.
 *
 * 0. `count`: the weight of a one-year first backfill at simulator scale `--count-scale`
 *    (default 1), counted without downloading it: the sync's own slices (plan.ts: commission
 *    records in 7-day slices of each product type, per-invitee totals per day and per week),
 *    each asked of a simulator at that scale for its first page (which says how many pages the
 *    slice has). Pages × 20 is the weight; ÷ 50 per second the physical minimum.
 * 1. `backfill`: the first backfill of both datasets at simulator scale `--scale` (default 1),
 *    run by the sync's own engine (lib/archive/engine.ts) against a simulator of its own over
 *    HTTP, with the default settings (commission records: 365 days in 7-day slices, both
 *    product types; totals: the last 90 days per UTC day, the older rest of WEEX's year per UTC
 *    week), on the first database of `--db`. It prints each dataset's requests and total weight
 *    (the endpoints' table weights: 20 a page), the physical minimum time at WEEX's 50 weight
 *    per second (500 per 10 s), and the time the backfill took here. The budget is not limited
 *    in this run (the simulator and the client allow everything), so the time is what the
 *    machine needs; a production backfill takes at least the physical minimum, and shares it
 *    with people (lib/weex/budget.ts).
 * 2. `queries`: at each of `--query-scales` (default 1 and 10) and on each database of `--db`,
 *    an archive filled directly from the simulator's own generator (a year of invitees, commission
 *    records and per-invitee totals as WEEX would send them at `now`, parsed by the interface
 *    schemas, keyed and kept as the sync keeps them, inserted in bulk; the commission summaries
 *    rebuilt afterwards by the functions the insert trigger calls, migration 0150/0160; 0170's
 *    month summaries follow by their own triggers), then
 *    the value list over the year (by commission; by deposits, page 3; by commission, page 20;
 *    two invite codes'), page 20 over the last 90 days (a range most of whose invitees were active
 *    before it: each is summed, where a year's are mostly taken at their all-archive totals,
 *    lib/archive/value/) and the weekly cohorts with their commission per invitee over the year,
 *    answered as the routes do (`source=archive`), median and worst of `--runs` after a warm-up.
 *    Goal < 200 ms each. After the fill PostgreSQL is vacuumed and analyzed (its autovacuum would),
 *    PGlite analyzed as the sync analyzes it (lib/archive/statistics.ts: never vacuumed), opened
 *    with the dashboard's start parameters (a 16 MB buffer cache).
 *
 *    With `--keep` each (database, scale)'s filled archive outlives the run (bench/lib/bench-db.ts:
 *    a PGlite directory under bench/out/, a PostgreSQL schema bench_keep_value_s<scale>) and a
 *    later `--keep` run times the queries on it again, with the migrations added since applied
 *    and the fill's `now` kept (a 10× fill takes 20–30 min on a loaded 2-core machine). Drop it
 *    by hand (rm -r bench/out/pglite-value_s10; DROP SCHEMA bench_keep_value_s10 CASCADE).
 *
 *   npx tsx bench/value.ts [--parts count,backfill,queries] [--count-scale 1] [--scale 1]
 *     [--query-scales 1,10] [--db pglite,postgres] [--runs 7] [--keep]
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
import { commissionKeys, movedMoney, periodKind } from "../lib/archive/value-datasets";
import { inviteeValue } from "../lib/archive/value";
import type { Db } from "../lib/db";
import { startSimulator } from "../lib/simulator";
import { generateNetwork } from "../lib/simulator/data";
import { inviteeWire } from "../lib/simulator/data/invitees";
import { commissionWire, totalsWire } from "../lib/simulator/handlers/rebate";
import { SIM_DEFAULTS } from "../lib/simulator/types";
import { ENDPOINTS, type EndpointKey } from "../lib/weex/endpoints";
import { commissionRecord, inviteeRecord, inviteeTotalsRecord } from "../lib/weex/records";
import { PRODUCT_TYPES } from "../lib/weex/limits";
import { analyzeGrown } from "../lib/archive/statistics";
import { insertJson, openBenchDb } from "./lib/bench-db";
import { timeRuns } from "./lib/timing";
import { printFigures } from "./lib/stack";
import { DAY_MS } from "../lib/time/calendar";

const { values: args } = parseArgs({
  options: {
    parts: { type: "string", default: "count,backfill,queries" },
    scale: { type: "string", default: process.env.BENCH_SCALE ?? "1" },
    "count-scale": { type: "string", default: "1" },
    "query-scales": { type: "string", default: "1,10" },
    db: { type: "string", default: process.env.BENCH_DB ?? "pglite,postgres" },
    runs: { type: "string", default: "7" },
    keep: { type: "boolean", default: false },
  },
});
const parts = new Set(args.parts.split(","));
const scale = Number(args.scale);
const runs = Math.max(1, Number(args.runs));
/** WEEX's physical rate: 500 weight per 10 s. */
const WEIGHT_PER_SECOND = 50;
/** What run-all copies into RESULTS.md. */
const figures: Record<string, string> = {};

const time = (fn: () => Promise<unknown>) => timeRuns(fn, runs);

/** The pages (and so the weight) of the sync's one-year first backfill at `scale`, counted. */
async function countBackfill(countScale: number, at: number): Promise<void> {
  const countSim = await startSimulator({ port: 0, quiet: true, scale: countScale, now: () => at, ipWeightPer10s: 1e9, uidWeightPer10s: 1e9 });
  try {
    const lister = simClient(countSim.url, { budget: unlimitedBudget(), now: () => at });
    const pagesOf = (total: number | null) => Math.max(1, Math.ceil((total ?? 0) / 100));
    const report = (name: string, slices: number, pages: number, records: number) => {
      const weight = pages * ENDPOINTS[name === "commissions" ? "commissions" : "inviteeTotals"].ipWeight;
      const line =
        `${slices} slices, ${records.toLocaleString("en-US")} records, ${pages.toLocaleString("en-US")} pages: weight ${weight.toLocaleString("en-US")}, ` +
        `physical minimum ${(weight / WEIGHT_PER_SECOND / 60).toFixed(1)} min at ${WEIGHT_PER_SECOND}/s`;
      console.log(`${name.padEnd(13)} ${line}`);
      figures[`counted at scale ${countScale}, ${name.trim()}`] = line;
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

const f = (t: { median: number; worst: number }) => `${t.median.toFixed(1)} ms (worst ${t.worst.toFixed(1)})`;
const n = (x: number) => x.toLocaleString("en-US");

/** The first backfill of both datasets by the sync's own engine, timed (budget not limited). */
async function timedBackfill(kind: string, at: number): Promise<void> {
  const sim = await startSimulator({ port: 0, quiet: true, scale, now: () => at, ipWeightPer10s: 1e9, uidWeightPer10s: 1e9 });
  const { db, close } = await openBenchDb(kind, "value");
  try {
    const engine = new ArchiveEngine({ db, lister: simClient(sim.url, { budget: unlimitedBudget(), now: () => at }), now: () => at, settings: DEFAULT_SETTINGS });
    await engine.run("invitees");
    const weightOf = (byEndpoint: Record<string, number>) =>
      Object.entries(byEndpoint).reduce((w, [k, c]) => w + (k in ENDPOINTS ? ENDPOINTS[k as EndpointKey].ipWeight * c : 0), 0);
    console.log(`value bench: simulator scale ${scale}, ${kind}, one-year first backfill (budget not limited)`);
    for (const dataset of ["commissions", "inviteeTotals"] as const) {
      sim.resetStats();
      const t = performance.now();
      const result = await engine.run(dataset);
      const seconds = (performance.now() - t) / 1000;
      const stats = sim.stats();
      const weight = weightOf(stats.byEndpoint as Record<string, number>);
      const table = dataset === "commissions" ? "archive_commission" : "archive_invitee_movement";
      const [{ c }] = await rows<{ c: unknown }>(db, sql.raw(`SELECT count(*) AS c FROM ${table}`));
      const periods = dataset === "inviteeTotals" ? await rows<{ kind: string; c: unknown }>(db, sql`SELECT kind, count(*) AS c FROM archive_movement_period GROUP BY kind ORDER BY kind`) : [];
      const line =
        `${result.plan}: ${n(stats.requests)} requests, weight ${n(weight)}, physical minimum ${(weight / WEIGHT_PER_SECOND / 60).toFixed(1)} min at ${WEIGHT_PER_SECOND}/s; ` +
        `took ${seconds.toFixed(1)} s here (${(seconds / 60).toFixed(1)} min); ${n(Number(c))} rows${periods.length ? ` (${periods.map((p) => `${p.c} ${p.kind}s`).join(", ")})` : ""}`;
      console.log(`${dataset.padEnd(13)} ${line}`);
      figures[`backfill at scale ${scale} on ${kind}, ${dataset}`] = line;
    }
  } finally {
    await close();
    await sim.close();
  }
}

/**
 * A year of the simulator's network at `scale` in the archive, as the sync would hold it: the
 * invitees, every commission record of the kept days (7-day slices of each product type, keyed
 * per page of 100 as the sync keys them) and the per-invitee totals of the sync's periods (days,
 * older weeks: the rows with a deposit or a withdrawal). The commission summaries are rebuilt
 * after the bulk insert by the functions its trigger calls, a slice at a time.
 */
async function fill(kind: string, db: Db, fillScale: number, at: number): Promise<{ invitees: number; records: number; movements: number; seconds: number }> {
  const started = performance.now();
  const net = generateNetwork({ seed: SIM_DEFAULTS.seed, scale: fillScale, now: at });
  const invitees = net.invitees.filter((i) => i.registerTime <= at).map((i) => inviteeRecord.parse(inviteeWire(i, at)));
  await insertJson(
    db,
    "archive_invitee",
    "uid text, register_time bigint, kyc_result boolean, invite_code text, first_deposit bigint, first_trade bigint, last_deposit bigint, last_trade bigint, synced_at bigint",
    invitees.map((r) => ({
      uid: r.uid, register_time: r.registerTime, kyc_result: r.kycResult, invite_code: r.inviteCode ?? null,
      first_deposit: r.firstDeposit, first_trade: r.firstTrade, last_deposit: r.lastDeposit, last_trade: r.lastTrade, synced_at: at,
    })),
  );
  const slices = planResync("commissions", { from: commissionHorizon(at, DEFAULT_SETTINGS), to: at }, at, DEFAULT_SETTINGS);
  let records = 0;
  await db.execute(sql`ALTER TABLE archive_commission DISABLE TRIGGER USER`);
  try {
    for (const s of slices) {
      const list: object[] = [];
      for (const productType of PRODUCT_TYPES) {
        const served = net.activity.commissions(s.from, s.to, { productType }, { offset: 0, size: Number.MAX_SAFE_INTEGER }).items;
        for (let k = 0; k < served.length; k += 100) {
          const page = served.slice(k, k + 100).map((r) => commissionRecord.parse(commissionWire(r)));
          const keys = commissionKeys(page);
          page.forEach((r, i) =>
            list.push({
              key: keys[i], uid: r.uid, time: r.date, coin: r.coin, product_type: r.productType, symbol: r.symbol, source_type: r.sourceType,
              fee: r.fee, commission: r.commission, rate: r.rate, taker_amount: r.takerAmount, maker_amount: r.makerAmount, synced_at: at,
            }),
          );
        }
      }
      await insertJson(
        db,
        "archive_commission",
        "key text, uid text, time bigint, coin text, product_type text, symbol text, source_type integer, fee numeric, commission numeric, rate numeric, taker_amount numeric, maker_amount numeric, synced_at bigint",
        list,
      );
      records += list.length;
    }
  } finally {
    await db.execute(sql`ALTER TABLE archive_commission ENABLE TRIGGER USER`);
  }
  // what archive_commission_touched (the insert trigger) does, a slice at a time
  for (const s of slices) {
    await db.execute(sql`SELECT archive_commission_hour_recount(ARRAY(SELECT DISTINCT time - time % 3600000 FROM archive_commission WHERE time BETWEEN ${s.from} AND ${s.to}))`);
    await db.execute(sql`SELECT archive_commission_invitee_day_recount(d.days, d.uids)
      FROM (SELECT array_agg(day) AS days, array_agg(uid) AS uids
            FROM (SELECT DISTINCT time - time % 86400000 AS day, uid FROM archive_commission WHERE source_type = 1 AND time BETWEEN ${s.from} AND ${s.to}) p) d
      WHERE d.days IS NOT NULL`);
  }
  const uids = (await rows<{ uid: string }>(db, sql`SELECT DISTINCT uid FROM archive_commission WHERE source_type = 1`)).map((r) => r.uid);
  for (let k = 0; k < uids.length; k += 2000) {
    await db.execute(sql`SELECT archive_invitee_value_recount(${`{${uids.slice(k, k + 2000).join(",")}}`}::text[])`);
  }
  let movements = 0;
  for (const p of planResync("inviteeTotals", { from: 0, to: at }, at, DEFAULT_SETTINGS)) {
    const list = net.activity
      .totals(p.from, p.to)
      .map((t) => inviteeTotalsRecord.parse(totalsWire(t)))
      .filter(movedMoney);
    await db.execute(sql`INSERT INTO archive_movement_period (period_from, period_to, kind) VALUES (${p.from}, ${p.to}, ${periodKind(p)})`);
    await insertJson(
      db,
      "archive_invitee_movement",
      "period_from bigint, uid text, deposit_amount numeric, withdrawal_amount numeric, spot_trading_amount numeric, futures_trading_amount numeric, commission numeric, synced_at bigint",
      list.map((r) => ({
        period_from: p.from, uid: r.uid, deposit_amount: r.depositAmount, withdrawal_amount: r.withdrawalAmount,
        spot_trading_amount: r.spotTradingAmount, futures_trading_amount: r.futuresTradingAmount, commission: r.commission, synced_at: at,
      })),
    );
    movements += list.length;
  }
  await keepStatistics(kind, db);
  return { invitees: invitees.length, records, movements, seconds: (performance.now() - started) / 1000 };
}

/**
 * The statistics the dashboard's database would have: PostgreSQL's autovacuum vacuums and
 * analyzes; the embedded PGlite has only the sync's ANALYZE of grown archive tables
 * (lib/archive/statistics.ts) and is never vacuumed.
 */
async function keepStatistics(kind: string, db: Db): Promise<void> {
  if (kind === "postgres") await db.execute(sql`VACUUM ANALYZE`);
  else await analyzeGrown(db);
}

/** The value list and the cohorts with value from an archive filled at `fillScale`, timed. */
async function queries(kind: string, fillScale: number, now: number): Promise<void> {
  const { db, close } = await openBenchDb(kind, "value", args.keep ? `value_s${String(fillScale).replace(".", "_")}` : undefined);
  try {
    await db.execute(sql`CREATE TABLE IF NOT EXISTS bench_fill (at bigint, invitees integer, records integer, movements integer, seconds real)`);
    const [kept] = await rows<{ at: unknown; invitees: number; records: number; movements: number; seconds: number }>(db, sql`SELECT * FROM bench_fill`);
    const at = kept ? Number(kept.at) : now;
    const filled = kept ? { ...kept, seconds: Number(kept.seconds) } : await fill(kind, db, fillScale, at);
    if (kept) {
      console.log(`${kind} scale ${fillScale}: the kept archive filled for now = ${new Date(at).toISOString()}`);
      await keepStatistics(kind, db);
    } else {
      await db.execute(sql`INSERT INTO bench_fill VALUES (${at}, ${filled.invitees}, ${filled.records}, ${filled.movements}, ${filled.seconds})`);
    }
    const sources = () => selectedSources("archive", { db: async () => db, lister: { list: () => Promise.reject(new Error("no upstream in this bench")) }, subAffiliateDays: 365, now: () => at });
    const year = { startTime: at - 364 * DAY_MS, endTime: at };
    // the code of the most invitees (half of them at scale 10), and the fifth (a campaign's: ~4 %)
    const codes = await rows<{ code: string }>(db, sql`SELECT invite_code AS code FROM archive_invitee WHERE invite_code IS NOT NULL GROUP BY invite_code ORDER BY count(*) DESC, invite_code LIMIT 5`);
    const code = codes[0].code;
    const small = codes.at(-1)!.code;
    const byCommission = await time(() => inviteeValue(sources(), { ...year, sort: "commission" }, { page: 1, pageSize: 50 }));
    const byDeposits = await time(() => inviteeValue(sources(), { ...year, sort: "deposits" }, { page: 3, pageSize: 50 }));
    const later = await time(() => inviteeValue(sources(), { ...year, sort: "commission" }, { page: 20, pageSize: 50 }));
    const recent = await time(() => inviteeValue(sources(), { startTime: at - 90 * DAY_MS, endTime: at, sort: "commission" }, { page: 20, pageSize: 50 }));
    const ofCode = await time(() => inviteeValue(sources(), { ...year, sort: "commission", inviteCode: code }, { page: 1, pageSize: 50 }));
    const ofSmall = await time(() => inviteeValue(sources(), { ...year, sort: "commission", inviteCode: small }, { page: 1, pageSize: 50 }));
    const cohortsWithValue = await time(() => cohorts(sources(), { ...year, by: "week", tz: "Asia/Shanghai" }, at));
    const held = (await inviteeValue(sources(), { ...year, sort: "commission" }, { page: 1, pageSize: 1 })).total;
    const line =
      `${n(filled.invitees)} invitees, ${n(filled.records)} commission records, ${n(filled.movements)} totals rows (filled in ${filled.seconds.toFixed(0)} s); ` +
      `${n(held)} invitees with value in the year: value list by commission ${f(byCommission)}, by deposits page 3 ${f(byDeposits)}, by commission page 20 ${f(later)}, page 20 of the last 90 days ${f(recent)}, ` +
      `invite code ${code} ${f(ofCode)}, invite code ${small} ${f(ofSmall)}; weekly cohorts with commission per invitee (Asia/Shanghai) ${f(cohortsWithValue)}`;
    console.log(`${kind.padEnd(8)} scale ${String(fillScale).padStart(2)}: ${line}`);
    figures[`queries on ${kind} at scale ${fillScale}`] = line;
  } finally {
    await close();
  }
}

const now = Date.now();
const dbs = args.db.split(",").filter((kind) => {
  if (kind !== "postgres" || process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL) return true;
  console.log("postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
  return false;
});
if (parts.has("count")) await countBackfill(Number(args["count-scale"]), now);
if (parts.has("backfill")) await timedBackfill(dbs[0], now);
if (parts.has("queries")) for (const kind of dbs) for (const s of args["query-scales"].split(",").map(Number)) await queries(kind, s, now);
figures.runs = `median of ${runs} runs after a warm-up; goal < 200 ms from the archive`;
printFigures("value", figures);
