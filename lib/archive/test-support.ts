/**
 * Shared by the archive's tests, their child processes and the benchmark: a client for a
 * simulator, and the upstream's own answer (paged live) summarised the way the archive is
 * compared with it.
 */
import { sql } from "drizzle-orm";
import { Dec, decimalText } from "@/lib/contract/decimal";
import { inviteePages, subAffiliatePages, withdrawalPages, type PageLister } from "@/lib/affiliate/pages";
import { MemoryBudget, type WeightBudget } from "@/lib/weex/budget";
import { WeexClient } from "@/lib/weex/client";
import type { Database } from "@/lib/db";
import { startSimulator, type Simulator } from "@/lib/simulator";
import { type CommissionRecord, type InviteeRecord, type InviteeTotalsRecord, type WithdrawalRecord } from "@/lib/weex/records";
import { rows, type Db } from "./db";
import { WALK_LIMITS, type WalkLimits } from "./value";
import { DAY_MS } from "@/lib/time/calendar";

export const SIM_CREDENTIALS = { apiKey: "sim-key-0001", apiSecret: "sim-secret-0001", passphrase: "sim-passphrase-0001" };

/** A client for the simulator at `url`; `now` is the clock both sides share in frozen-clock tests. */
export function simClient(url: string, opts: { budget?: WeightBudget; now?: () => number } = {}): PageLister {
  return new WeexClient({
    spotBaseUrl: url,
    contractBaseUrl: url,
    credentials: SIM_CREDENTIALS,
    budget: opts.budget ?? new MemoryBudget(),
    now: opts.now,
  });
}

/**
 * A small simulator (scale 0.05) on the frozen clock `now`, its weight limit lifted (these tests
 * are about the data; the budget tests use the real limit), and a database `open` opens.
 */
export async function simulatorAndDatabase(now: () => number, open: () => Promise<Database>): Promise<{ sim: Simulator; database: Database }> {
  const sim = await startSimulator({ port: 0, quiet: true, scale: 0.05, now, ipWeightPer10s: 1e9, uidWeightPer10s: 1e9 });
  return { sim, database: await open() };
}

/** A client of `sim` on its frozen clock `now` that never waits for weight (the simulator's limit is lifted). */
export function frozenClient(sim: Simulator, now: () => number): PageLister {
  return simClient(sim.url, { budget: unlimitedBudget(), now });
}

/** Closes what simulatorAndDatabase opened (either may not have been). */
export async function closeSimulated(database: Database | undefined, sim: Simulator | undefined): Promise<void> {
  await database?.close();
  await sim?.close();
}

/** Every item of a stream of batches. */
export async function collectBatches<T>(batches: AsyncIterable<T[]>): Promise<T[]> {
  const out: T[] = [];
  for await (const b of batches) out.push(...b);
  return out;
}

/**
 * Record `n` of a made-up page (`at`: whose, when, which coin): two in three on futures, every
 * tenth a sub-agent's (sourceType 2); `amounts` replace the default amounts.
 */
export function numberedCommissionRecord(
  n: number,
  at: Pick<CommissionRecord, "uid" | "date" | "coin">,
  amounts: Partial<Pick<CommissionRecord, "commission" | "takerAmount" | "makerAmount">> = {},
): CommissionRecord {
  const futures = n % 3 !== 0;
  return {
    ...at,
    productType: futures ? "FUTURES" : "SPOT",
    symbol: futures ? "BTCUSDT_UMCBL" : "ETHUSDT_SPBL",
    sourceType: n % 10 === 9 ? 2 : 1,
    fee: `${(n % 97) + 1}.25`,
    commission: `${(n % 89) + 1}.125`,
    rate: "0.4",
    takerAmount: `${n % 1000}.5`,
    makerAmount: null,
    ...amounts,
  } as CommissionRecord;
}

/**
 * The writes a re-sync can make to held commission records: 40 moved 20 days later (across a
 * day, maybe a month), 30 moved to `otherUid` with three times the commission, 25 of the
 * invitees' own turned into sub-agents' (sourceType 2).
 */
export async function rewriteCommissionRecords(db: Db, otherUid: string): Promise<void> {
  await db.execute(sql`UPDATE archive_commission SET time = time + 20 * ${DAY_MS}::bigint WHERE key IN (SELECT key FROM archive_commission ORDER BY key LIMIT 40)`);
  await db.execute(sql`UPDATE archive_commission SET uid = ${otherUid}, commission = commission * 3 WHERE key IN (SELECT key FROM archive_commission ORDER BY key DESC LIMIT 30)`);
  await db.execute(sql`UPDATE archive_commission SET source_type = 2 WHERE key IN (SELECT key FROM archive_commission WHERE source_type = 1 ORDER BY time LIMIT 25)`);
}

/** The value list's walk with no shortcuts: from the first batch of the page's size, as deep as needed. */
export const WALK_ALWAYS: WalkLimits = { minRows: 0, maxPageShare: 1, walkSlack: Number.POSITIVE_INFINITY, maxBatches: Number.POSITIVE_INFINITY, firstBatch: 0 };

/** The shipped walk limits with no list long enough to walk: every page summed by the one statement. */
export const WALK_NEVER: WalkLimits = { ...WALK_LIMITS, minRows: Number.POSITIVE_INFINITY };

/** A budget that never waits (for tests whose simulator has no practical limit). */
export function unlimitedBudget(): MemoryBudget {
  return new MemoryBudget({ ipPer10s: 1e9, uidPer10s: 1e9 });
}

/** Per UTC day and product: how many records and the exact sums (plain decimal text). */
export type DailySummary = Record<string, { count: number; tradingVolume: string; netTradingFee: string; paidCommission: string }>;

