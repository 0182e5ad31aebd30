/**
 * The archive the risk bench evaluates: a year of the simulator's network at a scale, as the
 * sync would hold it up to the end of yesterday (the invitees, their commission per day and coin
 * as the records' summary holds it, their deposits and withdrawals per UTC day for the last 90
 * days and per UTC week before, the sub-affiliates' days), inserted in bulk; and today's data,
 * written by the sync's own writers (lib/archive/datasets.ts, a transaction per page of 100,
 * with the cursor of each run's slice) as a day's sync writes it.
 *
 * The summaries are filled directly from the generator's trades (the raw commission records of
 * the past are not what the rules read); today's records go through archive_commission and its
 * trigger, as the sync's do.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../lib/db";
import { DATASET_DEFS } from "../../lib/archive/datasets";
import { DEFAULT_SETTINGS, type DatasetKey } from "../../lib/archive/settings";
import { dailyMovementsFrom } from "../../lib/archive/plan";
import { insertSlices } from "../../lib/archive/store";
import { generateNetwork } from "../../lib/simulator/data";
import { inviteeWire } from "../../lib/simulator/data/invitees";
import { subAffiliateWire } from "../../lib/simulator/data/subAffiliates";
import { commissionWire, totalsWire } from "../../lib/simulator/handlers/rebate";
import { SIM_DEFAULTS } from "../../lib/simulator/types";
import { commissionRecord, inviteeRecord, inviteeTotalsRecord, subAffiliateRecord } from "../../lib/weex/records";
import { PRODUCT_TYPES } from "../../lib/weex/limits";
import { DAY_MS } from "../../lib/time/calendar";
import { insertJson } from "./bench-db";

type Network = ReturnType<typeof generateNetwork>;

export interface Filled {
  invitees: number;
  commissionDays: number;
  movements: number;
  subDays: number;
  seconds: number;
}

const cents = (c: number) => (c / 100).toFixed(2);
const units10 = (u: number) => (u / 1e10).toFixed(10);

/** Everything before `today` (00:00 UTC) at `scale`. */
export async function fillArchive(db: Db, scale: number, at: number): Promise<Filled> {
  const started = performance.now();
  const today = Math.floor(at / DAY_MS) * DAY_MS;
  const net = generateNetwork({ seed: SIM_DEFAULTS.seed, scale, now: at });
  const invitees = net.invitees.filter((i) => i.registerTime < today);
  await insertJson(
    db,
    "archive_invitee",
    "uid text, register_time bigint, kyc_result boolean, invite_code text, first_deposit bigint, first_trade bigint, last_deposit bigint, last_trade bigint, synced_at bigint",
    invitees.map((i) => {
      const r = inviteeRecord.parse(inviteeWire(i, today - 1));
      return { uid: r.uid, register_time: r.registerTime, kyc_result: r.kycResult, invite_code: r.inviteCode ?? null, first_deposit: r.firstDeposit, first_trade: r.firstTrade, last_deposit: r.lastDeposit, last_trade: r.lastTrade, synced_at: today };
    }),
  );
  const dailyFrom = dailyMovementsFrom(at, DEFAULT_SETTINGS);
  const periodOf = (day: number) => (day >= dailyFrom ? day : day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS);
  const periods = new Map<number, number>();
  let dayRows: object[] = [];
  let moveRows: object[] = [];
  let commissionDays = 0;
  let movements = 0;
  const flush = async (force: boolean) => {
    if (dayRows.length >= 20_000 || (force && dayRows.length)) {
      if (process.env.BENCH_VERBOSE) console.log(`  ${dayRows.length} commission days at ${((performance.now() - started) / 1000).toFixed(0)} s`);
      await insertJson(db, "archive_commission_invitee_day", "day bigint, uid text, coin text, records integer, commission numeric, spot_volume numeric, futures_volume numeric", dayRows);
      commissionDays += dayRows.length;
      dayRows = [];
    }
    if (moveRows.length >= 20_000 || (force && moveRows.length)) {
      await insertJson(db, "archive_invitee_movement", "period_from bigint, uid text, deposit_amount numeric, withdrawal_amount numeric, synced_at bigint", moveRows);
      movements += moveRows.length;
      moveRows = [];
    }
  };
  for (const inv of invitees) {
    if (!Number.isFinite(inv.firstDeposit)) continue;
    const moves = new Map<number, { dep: number; wd: number }>();
    for (let d = Math.floor(inv.firstDeposit / DAY_MS); d * DAY_MS < today; d++) {
      const day = d * DAY_MS;
      const { deposits, withdrawals, trades } = net.activity.inviteeDay(inv, d);
      if (deposits.length + withdrawals.length + trades.length === 0) continue;
      const byCoin = new Map<string, { records: number; commission: number; spot: number; futures: number }>();
      for (const t of trades) {
        const s = byCoin.get(t.coin) ?? { records: 0, commission: 0, spot: 0, futures: 0 };
        s.records++;
        s.commission += t.feeUnits * t.ratePct;
        if (t.productType === "FUTURES") s.futures += t.takerCents + t.makerCents;
        else s.spot += t.takerCents + t.makerCents;
        byCoin.set(t.coin, s);
      }
      for (const [coin, s] of byCoin) dayRows.push({ day, uid: inv.uid, coin, records: s.records, commission: units10(s.commission), spot_volume: cents(s.spot), futures_volume: cents(s.futures) });
      if (deposits.length + withdrawals.length === 0) continue;
      const p = periodOf(day);
      const m = moves.get(p) ?? { dep: 0, wd: 0 };
      for (const x of deposits) m.dep += x.cents;
      for (const x of withdrawals) m.wd += x.cents;
      moves.set(p, m);
    }
    for (const [p, m] of moves) {
      periods.set(p, p >= dailyFrom ? p + DAY_MS - 1 : Math.min(p + 7 * DAY_MS, dailyFrom) - 1);
      moveRows.push({ period_from: p, uid: inv.uid, deposit_amount: cents(m.dep), withdrawal_amount: cents(m.wd), synced_at: today });
    }
    await flush(false);
  }
  await flush(true);
  await insertJson(db, "archive_movement_period", "period_from bigint, period_to bigint, kind text", [...periods].map(([from, to]) => ({ period_from: from, period_to: to, kind: from >= dailyFrom ? "day" : "week" })));
  const subDays = subAffiliateDays(net, today, at).filter((r) => Date.parse(r.day) < today);
  await insertJson(db, "archive_sub_affiliate_daily", "sub_affiliate_uid text, product_type text, day date, trading_volume numeric, net_trading_fee numeric, paid_commission numeric, synced_at bigint", subDays);
  return { invitees: invitees.length, commissionDays, movements, subDays: subDays.length, seconds: (performance.now() - started) / 1000 };
}

