/**
 * GET /api/affiliate/invitees/value (issue 27): one row per direct invitee with a commission
 * record, a deposit or a withdrawal in [startTime, endTime] — its volumes and commission per
 * coin from its commission records (sourceType 1, to the millisecond), its deposits and
 * withdrawals from WEEX's totals (by period: `resolution`), its invite code and registration
 * from the invitee records — sorted, paged, with the totals of every row of the filter.
 *
 * Each of the three datasets is split into parts by `source` as every answer splits it. The
 * archive's parts are summed in SQL: whole UTC days from the per-invitee-day summary and the
 * range's cut days from the raw records (migration 0150); periods of totals whose midpoint lies
 * in the range. The live parts (in `auto` the stretch since the last sync; with `live` all of
 * it) are summed here and handed to the same statement as JSON, so the merge, the order, the
 * page and the totals are one query whatever the split.
 */
import { sql, type SQL } from "drizzle-orm";
import { Dec, decimalText } from "@/lib/contract/decimal";
import type { ValueSort } from "@/lib/contract/params";
import type { InviteeValue, InviteeValuePage, MovementPeriod } from "@/lib/contract/responses";
import { CoinSums, ValueBuilder } from "@/lib/affiliate/value";
import { AGE_EDGE_MARGIN_MS } from "@/lib/affiliate/pages";
import { DAY_MS, WINDOWS, type InviteeRecord } from "@/lib/weex/endpoints";
import type { DatasetsIo } from "./answers";
import { rows } from "./db";
import { MAX_CACHED_LIVE_SPAN_MS, type Part, type SelectedSources } from "./sources";
import { periodConds } from "./value-read";
import type { Scope } from "@/lib/contract/scope";

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

