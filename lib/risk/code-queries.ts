/**
 * The invite-code rules' queries and the sub-affiliate rule's (lib/risk/rules.ts names them):
 * every position where a rule holds, as (subject_id, at, evidence). Registrations come from
 * archive_invitee (kept forever), a sub-affiliate's days from archive_sub_affiliate_daily.
 */
import { sql, type SQL } from "drizzle-orm";
import { DAY_MS, utcDate } from "@/lib/time/calendar";
import { everyone, type Only } from "./only";

/** The subject of an invitee registered without a code. */
export const NO_CODE = "(none)";

const MINUTE_MS = 60_000;
/** 1970-01-05, the first Monday: UTC weeks start on Mondays. */
const MONDAY_MS = 4 * DAY_MS;
const WEEK_MS = 7 * DAY_MS;
const raw = (ms: number) => sql.raw(String(Math.round(ms)));
const dec = (e: SQL) => sql`trim_scale(${e})::text`;

/**
 * signupBurst: at least `minCount` registrations with one code within `windowMinutes`, and at
 * least `factor` × the most it had in any such window of the `historyDays` before (a code
 * without registrations then: the floor alone). Windows start at a registration.
 */
export function signupBurstQuery(p: { windowMinutes: number; minCount: number; factor: number; historyDays: number }, from: number, only: Only = everyone): SQL {
  const win = p.windowMinutes * MINUTE_MS;
  return sql`WITH r AS (SELECT COALESCE(invite_code, ${NO_CODE}) AS code, register_time AS t FROM archive_invitee
      WHERE register_time >= ${from}::bigint AND (${only(sql`invite_code`)} OR (invite_code IS NULL AND ${only(sql`${NO_CODE}::text`)}))),
    f AS (SELECT code, t, count(*) OVER (PARTITION BY code ORDER BY t RANGE BETWEEN CURRENT ROW AND ${raw(win - 1)} FOLLOWING) AS n FROM r),
    b AS (SELECT code, t, n, max(n) OVER (PARTITION BY code ORDER BY t RANGE BETWEEN ${raw(p.historyDays * DAY_MS)} PRECEDING AND ${raw(win)} PRECEDING) AS prev FROM f)
    SELECT code AS subject_id, t AS at,
      jsonb_build_object('from', t, 'to', t + ${raw(win)}, 'registrations', n, 'previousMost', COALESCE(prev, 0), 'historyFrom', t - ${raw(p.historyDays * DAY_MS)}) AS evidence
    FROM b WHERE n >= ${p.minCount}::int AND (prev IS NULL OR n >= prev * ${p.factor}::int)`;
}

/**
 * hollowSignups: at least `minCount` registrations with one code in a UTC week (Monday to
 * Monday), fewer than `maxKycPercent` % of them verified and none deposited.
 */
export function hollowSignupsQuery(p: { minCount: number; maxKycPercent: number }, from: number, only: Only = everyone): SQL {
  return sql`SELECT invite_code AS subject_id, wk AS at,
      jsonb_build_object('from', wk, 'to', wk + ${raw(WEEK_MS)}, 'registrations', count(*), 'kycPassed', count(*) FILTER (WHERE kyc_result), 'deposited', count(*) FILTER (WHERE first_deposit IS NOT NULL)) AS evidence
    FROM (SELECT invite_code, kyc_result, first_deposit, ((register_time - ${raw(MONDAY_MS)}) / ${raw(WEEK_MS)}) * ${raw(WEEK_MS)} + ${raw(MONDAY_MS)} AS wk
      FROM archive_invitee WHERE register_time >= ${from}::bigint AND invite_code IS NOT NULL AND ${only(sql`invite_code`)}) i
    GROUP BY invite_code, wk
    HAVING count(*) >= ${p.minCount}::int AND count(*) FILTER (WHERE kyc_result) * 100 < count(*) * ${p.maxKycPercent}::numeric
      AND count(*) FILTER (WHERE first_deposit IS NOT NULL) = 0`;
}

/**
 * twinDeposits: at least `minCount` invitees of one code, registered the same UTC day, deposit
 * the same amount on the same UTC day (WEEX's per-day totals: the day's deposits summed, so the
 * rule decides within the 90 days WEEX keeps per day). Equal amounts are equal as numbers
 * (100 and 100.00 are one amount).
 */
