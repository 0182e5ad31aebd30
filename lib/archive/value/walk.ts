/**
 * A page of the value list without summing every row (migration 0180).
 *
 * A range's sums of an invitee never exceed its totals over the whole archive
 * (archive_invitee_value_total: every amount is non-negative), so the page walks the invitees in
 * the order of those totals (the list's order, ties by uid as the list breaks them), sums the
 * range for a batch of them at a time (each invitee's month, day and cut days' rows, by uid), and
 * stops once the next invitee's bound comes after the last row the page needs: none after it
 * can come before. The live parts' invitees (few: the stretch since the last sync) are summed
 * first whatever their bound. Two things keep a batch cheap: an invitee whose active days of the
 * sort's dataset all lie in the range's whole UTC days has its bound as its key, unsummed (a
 * range holding most of the archive leaves few to sum); the others are summed for the key alone
 * (one dataset), and the page's rows in full once they are known. `total` counts the invitees
 * whose active days meet the range (and those of its cut days and live parts), `totals` sum the
 * hour summary and the period totals: neither needs any invitee's sum (totals.ts).
 *
 * A code filter (or a partner's codes) walks the same way through the codes' invitees only: the
 * totals rows carry the invitee's code, indexed in each order, and its `total` and `totals` come
 * from the per-code summaries (migration 0540).
 */
import { sql, type SQL } from "drizzle-orm";
import { Dec } from "@/lib/contract/decimal";
import type { ValueSort } from "@/lib/contract/params";
import type { InviteeValue } from "@/lib/contract/responses";
import { CoinSums } from "@/lib/affiliate/value";
import { DAY_MS } from "@/lib/time/calendar";
import type { DatasetsIo } from "../answers";
import { rows, type Tx } from "../db";
import { dayCut, liveInviteesCte, textArray } from "./fragments";
import { inviteeJoin } from "./rows";
import { pageAnswer } from "./statement";
import { batchSums, keySums, type BatchRow, type KeyRow } from "./sums";
import { codeMembers, codeTotals, fewRows, rangeTotals, type RangeTotals } from "./totals";
import { amountText, liveUids, type ArchiveInput, type LiveInput, type ValueAnswer, type ValueQuery } from "./types";

/** When the walk is tried and when it gives up (the one statement answers then). */
export interface WalkLimits {
  /** below this many rows in the range the one statement is as cheap as a walk */
  minRows: number;
  /** a page needing more than this share of the range's rows is answered by the one statement */
  maxPageShare: number;
  /** the walk gives up after this many invitees more than the page needs... */
  walkSlack: number;
  /** ...or after this many batches: a range whose order is far from the all-archive one */
  maxBatches: number;
  /** the first batch: the rows the page needs and a quarter more, and this many (then twice the last) */
  firstBatch: number;
}

/** The limits the list walks by (tests pass others, to walk small archives or none). */
export const WALK_LIMITS: Readonly<WalkLimits> = { minRows: 3000, maxPageShare: 0.25, walkSlack: 20_000, maxBatches: 8, firstBatch: 20 };

/** What a walk reads: the query, its parts, the page, a code filter's codes and the limits. */
export interface WalkInput {
  q: ValueQuery;
  archive: ArchiveInput;
  live: LiveInput;
  paging: { page: number; pageSize: number };
  codes: string[] | undefined;
  limits: WalkLimits;
}

/** The all-archive totals a sort is bounded by, most significant first (the list's ORDER). */
const BOUND_COLUMNS: Record<ValueSort, (coin: string) => string[]> = {
  commission: (coin) => (coin === "USDT" ? ["usdt", "btc"] : ["btc", "usdt"]),
  volume: () => ["volume"],
  deposits: () => ["deposits"],
};

/** Whether a page of `q` can be found by walking the bounds: no filter by uid, a sort the bound table orders, one archive part of each dataset. */
export function walkApplies(q: ValueQuery, archive: ArchiveInput): boolean {
  const coinOk = q.sort !== "commission" || q.coin === undefined || q.coin === "USDT" || q.coin === "BTC";
  return q.uid === undefined && coinOk && archive.invitees && archive.commission.length <= 1 && archive.movements.length <= 1;
}

/**
 * A page of the list by walking the bounds: of every invitee, or of a code filter's (`codes`:
 * their totals rows carry the code, 0540); null when the walk would cost more than the one
 * statement (a small range, a page deep into it, an order far from the all-archive one).
 */