/** One page of the value list (`all`: every row, for the export). */
export function inviteeValue(sources: SelectedSources, q: ValueQuery, paging: { page: number; pageSize: number } | "all", signal?: AbortSignal): Promise<ValueAnswer> {
  return sources.across(async (io) => {
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
    return valueAnswer(io, q, archive, live, paging);
  }, signal);
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
  return { commission: liveCommissionRows(builder), movements, invitees: await liveInvitees(io), spans };
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

/**
 * The invitee records of the live parts of WEEX's invitee year: in `auto` the registrations
 * since the last sync (the archive holds the others, older than a year too) — but no longer a
 * stretch than MAX_CACHED_LIVE_SPAN_MS: before the invitee archive is built, walking the whole
 * year (hundreds of pages) to name each row's code would hold a person's page for minutes, so
 * those rows say null until it is; with `live` every invitee page of the year, as the live
 * cohorts read it.
 */
async function liveInvitees(io: DatasetsIo): Promise<LiveInput["invitees"]> {
  if (io.source === "archive") return [];
  const now = io.now();
  const year = { startTime: now - WINDOWS.invitees.maxAgeMs + AGE_EDGE_MARGIN_MS, endTime: now };
  const out = new Map<string, LiveInput["invitees"][number]>();
  const short = (p: Part) => io.source === "live" || (p.endTime ?? now) - (p.startTime ?? year.startTime) <= MAX_CACHED_LIVE_SPAN_MS;
  for (const p of (await io.parts("invitees", year, true)).filter((x) => x.from === "live" && short(x))) {
    for await (const batch of io.live("invitees", { startTime: p.startTime, endTime: p.endTime })) {
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

/** The archive's per-(uid, coin) commission and volumes of one part: whole UTC days summarised, the cut days raw. */
function commissionPartSql(r: { startTime: number; endTime: number }, uid?: string): SQL {
  const byUid = uid ? sql`AND uid = ${uid}` : sql``;
  const dayFrom = Math.ceil(r.startTime / DAY_MS) * DAY_MS;
  const dayTo = Math.floor((r.endTime + 1) / DAY_MS) * DAY_MS;
  const raw = (a: number, b: number) =>
    sql`SELECT uid, coin, coalesce(commission, 0) AS commission,
               CASE WHEN product_type = 'SPOT' THEN coalesce(taker_amount, 0) + coalesce(maker_amount, 0) ELSE 0 END AS spot,
               CASE WHEN product_type = 'FUTURES' THEN coalesce(taker_amount, 0) + coalesce(maker_amount, 0) ELSE 0 END AS futures
        FROM archive_commission WHERE time BETWEEN ${a} AND ${b} AND source_type = 1 ${byUid}`;
  if (dayFrom >= dayTo) return raw(r.startTime, r.endTime);
  const parts = [sql`SELECT uid, coin, commission, spot_volume AS spot, futures_volume AS futures FROM archive_commission_invitee_day WHERE day >= ${dayFrom} AND day < ${dayTo} ${byUid}`];
  if (r.startTime < dayFrom) parts.push(raw(r.startTime, dayFrom - 1));
  if (dayTo <= r.endTime) parts.push(raw(dayTo, r.endTime));
  return sql.join(parts, sql` UNION ALL `);
}

function movementPartSql(r: { startTime: number; endTime: number }, uid?: string): SQL {
  return sql`SELECT m.uid, coalesce(m.deposit_amount, 0) AS dep, coalesce(m.withdrawal_amount, 0) AS wd
             FROM archive_movement_period p JOIN archive_invitee_movement m USING (period_from)
             WHERE ${periodConds(r)} ${uid ? sql`AND m.uid = ${uid}` : sql``}`;
}

const ORDER: Record<ValueSort, SQL> = {
  commission: sql`k1 DESC, k2 DESC`,
  volume: sql`(spot + futures) DESC`,
  deposits: sql`dep DESC`,
};

/**
 * The rows of the filter (CTE `f`) and the per-uid commission (`c`), merged from both sides. A
 * partner's (issue 28) rows are their invite codes' invitees only: every total and the codes'
 * value are read through `f`, so none of them counts anyone else.
 */
function rowsSql(q: ValueQuery, archive: ArchiveInput, live: LiveInput, scope: Scope | undefined): SQL {
  // by the coin asked for (USDT without one), then by USDT (or BTC after USDT)
  const k1 = q.coin ?? "USDT";
  const k2 = k1 === "USDT" ? "BTC" : "USDT";
  const json = (v: unknown) => sql`${JSON.stringify(v)}::json`;
  const union = (list: SQL[], liveSql: SQL) => sql.join([...list, liveSql], sql` UNION ALL `);
  const inArchive = archive.invitees ? sql`LEFT JOIN archive_invitee a ON a.uid = u.uid` : sql`LEFT JOIN (SELECT NULL::text AS uid, NULL::text AS invite_code, NULL::bigint AS register_time) a ON FALSE`;
  return sql`
    lc AS (SELECT * FROM json_to_recordset(${json(live.commission)}) AS x(uid text, coin text, commission numeric, spot numeric, futures numeric)),
    lm AS (SELECT * FROM json_to_recordset(${json(live.movements)}) AS x(uid text, dep numeric, wd numeric)),
    li AS (SELECT * FROM json_to_recordset(${json(live.invitees)}) AS x(uid text, code text, reg bigint)),
    c AS (SELECT uid, coin, sum(commission) AS commission, sum(spot) AS spot, sum(futures) AS futures
          FROM (${union(archive.commission.map((r) => commissionPartSql(r, q.uid)), sql`SELECT uid, coin, commission, spot, futures FROM lc`)}) x GROUP BY uid, coin),
    m AS (SELECT uid, sum(dep) AS dep, sum(wd) AS wd FROM (${union(archive.movements.map((r) => movementPartSql(r, q.uid)), sql`SELECT uid, dep, wd FROM lm`)}) x GROUP BY uid),
    cu AS (SELECT uid, sum(spot) AS spot, sum(futures) AS futures, json_object_agg(coin, commission::text) AS coins,
                  coalesce(sum(commission) FILTER (WHERE coin = ${k1}), 0) AS k1, coalesce(sum(commission) FILTER (WHERE coin = ${k2}), 0) AS k2
           FROM c GROUP BY uid),
    u AS (SELECT coalesce(cu.uid, m.uid) AS uid, coalesce(cu.spot, 0) AS spot, coalesce(cu.futures, 0) AS futures, coalesce(m.dep, 0) AS dep,
                 coalesce(m.wd, 0) AS wd, cu.coins, coalesce(cu.k1, 0) AS k1, coalesce(cu.k2, 0) AS k2
          FROM cu FULL JOIN m ON m.uid = cu.uid),
    f AS MATERIALIZED (
      SELECT u.*, CASE WHEN li.uid IS NOT NULL THEN li.code ELSE a.invite_code END AS code, CASE WHEN li.uid IS NOT NULL THEN li.reg ELSE a.register_time END AS reg
      FROM u LEFT JOIN li ON li.uid = u.uid ${inArchive}
      WHERE ${codeConds(sql`(CASE WHEN li.uid IS NOT NULL THEN li.code ELSE a.invite_code END)`, q.inviteCode, scope)})`;
}

/** The invite code a row of the value list must have: the filter's, and among a partner's codes (an invitee without one: no partner's). */
function codeConds(code: SQL, inviteCode: string | undefined, scope: Scope | undefined): SQL {
  const conds = [sql`TRUE`];
  if (inviteCode !== undefined) conds.push(sql`${code} = ${inviteCode}`);
  if (scope) conds.push(scope.inviteCodes.length ? sql`${code} IN (${sql.join(scope.inviteCodes.map((c) => sql`${c}`), sql`, `)})` : sql`FALSE`);
  return sql.join(conds, sql` AND `);
}

interface StatementRow {
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
  // The page is cut by the row number, not by ORDER BY's names again: in the SELECT below `dep`
  // names the output column (text), so `ORDER BY dep` would page by the amounts' text.
  const order = sql`${ORDER[q.sort]}, length(uid) DESC, uid COLLATE "C" DESC`;
  const limit = paging === "all" ? sql`` : sql`LIMIT ${paging.pageSize} OFFSET ${(paging.page - 1) * paging.pageSize}`;
  const db = await io.db();
  const list = await rows<StatementRow>(
    db,
    sql`WITH ${rowsSql(q, archive, live, io.scope)}
        (SELECT 'row' AS kind, uid, code, reg, spot::text AS spot, futures::text AS futures, dep::text AS dep, wd::text AS wd, coins::text AS coins,
                row_number() OVER (ORDER BY ${order}) AS n FROM f ORDER BY n ${limit})
        UNION ALL (SELECT 'total', NULL, NULL, NULL, sum(spot)::text, sum(futures)::text, sum(dep)::text, sum(wd)::text, NULL, count(*) FROM f)
        UNION ALL (SELECT 'coin', coin, NULL, NULL, sum(commission)::text, NULL, NULL, NULL, NULL, NULL FROM c WHERE uid IN (SELECT uid FROM f) GROUP BY coin)`,
  );
  const items = list
    .filter((r) => r.kind === "row")
    .sort((a, b) => Number(a.n) - Number(b.n))
    .map((r): InviteeValue => ({
      uid: r.uid!,
      inviteCode: r.code,
      registerTime: r.reg === null ? null : Number(r.reg),
      spotTradingAmount: text(r.spot),
      futuresTradingAmount: text(r.futures),
      depositAmount: text(r.dep),
      withdrawalAmount: text(r.wd),
      commission: new CoinSums().addAll(r.coins ? (JSON.parse(r.coins) as Record<string, string>) : {}).json(),
    }));
  const t = list.find((r) => r.kind === "total")!;
  const commission = new CoinSums();
  for (const r of list.filter((x) => x.kind === "coin")) commission.add(r.uid!, r.spot);
  const total = Number(t.n);
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
    totals: { spotTradingAmount: text(t.spot), futuresTradingAmount: text(t.futures), depositAmount: text(t.dep), withdrawalAmount: text(t.wd), commission: commission.json() },
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
      sql`WITH ${rowsSql({ ...range, sort: "commission" }, archive, live, io.scope)}
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
