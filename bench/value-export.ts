/**
 * bench/value-export: the value list's export (GET /api/affiliate/invitees/value/export) over
 * five years of the archive, its memory growth while the file is written. The part of
 * bench/export.ts's rule for this export: growth < 50 MB.
 *
 *   npx tsx bench/value-export.ts [--scale 10] [--db postgres|pglite] [--modes cursor,whole] [--runs 1] [--keep]
 *   (--keep: the filled archive outlives the run, bench/lib/bench-db.ts's `keep`, for a later one;
 *   --runs: files written one after the other in each mode's process, each measured from the same
 *   level: whether the growth is paid once or again for each file)
 *   (postgres: BENCH_DATABASE_URL or TEST_DATABASE_URL)
 *
 * The archive: the per-invitee-month summaries a five-year range of whole UTC months reads
 * (lib/archive/value/: migration 0170's tables; the months' rows are all the statement sums), filled
 * in SQL — a year at simulator scale 10 holds ~88,000 invitees with value (bench/value.ts), so
 * 8,845 × scale new invitees a year, each active for six months (commission in USDT each
 * month, in BTC every fifth, deposits and withdrawals every third), and their invitee records.
 * Filling it through the simulator and the sync would take hours at 10× (a year: 20–30 min).
 *
 * Each mode runs in a child process of its own (`--expose-gc`), which writes the whole CSV by
 * the dashboard's path (lib/export/response.ts's streaming Response, the route's columns) and
 * only counts its bytes, sampling RSS and heap above the level before it started:
 * - `cursor`: the export as it is (lib/archive/value-export.ts: a cursor, a batch at a time);
 * - `whole`: the list read as one answer and handed on in slices (how the export read it
 *   before), for comparison.
 * On PGlite the database runs inside the process, so its memory (the sort, the cursor's kept
 * rows up to work_mem) is the process's too; on Linux the bench also reports how much of PGlite's
 * WebAssembly memory became resident (`engine`: its mapping's Rss in /proc/self/smaps), the part
 * of the RSS growth that is the database's and stays with the process (WebAssembly memory is
 * never given back), apart from the JavaScript side's.
 */
import { fork } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { Pool } from "pg";
import { rows } from "../lib/archive/db";
import { selectedSources } from "../lib/archive/sources";
import { inviteeValueBatches } from "../lib/archive/value-export";
import { inviteeValue, type ValueQuery } from "../lib/archive/value";
import type { Db } from "../lib/db";
import { INVITEE_VALUE_COLUMNS } from "../lib/export/datasets";
import { csvDownload } from "../lib/export/response";
import { openBenchDb } from "./lib/bench-db";
import { printFigures } from "./lib/stack";

const { values: args } = parseArgs({
  options: {
    scale: { type: "string", default: "10" },
    db: { type: "string", default: "postgres" },
    modes: { type: "string", default: "cursor,whole" },
    runs: { type: "string", default: "1" },
    keep: { type: "boolean", default: false },
    child: { type: "string" },
  },
});
const scale = Number(args.scale);
const MB = 1024 * 1024;
const LIMIT_MB = 50;
const FROM = Date.UTC(2021, 0, 1);
const TO = Date.UTC(2026, 0, 1) - 1;
const NOW = Date.UTC(2026, 0, 2);
const PER_YEAR = Math.round(8845 * scale);
const keepName = `value_export_s${String(scale).replace(".", "_")}`;

type Mode = "cursor" | "whole";
interface Result {
  mode: Mode;
  run: number;
  rows: number;
  bytes: number;
  seconds: number;
  firstByteSeconds: number;
  rssGrowthMb: number;
  /** the heap held (after collection) */
  heapGrowthMb: number;
  /** PGlite's WebAssembly memory made resident (null: not PGlite, or no /proc) */
  engineGrowthMb: number | null;
}

