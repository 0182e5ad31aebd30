/**
 * The daily figures behind a flag, read from the archive tables its rule reads (never WEEX), so
 * that a reader sees the days the evidence sums and the days around them: an invitee's deposits
 * and withdrawals (WEEX's per-day totals; the weekly periods before its 90 days have no day to
 * stand on and are left out) and its volume (its commission records, USDT); a sub-affiliate's
 * days with records over the baseline and the spike (both product types summed), with the
 * baseline's median as the rule computed it.
 */
import { sql } from "drizzle-orm";
import type { RiskFlagDetail, RiskSeriesDay } from "@/lib/contract/risk";
import { rows, toMs, type Db } from "@/lib/archive/db";
import { DAY_MS, utcDate, utcDayStart } from "@/lib/time/calendar";
import type { RiskFlag } from "./flags";

/** Days shown either side of the evidence's period: enough to see what was usual around it. */
export const SERIES_PAD_DAYS = 7;
/** The most days a chart holds: a longer period shows its last days. */
export const SERIES_MAX_DAYS = 120;
/** An invitee flag whose evidence names no period shows the days up to when it was last seen. */
const FALLBACK_DAYS = 30;

type Series = RiskFlagDetail["series"];
const dayMs = (text: string) => Date.parse(`${text}T00:00:00Z`);
const dec = (column: string) => sql.raw(`trim_scale(${column})::text`);

/** The evidence's period as whole UTC days [from, to): its `from`/`to`, or its `day` (ms or YYYY-MM-DD). */
export function evidencePeriod(evidence: Record<string, unknown>): { from: number; to: number } | null {
  const { from, to, day } = evidence;
  if (typeof from === "number" && typeof to === "number" && to > from) return { from: utcDayStart(from), to: utcDayStart(to - 1) + DAY_MS };
  const at = typeof day === "number" ? day : typeof day === "string" && /^\d{4}-\d{2}-\d{2}$/.test(day) ? dayMs(day) : NaN;
  return Number.isFinite(at) ? { from: utcDayStart(at), to: utcDayStart(at) + DAY_MS } : null;
}

/** The days an invitee's chart shows: the period with the padding either side, never past today, at most SERIES_MAX_DAYS. */
export function inviteeDays(flag: RiskFlag, now: number): { from: number; to: number } {
  const period = evidencePeriod(flag.evidence) ?? { from: utcDayStart(flag.lastSeenAt) - (FALLBACK_DAYS - 1) * DAY_MS, to: utcDayStart(flag.lastSeenAt) + DAY_MS };
  const to = Math.min(period.to + SERIES_PAD_DAYS * DAY_MS, utcDayStart(now) + DAY_MS);
  const from = Math.max(period.from - SERIES_PAD_DAYS * DAY_MS, to - SERIES_MAX_DAYS * DAY_MS);
  return { from: Math.min(from, to - DAY_MS), to };
}

async function inviteeSeries(db: Db, uid: string, range: { from: number; to: number }): Promise<Series> {
  const [moved, traded] = await Promise.all([
    rows<{ day: unknown; deposits: string | null; withdrawals: string | null }>(
      db,
      sql`SELECT m.period_from AS day, ${dec("m.deposit_amount")} AS deposits, ${dec("m.withdrawal_amount")} AS withdrawals
        FROM archive_invitee_movement m JOIN archive_movement_period p ON p.period_from = m.period_from AND p.kind = 'day'
        WHERE m.uid = ${uid} AND m.period_from >= ${range.from}::bigint AND m.period_from < ${range.to}::bigint`,
    ),
    rows<{ day: unknown; volume: string }>(
      db,
      sql`SELECT day, trim_scale(sum(spot_volume + futures_volume))::text AS volume FROM archive_commission_invitee_day
        WHERE uid = ${uid} AND day >= ${range.from}::bigint AND day < ${range.to}::bigint GROUP BY day`,
    ),
  ]);
  const byDay = new Map<number, RiskSeriesDay>();
  for (let d = range.from; d < range.to; d += DAY_MS) byDay.set(d, { day: utcDate(d), deposits: "0", withdrawals: "0", volume: "0" });
  for (const r of moved) {
    const day = byDay.get(toMs(r.day)!);
    if (day) Object.assign(day, { deposits: r.deposits ?? "0", withdrawals: r.withdrawals ?? "0" });
  }
  for (const r of traded) {
    const day = byDay.get(toMs(r.day)!);
    if (day) day.volume = r.volume;
  }
  return { kind: "invitee", days: [...byDay.values()] };
}

/** A sub-affiliate's days with records from its baseline's start to a few days after the spike, and the baseline's median. */
async function subAffiliateSeries(db: Db, uid: string, evidence: Record<string, unknown>): Promise<Series> {
  const period = evidencePeriod(evidence);
  if (!period) return { kind: "none", days: [] };
  const baselineFrom = typeof evidence.baselineFrom === "string" ? dayMs(evidence.baselineFrom) : NaN;
  const from = Number.isFinite(baselineFrom) ? baselineFrom : period.from - 28 * DAY_MS;
  const to = period.to + SERIES_PAD_DAYS * DAY_MS;
  const days = await rows<{ day: string; volume: string; commission: string }>(
    db,
    sql`SELECT day::text AS day, trim_scale(sum(trading_volume))::text AS volume, trim_scale(sum(paid_commission))::text AS commission
      FROM archive_sub_affiliate_daily WHERE sub_affiliate_uid = ${uid} AND day >= ${utcDate(from)}::date AND day < ${utcDate(to)}::date
      GROUP BY day ORDER BY day`,
  );
  const median = typeof evidence.medianVolume === "string" && typeof evidence.medianCommission === "string" ? { volume: evidence.medianVolume, commission: evidence.medianCommission } : undefined;
  return { kind: "subAffiliate", days: days.map((d) => ({ day: d.day, volume: d.volume ?? "0", commission: d.commission ?? "0" })), ...(median ? { median } : {}) };
}

/** The series behind a flag: by its subject's type (an invite code or the account has no daily figures of its own). */
export async function flagSeries(db: Db, flag: RiskFlag, now: number): Promise<Series> {
  if (flag.subject.type === "invitee") return inviteeSeries(db, flag.subject.id, inviteeDays(flag, now));
  if (flag.subject.type === "subAffiliate") return subAffiliateSeries(db, flag.subject.id, flag.evidence);
  return { kind: "none", days: [] };
}
