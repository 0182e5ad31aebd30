/**
 * What the live parts of a range add up to (in `auto` the stretch since the last sync; with
 * `live` all of it): summed here and handed to the statements as JSON, so the merge, the order,
 * the page and the totals are one query whatever the split.
 */
import { decimalText } from "@/lib/contract/decimal";
import type { MovementPeriod } from "@/lib/contract/responses";
import { ValueBuilder } from "@/lib/affiliate/value";
import { AGE_EDGE_MARGIN_MS } from "@/lib/affiliate/pages";
import { WINDOWS } from "@/lib/weex/endpoints";
import type { InviteeRecord } from "@/lib/weex/records";
import { DAY_MS } from "@/lib/time/calendar";
import type { DatasetsIo } from "../answers";
import { MAX_CACHED_LIVE_SPAN_MS, type Part } from "../sources";
import { clip, type ArchiveInput, type LiveInput, type Span, type ValueQuery } from "./types";

/** The range's archive parts and what its live parts add up to. */
export async function planned(io: DatasetsIo, q: ValueQuery, signal?: AbortSignal): Promise<{ archive: ArchiveInput; live: LiveInput }> {
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

/** Adds the live commission records of `parts` within `range` (and the `filter`'s) to `builder`. */
export async function addLiveCommission(
  io: DatasetsIo,
  builder: ValueBuilder,
  parts: Part[],
  range: Span,
  filter?: { uid: string | undefined },
): Promise<void> {
  for (const p of parts.filter((x) => x.from === "live")) {
    const r = clip(p, range);
    if (r.startTime <= r.endTime) for await (const batch of io.live("commissions", { ...r, ...filter })) builder.addRecords(batch);
  }
}

/** What the live parts of the three datasets add up to. */
async function liveInput(io: DatasetsIo, q: ValueQuery, commissionParts: Part[], movementParts: Part[], signal?: AbortSignal): Promise<LiveInput> {
  const builder = new ValueBuilder();
  await addLiveCommission(io, builder, commissionParts, q, { uid: q.uid });
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
export function liveCommissionRows(builder: ValueBuilder): LiveInput["commission"] {
  const commission: LiveInput["commission"] = [];
  for (const [uid, v] of builder.byUid) {
    const coins = v.commission.json();
    const first = Object.keys(coins)[0];
    for (const [coin, amount] of Object.entries(coins)) {
      // (volumes on the first coin's row: they add up per invitee, whatever the coin)
      const onFirst = coin === first;
      commission.push({ uid, coin, commission: amount, spot: onFirst ? decimalText(v.spot) : "0", futures: onFirst ? decimalText(v.futures) : "0" });
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
function liveMovementWindow(part: Span, now: number, afterArchive = true): Span | null {
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
 * those rows say null until it is. With `live` the same holds (naming the codes would be most of
 * the answer's time), so `live` names the code and registration of the `uid` filter's invitee
 * only (its record, a call per 90-day window) and refuses an `inviteCode` filter
 * (lib/contract/queries.ts).
 */
async function liveInvitees(io: DatasetsIo, uid: string | undefined): Promise<LiveInput["invitees"]> {
  if (NO_LIVE_INVITEES.some((rule) => rule.when(io, uid))) return [];
  const now = io.now();
  const year = { startTime: now - WINDOWS.invitees.maxAgeMs + AGE_EDGE_MARGIN_MS, endTime: now };
  const out = new Map<string, LiveInput["invitees"][number]>();
  const short = (p: Part) => io.source === "live" || (p.endTime ?? now) - (p.startTime ?? year.startTime) <= MAX_CACHED_LIVE_SPAN_MS;
  for (const p of (await io.parts("invitees", year, true)).filter((x) => x.from === "live" && short(x))) {
    for await (const batch of io.live("invitees", { startTime: p.startTime, endTime: p.endTime, uid })) {
      for (const r of batch as InviteeRecord[]) out.set(r.uid, inviteeRow(r));
    }
  }
  return [...out.values()];
}

/** An invitee record as the statement reads it. */
const inviteeRow = (r: InviteeRecord): LiveInput["invitees"][number] => ({ uid: r.uid, code: r.inviteCode ?? null, reg: r.registerTime });

/** The invitee records of the range's live parts (the archive's are joined in SQL). */
export async function rangeInvitees(io: DatasetsIo, range: Span): Promise<LiveInput["invitees"]> {
  const out: LiveInput["invitees"] = [];
  for (const p of (await io.parts("invitees", range, true)).filter((x) => x.from === "live")) {
    for await (const batch of io.live("invitees", clip(p, range))) for (const r of batch as InviteeRecord[]) out.push(inviteeRow(r));
  }
  return out;
}
