/**
 * Risk bench: what evaluating the risk rules costs on an archive of a year of the simulator's
 * network, at simulator scale 1 and 10×, on PGlite and on PostgreSQL, and whether people's
 * pages wait for it.
 *
 * For each database and scale (bench/lib/risk-fill.ts fills the archive up to the end of
 * yesterday, 12:00 UTC today being `now`):
 * - `full`: every enabled rule over the whole archive (since 0), from no flags;
 * - `day's sync`: today's records of each dataset written as a sync run writes them (its
 *   slice's cursor, pages of 100), and after each run the pass the archive scheduler queues
 *   (lib/risk/after-sync.ts: the rules that read the dataset, over the subjects the run wrote),
 *   timed per dataset and in total; then the same passes again, median and worst of `--runs`
 *   (target: the passes of a day's sync under 2 s in total at 10×);
 * - `people`: a person's read while those passes run against idle: the weekly invitee cohorts
 *   of the last 90 days as the route reads them from the archive, 100 ms apart, p50 and worst
 *   of each and their ratio (on PGlite a read waits for the statement in progress: each pass's
 *   statement reads one chunk of subjects, so the wait is one statement's).
 * No WEEX request is made: the rules read the archive only.
 *
 *   npx tsx bench/risk.ts [--scales 1,10] [--db pglite,postgres] [--runs 3] [--keep]
 *   (postgres: BENCH_DATABASE_URL or TEST_DATABASE_URL; the bench works in a schema of its own.
 *   With --keep each filled archive outlives the run, bench/lib/bench-db.ts: a later --keep run
 *   deletes today's rows and the flags and times again on it.)
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { rows } from "../lib/archive/db";
import type { DatasetKey } from "../lib/archive/settings";
import { selectedSources } from "../lib/archive/sources";
import { cohorts } from "../lib/archive/cohorts-query";
import type { Db } from "../lib/db";
import { riskRunner } from "../lib/risk/after-sync";
import { evaluateRisk, type RuleOutcome } from "../lib/risk/evaluate";
import { DAY_MS } from "../lib/time/calendar";
import { openBenchDb } from "./lib/bench-db";
import { fillArchive, syncToday, type Filled } from "./lib/risk-fill";
import { percentile, printFigures, sleep } from "./lib/stack";

const { values: args } = parseArgs({
  options: {
    scales: { type: "string", default: process.env.BENCH_SCALES ?? "1,10" },
    db: { type: "string", default: process.env.BENCH_DB ?? "pglite,postgres" },
    runs: { type: "string", default: "3" },
    keep: { type: "boolean", default: false },
  },
});
const runs = Math.max(1, Number(args.runs));
const figures: Record<string, string> = {};
const SYNCED: Exclude<DatasetKey, "withdrawals">[] = ["invitees", "subAffiliates", "commissions", "inviteeTotals"];

const n = (x: number) => x.toLocaleString("en-US");
const ms = (x: number) => `${x.toFixed(0)} ms`;
const sorted = (a: number[]) => [...a].sort((x, y) => x - y);
const count = (outs: RuleOutcome[], k: "fired" | "held" | "expired") => outs.reduce((s, o) => s + o[k], 0);

/** The archive of `scale` (kept from an earlier --keep run, or filled now) without today's rows and flags. */
async function archiveOf(kind: string, db: Db, scale: number, now: number): Promise<{ at: number; filled: Filled }> {
  await db.execute(sql`CREATE TABLE IF NOT EXISTS bench_risk_fill (at bigint, filled jsonb)`);
  const [kept] = await rows<{ at: unknown; filled: Filled }>(db, sql`SELECT * FROM bench_risk_fill`);
  if (kept) {
    const at = Number(kept.at);
    const today = Math.floor(at / DAY_MS) * DAY_MS;
    console.log(`${kind} scale ${scale}: the kept archive filled for now = ${new Date(at).toISOString()}`);
    await db.execute(sql`DELETE FROM archive_commission WHERE time >= ${today}::bigint`);
    await db.execute(sql`DELETE FROM archive_invitee_movement WHERE period_from >= ${today}::bigint`);
    await db.execute(sql`DELETE FROM archive_movement_period WHERE period_from >= ${today}::bigint`);
    await db.execute(sql`DELETE FROM archive_invitee WHERE register_time >= ${today}::bigint`);
    await db.execute(sql`DELETE FROM archive_sub_affiliate_daily WHERE day >= ${new Date(today).toISOString().slice(0, 10)}::date`);
    await db.execute(sql`DELETE FROM risk_flag`);
    return { at, filled: kept.filled };
  }
  const filled = await fillArchive(db, scale, now);
  await db.execute(sql`INSERT INTO bench_risk_fill VALUES (${now}, ${JSON.stringify(filled)}::jsonb)`);
  // the statistics the dashboard's database would have (PostgreSQL's autovacuum; PGlite's sync analyzes)
  await db.execute(kind === "postgres" ? sql`VACUUM ANALYZE` : sql`ANALYZE`);
  return { at: now, filled };
}

