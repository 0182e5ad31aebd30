/**
 * What each rule kind finds in the archive (no upstream request: rules read only what the sync
 * stored). A finding is one subject for which the condition holds now: a sub-affiliate, or the
 * whole network ("network"). Episodes (episodes.ts) turn findings into fired and resolved
 * alerts.
 *
 * A rule is only evaluated when the archive holds its days: the sub-affiliate dataset synced
 * past the rule's last complete day, the invitees synced after it. Otherwise the answer is
 * `null` ("cannot tell yet"), which leaves open episodes open, rather than a false alarm from a
 * history that is still being built.
 */
import Decimal from "decimal.js";
import { sql, type SQL } from "drizzle-orm";
import { rows, toMs, type Db } from "@/lib/archive/db";
import { startOfDay } from "@/lib/time/calendar";
import { dayYmd, lastCompleteDay, shiftDay } from "./calendar";
import { riskFlagFindings, riskFlagsChangedAt } from "./risk-flags";
import type { ProductScope, RuleKind, RuleParams } from "@/lib/contract/alerts";

export interface Finding {
  subject: string;
  summary: string;
  detail: Record<string, unknown>;
}

export interface RuleToEvaluate {
  id: string;
  name: string;
  kind: RuleKind;
  params: RuleParams;
  timeZone: string;
  createdAt: number;
  lastEvaluatedAt: number | null;
}

/** What the archive has synced: the instants every row is at least as fresh as; and when the risk flags last changed. */
export interface ArchiveClock {
  subAffiliatesSyncedAt: number | null;
  inviteesSyncedAt: number | null;
  riskFlagsChangedAt: number | null;
}

export const NETWORK = "network";

export async function archiveClock(db: Db): Promise<ArchiveClock> {
  const r = await rows<{ dataset: string; synced_at: unknown }>(db, sql`SELECT dataset, synced_at FROM archive_dataset`);
  const at = (d: string) => toMs(r.find((x) => x.dataset === d)?.synced_at);
  return { subAffiliatesSyncedAt: at("subAffiliates"), inviteesSyncedAt: at("invitees"), riskFlagsChangedAt: await riskFlagsChangedAt(db) };
}

type Evaluator = (db: Db, rule: RuleToEvaluate, clock: ArchiveClock, now: number) => Promise<Finding[] | null>;

/** Column names are chosen from these tables only (never from input). */
const METRIC_COLUMN = { volume: sql.raw("trading_volume"), commission: sql.raw("paid_commission") } as const;
const METRIC_LABEL = { volume: "volume", commission: "paid commission" } as const;

function productFilter(scope: ProductScope): SQL {
  return scope === "both" ? sql`TRUE` : sql`product_type = ${scope}`;
}

/** Whether the sub-affiliate archive holds `day` complete (synced after that UTC day ended). */
function holdsSubAffiliateDay(clock: ArchiveClock, day: string): boolean {
  return clock.subAffiliatesSyncedAt !== null && clock.subAffiliatesSyncedAt >= startOfDay(dayYmd(shiftDay(day, 1)), "UTC");
}

