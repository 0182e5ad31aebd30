/**
 * Sub-affiliates and their daily SPOT and FUTURES records (querySubChannelTransactions):
 * one record per (sub-affiliate, product, UTC day) for the last 365 days. Each
 * sub-affiliate has its own size (log-normal, a few stars far above the rest), trend, quiet
 * days without a record, weekly seasonality, and the market's common daily swing.
 *
 * Amounts are integers: volume in cents, fee and commission in 1e-8 of the quote unit,
 * derived from the volume with integer arithmetic, so they are exact and consistent.
 * Today's record exists from 00:00 UTC (so paging stays stable) and grows with the
 * fraction of the day elapsed.
 */
import { intBetween, logNormal, normal, type Rng } from "../prng";
import { formatUnits } from "../units";
import { DAY_MS, utcDate } from "../../time/calendar";
import { plantedSubCents, type PlantedSub } from "./risk-plants";

export type ProductType = "SPOT" | "FUTURES";

export interface SubAffiliate {
  uid: string;
  /** net fee in millionths of volume (after discounts), per product */
  feePpm: Record<ProductType, number>;
  /** share of the net fee paid out as commission, in percent */
  commissionPct: number;
}

export interface DailyRecord {
  sub: SubAffiliate;
  /** day index from the first generated day */
  day: number;
  /** full-day volume in cents */
  volumeCents: number;
}

export interface SubAffiliateData {
  subs: SubAffiliate[];
  /** per product: newest day first, then subAffiliateUid ascending */
  records: Record<ProductType, DailyRecord[]>;
  firstDay: number;
}

/** Sub-affiliates at scale 1 (≥ 150 promised). */
export const SUB_AFFILIATES = 160;

interface Profile {
  sub: SubAffiliate;
  joinDay: number;
  /** median full-day futures volume in USD */
  futuresMedian: number;
  spotShare: number;
  /** volume multiplier at the end of the history relative to the join day */
  growth: number;
  quiet: Record<ProductType, number>;
  weekend: number;
  /** a stretch of days without any activity */
  dormant?: { from: number; to: number };
}

/**
 * @param planted the risk patterns' sub-affiliates (uids above every generated one): a record of
 *   each product every day, after the generated ones of the day (no random draw)
 */
