/**
 * Alerts bench: what evaluating every rule kind after a sync, and building a
 * monthly report, cost on an archive the size of the simulator at scale 1 (160
 * sub-affiliates × 2 products × 365 days, 24,000 invitees), on the embedded database.
 * There is no target; the figures say what one sync adds.
 *
 *   npx tsx bench/alerts.ts [--subs 160] [--days 365] [--invitees 24000] [--runs 5]
 */
import { parseArgs } from "node:util";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import type { Db } from "../lib/archive/db";
import { realChannels } from "../lib/alerts/channels";
import { periodBefore, periodStart } from "../lib/alerts/calendar";
import { AlertEngine } from "../lib/alerts/engine";
import { buildReport, periodCsv } from "../lib/alerts/report";
import { ruleInput } from "../lib/contract/alerts";
import { createRule } from "../lib/alerts/store";
import { markSynced } from "../lib/alerts/test-support";
import { percentile, printFigures } from "./lib/stack";

const { values: args } = parseArgs({ options: { subs: { type: "string", default: "160" }, days: { type: "string", default: "365" }, invitees: { type: "string", default: "24000" }, runs: { type: "string", default: "5" } } });
const subs = Number(args.subs);
const days = Number(args.days);
const invitees = Number(args.invitees);
const runs = Number(args.runs);
const DAY = 86_400_000;
const now = Date.now();
const today = new Date(now).toISOString().slice(0, 10);

// The migrations as they are (lib/db/migrate.ts is server-only).
const client = new PGlite();
const dir = join(process.cwd(), "lib", "db", "migrations");
for (const f of readdirSync(dir).filter((n) => /^\d{4}_[a-z0-9_]+\.sql$/.test(n)).sort()) await client.exec(readFileSync(join(dir, f), "utf8"));
const db = drizzle(client) as unknown as Db;
const seedStart = performance.now();
// Deterministic pseudo-random amounts; every tenth sub-affiliate goes quiet in the last 10 days.
await db.execute(sql`INSERT INTO archive_sub_affiliate_daily (sub_affiliate_uid, product_type, day, trading_volume, net_trading_fee, paid_commission, synced_at)
  SELECT 'S' || s, p, (${today}::date - d), CASE WHEN s % 10 = 0 AND d <= 10 THEN 0 ELSE ((s * 7919 + d * 104729) % 100000) / 10.0 END,
         ((s * 31 + d * 17) % 1000) / 100.0, ((s * 13 + d * 7) % 500) / 100.0, 0
    FROM generate_series(1, ${subs}) s, generate_series(1, ${days}) d, (VALUES ('SPOT'), ('FUTURES')) v(p)`);
await db.execute(sql`INSERT INTO archive_sub_affiliate_day_total (product_type, day, records, trading_volume, net_trading_fee, paid_commission)
  SELECT product_type, day, COUNT(*), SUM(trading_volume), SUM(net_trading_fee), SUM(paid_commission) FROM archive_sub_affiliate_daily GROUP BY 1, 2`);
await db.execute(sql`INSERT INTO archive_invitee (uid, register_time, kyc_result, first_deposit, first_trade, last_trade, synced_at)
  SELECT 'U' || i, ${now}::bigint - (i % 365) * ${DAY}::bigint, i % 3 = 0, CASE WHEN i % 4 = 0 THEN ${now}::bigint - (i % 300) * ${DAY}::bigint END,
         CASE WHEN i % 5 = 0 THEN ${now}::bigint - (i % 200) * ${DAY}::bigint END, CASE WHEN i % 5 = 0 THEN ${now}::bigint - (i % 120) * ${DAY}::bigint END, 0
    FROM generate_series(1, ${invitees}) i`);
const seedMs = performance.now() - seedStart;

const engine = new AlertEngine({ db, channels: realChannels({ webhookTimeoutMs: 1000, smtpUrl: null, mailFrom: "bench@localhost" }), csvLink: () => "http://localhost/x" });
const kinds = [
  { name: "drop", kind: "drop" },
  { name: "silent", kind: "silent" },
  { name: "dormant", kind: "dormant", params: { days: 30, count: 1 } },
  { name: "daily", kind: "daily", params: { metric: "newInvitees", direction: "above", threshold: "0" } },
];
for (const k of kinds) await createRule(db, ruleInput.parse(k), now - 120 * DAY);

const evalMs: number[] = [];
let opened = 0;
for (let i = 0; i < runs; i++) {
  await markSynced(db, now + i * 60_000); // a sync happened: every rule is evaluated
  const t = performance.now();
  const r = await engine.evaluate(now + i * 60_000 + 1000);
  evalMs.push(performance.now() - t);
  opened += r.opened;
}
const reportMs: number[] = [];
const csvMs: number[] = [];
let csvBytes = 0;
const period = periodBefore(periodStart(now, "monthly", "UTC"), "monthly", "UTC");
for (let i = 0; i < runs; i++) {
  let t = performance.now();
  await buildReport(db, period, "monthly", "UTC");
  reportMs.push(performance.now() - t);
  t = performance.now();
  csvBytes = (await periodCsv(db, period.firstDay, period.lastDay)).length;
  csvMs.push(performance.now() - t);
}
await client.close();

const sorted = (a: number[]) => [...a].sort((x, y) => x - y);
printFigures("alerts", {
  settings: `PGlite in memory; ${subs} sub-affiliates × 2 products × ${days} days (${subs * 2 * days} rows), ${invitees} invitees; ${runs} runs; seeding took ${(seedMs / 1000).toFixed(1)} s`,
  "evaluate all four rule kinds after a sync, p50 / worst": `${percentile(sorted(evalMs), 50).toFixed(1)} ms / ${Math.max(...evalMs).toFixed(1)} ms`,
  "episodes opened over all runs (the first opens them; while they hold, none again)": opened,
  "monthly report (KPIs vs previous month, top ten, funnel), p50": `${percentile(sorted(reportMs), 50).toFixed(1)} ms`,
  "the month's sub-affiliate CSV, p50": `${percentile(sorted(csvMs), 50).toFixed(1)} ms (${(csvBytes / 1024).toFixed(0)} KiB)`,
  "WEEX requests made": 0,
});