export async function walkedAnswer(io: DatasetsIo, input: WalkInput): Promise<ValueAnswer | null> {
  // Each statement reads a few hundred index entries: PostgreSQL's parallel workers cost more
  // to start than that. One snapshot for all of the walk's statements: its keys (bounds, key
  // sums) and the page's rows, summed last, must see the same writes — on PostgreSQL a sync
  // committing between them could otherwise leave a page row without its sums, or rows in an
  // order their sums contradict.
  const found = await (await io.db()).transaction(
    async (tx) => {
      await tx.execute(sql`SET LOCAL max_parallel_workers_per_gather = 0`);
      return walk(tx, input);
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  if (!found) return null;
  const { items, total, totals } = found;
  return pageAnswer(io, input.archive, input.live, input.paging, items, total, totals);
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

/** The range's `total` and `totals`, and the walk's members when it walks codes; null when the one statement is cheaper. */
async function walkTotals(db: Tx, input: WalkInput) {
  const { q, archive, live, paging, codes, limits } = input;
  const members = codes ? await codeMembers(db, codes, live) : undefined;
  if (members && (await fewRows(db, members, limits.minRows))) return null;
  const { total, totals }: RangeTotals = members ? await codeTotals(db, q, archive, live, members) : await rangeTotals(db, archive, live);
  const need = paging.page * paging.pageSize;
  if (total < limits.minRows || need > total * limits.maxPageShare) return null;
  return { members, total, totals, need };
}

async function walk(db: Tx, input: WalkInput): Promise<{ items: InviteeValue[]; total: number; totals: ValueAnswer["totals"] } | null> {
  const { q, archive, live, paging, codes, limits } = input;
  const counted = await walkTotals(db, input);
  if (!counted) return null;
  const { members, total, totals, need } = counted;
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
  let batch = Math.ceil(need * 1.25) + limits.firstBatch;
  for (let round = 0; ; round++) {
    if (round >= limits.maxBatches || walked > need + limits.walkSlack) return null;
    const candidates = await boundBatch(db, columns, codes, after, batch, held);
    walked += candidates.length;
    // (each batch comes after the last in the list's order: no invitee is walked twice; one with
    // live rows is summed in the first batch, whatever its bound, and not when the walk reaches it)
    const fresh = candidates.filter((c) => !out.has(c.uid) && !withLive.has(c.uid));
    // an invitee whose days of the sort's dataset all lie in the range's whole days: its range
    // sum is its bound; one with none of them in the days the range touches has no key row (no
    // live row: those were summed first)
    for (const c of fresh.filter((c) => c.inside)) found.push({ uid: c.uid, keys: c.b.map((v) => new Dec(v)) });
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

/** A walked invitee: its bound (the sort's all-archive totals), and where its active days lie (heldDays). */
interface Bound {
  uid: string;
  b: string[];
  inside: boolean;
  meets: boolean;
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
): Promise<Bound[]> {
  if (codes && !codes.length) return [];
  const order = sql.raw([...columns.map((c) => `${c} DESC`), "length(uid) DESC", `(uid COLLATE "C") DESC`].join(", "));
  const tuple = sql.raw(`(${[...columns, "length(uid)", `(uid COLLATE "C")`].join(", ")})`);
  const afterValues = after && [
    ...after.values.map((v) => sql`${v}::numeric`),
    sql`${after.uid.length}::integer`,
    sql`${after.uid}::text COLLATE "C"`,
  ];
  const cursor: SQL = afterValues ? sql`AND ${tuple} < (${sql.join(afterValues, sql`, `)})` : sql``;
  // (without an archive part of the sort's dataset every invitee is summed: none inside, all met)
  const days = (d: { from: number; to: number }) => sql`int4range(${d.from}::integer, ${d.to}::integer)`;
  const inside = held ? sql`coalesce(${sql.raw(held.column)} <@ int4multirange(${days(held.whole)}), FALSE)` : sql`FALSE`;
  const meets = held ? sql`coalesce(${sql.raw(held.column)} && ${days(held.touched)}, FALSE)` : sql`TRUE`;
  const pick = sql`${sql.raw(["uid", ...columns].join(", "))}, ${inside} AS inside, ${meets} AS meets`;
  const range = (which: SQL) =>
    sql`(SELECT ${pick} FROM archive_invitee_value_total WHERE ${which} ${cursor} ORDER BY ${order} LIMIT ${batch})`;
  const ranges = codes ? codes.map((c) => range(sql`invite_code = ${c}`)) : [range(sql`TRUE`)];
  const bounds = sql.raw(columns.map((c) => `${c}::text`).join(", "));
  return rows<Bound>(
    db,
    sql`SELECT uid, ARRAY[${bounds}] AS b, inside, meets FROM (${sql.join(ranges, sql` UNION ALL `)}) x ORDER BY ${order} LIMIT ${batch}`,
  );
}

/** A walked page's rows with their invitees' codes and registrations. */
async function pageItems(db: Tx, archive: ArchiveInput, live: LiveInput, pageRows: BatchRow[]): Promise<InviteeValue[]> {
  const inv = inviteeJoin(archive, sql`p`);
  const people = await rows<{ uid: string; code: string | null; reg: unknown }>(
    db,
    sql`WITH ${liveInviteesCte(live)}
        SELECT p.uid, ${inv.code} AS code, ${inv.reg} AS reg
        FROM unnest(${textArray(pageRows.map((r) => r.uid))}::text[]) AS p(uid) ${inv.joins}`,
  );
  const byUid = new Map(people.map((r) => [r.uid, r]));
  return pageRows.map((r): InviteeValue => {
    const who = byUid.get(r.uid);
    return {
      uid: r.uid,
      inviteCode: who?.code ?? null,
      registerTime: who?.reg === null || who?.reg === undefined ? null : Number(who.reg),
      spotTradingAmount: amountText(r.spot),
      futuresTradingAmount: amountText(r.futures),
      depositAmount: amountText(r.dep),
      withdrawalAmount: amountText(r.wd),
      commission: new CoinSums().addAll(r.coins ? (JSON.parse(r.coins) as Record<string, string>) : {}).json(),
    };
  });
}