/** The upstream's sub-affiliate records of a window (every page, both products) summarised per day. */
export async function upstreamDailySummary(lister: PageLister, range: { startTime: number; endTime: number }): Promise<DailySummary> {
  const acc = new Map<string, { count: number; v: Dec; f: Dec; c: Dec }>();
  for await (const batch of subAffiliatePages(lister, range)) {
    for (const r of batch) {
      const key = `${r.date}|${r.productType}`;
      const a = acc.get(key) ?? { count: 0, v: new Dec(0), f: new Dec(0), c: new Dec(0) };
      a.count++;
      a.v = a.v.plus(r.tradingVolume);
      a.f = a.f.plus(r.netTradingFee);
      a.c = a.c.plus(r.paidCommission);
      acc.set(key, a);
    }
  }
  return Object.fromEntries(
    [...acc].map(([k, a]) => [k, { count: a.count, tradingVolume: decimalText(a.v), netTradingFee: decimalText(a.f), paidCommission: decimalText(a.c) }]),
  );
}

/** The archive's sub-affiliate rows summarised the same way, sums in SQL numeric. */
export async function archiveDailySummary(db: Db): Promise<DailySummary> {
  const list = await rows<{ k: string; n: unknown; v: string; f: string; c: string }>(
    db,
    sql`SELECT to_char(day, 'YYYY-MM-DD') || '|' || product_type AS k, count(*) AS n,
               sum(trading_volume)::text AS v, sum(net_trading_fee)::text AS f, sum(paid_commission)::text AS c
        FROM archive_sub_affiliate_daily GROUP BY day, product_type`,
  );
  return Object.fromEntries(
    list.map((r) => [
      r.k,
      {
        count: Number(r.n),
        tradingVolume: decimalText(new Dec(r.v)),
        netTradingFee: decimalText(new Dec(r.f)),
        paidCommission: decimalText(new Dec(r.c)),
      },
    ]),
  );
}

/** Every invitee the upstream serves in [startTime, endTime] (any length; ≤ 90-day queries). */
export async function upstreamInvitees(lister: PageLister, range: { startTime: number; endTime: number }, now: number): Promise<InviteeRecord[]> {
  const out: InviteeRecord[] = [];
  for await (const batch of inviteePages(lister, range, undefined, now)) out.push(...batch);
  return out;
}

/** Every transfer of the past month, for each account-type pair. */
export async function upstreamWithdrawals(lister: PageLister, range: { startTime: number; endTime: number }): Promise<WithdrawalRecord[]> {
  const out: WithdrawalRecord[] = [];
  for (const fromAccountType of ["SPOT", "FUND"] as const) {
    for (const toAccountType of ["SPOT", "FUND"] as const) {
      for await (const batch of withdrawalPages(lister, { ...range, fromAccountType, toAccountType })) out.push(...batch);
    }
  }
  return out;
}

/** A stable text form of a record (keys sorted), for set comparisons. */
export function canonical(r: object): string {
  return JSON.stringify(Object.fromEntries(Object.entries(r).sort(([a], [b]) => (a < b ? -1 : 1))));
}

/** A small deterministic generator (a test's cases are the same on every run): numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

/** One element of `list`, chosen by `rnd`. */
export const pick = <T,>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)];

/** The invitees of a small made-up network, for the value tests' records. */
export interface SampleNetwork {
  uidOf(i: number): string;
  invitees: number;
  /** the first day of the records (epoch ms) */
  from: number;
}

/**
 * `count` commission records over `days` days: amounts from small sets (ties), some "--" (null),
 * some BTC, some sub-agents'; half of them by the first `heads` invitees (the list's head).
 */
export function sampleCommissionRecords(seed: number, net: SampleNetwork, opts: { count: number; days: number; heads: number }): CommissionRecord[] {
  const rnd = seededRandom(seed);
  return Array.from({ length: opts.count }, () => {
    const futures = rnd() < 0.6;
    const who = rnd() < 0.5 ? Math.floor(rnd() * opts.heads) : Math.floor(rnd() * net.invitees);
    return {
      uid: net.uidOf(who),
      date: net.from + Math.floor(rnd() * opts.days * DAY_MS),
      coin: rnd() < 0.2 ? "BTC" : "USDT",
      productType: futures ? "FUTURES" : "SPOT",
      symbol: futures ? "BTCUSDT_UMCBL" : "ETHUSDT_SPBL",
      sourceType: rnd() < 0.1 ? 2 : 1,
      fee: "1.5",
      commission: pick(rnd, [null, "0", "0.5", "1.25", "1.25", "4", "10.125"]),
      rate: "0.4",
      takerAmount: pick(rnd, [null, "0", "100", "250.5"]),
      makerAmount: pick(rnd, [null, "50", "0"]),
    } as CommissionRecord;
  });
}

/** A period's totals: `min` to `min + spread - 1` rows of the first `invitees` invitees, deposits and withdrawals from small sets. */
export function sampleInviteeTotals(seed: number, net: SampleNetwork, opts: { min: number; spread: number }): InviteeTotalsRecord[] {
  const rnd = seededRandom(seed);
  return Array.from({ length: opts.min + Math.floor(rnd() * opts.spread) }, () => ({
    uid: net.uidOf(Math.floor(rnd() * net.invitees)),
    depositAmount: pick(rnd, [null, "0", "100", "100", "250.5", "1000"]),
    withdrawalAmount: pick(rnd, ["0", "5", "20.25"]),
    spotTradingAmount: "1",
    futuresTradingAmount: "2",
    commission: "0.5",
  }));
}