export function buildSubAffiliates(rng: Rng, scale: number, firstDay: number, historyDays: number, days: number, planted: readonly PlantedSub[] = []): SubAffiliateData {
  const count = Math.max(5, Math.round(SUB_AFFILIATES * scale));
  const stars = new Set<number>();
  while (stars.size < Math.max(1, Math.round(count / 32))) stars.add(intBetween(rng, 0, count - 1));

  const profiles: Profile[] = [];
  // Sub-affiliate UIDs are Longs above 2^53 (subUid is a Long in the request), sent as strings.
  let uid = 1_103_000_000_000_000_000n;
  for (let i = 0; i < count; i++) {
    uid += BigInt(intBetween(rng, 10_000, 2_000_000)) * 1_000n + BigInt(intBetween(rng, 0, 999));
    const star = stars.has(i);
    const lateJoiner = rng() < 0.3;
    const joinDay = lateJoiner ? intBetween(rng, 0, historyDays - 30) : 0;
    const quiet = 0.03 + rng() * 0.25;
    const dormantFrom = intBetween(rng, joinDay, historyDays - 1);
    profiles.push({
      sub: {
        uid: uid.toString(),
        feePpm: { FUTURES: intBetween(rng, 300, 550), SPOT: intBetween(rng, 600, 1000) },
        commissionPct: intBetween(rng, 10, 50),
      },
      joinDay,
      futuresMedian: logNormal(rng, 120_000, 1.1) * (star ? 25 + rng() * 20 : 1),
      spotShare: 0.05 + rng() * 0.35,
      growth: Math.max(0.15, 1 + normal(rng) * 0.6 + (star ? 0.5 : 0)),
      quiet: { FUTURES: quiet, SPOT: Math.min(0.6, quiet * 1.5 + 0.1) },
      weekend: 0.6 + rng() * 0.3,
      dormant: rng() < 0.1 ? { from: dormantFrom, to: dormantFrom + intBetween(rng, 15, 60) } : undefined,
    });
  }
  // UIDs were generated ascending and all have 19 digits: text order is numeric order.

  // The whole market moves together: a smoothed random walk of the daily level.
  const market: number[] = [];
  let level = 0;
  for (let d = 0; d < days; d++) {
    level = level * 0.9 + normal(rng) * 0.12;
    market.push(Math.exp(level));
  }

  const plantedSubs = planted.map((p) => ({ plant: p, sub: { uid: p.uid, feePpm: { FUTURES: 400, SPOT: 800 }, commissionPct: 30 } }));
  const records: Record<ProductType, DailyRecord[]> = { SPOT: [], FUTURES: [] };
  // Newest day first and profiles in uid order: the arrays come out in paging order.
  for (let d = days - 1; d >= 0; d--) {
    const weekday = new Date(firstDay + d * DAY_MS).getUTCDay();
    const seasonal = weekday === 0 || weekday === 6 ? 1 : weekday === 1 ? 1.06 : 1;
    for (const p of profiles) {
      if (d < p.joinDay || (p.dormant && d >= p.dormant.from && d < p.dormant.to)) continue;
      const progress = (d - p.joinDay) / Math.max(1, historyDays - p.joinDay);
      const trend = 1 + (p.growth - 1) * Math.min(1, progress);
      const weekend = weekday === 0 || weekday === 6 ? p.weekend : 1;
      // A day without futures is quiet for spot too, and a day's own swing is at most 3× (or a
      // third of) the usual: an ordinary day never reaches the subSpike rule's 10× the median
      // of its days (a median of spot-only days would be a small fraction of a futures day),
      // which the planted spikes do (risk-plants.ts).
      const quiet = { SPOT: rng() < p.quiet.SPOT, FUTURES: rng() < p.quiet.FUTURES };
      for (const product of ["SPOT", "FUTURES"] as const) {
        if (quiet[product] || quiet.FUTURES) continue;
        const median = product === "FUTURES" ? p.futuresMedian : p.futuresMedian * p.spotShare;
        const usd = median * trend * weekend * seasonal * market[d] * Math.min(3, Math.max(1 / 3, logNormal(rng, 1, 0.45)));
        // Capped at 300M USD a day: the log-normal tail would otherwise invent absurd days.
        const cents = Math.round(Math.min(usd, 300_000_000) * 100);
        records[product].push({ sub: p.sub, day: d, volumeCents: Math.max(1, cents) });
      }
    }
    for (const p of plantedSubs) {
      for (const product of ["SPOT", "FUTURES"] as const) records[product].push({ sub: p.sub, day: d, volumeCents: plantedSubCents(p.plant, product, d - (historyDays - 1)) });
    }
  }
  return { subs: [...profiles.map((p) => p.sub), ...plantedSubs.map((p) => p.sub)], records, firstDay };
}

/**
 * The wire record at `now`: today's record holds the part of the day elapsed so far.
 * Fee = volume × feePpm (cents × 1e-6 = 1e-8 units); commission = fee × pct / 100, floored.
 */
export function subAffiliateWire(r: DailyRecord, product: ProductType, firstDay: number, now: number): Record<string, unknown> {
  const dayStart = firstDay + r.day * DAY_MS;
  const elapsed = (now - dayStart) / DAY_MS;
  const volumeCents = elapsed >= 1 ? r.volumeCents : Math.floor(r.volumeCents * Math.max(0, elapsed));
  const feeUnits = volumeCents * r.sub.feePpm[product];
  const commissionUnits = (BigInt(feeUnits) * BigInt(r.sub.commissionPct)) / 100n;
  return {
    subAffiliateUid: r.sub.uid,
    productType: product,
    date: utcDate(dayStart),
    tradingVolume: formatUnits(volumeCents, 2),
    netTradingFee: formatUnits(feeUnits, 8),
    paidCommission: formatUnits(commissionUnits, 8),
  };
}