const EVALUATORS: Record<RuleKind, Evaluator> = {
  async drop(db, rule, clock, now) {
    const p = rule.params as RuleParams<"drop">;
    const last = lastCompleteDay(now, rule.timeZone);
    if (!holdsSubAffiliateDay(clock, last)) return null;
    const recentFrom = shiftDay(last, -(p.days - 1));
    const baseFrom = shiftDay(recentFrom, -p.baselineDays);
    const col = METRIC_COLUMN[p.metric];
    const found = await rows<{ uid: string; recent: string; base: string }>(
      db,
      sql`SELECT sub_affiliate_uid AS uid,
                 COALESCE(SUM(${col}) FILTER (WHERE day >= ${recentFrom}::date), 0)::text AS recent,
                 COALESCE(SUM(${col}) FILTER (WHERE day < ${recentFrom}::date), 0)::text AS base
            FROM archive_sub_affiliate_daily
           WHERE day >= ${baseFrom}::date AND day <= ${last}::date AND ${productFilter(p.productType)}
           GROUP BY sub_affiliate_uid
           ORDER BY sub_affiliate_uid`,
    );
    const out: Finding[] = [];
    for (const r of found) {
      const baseAvg = new Decimal(r.base).div(p.baselineDays);
      const recentAvg = new Decimal(r.recent).div(p.days);
      if (baseAvg.lte(0)) continue;
      const change = recentAvg.minus(baseAvg).div(baseAvg).times(100);
      if (change.gt(-p.percent)) continue;
      out.push({
        subject: r.uid,
        summary: `Sub-affiliate ${r.uid}: ${METRIC_LABEL[p.metric]} (${p.productType}) ${change.toFixed(1)} % over the last ${p.days} days against the ${p.baselineDays} before`,
        detail: {
          subAffiliateUid: r.uid,
          metric: p.metric,
          productType: p.productType,
          recentFrom,
          recentTo: last,
          baselineFrom: baseFrom,
          recentTotal: r.recent,
          baselineTotal: r.base,
          recentDailyAverage: recentAvg.toFixed(8),
          baselineDailyAverage: baseAvg.toFixed(8),
          changePercent: change.toFixed(2),
        },
      });
    }
    return out;
  },

  async silent(db, rule, clock, now) {
    const p = rule.params as RuleParams<"silent">;
    const last = lastCompleteDay(now, rule.timeZone);
    if (!holdsSubAffiliateDay(clock, last)) return null;
    // Silent: the last day with any volume lies at least `days` complete days back.
    const silentSince = shiftDay(last, -(p.days - 1));
    const found = await rows<{ uid: string; last_day: string }>(
      db,
      sql`SELECT sub_affiliate_uid AS uid, MAX(day)::text AS last_day
            FROM archive_sub_affiliate_daily
           WHERE trading_volume <> 0 AND ${productFilter(p.productType)}
           GROUP BY sub_affiliate_uid
          HAVING MAX(day) < ${silentSince}::date
           ORDER BY sub_affiliate_uid`,
    );
    return found.map((r) => ({
      subject: r.uid,
      summary: `Sub-affiliate ${r.uid} has had no ${p.productType === "both" ? "" : `${p.productType} `}volume since ${r.last_day} (${p.days}+ days)`,
      detail: { subAffiliateUid: r.uid, productType: p.productType, lastActiveDay: r.last_day, days: p.days },
    }));
  },

  async dormant(db, rule, clock) {
    const p = rule.params as RuleParams<"dormant">;
    const until = clock.inviteesSyncedAt;
    if (until === null) return null;
    const since = rule.lastEvaluatedAt ?? rule.createdAt;
    if (until <= since) return null;
    // Crossed "no trade for N days" in (since, until]: the last trade lies N days before that.
    const span = p.days * 86_400_000;
    const found = await rows<{ uid: string }>(
      db,
      sql`SELECT uid FROM archive_invitee
           WHERE last_trade IS NOT NULL AND last_trade > ${since - span} AND last_trade <= ${until - span}
           ORDER BY last_trade, uid`,
    );
    if (found.length < p.count) return [];
    return [
      {
        subject: NETWORK,
        summary: `${found.length} invitees crossed ${p.days} days without a trade since the last evaluation (threshold ${p.count})`,
        detail: { count: found.length, days: p.days, threshold: p.count, since, until, uids: found.slice(0, 50).map((r) => r.uid) },
      },
    ];
  },

  async daily(db, rule, clock, now) {
    const p = rule.params as RuleParams<"daily">;
    const day = lastCompleteDay(now, rule.timeZone);
    const from = startOfDay(dayYmd(day), rule.timeZone);
    const to = startOfDay(dayYmd(shiftDay(day, 1)), rule.timeZone);
    let value: Decimal;
    if (p.metric === "paidCommission") {
      if (!holdsSubAffiliateDay(clock, day)) return null;
      const [r] = await rows<{ v: string }>(db, sql`SELECT COALESCE(SUM(paid_commission), 0)::text AS v FROM archive_sub_affiliate_day_total WHERE day = ${day}::date`);
      value = new Decimal(r?.v ?? "0");
    } else {
      if (clock.inviteesSyncedAt === null || clock.inviteesSyncedAt < to) return null;
      const col = sql.raw(p.metric === "newInvitees" ? "register_time" : "first_trade");
      const [r] = await rows<{ v: string }>(db, sql`SELECT COUNT(*)::text AS v FROM archive_invitee WHERE ${col} >= ${from} AND ${col} < ${to}`);
      value = new Decimal(r?.v ?? "0");
    }
    const threshold = new Decimal(p.threshold);
    const holds = p.direction === "above" ? value.gt(threshold) : value.lt(threshold);
    if (!holds) return [];
    return [
      {
        subject: NETWORK,
        summary: `${DAILY_LABEL[p.metric]} on ${day} (${rule.timeZone}): ${value.toString()}, ${p.direction} ${threshold.toString()}`,
        detail: { day, timeZone: rule.timeZone, metric: p.metric, value: value.toString(), direction: p.direction, threshold: threshold.toString() },
      },
    ];
  },

  // a flag is a finding while it is open (risk-flags.ts): the flags are there or not, never "cannot tell yet"
  riskFlag: (db, rule) => riskFlagFindings(db, rule),
};

const DAILY_LABEL = { newInvitees: "New invitees", firstTrades: "First trades", paidCommission: "Paid commission" } as const;

/** The findings of one rule now, or null when the archive cannot tell yet. */
export function evaluateRule(db: Db, rule: RuleToEvaluate, clock: ArchiveClock, now: number): Promise<Finding[] | null> {
  return EVALUATORS[rule.kind](db, rule, clock, now);
}
