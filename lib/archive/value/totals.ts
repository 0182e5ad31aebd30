/**
 * The list's `total` and `totals` for the walk by bounds, read without summing any invitee: from
 * the summaries that are not per invitee (the hour summary, the period totals, migrations 0150
 * and 0180) and the invitees' active days, or for a code filter from the per-code summaries
 * (migration 0540) corrected by the invitees a live record or a live row moves.
 */
import { sql, type SQL } from "drizzle-orm";
import { Dec, decimalText } from "@/lib/contract/decimal";
import { CoinSums } from "@/lib/affiliate/value";
import { DAY_MS } from "@/lib/time/calendar";
import { rows, type Db, type Tx } from "../db";
import { periodConds } from "../value-read";
import { dayCut, liveCommissionCte, liveMovementsCte, ofCodesSql, rawCommissionSql, textArray } from "./fragments";
import { batchSums } from "./sums";
import { amountText, liveUids, NO_LIVE, type ArchiveInput, type LiveInput, type Span, type ValueAnswer, type ValueQuery } from "./types";

const HOUR_MS = 3_600_000;

/** The list's count of rows and its totals. */
export interface RangeTotals {
  total: number;
  totals: ValueAnswer["totals"];
}

/** The hour summary's rows of the whole UTC hours [from, to): every invitee's commission and volumes (0150). */
function commissionHoursSql(from: number, to: number): SQL {
  return sql`SELECT coin, commission,
                    CASE WHEN product_type = 'SPOT' THEN volume ELSE 0 END AS spot,
                    CASE WHEN product_type = 'FUTURES' THEN volume ELSE 0 END AS futures
        FROM archive_commission_hour WHERE source_type = 1 AND hour >= ${from} AND hour < ${to}`;
}

/**
 * An archive part's commission rows (coin, commission, spot, futures) for the totals: every
 * invitee's from the hour summary (0150) and the cut hours raw; a set of codes' from the per-code
 * day summary (0540) and the cut days' records of CTE `cc` (codeCutSql).
 */
function coinPartsSql(cp: Span, codes: readonly string[] | undefined): SQL[] {
  if (codes) {
    const { days } = dayCut(cp);
    const summary = days
      ? [
          sql`SELECT coin, commission, spot_volume AS spot, futures_volume AS futures FROM archive_code_commission_day
              WHERE invite_code = ANY (${textArray(codes)}::text[]) AND day >= ${days.from * DAY_MS} AND day < ${days.to * DAY_MS}`,
        ]
      : [];
    return [...summary, sql`SELECT coin, commission, spot, futures FROM cc`];
  }
  const from = Math.ceil(cp.startTime / HOUR_MS) * HOUR_MS;
  const to = Math.floor((cp.endTime + 1) / HOUR_MS) * HOUR_MS;
  const raw = (a: number, b: number) => sql`SELECT coin, commission, spot, futures FROM (${rawCommissionSql(a, b)}) r`;
  if (from >= to) return [raw(cp.startTime, cp.endTime)];
  const parts = [commissionHoursSql(from, to)];
  if (cp.startTime < from) parts.push(raw(cp.startTime, from - 1));
  if (to <= cp.endTime) parts.push(raw(to, cp.endTime));
  return parts;
}

/**
 * A code filter's direct records of the part's cut days (CTE `cc`, read by its coins and its
 * count): the records are read and matched to the codes' invitees once, not once per read (each
 * match hashes every invitee of the codes).
 */
function codeCutSql(cp: Span | undefined, codes: readonly string[]): SQL {
  const cut = cp ? dayCut(cp).cut : [];
  if (!cut.length) {
    return sql`SELECT NULL::text AS uid, NULL::text AS coin, NULL::numeric AS commission, NULL::numeric AS spot, NULL::numeric AS futures
               WHERE FALSE`;
  }
  const records = sql.join(cut.map((c) => rawCommissionSql(c.startTime, c.endTime)), sql` UNION ALL `);
  return sql`SELECT r.* FROM (${records}) r WHERE ${ofCodesSql(codes, sql`r.uid`)}`;
}

/** An archive part's deposits and withdrawals for the totals: per period, of every invitee (0180) or of a set of codes' (0540). */
function periodTotalsSql(mp: Span | undefined, codes: readonly string[] | undefined): SQL {
  if (!mp) return sql`SELECT NULL::numeric AS dep, NULL::numeric AS wd WHERE FALSE`;
  return codes
    ? sql`SELECT t.deposit_amount AS dep, t.withdrawal_amount AS wd
          FROM archive_movement_period p JOIN archive_code_movement_period t USING (period_from)
          WHERE ${periodConds(mp)} AND t.invite_code = ANY (${textArray(codes)}::text[])`
    : sql`SELECT t.deposit_amount AS dep, t.withdrawal_amount AS wd
          FROM archive_movement_period p JOIN archive_movement_period_total t USING (period_from)
          WHERE ${periodConds(mp)}`;
}

