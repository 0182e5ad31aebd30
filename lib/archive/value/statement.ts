/**
 * The value list by one statement that sums every row of the filter before it sorts: the export,
 * and the pages the walk by bounds does not take (walk.ts). Also the page's frame every strategy
 * answers in (pageAnswer).
 */
import { sql, type SQL } from "drizzle-orm";
import { CoinSums } from "@/lib/affiliate/value";
import type { InviteeValue, MovementPeriod } from "@/lib/contract/responses";
import type { DatasetsIo } from "../answers";
import { rows, type Db } from "../db";
import { periodConds } from "../value-read";
import { inviteeJoin, listOrder, rowsSql, type InviteeJoin } from "./rows";
import { amountText, type ArchiveInput, type LiveInput, type Paging, type ValueAnswer, type ValueQuery } from "./types";

export interface StatementRow {
  kind: "row" | "total" | "coin";
  uid: string | null;
  code: string | null;
  reg: unknown;
  spot: string | null;
  futures: string | null;
  dep: string | null;
  wd: string | null;
  coins: string | null;
  n: unknown;
}

/** The list by one statement that sums every row of the filter before it sorts. */
export async function fullAnswer(io: DatasetsIo, q: ValueQuery, archive: ArchiveInput, live: LiveInput, paging: Paging): Promise<ValueAnswer> {
  // The page is cut by the row number, not by ORDER BY's names again: in the SELECT below `dep`
  // names the output column (text), so `ORDER BY dep` would page by the amounts' text.
  const limit = paging === "all" ? sql`` : sql`LIMIT ${paging.pageSize} OFFSET ${(paging.page - 1) * paging.pageSize}`;
  const { db, rowsWith, inv, filtered } = await listSource(io, q, archive, live);
  const list = await rows<StatementRow>(
    db,
    sql`WITH ${rowsWith},
        pg AS (SELECT f.*, row_number() OVER (ORDER BY ${listOrder(q)}) AS n FROM f ORDER BY n ${limit}),
        pc AS (SELECT uid, json_object_agg(coin, commission::text) AS coins FROM c WHERE uid IN (SELECT uid FROM pg) GROUP BY uid),
        pj AS (SELECT pg.*, pc.coins FROM pg LEFT JOIN pc USING (uid))
        (SELECT ${rowColumns(inv)} FROM pj ${inv.joins})
        UNION ALL (SELECT 'total', NULL, NULL, NULL, sum(spot)::text, sum(futures)::text, sum(dep)::text, sum(wd)::text, NULL, count(*)
                   FROM f)
        UNION ALL (SELECT 'coin', coin, NULL, NULL, sum(commission)::text, NULL, NULL, NULL, NULL, NULL
                   FROM c ${filtered ? sql`WHERE uid IN (SELECT uid FROM f)` : sql``} GROUP BY coin)`,
  );
  const items = list
    .filter((r) => r.kind === "row")
    .sort((a, b) => Number(a.n) - Number(b.n))
    .map(valueItem);
  const t = list.find((r) => r.kind === "total")!;
  const commission = new CoinSums();
  for (const r of list.filter((x) => x.kind === "coin")) commission.add(r.uid!, r.spot);
  return pageAnswer(io, archive, live, paging, items, Number(t.n), {
    spotTradingAmount: amountText(t.spot),
    futuresTradingAmount: amountText(t.futures),
    depositAmount: amountText(t.dep),
    withdrawalAmount: amountText(t.wd),
    commission: commission.json(),
  });
}

/**
 * Every row of the value list in its order, as one statement for the export to read a batch at
 * a time: the rows of `fullAnswer` without the page cut or the totals, so the file holds what
 * the pages list.
 */
export async function listStatement(io: DatasetsIo, q: ValueQuery, archive: ArchiveInput, live: LiveInput): Promise<{ db: Db; statement: SQL }> {
  const { db, rowsWith, inv } = await listSource(io, q, archive, live);
  const statement = sql`WITH ${rowsWith},
      pc AS (SELECT uid, json_object_agg(coin, commission::text) AS coins FROM c GROUP BY uid),
      pj AS (SELECT f.*, pc.coins, row_number() OVER (ORDER BY ${listOrder(q)}) AS n FROM f LEFT JOIN pc USING (uid))
      SELECT ${rowColumns(inv)} FROM pj ${inv.joins} ORDER BY pj.n`;
  return { db, statement };
}

/**
 * What the one statement reads its rows from (CTEs `f` and `c`: rowsSql), for the filter and
 * the scope, and how a row of CTE `pj` gets its invite code and registration.
 */
