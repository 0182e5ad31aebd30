/**
 * The commission at risk: what the subjects of the open flags brought, per coin, over a range
 * [from, to) — the flagged invitees' own commission records (archive_commission, each in the
 * coin WEEX paid it in), and the flagged sub-affiliates' paid commission as WEEX reports it in
 * their daily records (archive_sub_affiliate_daily, USDT). Sums are SQL numeric, handed out as
 * exact decimal strings; coins are never summed together. Read from the archive only.
 */
import { sql, type SQL } from "drizzle-orm";
import type { RiskFlagsFilter, RiskSubjectType } from "@/lib/contract/risk";
import { subAffiliateWindow } from "@/lib/contract/params";
import { rows, type Db } from "@/lib/archive/db";
import { METRIC_COIN } from "@/lib/ui/metrics";
import { DAY_MS, utcDate } from "@/lib/time/calendar";
import { flagWhere } from "./flags";

export interface CoinAmount {
  coin: string;
  amount: string;
}

export interface AtRisk {
  from: number;
  to: number;
  invitees: CoinAmount[];
  subAffiliates: CoinAmount[];
}

/**
 * The range the commission at risk covers: the filter's startTime/endTime, an open end chosen
 * as the sub-affiliate reports choose it (by default the last 30 UTC dates, today's included,
 * up to now: lib/contract/params.ts `subAffiliateWindow`).
 */
export function atRiskRange(q: Pick<RiskFlagsFilter, "startTime" | "endTime">, now: number): { from: number; to: number } {
  const w = subAffiliateWindow(q, now);
  return { from: w.startTime, to: w.endTime };
}

/** The subjects of one type of the open flags of every filter but `state`, as a sub-select. */
function flagged(q: RiskFlagsFilter, type: RiskSubjectType): SQL {
  const where = flagWhere({ ...q, state: "open", subjectType: type }, []);
  return sql`SELECT DISTINCT subject_id FROM risk_flag WHERE ${where}`;
}

/** `YYYY-MM-DD` of the first UTC day starting at or after `ms`. */
const dayFrom = (ms: number) => utcDate(Math.ceil(ms / DAY_MS) * DAY_MS);

export async function atRisk(db: Db, q: RiskFlagsFilter, now: number): Promise<AtRisk> {
  const { from, to } = atRiskRange(q, now);
  // (a filter on another subject type selects no invitee or no sub-affiliate: nothing of theirs is at risk)
  const wants = (type: RiskSubjectType) => q.subjectType === undefined || q.subjectType === type;
  const invitees = wants("invitee")
    ? await rows<CoinAmount>(
        db,
        sql`SELECT coin, trim_scale(sum(commission))::text AS amount FROM archive_commission
          WHERE uid IN (${flagged(q, "invitee")}) AND time >= ${from}::bigint AND time < ${to}::bigint AND commission IS NOT NULL
          GROUP BY coin ORDER BY coin`,
      )
    : [];
  // (a UTC day counts when it starts within [from, to))
  const subAffiliates = wants("subAffiliate")
    ? await rows<{ amount: string | null }>(
        db,
        sql`SELECT trim_scale(sum(paid_commission))::text AS amount FROM archive_sub_affiliate_daily
          WHERE sub_affiliate_uid IN (${flagged(q, "subAffiliate")}) AND day >= ${dayFrom(from)}::date AND day < ${dayFrom(to)}::date`,
      )
    : [];
  return {
    from,
    to,
    invitees,
    subAffiliates: subAffiliates.flatMap((r) => (r.amount === null ? [] : [{ coin: METRIC_COIN, amount: r.amount }])),
  };
}
