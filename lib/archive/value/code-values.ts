/**
 * Each invite code's value over a range (the cohorts' codes, cohort-value.ts): its invitees'
 * commission per coin and volumes, summed through the value list's rows (`f` and `c`: rowsSql)
 * so a partner's scope and a live record's code count as the list counts them.
 */
import { sql } from "drizzle-orm";
import { Dec, decimalText } from "@/lib/contract/decimal";
import { CoinSums, ValueBuilder } from "@/lib/affiliate/value";
import { rows } from "../db";
import type { SelectedSources } from "../sources";
import { addLiveCommission, liveCommissionRows, rangeInvitees } from "./live-input";
import { rowsSql } from "./rows";
import { clip, type LiveInput, type Span } from "./types";

export interface CodeValue {
  commission: Record<string, string>;
  spotTradingAmount: string;
  futuresTradingAmount: string;
}

/** The rows of the codes' sums: per (code, coin). */
interface CodeCoinRow {
  code: string | null;
  coin: string;
  commission: string;
  spot: string;
  futures: string;
}

/**
 * Each invite code's commission (per coin) and volumes over the range, from the direct records
 * of its invitees registered in the range (cohort-value.ts). `null` with `source=live` over a
 * range longer than LIVE_COMMISSION_MAX_DAYS (its records are not read live), with the span of
 * records read otherwise.
 */
export function codeValues(
  sources: SelectedSources,
  range: Span,
  liveMaxMs: number,
  signal?: AbortSignal,
): Promise<{ byCode: Map<string | null, CodeValue>; commissionRange: Span | null } | null> {
  return sources.across(async (io) => {
    if (io.source === "live" && range.endTime - range.startTime > liveMaxMs) return null;
    const commissionParts = await io.parts("commissions", range, true);
    const builder = new ValueBuilder();
    await addLiveCommission(io, builder, commissionParts, range);
    const live: LiveInput = { commission: liveCommissionRows(builder), movements: [], invitees: await rangeInvitees(io, range), spans: [] };
    const archive = {
      commission: commissionParts.filter((p) => p.from === "archive").map((p) => clip(p, range)),
      movements: [],
      invitees: io.source !== "live",
    };
    const list = await rows<CodeCoinRow>(
      await io.db(),
      sql`WITH ${rowsSql({ ...range, sort: "commission" }, archive, live, { scope: io.scope })}
          SELECT f.code, c.coin, sum(c.commission)::text AS commission, sum(c.spot)::text AS spot, sum(c.futures)::text AS futures
          FROM c JOIN f USING (uid) WHERE f.reg BETWEEN ${range.startTime} AND ${range.endTime} GROUP BY f.code, c.coin`,
    );
    const read = commissionParts.map((p) => clip(p, range)).filter((r) => r.startTime <= r.endTime);
    const commissionRange = read.length
      ? { startTime: Math.min(...read.map((r) => r.startTime)), endTime: Math.max(...read.map((r) => r.endTime)) }
      : null;
    return { byCode: sumByCode(list), commissionRange };
  }, signal);
}

/** The (code, coin) rows summed per code. */
function sumByCode(list: CodeCoinRow[]): Map<string | null, CodeValue> {
  const byCode = new Map<string | null, { commission: CoinSums; spot: Dec; futures: Dec }>();
  for (const r of list) {
    const v = byCode.get(r.code) ?? { commission: new CoinSums(), spot: new Dec(0), futures: new Dec(0) };
    if (!new Dec(r.commission).isZero()) v.commission.add(r.coin, r.commission);
    v.spot = v.spot.plus(r.spot);
    v.futures = v.futures.plus(r.futures);
    byCode.set(r.code, v);
  }
  const value = (v: { commission: CoinSums; spot: Dec; futures: Dec }): CodeValue => ({
    commission: v.commission.json(),
    spotTradingAmount: decimalText(v.spot),
    futuresTradingAmount: decimalText(v.futures),
  });
  return new Map([...byCode].map(([code, v]) => [code, value(v)]));
}