async function listSource(
  io: DatasetsIo,
  q: ValueQuery,
  archive: ArchiveInput,
  live: LiveInput,
): Promise<{ db: Db; rowsWith: SQL; inv: InviteeJoin; filtered: boolean }> {
  // (with an invite-code filter or a partner's scope `f` holds the codes already, and only those codes' rows)
  const filtered = q.inviteCode !== undefined || io.scope !== undefined;
  const inv = filtered ? { code: sql`pj.code`, reg: sql`pj.reg`, joins: sql`` } : inviteeJoin(archive, sql`pj`);
  const db = await io.db();
  const codes = q.inviteCode !== undefined ? [q.inviteCode] : io.scope?.inviteCodes;
  const only = q.uid === undefined && codes !== undefined ? await codeUids(db, codes, archive, live) : q.uid;
  return { db, rowsWith: rowsSql(q, archive, live, { withInvitees: filtered, scope: io.scope, only }), inv, filtered };
}

/** A listed row's columns (StatementRow's, kind `row`) from CTE `pj`. */
function rowColumns(inv: InviteeJoin): SQL {
  return sql`'row' AS kind, pj.uid, ${inv.code} AS code, ${inv.reg} AS reg, pj.spot::text AS spot, pj.futures::text AS futures,
             pj.dep::text AS dep, pj.wd::text AS wd, pj.coins::text AS coins, pj.n`;
}

/** A row of the one statement as the list's item. */
export function valueItem(r: StatementRow): InviteeValue {
  return {
    uid: r.uid!,
    inviteCode: r.code,
    registerTime: r.reg === null ? null : Number(r.reg),
    spotTradingAmount: amountText(r.spot),
    futuresTradingAmount: amountText(r.futures),
    depositAmount: amountText(r.dep),
    withdrawalAmount: amountText(r.wd),
    commission: new CoinSums().addAll(r.coins ? (JSON.parse(r.coins) as Record<string, string>) : {}).json(),
  };
}

/** Above this many invitees a code's list sums the whole range (codeUids: the pages the walk does not take, the export). */
const CODE_UIDS_MAX = 20_000;

/**
 * The invitees an invite-code filter (or a partner's codes) can hold: the archive's with those
 * codes and the live parts' (`f` then applies the exact rule, a live record's code before the
 * archive's), or undefined when there are more than CODE_UIDS_MAX. The parts are then summed for
 * these uids only (their (uid, day) and (uid, period) indexes, 0170) instead of for every invitee
 * of the range. A code holding a large share of all invitees is summed as the unfiltered list
 * is: looking up each of its uids then costs more than one pass over the range.
 */
async function codeUids(db: Db, codes: readonly string[], archive: ArchiveInput, live: LiveInput): Promise<string[] | undefined> {
  const codeList = sql.join(codes.map((c) => sql`${c}`), sql`, `);
  const held =
    archive.invitees && codes.length
      ? await rows<{ uid: string }>(db, sql`SELECT uid FROM archive_invitee WHERE invite_code IN (${codeList}) LIMIT ${CODE_UIDS_MAX + 1}`)
      : [];
  const liveOfCodes = live.invitees.filter((r) => r.code !== null && codes.includes(r.code));
  const uids = new Set([...held.map((r) => r.uid), ...liveOfCodes.map((r) => r.uid)]);
  return uids.size > CODE_UIDS_MAX ? undefined : [...uids];
}

/** A page of the list (or every row) with its counts and the periods of totals it read. */
export async function pageAnswer(
  io: DatasetsIo,
  archive: ArchiveInput,
  live: LiveInput,
  paging: Paging,
  items: InviteeValue[],
  total: number,
  totals: ValueAnswer["totals"],
): Promise<ValueAnswer> {
  const page = paging === "all" ? 1 : paging.page;
  const pageSize = paging === "all" ? Math.max(total, 1) : paging.pageSize;
  const pages = Math.ceil(total / pageSize);
  return {
    items,
    page,
    pageSize,
    total,
    pages,
    hasNextPage: page < pages,
    totals,
    resolution: { movements: mergeSpans([...(await archiveSpans(io, archive)), ...live.spans]) },
  };
}

/** The periods of totals the archive's parts count. */
async function archiveSpans(io: DatasetsIo, archive: ArchiveInput): Promise<MovementPeriod[]> {
  const out: MovementPeriod[] = [];
  for (const r of archive.movements) {
    const list = await rows<{ from: unknown; to: unknown; kind: "day" | "week" }>(
      await io.db(),
      sql`SELECT period_from AS from, period_to AS to, kind FROM archive_movement_period p WHERE ${periodConds(r)} ORDER BY period_from`,
    );
    out.push(...list.map((p) => ({ startTime: Number(p.from), endTime: Number(p.to), period: p.kind })));
  }
  return out;
}

/** Spans oldest first, neighbours of one kind merged. */
function mergeSpans(spans: MovementPeriod[]): MovementPeriod[] {
  const out: MovementPeriod[] = [];
  for (const s of [...spans].sort((a, b) => a.startTime - b.startTime)) {
    const last = out.at(-1);
    if (last && last.period === s.period && s.startTime <= last.endTime + 1) last.endTime = Math.max(last.endTime, s.endTime);
    else out.push({ ...s });
  }
  return out;
}
