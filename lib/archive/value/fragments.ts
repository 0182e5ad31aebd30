/**
 * The SQL fragments the value list's statements are built from: one function per fragment, each
 * reading one kind of archive row for one part of a range. The archive's amounts are summed from
 * its coarsest rows that fit: whole UTC months from the per-invitee-month summaries (migration
 * 0170), the other whole UTC days from the per-invitee-day summary, the cut days from the raw
 * records (migration 0150); periods of totals whose midpoint lies in the range.
 */
import { sql, type SQL } from "drizzle-orm";
import { DAY_MS } from "@/lib/time/calendar";
import { periodConds } from "../value-read";
import type { LiveInput, Span } from "./types";

/** The invitees a statement sums: all (undefined), one (the `uid` filter), or a batch of them. */
export type UidFilter = string | string[] | undefined;

/** A text[] literal of `list` (quoted: any text, though uids are digits). */
export function textArray(list: readonly string[]): string {
  return `{${list.map((u) => `"${u.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
}

/** The first instant of the UTC month holding `t`. */
function monthFloor(t: number): number {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** The first instant of a UTC month at or after `t`. */
function monthCeil(t: number): number {
  const m = monthFloor(t);
  return m === t ? m : monthFloor(m + 32 * DAY_MS);
}

/**
 * The whole UTC months [from, to) within [a, b) (null when none): read from the month summaries
 * (migration 0170), the rest of [a, b) from the finer rows.
 */
function wholeMonths(a: number, b: number): { from: number; to: number } | null {
  const from = monthCeil(a);
  const to = monthFloor(b);
  return from < to ? { from, to } : null;
}

/** The whole UTC days [from, to) of [startTime, endTime] as epoch day numbers, and the cut rest. */
export function dayCut(r: Span): { days: { from: number; to: number } | null; cut: Span[] } {
  const from = Math.ceil(r.startTime / DAY_MS);
  const to = Math.floor((r.endTime + 1) / DAY_MS);
  if (from >= to) return { days: null, cut: r.startTime <= r.endTime ? [r] : [] };
  const cut = [];
  if (r.startTime < from * DAY_MS) cut.push({ startTime: r.startTime, endTime: from * DAY_MS - 1 });
  if (to * DAY_MS <= r.endTime) cut.push({ startTime: to * DAY_MS, endTime: r.endTime });
  return { days: { from, to }, cut };
}

/**
 * The condition of a part's rows on `only`. A batch of uids is an array: `= ANY` lets the planner
 * scan a range of the table and filter it by the array (the periods of totals: one scan of each
 * period's key), `IN (SELECT unnest …)` has it look each uid up (the commission summaries, by
 * their (uid, day|month) and (uid, time) indexes) and costs nothing to plan: estimating `= ANY`
 * goes through the array an element at a time, and for the days of a cut month the planner
 * chose to read every invitee's days over looking up the batch's.
 */
export function onlySql(only: UidFilter, column: SQL, arrayAs: "filter" | "lookup" = "filter"): SQL {
  if (only === undefined) return sql``;
  if (typeof only === "string") return sql`AND ${column} = ${only}`;
  return arrayAs === "lookup"
    ? sql`AND ${column} IN (SELECT unnest(${textArray(only)}::text[]))`
    : sql`AND ${column} = ANY (${textArray(only)}::text[])`;
}

/**
 * The direct commission records of [a, b] (`byUid`: onlySql's condition), each as its coin's
 * commission and its volume on the side of its product type: WEEX's sourceType 1 are the
 * invitee's own trades, the only ones the value list counts.
 */
export function rawCommissionSql(a: number, b: number, byUid: SQL = sql``): SQL {
  return sql`SELECT uid, coin, coalesce(commission, 0) AS commission,
               CASE WHEN product_type = 'SPOT' THEN coalesce(taker_amount, 0) + coalesce(maker_amount, 0) ELSE 0 END AS spot,
               CASE WHEN product_type = 'FUTURES' THEN coalesce(taker_amount, 0) + coalesce(maker_amount, 0) ELSE 0 END AS futures
        FROM archive_commission WHERE time BETWEEN ${a} AND ${b} AND source_type = 1 ${byUid}`;
}

/** The per-invitee-day commission summary's rows of the UTC days [a, b) (migration 0150). */
function commissionDaysSql(a: number, b: number, byUid: SQL): SQL {
  return sql`SELECT uid, coin, commission, spot_volume AS spot, futures_volume AS futures
        FROM archive_commission_invitee_day WHERE day >= ${a} AND day < ${b} ${byUid}`;
}

/** The per-invitee-month commission summary's rows of the UTC months [a, b) (migration 0170). */
function commissionMonthsSql(a: number, b: number, byUid: SQL): SQL {
  return sql`SELECT uid, coin, commission, spot_volume AS spot, futures_volume AS futures
        FROM archive_commission_invitee_month WHERE month >= ${a} AND month < ${b} ${byUid}`;
}

/**
 * The archive's per-(uid, coin) commission and volumes of one part: whole UTC months from the
 * per-invitee-month summary, the other whole UTC days from the per-day one, the cut days raw.
 */
export function commissionPartSql(r: Span, only: UidFilter): SQL {
  const byUid = onlySql(only, sql`uid`, "lookup");
  const dayFrom = Math.ceil(r.startTime / DAY_MS) * DAY_MS;
  const dayTo = Math.floor((r.endTime + 1) / DAY_MS) * DAY_MS;
  if (dayFrom >= dayTo) return rawCommissionSql(r.startTime, r.endTime, byUid);
  const months = wholeMonths(dayFrom, dayTo);
  const parts = months
    ? [
        commissionMonthsSql(months.from, months.to, byUid),
        ...(dayFrom < months.from ? [commissionDaysSql(dayFrom, months.from, byUid)] : []),
        ...(months.to < dayTo ? [commissionDaysSql(months.to, dayTo, byUid)] : []),
      ]
    : [commissionDaysSql(dayFrom, dayTo, byUid)];
  if (r.startTime < dayFrom) parts.push(rawCommissionSql(r.startTime, dayFrom - 1, byUid));
  if (dayTo <= r.endTime) parts.push(rawCommissionSql(dayTo, r.endTime, byUid));
  return sql.join(parts, sql` UNION ALL `);
}

/**
 * Each invitee's deposits and withdrawals in the periods of totals whose midpoint lies in `f`.
 * No bound on period_from beside the periods' own condition: with one, the planner probed the
 * (uid, period_from) index once per period and invitee of a batch; without it, the batch's rows
 * of each period are one scan of the (period_from, uid) key.
 */
function movementPeriodsSql(f: Span, byUid: SQL): SQL {
  return sql`SELECT m.uid, coalesce(m.deposit_amount, 0) AS dep, coalesce(m.withdrawal_amount, 0) AS wd
        FROM archive_movement_period p JOIN archive_invitee_movement m USING (period_from)
        WHERE ${periodConds(f)} ${byUid}`;
}

/**
 * The archive's per-uid deposits and withdrawals of one part: the periods whose midpoint lies in
 * a whole UTC month of it from the per-invitee-month summary, the others from their rows.
 */
export function movementPartSql(r: Span, only: UidFilter): SQL {
  const byUid = onlySql(only, sql`m.uid`);
  const months = wholeMonths(r.startTime, r.endTime + 1);
  if (!months) return movementPeriodsSql(r, byUid);
  const parts = [
    sql`SELECT m.uid, m.deposit_amount AS dep, m.withdrawal_amount AS wd FROM archive_invitee_movement_month m
        WHERE m.month >= ${months.from} AND m.month < ${months.to} ${byUid}`,
  ];
  if (r.startTime < months.from) parts.push(movementPeriodsSql({ startTime: r.startTime, endTime: months.from - 1 }, byUid));
  if (months.to <= r.endTime) parts.push(movementPeriodsSql({ startTime: months.to, endTime: r.endTime }, byUid));
  return sql.join(parts, sql` UNION ALL `);
}

/** `uid` is an invitee the archive holds under one of `codes` (0191's index on the code). */
export function ofCodesSql(codes: readonly string[], uid: SQL): SQL {
  return sql`${uid} IN (SELECT a.uid FROM archive_invitee a WHERE a.invite_code = ANY (${textArray(codes)}::text[]))`;
}

const asJson = (v: unknown) => sql`${JSON.stringify(v)}::json`;

/** CTE `lc`: the live parts' per-(uid, coin) commission and volumes, as rows (handed in as JSON). */
export function liveCommissionCte(live: LiveInput): SQL {
  return sql`lc AS (SELECT * FROM json_to_recordset(${asJson(live.commission)})
                      AS x(uid text, coin text, commission numeric, spot numeric, futures numeric))`;
}

/** CTE `lm`: the live parts' per-uid deposits and withdrawals. */
export function liveMovementsCte(live: LiveInput): SQL {
  return sql`lm AS (SELECT * FROM json_to_recordset(${asJson(live.movements)}) AS x(uid text, dep numeric, wd numeric))`;
}

/** CTE `li`: the live parts' invitee records (code, registration). */
export function liveInviteesCte(live: LiveInput): SQL {
  return sql`li AS (SELECT * FROM json_to_recordset(${asJson(live.invitees)}) AS x(uid text, code text, reg bigint))`;
}
