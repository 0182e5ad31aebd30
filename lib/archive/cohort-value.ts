/**
 * What cohorts and invite codes are worth, added to their answers (cohorts-query.ts).
 *
 * **Cohorts** (`commissionPerInvitee`): the commission a cohort's invitees brought within 7,
 * 30, 90 and 180 days of their own registration (a record counts when `date − registerTime ≤
 * N days`), per coin, divided by the cohort's registrations. The archive keeps each invitee's
 * four sums as its records arrive (migration 0150, `archive_invitee_value`), so a cohort is one
 * indexed sum over its registrations. A cohort's N-day figure is known only when every record
 * it needs is held: its span (its week or month, cut by the range and by now) starts within the
 * commission records held and its end plus N days is no later than their end (the last sync).
 * Otherwise it is too young (or too old) for N and says null. The span's end, not its last
 * actual registration, is used: the answer does not change as a registration arrives.
 * Registrations since the last sync are in no known figure (their cohort is younger than 7 days).
 * With `source=live` none is known (WEEX's records would be read live for months): all null,
 * `commissionRange` null.
 *
 * **Codes**: each code's commission (per coin) and volumes over the range, from the records of
 * the invitees it brought who registered in the range (the users the code's row counts).
 *
 * A partner's cohorts and codes count their invite codes' invitees only: the sums
 * here as the registrations they are divided by (cohorts-query.ts, scoped by the sources).
 */
import { sql } from "drizzle-orm";
import type { CohortBucket } from "@/lib/affiliate/cohorts";
import { CoinSums, cohortValueKnown, perInvitee, WITHIN_KEYS, COMMISSION_WITHIN_DAYS, type CoinAmounts, type CommissionWithinKey } from "@/lib/affiliate/value";
import { Dec } from "@/lib/contract/decimal";
import { rows } from "./db";
import { bucketOfSql, HOUR_MS, msArraySql, splitByHour } from "./invitee-hours";
import { heldByArchive } from "./part-reader";
import { inviteeOfScopeSql } from "./scope-invitees";
import type { SelectedSources } from "./sources";

export type CommissionRange = { startTime: number; endTime: number } | null;
export type PerInvitee = Record<CommissionWithinKey, CoinAmounts | null>;

/** The commission records an archive answer can count on: the newest stretch held without a gap. */
export async function heldCommissionRange(db: Parameters<typeof heldByArchive>[0]): Promise<CommissionRange> {
  const { coverage } = await heldByArchive(db, "commissions");
  const last = coverage.at(-1);
  return last ? { startTime: last.from, endTime: last.to } : null;
}

/** Each cohort's commission per invitee (in bucket order), and the records' span it rests on. */
export async function cohortValues(
  sources: SelectedSources,
  buckets: readonly CohortBucket[],
  range: { startTime: number; endTime: number },
  registered: readonly number[],
  now: number,
  signal?: AbortSignal,
): Promise<{ values: PerInvitee[]; commissionRange: CommissionRange }> {
  const none = (): PerInvitee => ({ d7: null, d30: null, d90: null, d180: null });
  return sources.across(async (io) => {
    if (io.source === "live" || buckets.length === 0) return { values: buckets.map(none), commissionRange: null };
    const db = await io.db();
    const held = await heldCommissionRange(db);
    const read = held && { startTime: held.startTime, endTime: Math.min(held.endTime, now) };
    const sums = buckets.map(() => Object.fromEntries(WITHIN_KEYS.map((k) => [k, new CoinSums()])) as Record<CommissionWithinKey, CoinSums>);
    // Whole UTC hours from the per-hour sums, the hours a boundary cuts (the range's ends, the
    // midnights of :30/:45 zones) from the invitees' rows: at simulator scale 10 a year is
    // ~72,000 invitee rows but ~8,800 hours × coins.
    const split = splitByHour(buckets, range);
    const cut = msArraySql(split.cut);
    const parts = [
      sql`SELECT ${bucketOfSql(sql`v.register_time`, buckets)} AS b, v.coin, v.d7, v.d30, v.d90, v.d180
          FROM unnest(${cut}) AS h(hour) JOIN archive_invitee_value v ON v.register_time >= h.hour AND v.register_time < h.hour + ${HOUR_MS}
          WHERE v.register_time BETWEEN ${range.startTime} AND ${range.endTime}`,
    ];
    if (split.whole.from < split.whole.to)
      parts.push(sql`SELECT ${bucketOfSql(sql`hour`, buckets)} AS b, coin, d7, d30, d90, d180 FROM archive_invitee_value_hour
                     WHERE hour >= ${split.whole.from} AND hour < ${split.whole.to} AND hour <> ALL (${cut})`);
    else parts[0] = sql`SELECT ${bucketOfSql(sql`register_time`, buckets)} AS b, coin, d7, d30, d90, d180 FROM archive_invitee_value WHERE register_time BETWEEN ${range.startTime} AND ${range.endTime}`;
    const list = await rows<{ b: unknown; coin: string; d7: string; d30: string; d90: string; d180: string }>(
      db,
      io.scope
        ? // a partner's cohorts: their invitees' rows (the hour sums are everyone's)
          sql`SELECT ${bucketOfSql(sql`register_time`, buckets)} AS b, coin, sum(d7)::text AS d7, sum(d30)::text AS d30, sum(d90)::text AS d90, sum(d180)::text AS d180
              FROM archive_invitee_value WHERE register_time BETWEEN ${range.startTime} AND ${range.endTime}
              AND ${inviteeOfScopeSql(sql`uid`, io.scope)} GROUP BY 1, coin`
        : sql`SELECT b, coin, sum(d7)::text AS d7, sum(d30)::text AS d30, sum(d90)::text AS d90, sum(d180)::text AS d180
              FROM (${sql.join(parts, sql` UNION ALL `)}) x GROUP BY 1, coin`,
    );
    for (const r of list) {
      const i = Number(r.b);
      // (a coin with no commission within N days is not listed for N)
      if (i >= 0 && i < buckets.length) for (const k of WITHIN_KEYS) if (!new Dec(r[k]).isZero()) sums[i][k].add(r.coin, r[k]);
    }
    signal?.throwIfAborted();
    const values = buckets.map((b, i): PerInvitee => {
      const first = Math.max(b.from, range.startTime);
      const last = Math.min(b.to - 1, range.endTime, now);
      const out = none();
      for (const k of WITHIN_KEYS) {
        if (!cohortValueKnown(first, last, COMMISSION_WITHIN_DAYS[k], read)) continue;
        out[k] = registered[i] === 0 ? {} : sums[i][k].json((d) => perInvitee(d, registered[i]));
      }
      return out;
    });
    return { values, commissionRange: read };
  }, signal);
}
