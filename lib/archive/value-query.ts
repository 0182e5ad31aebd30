/**
 * GET /api/affiliate/invitees/value: one row per direct invitee with a commission
 * record, a deposit or a withdrawal in [startTime, endTime] — its volumes and commission per
 * coin from its commission records (sourceType 1, to the millisecond), its deposits and
 * withdrawals from WEEX's totals (by period: `resolution`), its invite code and registration
 * from the invitee records — sorted, paged, with the totals of every row of the filter.
 *
 * Each of the three datasets is split into parts by `source` as every answer splits it. The
 * archive's parts are summed in SQL: whole UTC months from the per-invitee-month summaries
 * (migration 0170), the other whole UTC days from the per-invitee-day summary and the range's
 * cut days from the raw records (migration 0150); periods of totals whose midpoint lies in the
 * range (those of whole months from the month summary). The live parts (in `auto` the stretch since the last sync; with `live` all of
 * it) are summed here and handed to the same statement as JSON, so the merge, the order, the
 * page and the totals are one query whatever the split.
 */
import { sql, type SQL } from "drizzle-orm";
import { Dec, decimalText } from "@/lib/contract/decimal";
import type { ValueSort } from "@/lib/contract/params";
import type { InviteeValue, InviteeValuePage, MovementPeriod } from "@/lib/contract/responses";
import { CoinSums, ValueBuilder } from "@/lib/affiliate/value";
import { AGE_EDGE_MARGIN_MS } from "@/lib/affiliate/pages";
import { WINDOWS } from "@/lib/weex/endpoints";
import type { InviteeRecord } from "@/lib/weex/records";
import type { DatasetsIo } from "./answers";
import { rows, type Db, type Tx } from "./db";
import { MAX_CACHED_LIVE_SPAN_MS, type Part, type SelectedSources } from "./sources";
import { periodConds } from "./value-read";
import type { Scope } from "@/lib/contract/scope";
import { DAY_MS } from "@/lib/time/calendar";

export interface ValueQuery {
  startTime: number;
  endTime: number;
  uid?: string;
  inviteCode?: string;
  sort: ValueSort;
  /** the coin a commission sort is by first (default USDT; then USDT or BTC) */
  coin?: string;
}

// The answer's shapes are the contract's (lib/contract/responses.ts), one for server and browser.
/** The value list before the route adds where its data came from (freshness, warnings); it always counts its rows. */
export type ValueAnswer = Omit<InviteeValuePage, "freshness" | "warnings" | "total" | "pages"> & { total: number; pages: number };

/** The live parts' contributions, as the statement reads them (JSON: any number of rows in one parameter). */
interface LiveInput {
  commission: { uid: string; coin: string; commission: string; spot: string; futures: string }[];
  movements: { uid: string; dep: string; wd: string }[];
  invitees: { uid: string; code: string | null; reg: number }[];
  spans: MovementPeriod[];
}

/** A part's range clipped to the request's. */
function clip(p: Part, q: { startTime: number; endTime: number }) {
  return { startTime: Math.max(p.startTime ?? q.startTime, q.startTime), endTime: Math.min(p.endTime ?? q.endTime, q.endTime) };
}

/** One page of the value list (`all`: every row in one answer). */
export function inviteeValue(sources: SelectedSources, q: ValueQuery, paging: { page: number; pageSize: number } | "all", signal?: AbortSignal): Promise<ValueAnswer> {
  return sources.across(async (io) => {
    const { archive, live } = await planned(io, q, signal);
    return valueAnswer(io, q, archive, live, paging);
  }, signal);
}

/**
 * Every row of the value list in its order, as one statement for the export to read a batch at
 * a time (value-export.ts): the rows of `fullAnswer` without the page cut or the totals, so the
 * file holds what the pages list. The live parts are read here, under the sources' fallback.
 */
export function inviteeValueStatement(sources: SelectedSources, q: ValueQuery, signal?: AbortSignal): Promise<{ db: Db; statement: SQL }> {
  return sources.across(async (io) => {
    const { archive, live } = await planned(io, q, signal);
    const { db, rowsWith, inv } = await listSource(io, q, archive, live);
    const statement = sql`WITH ${rowsWith},
        pc AS (SELECT uid, json_object_agg(coin, commission::text) AS coins FROM c GROUP BY uid),
        pj AS (SELECT f.*, pc.coins, row_number() OVER (ORDER BY ${listOrder(q)}) AS n FROM f LEFT JOIN pc USING (uid))
        SELECT ${rowColumns(inv)} FROM pj ${inv.joins} ORDER BY pj.n`;
    return { db, statement };
  }, signal);
}

/** The range's archive parts and what its live parts add up to. */
async function planned(io: DatasetsIo, q: ValueQuery, signal?: AbortSignal): Promise<{ archive: ArchiveInput; live: LiveInput }> {
  const range = { startTime: q.startTime, endTime: q.endTime };
  const commissionParts = await io.parts("commissions", { ...range, uid: q.uid }, true);
  const movementParts = await io.parts("inviteeTotals", { ...range, uid: q.uid }, true);
  const live = await liveInput(io, q, commissionParts, movementParts, signal);
  const archive = {
    commission: commissionParts.filter((p) => p.from === "archive").map((p) => clip(p, q)),
    movements: movementParts.filter((p) => p.from === "archive").map((p) => clip(p, q)),
    // (with `live` nothing is read from the archive, the invitees included)
    invitees: io.source !== "live",
  };
  return { archive, live };
}

/** What the live parts of the three datasets add up to. */
async function liveInput(io: DatasetsIo, q: ValueQuery, commissionParts: Part[], movementParts: Part[], signal?: AbortSignal): Promise<LiveInput> {
  const builder = new ValueBuilder();
  for (const p of commissionParts.filter((x) => x.from === "live")) {
    const r = clip(p, q);
    if (r.startTime <= r.endTime) for await (const batch of io.live("commissions", { ...r, uid: q.uid })) builder.addRecords(batch);
  }
  const spans: MovementPeriod[] = [];
  for (const p of movementParts.filter((x) => x.from === "live")) {
    const part = clip(p, q);
    // (a part at the range's start has no archive part before it holding its first day's head)
    const window = liveMovementWindow(part, io.now(), part.startTime > q.startTime);
    if (!window) continue;
    spans.push({ ...window, period: "day" });
    for await (const batch of io.live("inviteeTotals", { ...window, uid: q.uid })) builder.addTotals(batch);
  }
  signal?.throwIfAborted();
  const movements: LiveInput["movements"] = [];
  for (const [uid, v] of builder.byUid) {
    if (!v.deposits.isZero() || !v.withdrawals.isZero()) movements.push({ uid, dep: decimalText(v.deposits), wd: decimalText(v.withdrawals) });
  }
  return { commission: liveCommissionRows(builder), movements, invitees: await liveInvitees(io, q.uid), spans };
}

/** The live records' per-(uid, coin) rows as the statement reads them. */
function liveCommissionRows(builder: ValueBuilder): LiveInput["commission"] {
  const commission: LiveInput["commission"] = [];
  for (const [uid, v] of builder.byUid) {
    const coins = v.commission.json();
    const first = Object.keys(coins)[0];
    for (const [coin, amount] of Object.entries(coins)) {
      // (volumes on the first coin's row: they add up per invitee, whatever the coin)
      commission.push({ uid, coin, commission: amount, spot: coin === first ? decimalText(v.spot) : "0", futures: coin === first ? decimalText(v.futures) : "0" });
    }
  }
  return commission;
}

/**
 * The window of WEEX's totals a live part of the range reads: the UTC days whose window
 * midpoint lies in it (the same rule as the archive's periods) — after an archive part, not
 * reaching before the live part (the archive's period of that day holds its head). Null when
 * no day counts.
 */