/** The sub-affiliates' days up to `at`, as rows. */
function subAffiliateDays(net: Network, today: number, at: number) {
  const { firstDay, records } = net.subAffiliates;
  return PRODUCT_TYPES.flatMap((product) =>
    records[product]
      .filter((r) => firstDay + r.day * DAY_MS <= today)
      .map((r) => {
        const w = subAffiliateRecord.parse(subAffiliateWire(r, product, firstDay, at));
        return { sub_affiliate_uid: w.subAffiliateUid, product_type: product, day: w.date, trading_volume: w.tradingVolume, net_trading_fee: w.netTradingFee, paid_commission: w.paidCommission, synced_at: today };
      }),
  );
}

/**
 * Today's records of one dataset, up to `at`, written as a sync run writes them: a cursor for
 * the run's slice [today, at], then each page of 100 in its own transaction. Answers the rows.
 */
export async function syncToday(db: Db, scale: number, at: number, dataset: Exclude<DatasetKey, "withdrawals">): Promise<number> {
  const today = Math.floor(at / DAY_MS) * DAY_MS;
  const net = generateNetwork({ seed: SIM_DEFAULTS.seed, scale, now: at });
  const range = { from: today, to: at };
  const pages: { items: unknown[]; variant: Record<string, string> }[] = [];
  const add = (items: unknown[], variant: Record<string, string> = {}) => {
    for (let k = 0; k < items.length; k += 100) pages.push({ items: items.slice(k, k + 100), variant });
  };
  if (dataset === "invitees") add(net.invitees.filter((i) => i.registerTime >= today && i.registerTime <= at).map((i) => inviteeRecord.parse(inviteeWire(i, at))));
  if (dataset === "inviteeTotals") add(net.activity.totals(today, at).map((t) => inviteeTotalsRecord.parse(totalsWire(t))));
  if (dataset === "commissions") {
    const trades = net.invitees.flatMap((i) => net.activity.inviteeDay(i, today / DAY_MS).trades.filter((t) => t.time <= at));
    for (const productType of PRODUCT_TYPES) add(trades.filter((t) => t.productType === productType).map((t) => commissionRecord.parse(commissionWire(t))), { productType });
  }
  if (dataset === "subAffiliates") {
    const { firstDay, records } = net.subAffiliates;
    for (const productType of PRODUCT_TYPES)
      add(records[productType].filter((r) => firstDay + r.day * DAY_MS === today).map((r) => subAffiliateRecord.parse(subAffiliateWire(r, productType, firstDay, at))), { productType });
  }
  await db.transaction((tx) => insertSlices(tx, dataset, [{ ...range, kind: "incremental" }], at, { clearDone: true }));
  let written = 0;
  for (const p of pages) written += await db.transaction((tx) => DATASET_DEFS[dataset].upsert(tx, p.items, p.variant, at, range));
  await db.execute(sql`UPDATE archive_cursor SET state = 'done', updated_at = ${at}::bigint WHERE dataset = ${dataset}`);
  return written;
}
