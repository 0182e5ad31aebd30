/**
 * Cohorts bench: the cohort and invite-code queries over a year of invitees held
 * in the archive, at simulator scale 1 (~24,000 invitees) and 10× (~240,000), on PGlite and
 * on PostgreSQL. Goal: under 200 ms from the archive.
 *
 * The archive is filled with the simulator's own invitee year (its generator, the records as
 * WEEX would send them at `now`, parsed by the interface schema), inserted directly: the sync
 * itself is measured by bench/archive.ts and bench/people.ts. Each query is answered exactly
 * as the route does (`source=archive` through the selected sources), median and worst of
 * several runs after one warm-up. Asia/Kolkata's weeks start at :30 UTC, so their boundary hours
 * are read from the raw rows rather than the hourly summary (migration 0140). Last, what the
 * summary costs the sync: one page of invitees re-written with and without its triggers.
 *
 *   npx tsx bench/cohorts.ts [--scales 1,10] [--db pglite,postgres] [--runs 7]
 *   (postgres: BENCH_DATABASE_URL or TEST_DATABASE_URL; the bench works in a schema of its own)
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { cohorts, inviteCodes } from "../lib/archive/cohorts-query";
import { selectedSources } from "../lib/archive/sources";
import type { Db } from "../lib/db";
import { buildInvitees, inviteeWire } from "../lib/simulator/data/invitees";
import { rngFor } from "../lib/simulator/prng";
import { DATASET_DEFS } from "../lib/archive/datasets";
import { rows, toMs } from "../lib/archive/db";
import { inviteeRecord, type InviteeRecord } from "../lib/weex/records";
import { openBenchDb } from "./lib/bench-db";
import { timeRuns } from "./lib/timing";
import { DAY_MS } from "../lib/time/calendar";

const { values: args } = parseArgs({
  options: {
    scales: { type: "string", default: process.env.BENCH_SCALES ?? "1,10" },
    db: { type: "string", default: process.env.BENCH_DB ?? "pglite,postgres" },
    runs: { type: "string", default: "7" },
  },
});
const runs = Math.max(1, Number(args.runs));

/** The simulator's invitee year at `scale`, as records the archive stores. */
async function fill(db: Db, scale: number, now: number): Promise<number> {
  const today = now - (now % DAY_MS);
  const invitees = buildInvitees(rngFor(42, "invitees"), scale, today - 364 * DAY_MS, 365, 365).filter((i) => i.registerTime <= now);
  const records = invitees.map((i) => inviteeRecord.parse(inviteeWire(i, now)));
  for (let k = 0; k < records.length; k += 1000) {
    const chunk = records.slice(k, k + 1000);
    await db.execute(
      sql`INSERT INTO archive_invitee (uid, register_time, kyc_result, invite_code, first_deposit, first_trade, last_deposit, last_trade, synced_at) VALUES ${sql.join(
        chunk.map((r) => sql`(${r.uid}, ${r.registerTime}, ${r.kycResult}, ${r.inviteCode ?? null}, ${r.firstDeposit}, ${r.firstTrade}, ${r.lastDeposit}, ${r.lastTrade}, ${now})`),
        sql`, `,
      )}`,
    );
  }
  await db.execute(sql`VACUUM ANALYZE archive_invitee`);
  return records.length;
}

/**
 * What keeping the hourly summary costs the sync: the newest 1,000 invitees written again by the
 * sync's own writer (datasets.ts, one transaction per page), with the summary's triggers and with
 * them disabled (the same values written again, so the summary stays exact either way).
 */
async function resyncCost(db: Db, now: number): Promise<{ with: { median: number; worst: number }; without: { median: number; worst: number } }> {
  const page = (await rows<Record<string, unknown>>(db, sql`SELECT * FROM archive_invitee ORDER BY register_time DESC LIMIT 1000`)).map((r) => ({
    uid: String(r.uid),
    registerTime: Number(r.register_time),
    kycResult: Boolean(r.kyc_result),
    inviteCode: (r.invite_code as string | null) ?? undefined,
    firstDeposit: toMs(r.first_deposit),
    firstTrade: toMs(r.first_trade),
    lastDeposit: toMs(r.last_deposit),
    lastTrade: toMs(r.last_trade),
  })) as InviteeRecord[];
  const write = () => db.transaction((tx) => DATASET_DEFS.invitees.upsert(tx, page, {}, now));
  const withTriggers = await time(write);
  await db.execute(sql`ALTER TABLE archive_invitee DISABLE TRIGGER USER`);
  try {
    return { with: withTriggers, without: await time(write) };
  } finally {
    await db.execute(sql`ALTER TABLE archive_invitee ENABLE TRIGGER USER`);
  }
}

const time = (fn: () => Promise<unknown>) => timeRuns(fn, runs);

const now = Date.now();
const year = { startTime: now - 365 * DAY_MS, endTime: now };
const lines: string[] = [];
for (const kind of args.db.split(",")) {
  if (kind === "postgres" && !(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL)) {
    console.log("postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
    continue;
  }
  for (const scale of args.scales.split(",").map(Number)) {
    const { db, close } = await openBenchDb(kind, "cohorts");
    try {
      const filled = await fill(db, scale, now);
      const sources = () => selectedSources("archive", { db: async () => db, lister: { list: () => Promise.reject(new Error("no upstream in this bench")) }, subAffiliateDays: 365, now: () => now });
      const week = await time(() => cohorts(sources(), { ...year, by: "week", tz: "UTC" }, now));
      const month = await time(() => cohorts(sources(), { ...year, by: "month", tz: "Asia/Shanghai" }, now));
      const codes = await time(() => inviteCodes(sources(), year));
      const weekIndia = await time(() => cohorts(sources(), { ...year, by: "week", tz: "Asia/Kolkata" }, now));
      const resync = await resyncCost(db, now);
      const f = (t: { median: number; worst: number }) => `${t.median.toFixed(1)} ms (worst ${t.worst.toFixed(1)})`;
      const line =
        `${kind.padEnd(8)} scale ${String(scale).padStart(2)} (${filled.toLocaleString("en-US")} invitees): weekly cohorts UTC ${f(week)}, monthly Asia/Shanghai ${f(month)}, ` +
        `weekly Asia/Kolkata ${f(weekIndia)}, invite codes ${f(codes)}; re-sync of a 1,000-invitee page ${f(resync.with)}, without the summary's triggers ${f(resync.without)}`;
      console.log(line);
      lines.push(line);
    } finally {
      await close();
    }
  }
}
console.log(`\nmedian of ${runs} runs after a warm-up; goal < 200 ms from the archive`);