/**
 * The condition on a totals row `t` that its invitee counts: its active days meet the range's
 * whole days, or it has rows in the range's cut days (or a code filter's CTE `cc`) or live rows.
 * An archived invitee always has its totals row (0180's triggers), so those are counted in the
 * one scan of the totals rather than looked up one by one.
 */
function countedSql(cp: Span | undefined, mp: Span | undefined, codes: readonly string[] | undefined): SQL {
  const conds: SQL[] = [];
  const edges: SQL[] = [sql`SELECT uid FROM lc`, sql`SELECT uid FROM lm`];
  if (cp) {
    const { days, cut } = dayCut(cp);
    if (days) conds.push(sql`t.commission_days && int4range(${days.from}::integer, ${days.to}::integer)`);
    if (codes) edges.push(sql`SELECT uid FROM cc`);
    else for (const c of cut) edges.push(sql`SELECT uid FROM (${rawCommissionSql(c.startTime, c.endTime)}) r`);
  }
  if (mp) {
    const { days, cut } = dayCut(mp);
    if (days) conds.push(sql`t.movement_days && int4range(${days.from}::integer, ${days.to}::integer)`);
    // (the cut periods' invitees of every code: the count keeps a code filter's own)
    for (const c of cut) {
      edges.push(sql`SELECT m.uid FROM archive_movement_period p JOIN archive_invitee_movement m USING (period_from) WHERE ${periodConds(c)}`);
    }
  }
  const active = conds.length ? sql`(${sql.join(conds, sql` OR `)})` : sql`FALSE`;
  const met = sql`(${active} OR t.uid IN (SELECT uid FROM (${sql.join(edges, sql` UNION ALL `)}) e))`;
  // (under a code filter the code's condition comes first: its index bounds the scan)
  return codes ? sql`t.invite_code = ANY (${textArray(codes)}::text[]) AND ${met}` : met;
}

/**
 * The list's `total` and `totals` of the range, from the summaries that are not per invitee and
 * the active days: of every invitee, or (`codes`) of those the archive holds under the codes.
 * The count adds the live rows' invitees the archive has no totals row of.
 */
export async function rangeTotals(db: Db | Tx, archive: ArchiveInput, live: LiveInput, codes?: readonly string[]): Promise<RangeTotals> {
  const cp = archive.commission.find((r) => r.startTime <= r.endTime);
  const mp = archive.movements.find((r) => r.startTime <= r.endTime);
  // per coin: the summaries, the range's cut hours (or days) raw, the live rows
  const coinParts: SQL[] = [sql`SELECT coin, commission, spot, futures FROM lc`, ...(cp ? coinPartsSql(cp, codes) : [])];
  const list = await rows<{ kind: "coin" | "moved" | "count"; coin: string | null; a: string | null; b: string | null; c: string | null }>(
    db,
    sql`WITH ${liveCommissionCte(live)}, ${liveMovementsCte(live)}
             ${codes ? sql`, cc AS MATERIALIZED (${codeCutSql(cp, codes)})` : sql``}
        (SELECT 'coin' AS kind, coin, sum(commission)::text AS a, sum(spot)::text AS b, sum(futures)::text AS c
         FROM (${sql.join(coinParts, sql` UNION ALL `)}) x GROUP BY coin)
        UNION ALL (SELECT 'moved', NULL, sum(dep)::text, sum(wd)::text, NULL
                   FROM (${periodTotalsSql(mp, codes)} UNION ALL SELECT dep, wd FROM lm) x)
        UNION ALL (SELECT 'count', NULL, ((SELECT count(*) FROM archive_invitee_value_total t WHERE ${countedSql(cp, mp, codes)})
                     + (SELECT count(DISTINCT uid) FROM (SELECT uid FROM lc UNION ALL SELECT uid FROM lm) l
                        WHERE NOT EXISTS (SELECT 1 FROM archive_invitee_value_total t WHERE t.uid = l.uid)))::text, NULL, NULL)`,
  );
  const commission = new CoinSums();
  let spot = new Dec(0);
  let futures = new Dec(0);
  for (const r of list.filter((x) => x.kind === "coin")) {
    commission.add(r.coin!, r.a);
    spot = spot.plus(r.b ?? 0);
    futures = futures.plus(r.c ?? 0);
  }
  const moved = list.find((r) => r.kind === "moved")!;
  const totals = {
    spotTradingAmount: decimalText(spot),
    futuresTradingAmount: decimalText(futures),
    depositAmount: amountText(moved.a),
    withdrawalAmount: amountText(moved.b),
    commission: commission.json(),
  };
  return { total: Number(list.find((r) => r.kind === "count")!.a), totals };
}