/** Five years of month summaries and invitee records (see above), in SQL. */
async function fill(db: Db): Promise<number> {
  const invitees = PER_YEAR * 5;
  // (filled by a --keep run before: its last table has rows)
  const [{ n }] = await rows<{ n: unknown }>(db, sql`SELECT count(*) AS n FROM (SELECT 1 FROM archive_invitee_movement_month LIMIT 1) x`);
  if (Number(n) > 0) return invitees;
  await db.execute(sql`TRUNCATE archive_invitee, archive_commission_invitee_month, archive_invitee_movement_month`);
  const monthMs = (m: string) => sql.raw(`(extract(epoch FROM (date '2021-01-01' + (${m}) * interval '1 month')) * 1000)::bigint`);
  // invitee i registers in month (i * 60 / invitees) and is active its six months from there (within the five years)
  const start = `least(55, (i::bigint * 60 / ${invitees})::int)`;
  await db.execute(sql`INSERT INTO archive_invitee (uid, register_time, kyc_result, invite_code, synced_at)
    SELECT (7000000000 + i)::text, ${monthMs(start)}, true, 'CODE' || (i % 40), ${NOW} FROM generate_series(1::bigint, ${invitees}) i`);
  await db.execute(sql`INSERT INTO archive_commission_invitee_month (month, uid, coin, records, commission, spot_volume, futures_volume)
    SELECT ${monthMs(`${start} + k`)}, (7000000000 + i)::text, c.coin, 3,
           ((i * 7919 + k * 104729) % 100000) / 1000.0, ((i * 31 + k) % 5000) * 1.25, ((i * 17 + k) % 9000) * 2.5
    FROM generate_series(1::bigint, ${invitees}) i, generate_series(0, 5) k, (VALUES ('USDT'), ('BTC')) c(coin)
    WHERE c.coin = 'USDT' OR (i + k) % 5 = 0`);
  await db.execute(sql`INSERT INTO archive_invitee_movement_month (month, uid, deposit_amount, withdrawal_amount)
    SELECT ${monthMs(`${start} + k`)}, (7000000000 + i)::text, ((i * 13 + k) % 20000) * 0.5, ((i * 3 + k) % 7000) * 0.25
    FROM generate_series(1::bigint, ${invitees}) i, generate_series(0, 5) k WHERE (i + k) % 3 = 0`);
  for (const t of ["archive_invitee", "archive_commission_invitee_month", "archive_invitee_movement_month"]) await db.execute(sql.raw(`ANALYZE ${t}`));
  return invitees;
}

/**
 * Peak memory above the level at construction, sampled as the file is read: the resident set,
 * and the heap the process holds (each sample after a full collection: what is still referenced,
 * not the garbage V8 has yet to collect, which comes and goes with its heuristics).
 */
function peakMeter(engine: () => number | null) {
  globalThis.gc?.();
  const m0 = process.memoryUsage();
  const e0 = engine();
  let rss = 0;
  let heap = 0;
  let eng = 0;
  return {
    sample() {
      globalThis.gc?.();
      const m = process.memoryUsage();
      rss = Math.max(rss, m.rss - m0.rss);
      heap = Math.max(heap, m.heapUsed - m0.heapUsed);
      const e = engine();
      if (e !== null && e0 !== null) eng = Math.max(eng, e - e0);
    },
    get engineMb() {
      return e0 === null ? null : eng / MB;
    },
    get rssMb() {
      return rss / MB;
    },
    get heapMb() {
      return heap / MB;
    },
  };
}

/**
 * The resident bytes of PGlite's WebAssembly memory: the Rss of the one writable mapping as large
 * as that memory (/proc/self/smaps; null elsewhere, or on PostgreSQL).
 */
function engineResident(db: Db): () => number | null {
  const mod = (db as unknown as { $client?: { Module?: { HEAPU8?: Uint8Array } } }).$client?.Module;
  return () => {
    const kb = mod?.HEAPU8 ? mod.HEAPU8.length / 1024 : 0;
    let smaps: string;
    try {
      smaps = readFileSync("/proc/self/smaps", "utf8");
    } catch {
      return null;
    }
    if (!kb) return null;
    let writable = false;
    let size = 0;
    for (const line of smaps.split("\n")) {
      if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) writable = line.split(" ")[1].startsWith("rw");
      const s = /^Size:\s+(\d+) kB/.exec(line);
      if (s) size = Number(s[1]);
      const r = /^Rss:\s+(\d+) kB/.exec(line);
      if (r && writable && size === kb) return Number(r[1]) * 1024;
    }
    return null;
  };
}

/** The rows each mode hands the CSV writer. */
function source(mode: Mode, db: Db, q: ValueQuery) {
  const sources = selectedSources("archive", { db: async () => db, lister: { list: () => Promise.reject(new Error("no upstream in this bench")) }, subAffiliateDays: 365, now: () => NOW });
  if (mode === "cursor") return inviteeValueBatches(sources, q);
  return (async function* () {
    const { items } = await inviteeValue(sources, q, "all");
    for (let i = 0; i < items.length; i += 1000) yield items.slice(i, i + 1000);
  })();
}

async function measure(mode: Mode): Promise<Result[]> {
  const { db, close } = await openBenchDb(args.db!, "value_export", keepName);
  try {
    const q: ValueQuery = { startTime: FROM, endTime: TO, sort: "commission" };
    // a month's file first: the code paths loaded and compiled, so what follows is the rows' own
    await writeFile(mode, db, { ...q, endTime: Date.UTC(2021, 1, 1) - 1 });
    // (every run's peak from the level before the first: a growth paid once shows in the first only)
    const peak = peakMeter(engineResident(db));
    const results: Result[] = [];
    for (let run = 1; run <= Number(args.runs); run++) {
      const t0 = performance.now();
      const file = await writeFile(mode, db, q, () => peak.sample());
      peak.sample();
      const seconds = (performance.now() - t0) / 1000;
      results.push({ mode, run, ...file, seconds, firstByteSeconds: (file.firstByte - t0) / 1000, rssGrowthMb: peak.rssMb, heapGrowthMb: peak.heapMb, engineGrowthMb: peak.engineMb });
    }
    return results;
  } finally {
    await close();
  }
}

