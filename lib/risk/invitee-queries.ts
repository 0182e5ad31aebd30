/**
 * The invitee rules' queries (lib/risk/rules.ts names them): every position where a rule holds,
 * as (subject_id, at, evidence). Windows are trailing UTC days ending at `at`; amounts are SQL
 * numeric, handed out as exact decimal strings. Volumes are USDT (WEEX's commission records
 * carry their volume in USDT whatever the commission's coin), so the coins' rows are summed for
 * volume only; a commission is never summed across coins.
 */
import { sql, type SQL } from "drizzle-orm";
import { DAY_MS } from "@/lib/time/calendar";
import { everyone, type Only } from "./only";

/** A frame offset (a whole number of ms), written into the statement: PostgreSQL takes no parameter there. */
const span = (days: number) => sql.raw(String(Math.round(days * DAY_MS)));
/** A decimal text without trailing zeros. */
const dec = (e: SQL) => sql`trim_scale(${e})::text`;

/**
 * inAndOut: within `days` UTC days the invitee deposited at least `minDeposit`, withdrew at
 * least `withdrawnPercent` % of it and traded less than `volumeMultiple` × the deposit. Only
 * the per-day periods count (WEEX's totals are per day for 90 days, per week before).
 */
export function inAndOutQuery(p: { days: number; minDeposit: number; withdrawnPercent: number; volumeMultiple: number }, from: number, only: Only = everyone): SQL {
  const back = span(p.days - 1);
  return sql`WITH mv AS (
      SELECT m.uid, m.period_from AS day, COALESCE(m.deposit_amount, 0) AS dep, COALESCE(m.withdrawal_amount, 0) AS wd
      FROM archive_invitee_movement m JOIN archive_movement_period p ON p.period_from = m.period_from AND p.kind = 'day'
      WHERE m.period_from >= ${from}::bigint AND ${only(sql`m.uid`)}),
    w AS (SELECT uid, day, sum(dep) OVER win AS dep, sum(wd) OVER win AS wd
      FROM mv WINDOW win AS (PARTITION BY uid ORDER BY day RANGE BETWEEN ${back} PRECEDING AND CURRENT ROW))
    SELECT w.uid AS subject_id, w.day AS at,
      jsonb_build_object('from', w.day - ${back}, 'to', w.day + ${DAY_MS}::bigint, 'deposits', ${dec(sql`w.dep`)}, 'withdrawals', ${dec(sql`w.wd`)}, 'volume', ${dec(sql`v.vol`)}) AS evidence
    FROM w, LATERAL (SELECT COALESCE(sum(c.spot_volume + c.futures_volume), 0) AS vol FROM archive_commission_invitee_day c
      WHERE c.uid = w.uid AND c.day BETWEEN w.day - ${back} AND w.day) v
    WHERE w.dep >= ${p.minDeposit}::numeric AND w.wd * 100 >= w.dep * ${p.withdrawnPercent}::numeric AND v.vol < w.dep * ${p.volumeMultiple}::numeric`;
}

/**
 * churn: over `days` UTC days, spot + futures volume at least `minVolume` and at least
 * `volumeMultiple` × the net deposits (deposits − withdrawals, at least 1) of the periods
 * starting in those days (a week's period counts whole where only weeks are held).
 */
export function churnQuery(p: { days: number; minVolume: number; volumeMultiple: number }, from: number, only: Only = everyone): SQL {
  const back = span(p.days - 1);
  return sql`WITH vd AS (
      SELECT uid, day, sum(spot_volume + futures_volume) AS vol FROM archive_commission_invitee_day WHERE day >= ${from}::bigint AND ${only(sql`uid`)} GROUP BY uid, day),
    w AS (SELECT uid, day, sum(vol) OVER (PARTITION BY uid ORDER BY day RANGE BETWEEN ${back} PRECEDING AND CURRENT ROW) AS vol FROM vd),
    c AS (SELECT * FROM w WHERE vol >= ${p.minVolume}::numeric)
    SELECT c.uid AS subject_id, c.day AS at,
      jsonb_build_object('from', c.day - ${back}, 'to', c.day + ${DAY_MS}::bigint, 'volume', ${dec(sql`c.vol`)}, 'deposits', ${dec(sql`m.dep`)}, 'withdrawals', ${dec(sql`m.wd`)}) AS evidence
    FROM c, LATERAL (SELECT COALESCE(sum(deposit_amount), 0) AS dep, COALESCE(sum(withdrawal_amount), 0) AS wd FROM archive_invitee_movement m
      WHERE m.uid = c.uid AND m.period_from BETWEEN c.day - ${back} AND c.day) m
    WHERE c.vol >= GREATEST(m.dep - m.wd, 1) * ${p.volumeMultiple}::numeric`;
}