export function liveMovementWindow(part: { startTime: number; endTime: number }, now: number, afterArchive = true): { startTime: number; endTime: number } | null {
  const midpoint = (day: number) => Math.floor((day + Math.min(day + DAY_MS - 1, now)) / 2);
  let first = Math.floor(part.startTime / DAY_MS) * DAY_MS;
  if (midpoint(first) < part.startTime) first += DAY_MS;
  let last = Math.floor(Math.min(part.endTime, now) / DAY_MS) * DAY_MS;
  if (midpoint(last) > part.endTime) last -= DAY_MS;
  if (last < first) return null;
  const oldest = now - WINDOWS.inviteeTotals.maxAgeMs + AGE_EDGE_MARGIN_MS;
  const startTime = Math.max(first, afterArchive ? part.startTime : first, oldest);
  const endTime = Math.min(last + DAY_MS - 1, now);
  return startTime <= endTime ? { startTime, endTime } : null;
}

/** When the list reads no invitee record from WEEX, and why. */
const NO_LIVE_INVITEES: { when: (io: DatasetsIo, uid: string | undefined) => boolean; why: string }[] = [
  { when: (io) => io.source === "archive", why: "the archive's invitees name every row" },
  {
    // (a partner's live rows are their codes' invitees: their answer needs every code, so it walks the year)
    when: (io, uid) => io.source === "live" && uid === undefined && io.scope === undefined,
    why: "live rows name no code unless the list is filtered by uid",
  },
  {
    when: (io) => io.source === "auto" && io.scope !== undefined,
    why:
      "in auto a partner's rows are their codes' archived invitees, as their commission records are (scope-invitees.ts): " +
      "one registered since the last sync joins at the next one, in every answer at once",
  },
];

/**
 * The invitee records of the live parts of WEEX's invitee year: in `auto` the registrations
 * since the last sync (the archive holds the others, older than a year too) — but no longer a
 * stretch than MAX_CACHED_LIVE_SPAN_MS: before the invitee archive is built, walking the whole
 * year (hundreds of pages) to name each row's code would hold a person's page for minutes, so
 * those rows say null until it is. With `live` the same holds: the year is ~200 pages of weight
 * 20 at scale 1 (a 1.5-day list took 114 s, ~100 s of it naming codes), so `live` names the code
 * and registration of the `uid` filter's invitee only (its record, a call per 90-day window) and
 * refuses an `inviteCode` filter (lib/contract/queries.ts).
 */
async function liveInvitees(io: DatasetsIo, uid: string | undefined): Promise<LiveInput["invitees"]> {
  if (NO_LIVE_INVITEES.some((rule) => rule.when(io, uid))) return [];
  const now = io.now();
  const year = { startTime: now - WINDOWS.invitees.maxAgeMs + AGE_EDGE_MARGIN_MS, endTime: now };
  const out = new Map<string, LiveInput["invitees"][number]>();
  const short = (p: Part) => io.source === "live" || (p.endTime ?? now) - (p.startTime ?? year.startTime) <= MAX_CACHED_LIVE_SPAN_MS;
  for (const p of (await io.parts("invitees", year, true)).filter((x) => x.from === "live" && short(x))) {
    for await (const batch of io.live("invitees", { startTime: p.startTime, endTime: p.endTime, uid })) {
      for (const r of batch as InviteeRecord[]) out.set(r.uid, { uid: r.uid, code: r.inviteCode ?? null, reg: r.registerTime });
    }
  }
  return [...out.values()];
}

// ---------------------------------------------------------------------------------------------
// The statement