/** A person's read, one after the other until `until` settles (or `count` reads when idle): each read's ms. */
async function reads(db: Db, at: number, until: Promise<unknown> | null, count = 10): Promise<number[]> {
  const sources = () => selectedSources("archive", { db: async () => db, lister: { list: () => Promise.reject(new Error("no upstream in this bench")) }, subAffiliateDays: 365, now: () => at });
  const read = () => cohorts(sources(), { startTime: at - 90 * DAY_MS, endTime: at, by: "week", tz: "UTC" }, at);
  let done = until === null;
  void until?.finally(() => (done = true));
  const out: number[] = [];
  // (a person's clicks: a read, then 100 ms before the next)
  while (until ? !done : out.length < count) {
    const t = performance.now();
    await read();
    out.push(performance.now() - t);
    await sleep(100);
  }
  return out;
}

async function bench(kind: string, scale: number, now: number): Promise<void> {
  const { db, close } = await openBenchDb(kind, "risk", args.keep ? `risk_s${String(scale).replace(".", "_")}` : undefined);
  try {
    const { at, filled } = await archiveOf(kind, db, scale, now);
    const size = `${n(filled.invitees)} invitees, ${n(filled.commissionDays)} commission days, ${n(filled.movements)} deposit/withdrawal rows, ${n(filled.subDays)} sub-affiliate days (filled in ${filled.seconds.toFixed(0)} s)`;
    console.log(`${kind} scale ${scale}: ${size}`);

    const t = performance.now();
    const full = await evaluateRisk(db, { now: at, since: 0 });
    const fullMs = performance.now() - t;
    figures[`${kind} ×${scale}: archive`] = size;
    figures[`${kind} ×${scale}: full evaluation of the year`] = `${ms(fullMs)}; ${count(full, "fired")} flags (${full.map((o) => `${o.rule} ${o.fired}`).join(", ")})`;
    console.log(`  full evaluation ${ms(fullMs)}`);

    // the day's sync: each dataset's run, then the pass the scheduler queues after it
    const passes: { dataset: DatasetKey; outcomes: RuleOutcome[]; ms: number }[] = [];
    let passStart = 0;
    const runner = riskRunner({
      db: async () => db,
      now: () => at,
      onPass: (dataset, outcomes) => {
        passes.push({ dataset, outcomes, ms: performance.now() - passStart });
        console.log(`  pass after ${dataset}: ${ms(passes.at(-1)!.ms)} (${outcomes.map((o) => `${o.rule} ${o.held} held`).join(", ")})`);
      },
    });
    const written: string[] = [];
    for (const dataset of SYNCED) {
      runner.onRun({ dataset, phase: "start" });
      written.push(`${dataset} ${n(await syncToday(db, scale, at, dataset))}`);
      passStart = performance.now();
      runner.onRun({ dataset, phase: "end" });
      await runner.idle();
    }
    const first = passes.splice(0);
    const total = first.reduce((s, p) => s + p.ms, 0);
    figures[`${kind} ×${scale}: the day's sync wrote`] = `${written.join(", ")} rows`;
    figures[`${kind} ×${scale}: passes after the day's sync, first`] =
      `${ms(total)} in total (${first.map((p) => `${p.dataset} ${ms(p.ms)}: ${count(p.outcomes, "held")} held, ${count(p.outcomes, "fired")} fired`).join("; ")})`;
    console.log(`  passes after the day's sync ${ms(total)}`);

    // the same passes again (the runs' rows as written), while a person reads, against idle
    const idle = sorted(await reads(db, at, null));
    console.log(`  idle reads p50 ${ms(percentile(idle, 50))}`);
    const during: number[] = [];
    const totals: number[] = [];
    for (let i = 0; i < runs; i++) {
      const again = (async () => {
        for (const dataset of SYNCED) {
          passStart = performance.now();
          runner.onRun({ dataset, phase: "start" });
          runner.onRun({ dataset, phase: "end" });
          await runner.idle();
        }
      })();
      during.push(...(await reads(db, at, again)));
      console.log(`  again ${i + 1}: ${during.length} reads`);
      await again;
      totals.push(passes.splice(0).reduce((s, p) => s + p.ms, 0));
    }
    const busy = sorted(during);
    const tt = sorted(totals);
    figures[`${kind} ×${scale}: passes after the day's sync, again (target < 2 s at 10×)`] = `median ${ms(percentile(tt, 50))}, worst ${ms(tt.at(-1)!)} of ${runs}`;
    figures[`${kind} ×${scale}: a person's read (weekly cohorts, 90 days) idle / during the passes`] =
      `p50 ${ms(percentile(idle, 50))} / ${ms(percentile(busy, 50))} (${(percentile(busy, 50) / percentile(idle, 50)).toFixed(2)}×), ` +
      `worst ${ms(idle.at(-1)!)} / ${ms(busy.at(-1)!)} (${(busy.at(-1)! / idle.at(-1)!).toFixed(2)}×); ${idle.length} and ${busy.length} reads`;
    console.log(`  again: median ${ms(percentile(tt, 50))}; reads p50 ${ms(percentile(idle, 50))} idle, ${ms(percentile(busy, 50))} during`);
  } finally {
    await close();
  }
}

const now = Math.floor(Date.now() / DAY_MS) * DAY_MS + 12 * 3_600_000;
for (const kind of args.db.split(",")) {
  if (kind === "postgres" && !(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL)) {
    console.log("postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
    continue;
  }
  for (const scale of args.scales.split(",").map(Number)) await bench(kind, scale, now);
}
figures["WEEX requests made"] = "0";
printFigures("risk", figures);