export function twinDepositsQuery(p: { minCount: number }, from: number, only: Only = everyone): SQL {
  return sql`SELECT i.invite_code AS subject_id, m.period_from AS at,
      jsonb_build_object('day', m.period_from, 'registeredOn', (i.register_time / ${raw(DAY_MS)}) * ${raw(DAY_MS)}, 'amount', ${dec(sql`min(m.deposit_amount)`)},
        'invitees', count(*), 'uids', jsonb_agg(i.uid ORDER BY i.uid)) AS evidence
    FROM archive_invitee_movement m
      JOIN archive_movement_period p ON p.period_from = m.period_from AND p.kind = 'day'
      JOIN archive_invitee i ON i.uid = m.uid
    WHERE m.period_from >= ${from}::bigint AND m.deposit_amount > 0 AND i.invite_code IS NOT NULL AND ${only(sql`i.invite_code`)}
    GROUP BY i.invite_code, i.register_time / ${raw(DAY_MS)}, m.period_from, m.deposit_amount
    HAVING count(*) >= ${p.minCount}::int`;
}

/**
 * subSpike: a sub-affiliate's UTC day (both product types) with at least `minVolume` volume
 * and volume or paid commission at least `factor` × its median over the days with records
 * among the `baselineDays` before (at least `minDays` such days). The median is exact: the
 * mean of the lower and upper middle values.
 */
export function subSpikeQuery(p: { factor: number; baselineDays: number; minDays: number; minVolume: number }, from: number, only: Only = everyone): SQL {
  const fromDay = utcDate(from);
  const median = (col: string) => sql.raw(`(SELECT (percentile_disc(0.5) WITHIN GROUP (ORDER BY x) + percentile_disc(0.5) WITHIN GROUP (ORDER BY x DESC)) / 2 FROM unnest(c.${col}) x)`);
  // The baseline's days ride along each day (a window of the days before it); a day is a
  // candidate only if it reaches `factor` × the baseline's least day (the median is at least
  // that, so no spike is missed), and the median is taken for the candidates only.
  return sql`WITH a AS (SELECT sub_affiliate_uid AS uid, day, sum(trading_volume) AS vol, sum(paid_commission) AS comm
      FROM archive_sub_affiliate_daily WHERE day >= ${fromDay}::date - ${p.baselineDays}::int AND ${only(sql`sub_affiliate_uid`)} GROUP BY 1, 2),
    w AS (SELECT uid, day, vol, comm, count(*) OVER b AS n, min(vol) OVER b AS lo_vol, min(comm) OVER b AS lo_comm, array_agg(vol) OVER b AS vols, array_agg(comm) OVER b AS comms
      FROM a WINDOW b AS (PARTITION BY uid ORDER BY day RANGE BETWEEN ${sql.raw(`'${Math.round(p.baselineDays)} days'`)}::interval PRECEDING AND '1 day'::interval PRECEDING)),
    d AS (SELECT * FROM w WHERE day >= ${fromDay}::date AND vol >= ${p.minVolume}::numeric AND n >= ${p.minDays}::int
      AND (vol >= lo_vol * ${p.factor}::numeric OR (comm > 0 AND comm >= lo_comm * ${p.factor}::numeric)))
    SELECT c.uid AS subject_id, (c.day - date '1970-01-01')::bigint * ${raw(DAY_MS)} AS at,
      jsonb_build_object('day', c.day::text, 'volume', ${dec(sql`c.vol`)}, 'commission', ${dec(sql`c.comm`)}, 'medianVolume', ${dec(sql`m.mv`)},
        'medianCommission', ${dec(sql`m.mc`)}, 'baselineDays', c.n, 'baselineFrom', (c.day - ${p.baselineDays}::int)::text) AS evidence
    FROM d c, LATERAL (SELECT ${median("vols")} AS mv, ${median("comms")} AS mc) m
    WHERE c.vol >= m.mv * ${p.factor}::numeric OR (c.comm > 0 AND c.comm >= m.mc * ${p.factor}::numeric)`;
}
