/**
 * The sub-affiliates who earn or trade most in a range: per sub-affiliate sums of the daily
 * records (both product types unless the filter names one), top N by paid commission or by
 * trading volume, in exact decimal arithmetic.
 */
import type { SubAffiliateRecord } from "@/lib/weex/records";
import { Dec, decimalText } from "@/lib/contract/decimal";
import type { LeaderboardBy } from "@/lib/contract/params";

export type { LeaderboardBy };


export interface LeaderboardItem {
  subAffiliateUid: string;
  tradingVolume: string;
  netTradingFee: string;
  paidCommission: string;
}

export interface Leaderboard {
  items: LeaderboardItem[];
}

interface Totals {
  tradingVolume: Dec;
  netTradingFee: Dec;
  paidCommission: Dec;
}

/** Sums per sub-affiliate, then the top `limit` by the chosen measure. */
export async function buildLeaderboard(
  batches: AsyncIterable<SubAffiliateRecord[]>,
  opts: { by: LeaderboardBy; limit: number },
): Promise<Leaderboard> {
  const totals = new Map<string, Totals>();
  for await (const batch of batches) {
    for (const r of batch) {
      let t = totals.get(r.subAffiliateUid);
      if (!t) {
        t = { tradingVolume: new Dec(0), netTradingFee: new Dec(0), paidCommission: new Dec(0) };
        totals.set(r.subAffiliateUid, t);
      }
      t.tradingVolume = t.tradingVolume.plus(r.tradingVolume);
      t.netTradingFee = t.netTradingFee.plus(r.netTradingFee);
      t.paidCommission = t.paidCommission.plus(r.paidCommission);
    }
  }
  const measure = opts.by === "commission" ? "paidCommission" : "tradingVolume";
  const ranked = [...totals.entries()].sort(
    // Largest first; equal totals in uid order so the answer is stable from call to call.
    ([uidA, a], [uidB, b]) => b[measure].comparedTo(a[measure]) || compareIds(uidA, uidB),
  );
  return {
    items: ranked.slice(0, opts.limit).map(([subAffiliateUid, t]) => ({
      subAffiliateUid,
      tradingVolume: decimalText(t.tradingVolume),
      netTradingFee: decimalText(t.netTradingFee),
      paidCommission: decimalText(t.paidCommission),
    })),
  };
}

/** Numeric order of digit strings of any length (ids exceed 2^53). */
export function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
