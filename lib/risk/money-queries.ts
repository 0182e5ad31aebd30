/**
 * The rules on where the commission's money goes and comes from (lib/risk/rules.ts names them):
 * every position where a rule holds, as (subject_id, at, evidence), and for `concentration` the
 * subject's type too. Amounts are SQL numeric, handed out as exact decimal strings; commission
 * is never summed across coins.
 */
import { sql, type SQL } from "drizzle-orm";
import { DAY_MS } from "@/lib/time/calendar";
import { everyone, type Only } from "./only";

const raw = (ms: number) => sql.raw(String(Math.round(ms)));
const dec = (e: SQL) => sql`trim_scale(${e})::text`;

/**
 * fundedInvitee: one of the account's own internal transfers (every transfer
 * getInternalWithdrawalStatus lists is the key owner's) went to an invitee's UID, and the
 * invitee traded within `days` × 24 hours after it. Only a SUCCESS transfer of a positive amount
 * counts: a FAILED one moved nothing, and a PROGRESSING one has not moved money yet (the
 * archive re-reads it until it settles, and the re-sync that makes it SUCCESS fires the rule).
 * A trade is one of the invitee's own commission records (source type 1) in the window, to the
 * millisecond: the records carry their time, so the window starts at the transfer, not at its
 * UTC day. Volumes are the records' taker + maker amounts, USDT.
 */
export function fundedInviteeQuery(p: { days: number }, from: number, only: Only = everyone): SQL {
  const win = raw(p.days * DAY_MS);
  return sql`SELECT t.to_user_id AS subject_id, t.create_time AS at,
      jsonb_build_object('from', t.create_time, 'to', t.create_time + ${win}, 'transferId', t.withdraw_id, 'coin', t.coin, 'amount', ${dec(sql`t.amount`)},
        'time', t.create_time, 'trades', v.n, 'volume', ${dec(sql`v.vol`)}) AS evidence
    FROM archive_transfer t, LATERAL (SELECT count(*) AS n, COALESCE(sum(COALESCE(c.taker_amount, 0) + COALESCE(c.maker_amount, 0)), 0) AS vol
      FROM archive_commission c WHERE c.uid = t.to_user_id AND c.source_type = 1 AND c.time >= t.create_time AND c.time < t.create_time + ${win}) v
    WHERE t.create_time >= ${from}::bigint AND t.status = 'SUCCESS' AND t.amount > 0 AND t.to_user_id <> t.from_user_id AND ${only(sql`t.to_user_id`)} AND v.n > 0`;
}

/**
 * The smallest commission of one invitee in one coin and month that `concentration` judges,
 * per coin: a dollar stablecoin's floor is `minUsdt`, Bitcoin's `minBtc`. Any other coin has no
 * floor the archive could set (it holds no price to turn 100 USDT into that coin, and a floor of
 * 0 would flag dust), so its commission is not judged.
 */
const floors = (p: { minUsdt: number; minBtc: number }) =>
  sql`(VALUES ('USDT', ${p.minUsdt}::numeric), ('USDC', ${p.minUsdt}::numeric), ('BTC', ${p.minBtc}::numeric)) AS f(coin, floor)`;

/**
 * concentration: one direct invitee brings at least `percent` % of the commission of a UTC month
 * in one coin, and at least that coin's floor. The share is judged at the widest scope where it
 * holds: the account's whole commission in that coin and month (every record, sub-affiliates'
 * included), else the commission of the invitee's invite code. One flag per (scope, coin,
 * month): the subject id names the coin (the account's: the coin alone, e.g. `USDT`; a
 * code's: `<code>/<coin>`, e.g. `SPRING50/USDT`) and the position is the month's start, so two
 * coins or two months are two episodes; the invitee behind it is evidence (the one with the
 * most, the first uid when two share it exactly).
 */
export function concentrationQuery(p: { percent: number; minUsdt: number; minBtc: number }, from: number, only: Only = everyone): SQL {
  const start = sql`utc_month_start(${from}::bigint)`;
  // (a total of 0 or less, other invitees' clawbacks outweighing, is no share to judge)
  const share = (t: "a" | "k") => sql`${sql.raw(t)}.total > 0 AND m.commission * 100 >= ${sql.raw(t)}.total * ${p.percent}::numeric`;
  return sql`WITH m AS (SELECT m.month, m.uid, m.coin, m.commission, i.invite_code AS code
      FROM archive_commission_invitee_month m JOIN ${floors(p)} ON f.coin = m.coin AND m.commission >= f.floor
        LEFT JOIN archive_invitee i ON i.uid = m.uid
      WHERE m.month >= ${start}),
    acct AS (SELECT utc_month_start(hour) AS month, coin, sum(commission) AS total FROM archive_commission_hour
      WHERE hour >= ${start} AND coin IN (SELECT coin FROM m) GROUP BY 1, 2),
    code AS (SELECT c.month, c.coin, i.invite_code AS code, sum(c.commission) AS total FROM archive_commission_invitee_month c
      JOIN archive_invitee i ON i.uid = c.uid AND i.invite_code IN (SELECT code FROM m)
      WHERE c.month >= ${start} GROUP BY 1, 2, 3),
    hit AS (SELECT m.*, CASE WHEN ${share("a")} THEN 'account' WHEN ${share("k")} THEN 'inviteCode' END AS subject_type,
        CASE WHEN ${share("a")} THEN a.total ELSE k.total END AS total
      FROM m JOIN acct a ON a.month = m.month AND a.coin = m.coin
        LEFT JOIN code k ON k.month = m.month AND k.coin = m.coin AND k.code = m.code)
    -- (a scope is chosen over every invitee's figures first; a pass keeps the subjects it decides)
    SELECT * FROM (SELECT DISTINCT ON (subject_type, subject_id, at) * FROM (
      SELECT subject_type, CASE WHEN subject_type = 'account' THEN coin ELSE code || '/' || coin END AS subject_id, month AS at,
        jsonb_build_object('from', month, 'to', utc_month_start(month + ${raw(32 * DAY_MS)}), 'month', to_char(to_timestamp(month / 1000) AT TIME ZONE 'UTC', 'YYYY-MM'),
          'coin', coin, 'scope', subject_type, 'code', code, 'uid', uid, 'commission', ${dec(sql`commission`)}, 'total', ${dec(sql`total`)},
          'share', ${dec(sql`round(commission * 100 / total, 2)`)}) AS evidence, commission, uid
      FROM hit WHERE subject_type IS NOT NULL) h
    ORDER BY subject_type, subject_id, at, commission DESC, uid) o WHERE ${only(sql`o.subject_id`)}`;
}