interface ArchiveInput {
  commission: { startTime: number; endTime: number }[];
  movements: { startTime: number; endTime: number }[];
  invitees: boolean;
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
export function wholeMonths(a: number, b: number): { from: number; to: number } | null {
  const from = monthCeil(a);
  const to = monthFloor(b);
  return from < to ? { from, to } : null;
}

/** The invitees a statement sums: all (undefined), one (the `uid` filter), or a batch of them. */
type UidFilter = string | string[] | undefined;

/** A text[] literal of `list` (quoted: any text, though uids are digits). */
function textArray(list: readonly string[]): string {
  return `{${list.map((u) => `"${u.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
}

/**
 * The condition of a part's rows on `only`. A batch of uids is an array: `= ANY` lets the planner
 * scan a range of the table and filter it by the array (the periods of totals: one scan of each
 * period's key), `IN (SELECT unnest …)` has it look each uid up (the commission summaries, by
 * their (uid, day|month) and (uid, time) indexes) — and costs nothing to plan: estimating `= ANY`
 * goes through the array an element at a time (31 ms of planning for 607 uids in five parts on
 * PGlite at simulator scale 10), and for the days of a cut month it chose to read every invitee's
 * days (~100,000 rows) over looking up the batch's.
 */
function onlySql(only: UidFilter, column: SQL, arrayAs: "filter" | "lookup" = "filter"): SQL {
  if (only === undefined) return sql``;
  if (typeof only === "string") return sql`AND ${column} = ${only}`;
  return arrayAs === "lookup" ? sql`AND ${column} IN (SELECT unnest(${textArray(only)}::text[]))` : sql`AND ${column} = ANY (${textArray(only)}::text[])`;
}

/**
 * The archive's per-(uid, coin) commission and volumes of one part: whole UTC months from the
 * per-invitee-month summary, the other whole UTC days from the per-day one, the cut days raw.
 */
function commissionPartSql(r: { startTime: number; endTime: number }, only: UidFilter): SQL {
  const byUid = onlySql(only, sql`uid`, "lookup");
  const dayFrom = Math.ceil(r.startTime / DAY_MS) * DAY_MS;
  const dayTo = Math.floor((r.endTime + 1) / DAY_MS) * DAY_MS;
  const raw = (a: number, b: number) =>
    sql`SELECT uid, coin, coalesce(commission, 0) AS commission,
               CASE WHEN product_type = 'SPOT' THEN coalesce(taker_amount, 0) + coalesce(maker_amount, 0) ELSE 0 END AS spot,
               CASE WHEN product_type = 'FUTURES' THEN coalesce(taker_amount, 0) + coalesce(maker_amount, 0) ELSE 0 END AS futures
        FROM archive_commission WHERE time BETWEEN ${a} AND ${b} AND source_type = 1 ${byUid}`;
  if (dayFrom >= dayTo) return raw(r.startTime, r.endTime);
  const days = (a: number, b: number) =>
    sql`SELECT uid, coin, commission, spot_volume AS spot, futures_volume AS futures FROM archive_commission_invitee_day WHERE day >= ${a} AND day < ${b} ${byUid}`;
  const months = wholeMonths(dayFrom, dayTo);
  const parts = months
    ? [
        sql`SELECT uid, coin, commission, spot_volume AS spot, futures_volume AS futures FROM archive_commission_invitee_month WHERE month >= ${months.from} AND month < ${months.to} ${byUid}`,
        ...(dayFrom < months.from ? [days(dayFrom, months.from)] : []),
        ...(months.to < dayTo ? [days(months.to, dayTo)] : []),
      ]
    : [days(dayFrom, dayTo)];
  if (r.startTime < dayFrom) parts.push(raw(r.startTime, dayFrom - 1));
  if (dayTo <= r.endTime) parts.push(raw(dayTo, r.endTime));
  return sql.join(parts, sql` UNION ALL `);
}

/**
 * The archive's per-uid deposits and withdrawals of one part: the periods whose midpoint lies in
 * a whole UTC month of it from the per-invitee-month summary, the others from their rows.
 */
function movementPartSql(r: { startTime: number; endTime: number }, only: UidFilter): SQL {
  const byUid = onlySql(only, sql`m.uid`);
  // (no bound on period_from beside the periods' own condition: with one, PGlite probed the
  // (uid, period_from) index once per period and invitee of a batch: 22,478 index searches,
  // 145 ms, for the 27 periods of a cut month and 1,270 invitees at simulator scale 10; without
  // it, the batch's rows of each period are one scan of the (period_from, uid) key)
  const periods = (f: { startTime: number; endTime: number }) =>
    sql`SELECT m.uid, coalesce(m.deposit_amount, 0) AS dep, coalesce(m.withdrawal_amount, 0) AS wd
        FROM archive_movement_period p JOIN archive_invitee_movement m USING (period_from)
        WHERE ${periodConds(f)} ${byUid}`;
  const months = wholeMonths(r.startTime, r.endTime + 1);
  if (!months) return periods(r);
  const parts = [sql`SELECT m.uid, m.deposit_amount AS dep, m.withdrawal_amount AS wd FROM archive_invitee_movement_month m WHERE m.month >= ${months.from} AND m.month < ${months.to} ${byUid}`];
  if (r.startTime < months.from) parts.push(periods({ startTime: r.startTime, endTime: months.from - 1 }));
  if (months.to <= r.endTime) parts.push(periods({ startTime: months.to, endTime: r.endTime }));
  return sql.join(parts, sql` UNION ALL `);
}

const ORDER: Record<ValueSort, SQL> = {
  commission: sql`k1 DESC, k2 DESC`,
  volume: sql`(spot + futures) DESC`,
  deposits: sql`dep DESC`,
};

/**
 * The rows of the filter (CTE `f`) and the per-uid commission (`c`), merged from both sides.
 * `f` carries each row's invite code and registration (`code`, `reg`) with `withInvitees`
 * (an invite-code filter, a partner's scope, the codes' values); else the page joins them for
 * its own rows only (`inviteeJoin`): at simulator scale 10 a year's list has ~88,000 rows to
 * sort, and looking up each one's invitee record cost ~0.4 s on PostgreSQL. A partner's (issue
 * 28) rows are their invite codes' invitees only: every total and the codes' value are read
 * through `f`, so none of them counts anyone else.
 */
function rowsSql(q: ValueQuery, archive: ArchiveInput, live: LiveInput, opts: { withInvitees?: boolean; only?: UidFilter; scope?: Scope } = {}): SQL {
  const { withInvitees = true, only = q.uid, scope } = opts;
  // by the coin asked for (USDT without one), then by USDT (or BTC after USDT)
  const k1 = q.coin ?? "USDT";
  const k2 = k1 === "USDT" ? "BTC" : "USDT";
  const json = (v: unknown) => sql`${JSON.stringify(v)}::json`;
  const union = (list: SQL[], liveSql: SQL) => sql.join([...list, liveSql], sql` UNION ALL `);
  const inv = inviteeJoin(archive, sql`u`);
  return sql`
    lc AS (SELECT * FROM json_to_recordset(${json(live.commission)}) AS x(uid text, coin text, commission numeric, spot numeric, futures numeric)),
    lm AS (SELECT * FROM json_to_recordset(${json(live.movements)}) AS x(uid text, dep numeric, wd numeric)),
    li AS (SELECT * FROM json_to_recordset(${json(live.invitees)}) AS x(uid text, code text, reg bigint)),
    c AS (SELECT uid, coin, sum(commission) AS commission, sum(spot) AS spot, sum(futures) AS futures
          FROM (${union(archive.commission.map((r) => commissionPartSql(r, only)), sql`SELECT uid, coin, commission, spot, futures FROM lc`)}) x GROUP BY uid, coin),
    m AS (SELECT uid, sum(dep) AS dep, sum(wd) AS wd FROM (${union(archive.movements.map((r) => movementPartSql(r, only)), sql`SELECT uid, dep, wd FROM lm`)}) x GROUP BY uid),
    cu AS (SELECT uid, sum(spot) AS spot, sum(futures) AS futures,
                  coalesce(sum(commission) FILTER (WHERE coin = ${k1}), 0) AS k1, coalesce(sum(commission) FILTER (WHERE coin = ${k2}), 0) AS k2
           FROM c GROUP BY uid),
    u AS (SELECT coalesce(cu.uid, m.uid) AS uid, coalesce(cu.spot, 0) AS spot, coalesce(cu.futures, 0) AS futures, coalesce(m.dep, 0) AS dep,
                 coalesce(m.wd, 0) AS wd, coalesce(cu.k1, 0) AS k1, coalesce(cu.k2, 0) AS k2
          FROM cu FULL JOIN m ON m.uid = cu.uid),
    f AS MATERIALIZED (${withInvitees ? sql`SELECT u.*, ${inv.code} AS code, ${inv.reg} AS reg FROM u ${inv.joins} WHERE ${codeConds(inv.code, q.inviteCode, scope)}` : sql`SELECT * FROM u`})`;
}

/** The invite code a row of the value list must have: the filter's, and among a partner's codes (an invitee without one: no partner's). */
function codeConds(code: SQL, inviteCode: string | undefined, scope: Scope | undefined): SQL {
  const conds = [sql`TRUE`];
  if (inviteCode !== undefined) conds.push(sql`${code} = ${inviteCode}`);
  if (scope) conds.push(scope.inviteCodes.length ? sql`${code} IN (${sql.join(scope.inviteCodes.map((c) => sql`${c}`), sql`, `)})` : sql`FALSE`);
  return sql.join(conds, sql` AND `);
}

/** Each row of `from`'s invite code and registration: the live parts' record, else the archive's. */
function inviteeJoin(archive: ArchiveInput, from: SQL): { code: SQL; reg: SQL; joins: SQL } {
  const inArchive = archive.invitees ? sql`LEFT JOIN archive_invitee a ON a.uid = ${from}.uid` : sql`LEFT JOIN (SELECT NULL::text AS uid, NULL::text AS invite_code, NULL::bigint AS register_time) a ON FALSE`;
  return {
    code: sql`CASE WHEN li.uid IS NOT NULL THEN li.code ELSE a.invite_code END`,
    reg: sql`CASE WHEN li.uid IS NOT NULL THEN li.reg ELSE a.register_time END`,
    joins: sql`LEFT JOIN li ON li.uid = ${from}.uid ${inArchive}`,
  };
}

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

const text = (v: string | null | undefined) => decimalText(new Dec(v ?? 0));

async function valueAnswer(io: DatasetsIo, q: ValueQuery, archive: ArchiveInput, live: LiveInput, paging: { page: number; pageSize: number } | "all"): Promise<ValueAnswer> {
  // (a code filter or a partner's codes walk the codes' invitees: their totals rows carry the code, 0540)
  if (paging !== "all" && topApplies(q, archive)) {
    const top = await topAnswer(io, q, archive, live, paging, codeFilter(q, io.scope));
    if (top) return top;
  }
  return fullAnswer(io, q, archive, live, paging);
}

/** The list by one statement that sums every row of the filter before it sorts (the export; the cases topAnswer does not take). */
async function fullAnswer(io: DatasetsIo, q: ValueQuery, archive: ArchiveInput, live: LiveInput, paging: { page: number; pageSize: number } | "all"): Promise<ValueAnswer> {
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
        UNION ALL (SELECT 'total', NULL, NULL, NULL, sum(spot)::text, sum(futures)::text, sum(dep)::text, sum(wd)::text, NULL, count(*) FROM f)
        UNION ALL (SELECT 'coin', coin, NULL, NULL, sum(commission)::text, NULL, NULL, NULL, NULL, NULL FROM c ${filtered ? sql`WHERE uid IN (SELECT uid FROM f)` : sql``} GROUP BY coin)`,
  );
  const items = list
    .filter((r) => r.kind === "row")
    .sort((a, b) => Number(a.n) - Number(b.n))
    .map(valueItem);
  const t = list.find((r) => r.kind === "total")!;
  const commission = new CoinSums();
  for (const r of list.filter((x) => x.kind === "coin")) commission.add(r.uid!, r.spot);
  return pageAnswer(io, archive, live, paging, items, Number(t.n), {
    spotTradingAmount: text(t.spot),
    futuresTradingAmount: text(t.futures),
    depositAmount: text(t.dep),
    withdrawalAmount: text(t.wd),
    commission: commission.json(),
  });
}

/** The list's order: the sort's keys, then longer uid, then uid descending (the page's and the export's). */
function listOrder(q: ValueQuery): SQL {
  return sql`${ORDER[q.sort]}, length(uid) DESC, uid COLLATE "C" DESC`;
}

/**
 * What the one statement reads its rows from (CTEs `f` and `c`: rowsSql), for the filter and
 * the scope, and how a row of CTE `pj` gets its invite code and registration.
 */
async function listSource(io: DatasetsIo, q: ValueQuery, archive: ArchiveInput, live: LiveInput): Promise<{ db: Db; rowsWith: SQL; inv: ReturnType<typeof inviteeJoin>; filtered: boolean }> {
  // (with an invite-code filter or a partner's scope `f` holds the codes already, and only those codes' rows)
  const filtered = q.inviteCode !== undefined || io.scope !== undefined;
  const inv = filtered ? { code: sql`pj.code`, reg: sql`pj.reg`, joins: sql`` } : inviteeJoin(archive, sql`pj`);
  const db = await io.db();
  const codes = q.inviteCode !== undefined ? [q.inviteCode] : io.scope?.inviteCodes;
  const only = q.uid === undefined && codes !== undefined ? await codeUids(db, codes, archive, live) : q.uid;
  return { db, rowsWith: rowsSql(q, archive, live, { withInvitees: filtered, scope: io.scope, only }), inv, filtered };
}

/** A listed row's columns (StatementRow's, kind `row`) from CTE `pj`. */
function rowColumns(inv: ReturnType<typeof inviteeJoin>): SQL {
  return sql`'row' AS kind, pj.uid, ${inv.code} AS code, ${inv.reg} AS reg, pj.spot::text AS spot, pj.futures::text AS futures, pj.dep::text AS dep,
             pj.wd::text AS wd, pj.coins::text AS coins, pj.n`;
}

/** A row of the one statement as the list's item. */
export function valueItem(r: StatementRow): InviteeValue {
  return {
    uid: r.uid!,
    inviteCode: r.code,
    registerTime: r.reg === null ? null : Number(r.reg),
    spotTradingAmount: text(r.spot),
    futuresTradingAmount: text(r.futures),
    depositAmount: text(r.dep),
    withdrawalAmount: text(r.wd),
    commission: new CoinSums().addAll(r.coins ? (JSON.parse(r.coins) as Record<string, string>) : {}).json(),
  };
}

/**
 * The invitees an invite-code filter (or a partner's codes) can hold: the archive's with those
 * codes and the live parts' (`f` then applies the exact rule, a live record's code before the
 * archive's), or undefined when there are more than CODE_UIDS_MAX. The parts are then summed for
 * these uids only (their (uid, day) and (uid, period) indexes, 0170) instead of for every invitee
 * of the range. A code holding a large share of all invitees is summed as the unfiltered list
 * is: at simulator scale 10 on PostgreSQL (88,447 invitees with value in the year) a year of a
 * 9,280-invitee code took 344 ms by its uids against 1,572 ms by the whole range, and of a
 * 114,494-invitee one 3.1 s against 1.3 s.
 */
async function codeUids(db: Db, codes: readonly string[], archive: ArchiveInput, live: LiveInput): Promise<string[] | undefined> {
  const held =
    archive.invitees && codes.length
      ? await rows<{ uid: string }>(db, sql`SELECT uid FROM archive_invitee WHERE invite_code IN (${sql.join(codes.map((c) => sql`${c}`), sql`, `)}) LIMIT ${CODE_UIDS_MAX + 1}`)
      : [];
  const uids = new Set([...held.map((r) => r.uid), ...live.invitees.filter((r) => r.code !== null && codes.includes(r.code)).map((r) => r.uid)]);
  return uids.size > CODE_UIDS_MAX ? undefined : [...uids];
}

/** Above this many invitees a code's list sums the whole range (codeUids: the pages the walk does not take, the export). */
export const CODE_UIDS_MAX = 20_000;

async function pageAnswer(
  io: DatasetsIo,
  archive: ArchiveInput,
  live: LiveInput,
  paging: { page: number; pageSize: number } | "all",
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

// ---------------------------------------------------------------------------------------------
// A page without summing every row (migration 0180)
//
// At simulator scale 10 a year holds ~88,000 invitees with value; summing each before the sort
// took seconds. A range's sums of an invitee never exceed its totals over the whole archive
// (archive_invitee_value_total: every amount is non-negative), so the page walks the invitees in
// the order of those totals (the list's order, ties by uid as the list breaks them), sums the
// range for a batch of them at a time (each invitee's month, day and cut days' rows, by uid), and
// stops once the next invitee's bound comes after the last row the page needs: none after it
// can come before. The live parts' invitees (few: the stretch since the last sync) are summed
// first whatever their bound. Two things keep a batch cheap: an invitee whose active days of the
// sort's dataset all lie in the range's whole UTC days has its bound as its key, unsummed (a
// range holding most of the archive: 1,143 of the 1,270 invitees page 20 of a year needs at
// simulator scale 10); the others are summed for the key alone (one dataset), and the page's
// rows in full once they are known. `total` counts the invitees whose active days meet the range (and
// those of its cut days and live parts), `totals` sum the hour summary and the period totals:
// neither needs any invitee's sum.
//
// A code filter (or a partner's codes) walks the same way through the codes' invitees only: the
// totals rows carry the invitee's code, indexed in each order, and its `total` and `totals` come
// from the per-code summaries (migration 0540). At simulator scale 10 a year of the code holding
// 48 % of all invitees took 1.3 s (PostgreSQL) summed by the whole range.

/** The all-archive totals a sort is bounded by, most significant first (the list's ORDER). */
const BOUND_COLUMNS: Record<ValueSort, (coin: string) => string[]> = {
  commission: (coin) => (coin === "USDT" ? ["usdt", "btc"] : ["btc", "usdt"]),
  volume: () => ["volume"],
  deposits: () => ["deposits"],
};

/**
 * When the walk is tried and when it gives up (the one statement answers then). Mutable for
 * the tests only, which walk small archives and compare with the one statement.
 */
export const VALUE_TOP = {
  /** below this many rows in the range the one statement is as cheap as a walk */
  minRows: 3000,
  /** a page needing more than this share of the range's rows is answered by the one statement */
  maxPageShare: 0.25,
  /** the walk gives up after this many invitees more than the page needs... */
  walkSlack: 20_000,
  /** ...or after this many batches: a range whose order is far from the all-archive one */
  maxBatches: 8,
  /** the first batch: the rows the page needs and a quarter more, and this many (then twice the last) */
  firstBatch: 20,
};

/** Whether a page of `q` can be found by walking the bounds: no filter by uid, a sort the bound table orders, one archive part of each dataset. */
function topApplies(q: ValueQuery, archive: ArchiveInput): boolean {
  const coinOk = q.sort !== "commission" || q.coin === undefined || q.coin === "USDT" || q.coin === "BTC";
  return q.uid === undefined && coinOk && archive.invitees && archive.commission.length <= 1 && archive.movements.length <= 1;
}

/**
 * The invite codes a list is filtered to (its `inviteCode`, among a partner's codes: codeConds'
 * rule), or undefined when it is not.
 */
function codeFilter(q: ValueQuery, scope: Scope | undefined): string[] | undefined {
  if (q.inviteCode === undefined) return scope ? [...new Set(scope.inviteCodes)] : undefined;
  return !scope || scope.inviteCodes.includes(q.inviteCode) ? [q.inviteCode] : [];
}

/** A row's (or a bound's) place in the list: its keys, then the uid. */
interface Ranked {
  uid: string;
  keys: Dec[];
}

/** < 0 when `a` comes before `b` in the list (keys descending, then longer uid, then uid descending). */
function compareRanked(a: Ranked, b: Ranked): number {
  for (let i = 0; i < a.keys.length; i++) {
    const c = b.keys[i].comparedTo(a.keys[i]);
    if (c !== 0) return c;
  }
  if (a.uid.length !== b.uid.length) return b.uid.length - a.uid.length;
  return a.uid < b.uid ? 1 : a.uid > b.uid ? -1 : 0;
}

/** The whole UTC days [from, to) of [startTime, endTime] as epoch day numbers, and the cut rest. */
function dayCut(r: { startTime: number; endTime: number }): { days: { from: number; to: number } | null; cut: { startTime: number; endTime: number }[] } {
  const from = Math.ceil(r.startTime / DAY_MS);
  const to = Math.floor((r.endTime + 1) / DAY_MS);
  if (from >= to) return { days: null, cut: r.startTime <= r.endTime ? [r] : [] };
  const cut = [];
  if (r.startTime < from * DAY_MS) cut.push({ startTime: r.startTime, endTime: from * DAY_MS - 1 });
  if (to * DAY_MS <= r.endTime) cut.push({ startTime: to * DAY_MS, endTime: r.endTime });
  return { days: { from, to }, cut };
}

const HOUR_MS = 3_600_000;

/** No live part (the per-code totals are read without one, then corrected: codeTotals). */
const NO_LIVE: LiveInput = { commission: [], movements: [], invitees: [], spans: [] };

/** The invitees of the live parts' rows. */
function liveUids(live: LiveInput): string[] {
  return [...new Set([...live.commission.map((r) => r.uid), ...live.movements.map((r) => r.uid)])];
}

/** `uid` is an invitee the archive holds under one of `codes` (0191's index on the code). */
function ofCodesSql(codes: readonly string[], uid: SQL): SQL {
  return sql`${uid} IN (SELECT a.uid FROM archive_invitee a WHERE a.invite_code = ANY (${textArray(codes)}::text[]))`;
}

/** The direct commission records of [a, b]. */
function rawCommissionSql(a: number, b: number): SQL {
  return sql`SELECT uid, coin, coalesce(commission, 0) AS commission,
               CASE WHEN product_type = 'SPOT' THEN coalesce(taker_amount, 0) + coalesce(maker_amount, 0) ELSE 0 END AS spot,
               CASE WHEN product_type = 'FUTURES' THEN coalesce(taker_amount, 0) + coalesce(maker_amount, 0) ELSE 0 END AS futures
        FROM archive_commission WHERE time BETWEEN ${a} AND ${b} AND source_type = 1`;
}

/**
 * An archive part's commission rows (coin, commission, spot, futures) for the totals: every
 * invitee's from the hour summary (0150) and the cut hours raw; a set of codes' from the per-code
 * day summary (0540) and the cut days' records of CTE `cc` (codeCutSql).
 */
function coinPartsSql(cp: { startTime: number; endTime: number }, codes: readonly string[] | undefined): SQL[] {
  if (codes) {
    const { days } = dayCut(cp);
    const summary = days
      ? [sql`SELECT coin, commission, spot_volume AS spot, futures_volume AS futures FROM archive_code_commission_day
            WHERE invite_code = ANY (${textArray(codes)}::text[]) AND day >= ${days.from * DAY_MS} AND day < ${days.to * DAY_MS}`]
      : [];
    return [...summary, sql`SELECT coin, commission, spot, futures FROM cc`];
  }
  const from = Math.ceil(cp.startTime / HOUR_MS) * HOUR_MS;
  const to = Math.floor((cp.endTime + 1) / HOUR_MS) * HOUR_MS;
  const raw = (a: number, b: number) => sql`SELECT coin, commission, spot, futures FROM (${rawCommissionSql(a, b)}) r`;
  if (from >= to) return [raw(cp.startTime, cp.endTime)];
  const parts = [
    sql`SELECT coin, commission, CASE WHEN product_type = 'SPOT' THEN volume ELSE 0 END AS spot, CASE WHEN product_type = 'FUTURES' THEN volume ELSE 0 END AS futures
        FROM archive_commission_hour WHERE source_type = 1 AND hour >= ${from} AND hour < ${to}`,
  ];
  if (cp.startTime < from) parts.push(raw(cp.startTime, from - 1));
  if (to <= cp.endTime) parts.push(raw(to, cp.endTime));
  return parts;
}

/**
 * A code filter's direct records of the part's cut days (CTE `cc`, read by its coins and its
 * count): the records are read and matched to the codes' invitees once — each of four reads
 * hashed the 114,306 invitees of the code holding 48 % of them (~70 ms each on PGlite at
 * simulator scale 10).
 */
function codeCutSql(cp: { startTime: number; endTime: number } | undefined, codes: readonly string[]): SQL {
  const cut = cp ? dayCut(cp).cut : [];
  if (!cut.length) return sql`SELECT NULL::text AS uid, NULL::text AS coin, NULL::numeric AS commission, NULL::numeric AS spot, NULL::numeric AS futures WHERE FALSE`;
  return sql`SELECT r.* FROM (${sql.join(cut.map((c) => rawCommissionSql(c.startTime, c.endTime)), sql` UNION ALL `)}) r WHERE ${ofCodesSql(codes, sql`r.uid`)}`;
}

/** An archive part's deposits and withdrawals for the totals: per period, of every invitee (0180) or of a set of codes' (0540). */
function periodTotalsSql(mp: { startTime: number; endTime: number } | undefined, codes: readonly string[] | undefined): SQL {
  if (!mp) return sql`SELECT NULL::numeric AS dep, NULL::numeric AS wd WHERE FALSE`;
  return codes
    ? sql`SELECT t.deposit_amount AS dep, t.withdrawal_amount AS wd FROM archive_movement_period p JOIN archive_code_movement_period t USING (period_from)
          WHERE ${periodConds(mp)} AND t.invite_code = ANY (${textArray(codes)}::text[])`
    : sql`SELECT t.deposit_amount AS dep, t.withdrawal_amount AS wd FROM archive_movement_period p JOIN archive_movement_period_total t USING (period_from) WHERE ${periodConds(mp)}`;
}

/**
 * The list's `total` and `totals` of the range, from the summaries that are not per invitee and
 * the active days: of every invitee, or (`codes`) of those the archive holds under the codes.
 */
async function rangeTotals(db: Db | Tx, archive: ArchiveInput, live: LiveInput, codes?: readonly string[]): Promise<{ total: number; totals: ValueAnswer["totals"] }> {
  const json = (v: unknown) => sql`${JSON.stringify(v)}::json`;
  const cp = archive.commission.find((r) => r.startTime <= r.endTime);
  const mp = archive.movements.find((r) => r.startTime <= r.endTime);
  // (the cut periods' invitees of every code: the count keeps a code filter's own)
  const movementRows = (r: { startTime: number; endTime: number }) =>
    sql`SELECT m.uid FROM archive_movement_period p JOIN archive_invitee_movement m USING (period_from) WHERE ${periodConds(r)}`;
  // per coin: the summaries, the range's cut hours (or days) raw, the live rows
  const coinParts: SQL[] = [sql`SELECT coin, commission, spot, futures FROM lc`, ...(cp ? coinPartsSql(cp, codes) : [])];
  // the invitees: those whose active days meet the range's whole days, plus those of its cut days
  // and the live rows — an archived one always has its totals row (0180's triggers), so those are
  // counted in the one scan of the totals (the cut days' ~6,000 invitees looked up one by one
  // took ~37 ms on PostgreSQL at simulator scale 10); a live row's invitee may have none
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
    for (const c of cut) edges.push(movementRows(c));
  }
  const active = conds.length ? sql`(${sql.join(conds, sql` OR `)})` : sql`FALSE`;
  // (under a code filter the code's condition comes first: its index bounds the scan)
  const met = sql`(${active} OR t.uid IN (SELECT uid FROM (${sql.join(edges, sql` UNION ALL `)}) e))`;
  const counted = codes ? sql`t.invite_code = ANY (${textArray(codes)}::text[]) AND ${met}` : met;
  const list = await rows<{ kind: "coin" | "moved" | "count"; coin: string | null; a: string | null; b: string | null; c: string | null }>(
    db,
    sql`WITH lc AS (SELECT * FROM json_to_recordset(${json(live.commission)}) AS x(uid text, coin text, commission numeric, spot numeric, futures numeric)),
             lm AS (SELECT * FROM json_to_recordset(${json(live.movements)}) AS x(uid text, dep numeric, wd numeric))
             ${codes ? sql`, cc AS MATERIALIZED (${codeCutSql(cp, codes)})` : sql``}
        (SELECT 'coin' AS kind, coin, sum(commission)::text AS a, sum(spot)::text AS b, sum(futures)::text AS c FROM (${sql.join(coinParts, sql` UNION ALL `)}) x GROUP BY coin)
        UNION ALL (SELECT 'moved', NULL, sum(dep)::text, sum(wd)::text, NULL FROM (${periodTotalsSql(mp, codes)} UNION ALL SELECT dep, wd FROM lm) x)
        UNION ALL (SELECT 'count', NULL, ((SELECT count(*) FROM archive_invitee_value_total t WHERE ${counted})
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
  return {
    total: Number(list.find((r) => r.kind === "count")!.a),
    totals: { spotTradingAmount: decimalText(spot), futuresTradingAmount: decimalText(futures), depositAmount: text(moved.a), withdrawalAmount: text(moved.b), commission: commission.json() },
  };
}

/**
 * Who a code filter lists beyond what the per-code summaries say: the summaries (and the bound
 * table's code) hold an invitee under the code the archive holds, the list under the code its
 * live record says when it has one (inviteeJoin), and the live parts' rows are in no summary.
 * `special` names each invitee a live record or a live row concerns whose place differs: under
 * the codes in the archive (`was`), in the list (`is`).
 */
interface CodeMembers {
  codes: string[];
  special: { uid: string; was: boolean; is: boolean }[];
}

async function codeMembers(db: Tx, codes: string[], live: LiveInput): Promise<CodeMembers> {
  const named = new Map(live.invitees.map((r) => [r.uid, r.code]));
  const withRows = new Set(liveUids(live));
  const ask = [...new Set([...withRows, ...named.keys()])];
  const held = ask.length ? await rows<{ uid: string; code: string | null }>(db, sql`SELECT uid, invite_code AS code FROM archive_invitee WHERE uid = ANY (${textArray(ask)}::text[])`) : [];
  const archived = new Map(held.map((r) => [r.uid, r.code]));
  const isIn = (c: string | null | undefined) => c !== null && c !== undefined && codes.includes(c);
  const special = ask
    .map((uid) => ({ uid, was: isIn(archived.get(uid)), is: isIn(named.has(uid) ? named.get(uid) : archived.get(uid)) }))
    .filter((s) => s.was !== s.is || (s.is && withRows.has(s.uid)));
  return { codes, special };
}

/**
 * Whether a code filter has fewer rows than the walk takes (VALUE_TOP.minRows) whatever the
 * range: its invitees with anything held (at most minRows of them read) and those a live record
 * adds. Such a code's list is summed by its uids (codeUids) without first reading its totals
 * (~20 ms at simulator scale 1 for a code of ~900 invitees).
 */
async function fewRows(db: Tx, members: CodeMembers): Promise<boolean> {
  // (the tests set the bound to 0, to walk any list, or to infinity, to walk none)
  if (VALUE_TOP.minRows <= 0 || !Number.isFinite(VALUE_TOP.minRows)) return VALUE_TOP.minRows > 0;
  const [{ n }] = await rows<{ n: unknown }>(
    db,
    sql`SELECT count(*) AS n FROM (SELECT 1 FROM archive_invitee_value_total WHERE invite_code = ANY (${textArray(members.codes)}::text[]) LIMIT ${VALUE_TOP.minRows}) x`,
  );
  return Number(n) + members.special.filter((s) => s.is && !s.was).length < VALUE_TOP.minRows;
}

/**
 * A code filter's `total` and `totals`: the per-code summaries' (0540), corrected by the special
 * invitees' own sums — those the archive holds under the codes taken away, those the list holds
 * under them added with their live rows.
 */
async function codeTotals(db: Tx, q: ValueQuery, archive: ArchiveInput, live: LiveInput, members: CodeMembers): Promise<{ total: number; totals: ValueAnswer["totals"] }> {
  const base = await rangeTotals(db, archive, NO_LIVE, members.codes);
  if (!members.special.length) return base;
  const held = new Map((await batchSums(db, q, archive, NO_LIVE, members.special.map((s) => s.uid))).map((r) => [r.uid, r]));
  const commission = new CoinSums().addAll(base.totals.commission);
  const sums = [base.totals.spotTradingAmount, base.totals.futuresTradingAmount, base.totals.depositAmount, base.totals.withdrawalAmount].map((v) => new Dec(v));
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
  return { total, totals: { spotTradingAmount: spot, futuresTradingAmount: futures, depositAmount: dep, withdrawalAmount: wd, commission: commission.json() } };
}

/**
 * A page of the list by walking the bounds (see above): of every invitee, or of a code filter's
 * (`codes`: their totals rows carry the code, 0540); null when the walk would cost more than
 * the one statement (a small range, a page deep into it, an order far from the all-archive one).
 */
async function topAnswer(
  io: DatasetsIo,
  q: ValueQuery,
  archive: ArchiveInput,
  live: LiveInput,
  paging: { page: number; pageSize: number },
  codes: string[] | undefined,
): Promise<ValueAnswer | null> {
  // Each statement reads a few hundred index entries: PostgreSQL's parallel workers cost more
  // to start than that (~150 ms of a 30-ms batch at simulator scale 10 on a loaded machine).
  // One snapshot for all of the walk's statements: its keys (bounds, key sums) and the page's
  // rows, summed last, must see the same writes — on PostgreSQL a sync committing between them
  // could otherwise leave a page row without its sums, or rows in an order their sums contradict.
  const found = await (await io.db()).transaction(
    async (tx) => {
      await tx.execute(sql`SET LOCAL max_parallel_workers_per_gather = 0`);
      return walk(tx, q, archive, live, paging, codes);
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  if (!found) return null;
  const { items, total, totals } = found;
  return pageAnswer(io, archive, live, paging, items, total, totals);
}

async function walk(
  db: Tx,
  q: ValueQuery,
  archive: ArchiveInput,
  live: LiveInput,
  paging: { page: number; pageSize: number },
  codes: string[] | undefined,
): Promise<{ items: InviteeValue[]; total: number; totals: ValueAnswer["totals"] } | null> {
  const members = codes ? await codeMembers(db, codes, live) : undefined;
  if (members && (await fewRows(db, members))) return null;
  const { total, totals } = members ? await codeTotals(db, q, archive, live, members) : await rangeTotals(db, archive, live);
  const need = paging.page * paging.pageSize;
  if (total < VALUE_TOP.minRows || need > total * VALUE_TOP.maxPageShare) return null;
  const columns = BOUND_COLUMNS[q.sort](q.coin ?? "USDT");
  const keysOf = (r: KeyRow): Dec[] =>
    q.sort === "commission" ? [new Dec(r.k1), new Dec(r.k2)] : q.sort === "volume" ? [new Dec(r.spot).plus(r.futures)] : [new Dec(r.dep)];
  const found: Ranked[] = [];
  // (under codes: the invitees a live record moves out of them are not listed; those it moves in,
  // like the live parts' invitees, are summed first, whatever their bound)
  const out = new Set(members?.special.filter((s) => s.was && !s.is).map((s) => s.uid));
  const withLive = new Set(members ? members.special.filter((s) => s.is).map((s) => s.uid) : liveUids(live));
  // invitees with nothing in the range of the sort's dataset: listed (at a key of zero) only if
  // the other dataset has something for them, asked once the walk is done if a zero key reaches
  // the page (they come after every positive key, and among zero keys by uid: the walk's stop,
  // which needs a page's worth of keys, needs none of them)
  const unknown: string[] = [];
  const keep = () => {
    found.sort(compareRanked);
    found.length = Math.min(found.length, need);
  };
  const held = heldDays(q.sort, archive);
  let after: { values: string[]; uid: string } | null = null;
  let walked = 0;
  let batch = Math.ceil(need * 1.25) + VALUE_TOP.firstBatch;
  for (let round = 0; ; round++) {
    if (round >= VALUE_TOP.maxBatches || walked > need + VALUE_TOP.walkSlack) return null;
    const candidates = await boundBatch(db, columns, codes, after, batch, held);
    walked += candidates.length;
    // (each batch comes after the last in the list's order: no invitee is walked twice; one with
    // live rows is summed in the first batch, whatever its bound, and not when the walk reaches it)
    const fresh = candidates.filter((c) => !out.has(c.uid) && !withLive.has(c.uid));
    // an invitee whose days of the sort's dataset all lie in the range's whole days: its range
    // sum is its bound; one with none of them in the days the range touches has no key row (no
    // live row: those were summed first)
    const whole = fresh.filter((c) => c.inside);
    for (const c of whole) found.push({ uid: c.uid, keys: c.b.map((v) => new Dec(v)) });
    unknown.push(...fresh.filter((c) => !c.inside && !c.meets).map((c) => c.uid));
    const uids = [...(round === 0 ? withLive : []), ...fresh.filter((c) => !c.inside && c.meets).map((c) => c.uid)];
    if (uids.length) {
      const sums = await keySums(db, q, archive, live, uids);
      const got = new Set(sums.map((r) => r.uid));
      for (const r of sums) found.push({ uid: r.uid, keys: keysOf(r) });
      unknown.push(...uids.filter((u) => !got.has(u)));
    }
    keep();
    const last = candidates.at(-1);
    if (!last || candidates.length < batch) break; // every invitee held was walked
    after = { values: last.b, uid: last.uid };
    if (found.length >= need && compareRanked({ uid: last.uid, keys: last.b.map((v) => new Dec(v)) }, found[need - 1]) > 0) break;
    batch *= 2;
  }
  if (unknown.length && (found.length < need || found[need - 1].keys.every((k) => k.isZero()))) {
    for (const r of await batchSums(db, q, archive, live, unknown)) found.push({ uid: r.uid, keys: keysOf(r) });
    keep();
  }
  const page = found.slice((paging.page - 1) * paging.pageSize, need).map((r) => r.uid);
  const rowsOf = new Map((page.length ? await batchSums(db, q, archive, live, page) : []).map((r) => [r.uid, r]));
  // (every page row has its sums in the walk's one snapshot; a missing one would shorten the page, not fail it)
  const pageRows = page.map((u) => rowsOf.get(u)).filter((r): r is BatchRow => r !== undefined);
  return { items: await pageItems(db, archive, live, pageRows), total, totals };
}

/**
 * The UTC days (epoch day numbers, [from, to)) of the archive part a sort's key is summed from:
 * `whole`, the days it holds whole, and `touched`, every day it reaches into. An invitee whose
 * active days of that dataset (0180's commission_days, movement_days) all lie in `whole` has the
 * range's key of its all-archive totals; one with none in `touched` has nothing of that dataset in
 * the range. Null when the part is empty.
 */
interface HeldDays {
  column: "commission_days" | "movement_days";
  whole: { from: number; to: number };
  touched: { from: number; to: number };
}

function heldDays(sort: ValueSort, archive: ArchiveInput): HeldDays | null {
  const part = sort === "deposits" ? archive.movements[0] : archive.commission[0];
  if (!part || part.startTime > part.endTime) return null;
  const touched = { from: Math.floor(part.startTime / DAY_MS), to: Math.floor(part.endTime / DAY_MS) + 1 };
  // (no whole day: an empty range of them, which holds nobody's days)
  const whole = dayCut(part).days ?? { from: touched.from, to: touched.from };
  return { column: sort === "deposits" ? "movement_days" : "commission_days", whole, touched };
}

/**
 * The next `batch` bounds after `after` in the list's order: every invitee's, or those the
 * archive holds under `codes` (one range of the code's index each, merged); `inside` when the
 * invitee's active days of the sort's dataset all lie in `held` (heldDays).
 */
async function boundBatch(
  db: Tx,
  columns: string[],
  codes: readonly string[] | undefined,
  after: { values: string[]; uid: string } | null,
  batch: number,
  held: HeldDays | null,
): Promise<{ uid: string; b: string[]; inside: boolean; meets: boolean }[]> {
  if (codes && !codes.length) return [];
  const order = sql.raw([...columns.map((c) => `${c} DESC`), "length(uid) DESC", `(uid COLLATE "C") DESC`].join(", "));
  const tuple = sql.raw(`(${[...columns, "length(uid)", `(uid COLLATE "C")`].join(", ")})`);
  const cursor: SQL = after
    ? sql`AND ${tuple} < (${sql.join([...after.values.map((v) => sql`${v}::numeric`), sql`${after.uid.length}::integer`, sql`${after.uid}::text COLLATE "C"`], sql`, `)})`
    : sql``;
  // (without an archive part of the sort's dataset every invitee is summed: none inside, all met)
  const days = (d: { from: number; to: number }) => sql`int4range(${d.from}::integer, ${d.to}::integer)`;
  const inside = held ? sql`coalesce(${sql.raw(held.column)} <@ int4multirange(${days(held.whole)}), FALSE)` : sql`FALSE`;
  const meets = held ? sql`coalesce(${sql.raw(held.column)} && ${days(held.touched)}, FALSE)` : sql`TRUE`;
  const pick = sql`${sql.raw(["uid", ...columns].join(", "))}, ${inside} AS inside, ${meets} AS meets`;
  const range = (which: SQL) => sql`(SELECT ${pick} FROM archive_invitee_value_total WHERE ${which} ${cursor} ORDER BY ${order} LIMIT ${batch})`;
  const ranges = codes ? codes.map((c) => range(sql`invite_code = ${c}`)) : [range(sql`TRUE`)];
  return rows<{ uid: string; b: string[]; inside: boolean; meets: boolean }>(
    db,
    sql`SELECT uid, ARRAY[${sql.raw(columns.map((c) => `${c}::text`).join(", "))}] AS b, inside, meets FROM (${sql.join(ranges, sql` UNION ALL `)}) x ORDER BY ${order} LIMIT ${batch}`,
  );
}

/** What a sort's key is summed from: one row per invitee with anything of the key's dataset in the range. */
interface KeyRow {
  uid: string;
  spot: string;
  futures: string;
  dep: string;
  k1: string;
  k2: string;
}

/** An invitee's full sums: its key's, withdrawals, and commission per coin (JSON). */
interface BatchRow extends KeyRow {
  wd: string;
  coins: string | null;
}

/** The live parts' rows of these invitees. */
function liveOf(live: LiveInput, uids: string[]): LiveInput {
  const set = new Set(uids);
  return { ...live, commission: live.commission.filter((r) => set.has(r.uid)), movements: live.movements.filter((r) => set.has(r.uid)) };
}

/**
 * The range's keys of a batch of invitees: only the dataset the sort orders by (the commission
 * records for commission and volume, the totals for deposits), which at simulator scale 10 is
 * half the statement of the full sums. An invitee with nothing of that dataset in the range has
 * no row.
 */
function keySums(db: Tx, q: ValueQuery, archive: ArchiveInput, live: LiveInput, uids: string[]): Promise<KeyRow[]> {
  const byDeposits = q.sort === "deposits";
  const theirs = liveOf(live, uids);
  const part: LiveInput = { ...theirs, commission: byDeposits ? [] : theirs.commission, movements: byDeposits ? theirs.movements : [] };
  const only: ArchiveInput = { ...archive, commission: byDeposits ? [] : archive.commission, movements: byDeposits ? archive.movements : [] };
  return rows<KeyRow>(
    db,
    sql`WITH ${rowsSql(q, only, part, { withInvitees: false, only: uids })}
        SELECT f.uid, f.spot::text AS spot, f.futures::text AS futures, f.dep::text AS dep, f.k1::text AS k1, f.k2::text AS k2 FROM f`,
  );
}

/** The range's sums of a batch of invitees (their live parts' rows too), with their coins. */
function batchSums(db: Tx, q: ValueQuery, archive: ArchiveInput, live: LiveInput, uids: string[]): Promise<BatchRow[]> {
  return rows<BatchRow>(
    db,
    sql`WITH ${rowsSql(q, archive, liveOf(live, uids), { withInvitees: false, only: uids })},
        pc AS (SELECT uid, json_object_agg(coin, commission::text) AS coins FROM c GROUP BY uid)
        SELECT f.uid, f.spot::text AS spot, f.futures::text AS futures, f.dep::text AS dep, f.wd::text AS wd, f.k1::text AS k1, f.k2::text AS k2, pc.coins::text AS coins
        FROM f LEFT JOIN pc USING (uid)`,
  );
}

/** A walked page's rows with their invitees' codes and registrations. */
async function pageItems(db: Tx, archive: ArchiveInput, live: LiveInput, pageRows: BatchRow[]): Promise<InviteeValue[]> {
  const inv = inviteeJoin(archive, sql`p`);
  const people = await rows<{ uid: string; code: string | null; reg: unknown }>(
    db,
    sql`WITH li AS (SELECT * FROM json_to_recordset(${JSON.stringify(live.invitees)}::json) AS x(uid text, code text, reg bigint))
        SELECT p.uid, ${inv.code} AS code, ${inv.reg} AS reg FROM unnest(${textArray(pageRows.map((r) => r.uid))}::text[]) AS p(uid) ${inv.joins}`,
  );
  const byUid = new Map(people.map((r) => [r.uid, r]));
  return pageRows.map((r): InviteeValue => {
    const who = byUid.get(r.uid);
    return {
      uid: r.uid,
      inviteCode: who?.code ?? null,
      registerTime: who?.reg === null || who?.reg === undefined ? null : Number(who.reg),
      spotTradingAmount: text(r.spot),
      futuresTradingAmount: text(r.futures),
      depositAmount: text(r.dep),
      withdrawalAmount: text(r.wd),
      commission: new CoinSums().addAll(r.coins ? (JSON.parse(r.coins) as Record<string, string>) : {}).json(),
    };
  });
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
export function mergeSpans(spans: MovementPeriod[]): MovementPeriod[] {
  const out: MovementPeriod[] = [];
  for (const s of [...spans].sort((a, b) => a.startTime - b.startTime)) {
    const last = out.at(-1);
    if (last && last.period === s.period && s.startTime <= last.endTime + 1) last.endTime = Math.max(last.endTime, s.endTime);
    else out.push({ ...s });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Invite codes' value

export interface CodeValue {
  commission: Record<string, string>;
  spotTradingAmount: string;
  futuresTradingAmount: string;
}

/**
 * Each invite code's commission (per coin) and volumes over the range, from the direct records
 * of its invitees registered in the range (cohort-value.ts). `null` with `source=live` over a
 * range longer than LIVE_COMMISSION_MAX_DAYS (its records are not read live), with the span of
 * records read otherwise.
 */
export function codeValues(
  sources: SelectedSources,
  range: { startTime: number; endTime: number },
  liveMaxMs: number,
  signal?: AbortSignal,
): Promise<{ byCode: Map<string | null, CodeValue>; commissionRange: { startTime: number; endTime: number } | null } | null> {
  return sources.across(async (io) => {
    if (io.source === "live" && range.endTime - range.startTime > liveMaxMs) return null;
    const commissionParts = await io.parts("commissions", range, true);
    const builder = new ValueBuilder();
    for (const p of commissionParts.filter((x) => x.from === "live")) {
      const r = clip(p, range);
      if (r.startTime <= r.endTime) for await (const batch of io.live("commissions", r)) builder.addRecords(batch);
    }
    const live: LiveInput = { commission: liveCommissionRows(builder), movements: [], invitees: await rangeInvitees(io, range), spans: [] };
    const archive = { commission: commissionParts.filter((p) => p.from === "archive").map((p) => clip(p, range)), movements: [], invitees: io.source !== "live" };
    const list = await rows<{ code: string | null; coin: string; commission: string; spot: string; futures: string }>(
      await io.db(),
      sql`WITH ${rowsSql({ ...range, sort: "commission" }, archive, live, { scope: io.scope })}
          SELECT f.code, c.coin, sum(c.commission)::text AS commission, sum(c.spot)::text AS spot, sum(c.futures)::text AS futures
          FROM c JOIN f USING (uid) WHERE f.reg BETWEEN ${range.startTime} AND ${range.endTime} GROUP BY f.code, c.coin`,
    );
    const byCode = new Map<string | null, { commission: CoinSums; spot: Dec; futures: Dec }>();
    for (const r of list) {
      const v = byCode.get(r.code) ?? { commission: new CoinSums(), spot: new Dec(0), futures: new Dec(0) };
      if (!new Dec(r.commission).isZero()) v.commission.add(r.coin, r.commission);
      v.spot = v.spot.plus(r.spot);
      v.futures = v.futures.plus(r.futures);
      byCode.set(r.code, v);
    }
    const read = commissionParts.map((p) => clip(p, range)).filter((r) => r.startTime <= r.endTime);
    return {
      byCode: new Map([...byCode].map(([code, v]) => [code, { commission: v.commission.json(), spotTradingAmount: decimalText(v.spot), futuresTradingAmount: decimalText(v.futures) }])),
      commissionRange: read.length ? { startTime: Math.min(...read.map((r) => r.startTime)), endTime: Math.max(...read.map((r) => r.endTime)) } : null,
    };
  }, signal);
}

/** The invitee records of the range's live parts (the archive's are joined in SQL). */
async function rangeInvitees(io: DatasetsIo, range: { startTime: number; endTime: number }): Promise<LiveInput["invitees"]> {
  const out: LiveInput["invitees"] = [];
  for (const p of (await io.parts("invitees", range, true)).filter((x) => x.from === "live")) {
    for await (const batch of io.live("invitees", clip(p, range))) for (const r of batch as InviteeRecord[]) out.push({ uid: r.uid, code: r.inviteCode ?? null, reg: r.registerTime });
  }
  return out;
}
