/**
 * bench/export: 1,000,000 sub-affiliate rows written as CSV by the dashboard's export path
 * (lib/export: csv.ts + the streaming Response of response.ts, read through its body like a
 * client would) and by csv-stringify alone with the same settings (BOM, CRLF, header).
 *
 *   npx tsx bench/export.ts [--rows 1000000]
 *
 * Prints rows/s of each, the ratio, and the peak memory growth of each (RSS and heap, above
 * the level before the run). Rows are generated lazily and the output is only counted, never
 * kept, so the growth measures the writer itself: it must stay under 50 MB.
 * Each writer runs in its own child process, so one's garbage does not count against the
 * other. Before timing, both outputs of the first 10,000 rows are compared byte for byte.
 */
import { createHash } from "node:crypto";
import { fork } from "node:child_process";
import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import type { SubAffiliateRecord } from "@/lib/weex/records";
import { SUB_AFFILIATE_COLUMNS } from "@/lib/export/datasets";
import { csvDownload } from "@/lib/export/response";

const BATCH = 1000;
const LIMIT_MB = 50;
const MB = 1024 * 1024;

type Mode = "dashboard" | "csv-stringify";

interface Result {
  mode: Mode;
  rows: number;
  bytes: number;
  ms: number;
  rssGrowthMb: number;
  heapGrowthMb: number;
}

/** Deterministic, realistic rows: 18-digit ids, exact decimals, some negative, a few huge. */
function* rows(count: number): Generator<SubAffiliateRecord> {
  let x = 0x2545f491;
  const rnd = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 0x100000000;
  };
  const day0 = Date.UTC(2025, 0, 1);
  for (let i = 0; i < count; i++) {
    const sub = 702345678901234567n + BigInt(i % 500);
    const volume = i % 100_000 === 0 ? "123456789012345678.123456789" : (rnd() * 1e7).toFixed(8);
    yield {
      subAffiliateUid: sub.toString(),
      productType: i % 2 === 0 ? "SPOT" : "FUTURES",
      date: new Date(day0 + Math.floor(i / 1000) * 86_400_000).toISOString().slice(0, 10),
      tradingVolume: volume,
      netTradingFee: i % 7 === 0 ? "-" + (rnd() * 100).toFixed(6) : (rnd() * 1000).toFixed(12),
      paidCommission: i % 100_000 === 1 ? "0.000000000000000001" : (rnd() * 500).toFixed(10),
    };
  }
}

async function* batches(count: number): AsyncGenerator<SubAffiliateRecord[]> {
  let batch: SubAffiliateRecord[] = [];
  for (const r of rows(count)) {
    batch.push(r);
    if (batch.length === BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/** Peak memory above a baseline, sampled as the output is consumed. */
class Peak {
  private readonly rss0: number;
  private readonly heap0: number;
  private rss = 0;
  private heap = 0;
  constructor() {
    globalThis.gc?.();
    const m = process.memoryUsage();
    this.rss0 = m.rss;
    this.heap0 = m.heapUsed;
  }
  sample() {
    const m = process.memoryUsage();
    this.rss = Math.max(this.rss, m.rss - this.rss0);
    this.heap = Math.max(this.heap, m.heapUsed - this.heap0);
  }
  get rssMb() {
    return this.rss / MB;
  }
  get heapMb() {
    return this.heap / MB;
  }
}

/** The dashboard's path: the export Response's body, read chunk by chunk. */
async function dashboard(count: number, onChunk: (chunk: Uint8Array) => void): Promise<void> {
  const res = await csvDownload({ filename: "bench.csv", columns: SUB_AFFILIATE_COLUMNS, rows: () => batches(count) });
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    onChunk(value);
  }
}

/** csv-stringify alone, same dialect, fed the same rows one by one through a stream. */
async function csvStringify(count: number, onChunk: (chunk: Uint8Array) => void): Promise<void> {
  const writer = stringify({
    bom: true,
    header: true,
    record_delimiter: "windows",
    columns: SUB_AFFILIATE_COLUMNS.map((c) => c.header),
  });
  Readable.from(rows(count)).pipe(writer);
  for await (const chunk of writer) onChunk(chunk as Buffer);
}

const WRITERS: Record<Mode, typeof dashboard> = { dashboard, "csv-stringify": csvStringify };

async function measure(mode: Mode, count: number): Promise<Result> {
  const peak = new Peak();
  let bytes = 0;
  let chunks = 0;
  const t0 = performance.now();
  await WRITERS[mode](count, (chunk) => {
    bytes += chunk.byteLength;
    if (++chunks % 16 === 0) peak.sample();
  });
  const ms = performance.now() - t0;
  peak.sample();
  return { mode, rows: count, bytes, ms, rssGrowthMb: peak.rssMb, heapGrowthMb: peak.heapMb };
}

async function digest(mode: Mode, count: number): Promise<string> {
  const h = createHash("sha256");
  await WRITERS[mode](count, (c) => h.update(c));
  return h.digest("hex");
}

/** Run one writer in a fresh process and collect its result. */
function child(mode: Mode, count: number): Promise<Result> {
  return new Promise((resolve, reject) => {
    const p = fork(import.meta.filename, ["--child", mode, "--rows", String(count)], {
      execArgv: [...process.execArgv, "--expose-gc"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    p.once("message", (m) => resolve(m as Result));
    p.once("error", reject);
    p.once("exit", (code) => code !== 0 && reject(new Error(`${mode} run exited with ${code}`)));
  });
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const count = Number(arg("--rows") ?? 1_000_000);
  const childMode = arg("--child") as Mode | undefined;
  if (childMode) {
    process.send!(await measure(childMode, count));
    return;
  }

  const [a, b] = await Promise.all([digest("dashboard", 10_000), digest("csv-stringify", 10_000)]);
  console.log(`output of the first 10,000 rows identical: ${a === b ? "yes" : "NO"}`);

  const results: Result[] = [];
  for (const mode of ["dashboard", "csv-stringify"] as const) results.push(await child(mode, count));
  const fmt = (n: number, d = 0) => n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
  console.log(`\n${fmt(count)} rows, batches of ${BATCH}, node ${process.version}`);
  console.log("writer          rows/s      MB/s   time s   peak RSS growth   peak heap growth");
  for (const r of results) {
    console.log(
      `${r.mode.padEnd(14)} ${fmt(r.rows / (r.ms / 1000)).padStart(9)} ${fmt(r.bytes / MB / (r.ms / 1000), 1).padStart(8)} ${fmt(r.ms / 1000, 2).padStart(8)}` +
        `   ${fmt(r.rssGrowthMb, 1).padStart(9)} MB      ${fmt(r.heapGrowthMb, 1).padStart(9)} MB`,
    );
  }
  const [ours, theirs] = results;
  console.log(`\nratio dashboard / csv-stringify (rows/s): ${fmt(theirs.ms / ours.ms, 2)}×`);
  const worst = Math.max(ours.rssGrowthMb, ours.heapGrowthMb);
  console.log(`dashboard memory growth ${fmt(worst, 1)} MB: ${worst < LIMIT_MB ? "under" : "OVER"} the ${LIMIT_MB} MB limit`);
  if (a !== b || worst >= LIMIT_MB) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
