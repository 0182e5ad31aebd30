/**
 * The rows of the value list as CTEs every strategy reads: `f`, one row per invitee of the filter
 * with its sums, and `c`, its commission per coin, merged from the archive's parts and the live
 * parts' rows.
 */
import { sql, type SQL } from "drizzle-orm";
import type { ValueSort } from "@/lib/contract/params";
import type { Scope } from "@/lib/contract/scope";
import { commissionPartSql, liveCommissionCte, liveInviteesCte, liveMovementsCte, movementPartSql, type UidFilter } from "./fragments";
import type { ArchiveInput, LiveInput, ValueQuery } from "./types";

const ORDER: Record<ValueSort, SQL> = {
  commission: sql`k1 DESC, k2 DESC`,
  volume: sql`(spot + futures) DESC`,
  deposits: sql`dep DESC`,
};

/** The list's order: the sort's keys, then longer uid, then uid descending (the page's and the export's). */
export function listOrder(q: ValueQuery): SQL {
  return sql`${ORDER[q.sort]}, length(uid) DESC, uid COLLATE "C" DESC`;
}

/** How a row of `from` gets its invite code and registration: the live parts' record, else the archive's. */
export interface InviteeJoin {
  code: SQL;
  reg: SQL;
  joins: SQL;
}

/** Each row of `from`'s invite code and registration: the live parts' record, else the archive's. */
export function inviteeJoin(archive: ArchiveInput, from: SQL): InviteeJoin {
  const inArchive = archive.invitees
    ? sql`LEFT JOIN archive_invitee a ON a.uid = ${from}.uid`
    : sql`LEFT JOIN (SELECT NULL::text AS uid, NULL::text AS invite_code, NULL::bigint AS register_time) a ON FALSE`;
  return {
    code: sql`CASE WHEN li.uid IS NOT NULL THEN li.code ELSE a.invite_code END`,
    reg: sql`CASE WHEN li.uid IS NOT NULL THEN li.reg ELSE a.register_time END`,
    joins: sql`LEFT JOIN li ON li.uid = ${from}.uid ${inArchive}`,
  };
}

/** The invite code a row of the value list must have: the filter's, and among a partner's codes (an invitee without one: no partner's). */
function codeConds(code: SQL, inviteCode: string | undefined, scope: Scope | undefined): SQL {
  const conds = [sql`TRUE`];
  if (inviteCode !== undefined) conds.push(sql`${code} = ${inviteCode}`);
  if (scope) conds.push(scope.inviteCodes.length ? sql`${code} IN (${sql.join(scope.inviteCodes.map((c) => sql`${c}`), sql`, `)})` : sql`FALSE`);
  return sql.join(conds, sql` AND `);
}

/** What rowsSql sums: with the invitees' codes in `f` or not, for which uids, within whose scope. */
export interface RowsOptions {
  withInvitees?: boolean;
  only?: UidFilter;
  scope?: Scope;
}

/**
 * The rows of the filter (CTE `f`) and the per-uid commission (`c`), merged from both sides.
 * `f` carries each row's invite code and registration (`code`, `reg`) with `withInvitees`
 * (an invite-code filter, a partner's scope, the codes' values); else the page joins them for
 * its own rows only (`inviteeJoin`): a year's list can hold tens of thousands of rows to sort,
 * and looking up each one's invitee record would cost more than the sort. A partner's rows are
 * their invite codes' invitees only: every total and the codes' value are read through `f`, so
 * none of them counts anyone else.
 */
export function rowsSql(q: ValueQuery, archive: ArchiveInput, live: LiveInput, opts: RowsOptions = {}): SQL {
  const { withInvitees = true, only = q.uid, scope } = opts;
  // by the coin asked for (USDT without one), then by USDT (or BTC after USDT)
  const k1 = q.coin ?? "USDT";
  const k2 = k1 === "USDT" ? "BTC" : "USDT";
  const union = (list: SQL[], liveSql: SQL) => sql.join([...list, liveSql], sql` UNION ALL `);
  const commissionParts = union(
    archive.commission.map((r) => commissionPartSql(r, only)),
    sql`SELECT uid, coin, commission, spot, futures FROM lc`,
  );
  const movementParts = union(
    archive.movements.map((r) => movementPartSql(r, only)),
    sql`SELECT uid, dep, wd FROM lm`,
  );
  const inv = inviteeJoin(archive, sql`u`);
  const filtered = withInvitees
    ? sql`SELECT u.*, ${inv.code} AS code, ${inv.reg} AS reg FROM u ${inv.joins} WHERE ${codeConds(inv.code, q.inviteCode, scope)}`
    : sql`SELECT * FROM u`;
  return sql`
    ${liveCommissionCte(live)},
    ${liveMovementsCte(live)},
    ${liveInviteesCte(live)},
    c AS (SELECT uid, coin, sum(commission) AS commission, sum(spot) AS spot, sum(futures) AS futures
          FROM (${commissionParts}) x GROUP BY uid, coin),
    m AS (SELECT uid, sum(dep) AS dep, sum(wd) AS wd FROM (${movementParts}) x GROUP BY uid),
    cu AS (SELECT uid, sum(spot) AS spot, sum(futures) AS futures,
                  coalesce(sum(commission) FILTER (WHERE coin = ${k1}), 0) AS k1,
                  coalesce(sum(commission) FILTER (WHERE coin = ${k2}), 0) AS k2
           FROM c GROUP BY uid),
    u AS (SELECT coalesce(cu.uid, m.uid) AS uid, coalesce(cu.spot, 0) AS spot, coalesce(cu.futures, 0) AS futures,
                 coalesce(m.dep, 0) AS dep, coalesce(m.wd, 0) AS wd, coalesce(cu.k1, 0) AS k1, coalesce(cu.k2, 0) AS k2
          FROM cu FULL JOIN m ON m.uid = cu.uid),
    f AS MATERIALIZED (${filtered})`;
}