/** The CSV file of `q` by the dashboard's streaming Response, read to its end and counted. */
async function writeFile(mode: Mode, db: Db, q: ValueQuery, sample = () => {}): Promise<{ rows: number; bytes: number; firstByte: number }> {
  const res = await csvDownload({ filename: "value.csv", columns: INVITEE_VALUE_COLUMNS, rows: () => source(mode, db, q) });
  const reader = res.body!.getReader();
  let bytes = 0;
  let lines = 0;
  let chunks = 0;
  let firstByte = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByte) firstByte = performance.now();
    bytes += value.byteLength;
    for (const b of value) if (b === 10) lines++;
    if (++chunks % 25 === 0) sample();
  }
  return { rows: lines - 1, bytes, firstByte };
}

function child(mode: Mode): Promise<Result[]> {
  return new Promise((resolve, reject) => {
    const p = fork(import.meta.filename, ["--child", mode, "--scale", String(scale), "--db", args.db!, "--runs", args.runs!], {
      execArgv: [...process.execArgv, "--expose-gc", "--max-old-space-size=4096"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    p.once("message", (m) => resolve(m as Result[]));
    p.once("error", reject);
    p.once("exit", (code) => code !== 0 && reject(new Error(`${mode} run exited with ${code}`)));
  });
}

async function main() {
  if (args.child) {
    process.send!(await measure(args.child as Mode));
    return;
  }
  const t0 = performance.now();
  const { db, close } = await openBenchDb(args.db!, "value_export", keepName);
  const invitees = await fill(db);
  await close();
  const fmt = (n: number, d = 0) => n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
  console.log(`value export bench: ${args.db}, scale ${scale}: ${fmt(invitees)} invitees over ${new Date(FROM).toISOString().slice(0, 10)} … ${new Date(TO).toISOString().slice(0, 10)} (ready in ${fmt((performance.now() - t0) / 1000)} s)`);
  const results: Result[] = [];
  for (const mode of args.modes!.split(",") as Mode[]) results.push(...(await child(mode)));
  const engine = (r: Result) => (r.engineGrowthMb === null ? "   –" : `${fmt(r.engineGrowthMb, 1).padStart(10)} MB`);
  console.log("mode   run     rows      MB   first byte s   time s   peak RSS growth   peak heap held growth   engine resident growth");
  for (const r of results) {
    console.log(
      `${r.mode.padEnd(7)} ${String(r.run).padStart(2)} ${fmt(r.rows).padStart(8)} ${fmt(r.bytes / MB, 1).padStart(7)} ${fmt(r.firstByteSeconds, 2).padStart(14)} ${fmt(r.seconds, 2).padStart(8)}` +
        `   ${fmt(r.rssGrowthMb, 1).padStart(12)} MB   ${fmt(r.heapGrowthMb, 1).padStart(13)} MB   ${engine(r)}`,
    );
  }
  const figures: Record<string, string> = { archive: `${args.db}, scale ${scale}: ${fmt(invitees)} invitees with value over five years` };
  for (const r of results) {
    figures[`${r.mode} (file ${r.run}): rows / first byte / time / peak RSS growth / peak heap held growth / engine resident growth`] =
      `${fmt(r.rows)} / ${fmt(r.firstByteSeconds, 1)} s / ${fmt(r.seconds, 1)} s / ${fmt(r.rssGrowthMb, 1)} MB / ${fmt(r.heapGrowthMb, 1)} MB / ${r.engineGrowthMb === null ? "–" : `${fmt(r.engineGrowthMb, 1)} MB`}`;
  }
  const ours = results.filter((r) => r.mode === "cursor");
  if (ours.length) {
    const worst = Math.max(...ours.map((r) => Math.max(r.rssGrowthMb, r.heapGrowthMb)));
    figures[`target (cursor export growth < ${LIMIT_MB} MB)`] = `${worst < LIMIT_MB ? "met" : "not met"} (${fmt(worst, 1)} MB)`;
    if (worst >= LIMIT_MB) process.exitCode = 1;
  }
  printFigures("value-export", figures);
  // (the children open the filled archive again: it is kept for the run, and dropped after it unless --keep)
  if (!args.keep) await dropKept();
}

async function dropKept(): Promise<void> {
  if (args.db === "pglite") return rmSync(join(process.cwd(), "bench", "out", `pglite-${keepName}`), { recursive: true, force: true });
  const admin = new Pool({ connectionString: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL, max: 1 });
  await admin.query(`DROP SCHEMA IF EXISTS bench_keep_${keepName} CASCADE`);
  await admin.end();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