/**
 * Who a code filter lists beyond what the per-code summaries say: the summaries (and the bound
 * table's code) hold an invitee under the code the archive holds, the list under the code its
 * live record says when it has one (inviteeJoin), and the live parts' rows are in no summary.
 * `special` names each invitee a live record or a live row concerns whose place differs: under
 * the codes in the archive (`was`), in the list (`is`).
 */
export interface CodeMembers {
  codes: string[];
  special: { uid: string; was: boolean; is: boolean }[];
}

export async function codeMembers(db: Tx, codes: string[], live: LiveInput): Promise<CodeMembers> {
  const named = new Map(live.invitees.map((r) => [r.uid, r.code]));
  const withRows = new Set(liveUids(live));
  const ask = [...new Set([...withRows, ...named.keys()])];
  const archivedCodes = sql`SELECT uid, invite_code AS code FROM archive_invitee WHERE uid = ANY (${textArray(ask)}::text[])`;
  const held = ask.length ? await rows<{ uid: string; code: string | null }>(db, archivedCodes) : [];
  const archived = new Map(held.map((r) => [r.uid, r.code]));
  const isIn = (c: string | null | undefined) => c !== null && c !== undefined && codes.includes(c);
  const special = ask
    .map((uid) => ({ uid, was: isIn(archived.get(uid)), is: isIn(named.has(uid) ? named.get(uid) : archived.get(uid)) }))
    .filter((s) => s.was !== s.is || (s.is && withRows.has(s.uid)));
  return { codes, special };
}

/**
 * Whether a code filter has fewer rows than the walk takes (`minRows`) whatever the range: its
 * invitees with anything held (at most minRows of them read) and those a live record adds. Such
 * a code's list is summed by its uids (codeUids) without first reading its totals.
 */
export async function fewRows(db: Tx, members: CodeMembers, minRows: number): Promise<boolean> {
  // (a bound of 0 walks any list, an infinite one none)
  if (minRows <= 0 || !Number.isFinite(minRows)) return minRows > 0;
  const [{ n }] = await rows<{ n: unknown }>(
    db,
    sql`SELECT count(*) AS n FROM (SELECT 1 FROM archive_invitee_value_total
                                   WHERE invite_code = ANY (${textArray(members.codes)}::text[]) LIMIT ${minRows}) x`,
  );
  return Number(n) + members.special.filter((s) => s.is && !s.was).length < minRows;
}

/**
 * A code filter's `total` and `totals`: the per-code summaries' (0540), corrected by the special
 * invitees' own sums — those the archive holds under the codes taken away, those the list holds
 * under them added with their live rows.
 */
export async function codeTotals(db: Tx, q: ValueQuery, archive: ArchiveInput, live: LiveInput, members: CodeMembers): Promise<RangeTotals> {
  const base = await rangeTotals(db, archive, NO_LIVE, members.codes);
  if (!members.special.length) return base;
  const held = new Map((await batchSums(db, q, archive, NO_LIVE, members.special.map((s) => s.uid))).map((r) => [r.uid, r]));
  const commission = new CoinSums().addAll(base.totals.commission);
  const { spotTradingAmount, futuresTradingAmount, depositAmount, withdrawalAmount } = base.totals;
  const sums = [spotTradingAmount, futuresTradingAmount, depositAmount, withdrawalAmount].map((v) => new Dec(v));
  const add = (sign: number, coins: Record<string, string>, amounts: (string | number)[]) => {
    for (const [coin, v] of Object.entries(coins)) commission.add(coin, new Dec(v).times(sign));
    amounts.forEach((v, i) => (sums[i] = sums[i].plus(new Dec(v).times(sign))));
  };
  let total = base.total;
  for (const s of members.special) {
    const h = held.get(s.uid);
    const hCoins = h?.coins ? (JSON.parse(h.coins) as Record<string, string>) : {};
    if (s.was && h) {
      total -= 1;
      add(-1, hCoins, [h.spot, h.futures, h.dep, h.wd]);
    }
    if (!s.is) continue;
    if (h) add(1, hCoins, [h.spot, h.futures, h.dep, h.wd]);
    const lc = live.commission.filter((r) => r.uid === s.uid);
    const lm = live.movements.filter((r) => r.uid === s.uid);
    for (const r of lc) add(1, { [r.coin]: r.commission }, [r.spot, r.futures, 0, 0]);
    for (const r of lm) add(1, {}, [0, 0, r.dep, r.wd]);
    if (h || lc.length || lm.length) total += 1;
  }
  const [spot, futures, dep, wd] = sums.map((d) => decimalText(d));
  const totals = { spotTradingAmount: spot, futuresTradingAmount: futures, depositAmount: dep, withdrawalAmount: wd, commission: commission.json() };
  return { total, totals };
}
