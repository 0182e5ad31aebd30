/**
 * Invitee cohorts, invite codes and the filtered invitee list, answered from the
 * parts `source=auto|archive|live` splits a range into (sources.ts `inviteeAggregate`):
 *
 * - the **archive** part is counted in SQL over the very bucket boundaries the pure module
 *   computes (lib/affiliate/cohorts.ts: weeks and months in the zone, via Intl), so the
 *   database's own time-zone data plays no part and both sides agree to the millisecond; most
 *   of it is summed from the hourly summary (invitee-hours.ts, migration 0140);
 * - a **live** part (with `auto`: the minutes since the last sync; with `live`: the whole
 *   range, every invitee page WEEX has for it, in 90-day slices) is counted record by record
 *   by the same pure code.
 *
 * Counts add up across parts. A median does not: when both parts have traders in one cohort,
 * the archive's delays of that cohort are read and the median taken over all of them, so the
 * answer is exact whatever the split.
 *
 * The archive stores "never" as NULL (the record schema turns WEEX's 0 into null on the way in).
 */
import { sql, type SQL } from "drizzle-orm";
import {
  ACTIVE_DAYS_DEFAULT,
  addCounts,
  addToCode,
  binsOf,
  CohortBuilder,
  cohortBuckets,
  cohortsAnswer,
  emptyCounts,
  hoursText,
  matchesExtra,
  medianHours,
  mergeCodes,
  sortCodes,
  TRADE_DELAY_BINS,
  type CodeItem,
  type CohortBucket,
  type CohortBy,
  type CohortCounts,
  type Cohorts,
  type InviteeExtraFilter,
} from "@/lib/affiliate/cohorts";
import type { InviteeFilter } from "@/lib/affiliate/pages";
import type { InviteeRecord } from "@/lib/weex/records";
import type { WeexPage } from "@/lib/weex/paging";
import { LIVE_COMMISSION_MAX_DAYS } from "@/lib/contract/params";
import { cohortValues } from "./cohort-value";
import { rows, type Db } from "./db";
import { addCutHourCounts, addHourCounts, bucketOfSql, msArraySql, splitByHour } from "./invitee-hours";
import { INVITEE_COLUMNS, inviteeConds, inviteeRecord, pageAcrossParts, type InviteeRow } from "./read";
import type { Part, SelectedSources } from "./sources";
import { codeValues } from "./value";
import { DAY_MS } from "@/lib/time/calendar";

export interface CohortsQuery {
  startTime: number;
  endTime: number;
  by: CohortBy;
  tz: string;
}

/** A part's range clipped to the request's. */
function clip(p: Part, range: { startTime: number; endTime: number }) {
  return { startTime: Math.max(p.startTime ?? range.startTime, range.startTime), endTime: Math.min(p.endTime ?? range.endTime, range.endTime) };
}

/** The cohorts of a range (GET /api/affiliate/invitees/cohorts), with what each is worth (cohort-value.ts). */
export async function cohorts(sources: SelectedSources, q: CohortsQuery, now: number, signal?: AbortSignal) {
  const answer = await cohortCounts(sources, q, now, signal);
  const buckets = cohortBuckets(q.startTime, q.endTime, q.by, q.tz);
  const { values, commissionRange } = await cohortValues(sources, buckets, q, answer.items.map((i) => i.registered), now, signal);
  return { ...answer, items: answer.items.map((item, i) => ({ ...item, commissionPerInvitee: values[i] })), commissionRange };
}

async function cohortCounts(sources: SelectedSources, q: CohortsQuery, now: number, signal?: AbortSignal): Promise<Cohorts> {
  const buckets = cohortBuckets(q.startTime, q.endTime, q.by, q.tz);
  return sources.inviteeAggregate(
    q,
    async (parts, io) => {
      const counts = buckets.map(emptyCounts);
      const bins = TRADE_DELAY_BINS.map(() => 0);
      // per cohort: the archive's median (ms) and range, and the live parts' delays
      const archived: { medianMs: number | null; traded: number; ranges: { startTime: number; endTime: number }[] }[] = buckets.map(() => ({
        medianMs: null,
        traded: 0,
        ranges: [],
      }));
      const liveDelays: number[][] = buckets.map(() => []);
      for (const p of parts) {
        const r = clip(p, q);
        if (r.startTime > r.endTime) continue;
        if (p.from === "archive") {
          const a = await archiveCohorts(await io.db(), buckets, r, now);
          a.counts.forEach((c, i) => addCounts(counts[i], c));
          a.bins.forEach((n, i) => (bins[i] += n));
          a.medianMs.forEach((m, i) => {
            if (a.counts[i].traded === 0) return;
            archived[i].medianMs = m;
            archived[i].traded += a.counts[i].traded;
            archived[i].ranges.push(r);
          });
        } else {
          const b = await new CohortBuilder(buckets, r, now).addAll(io.live({ startTime: r.startTime, endTime: r.endTime }));
          b.counts.forEach((c, i) => addCounts(counts[i], c));
          binsOf(b.delays.flat()).forEach((n, i) => (bins[i] += n));
          b.delays.forEach((d, i) => liveDelays[i].push(...d));
        }
      }
      const medians: (string | null)[] = [];
      for (let i = 0; i < buckets.length; i++) {
        const a = archived[i];
        if (liveDelays[i].length === 0 && a.ranges.length === 1) medians.push(a.medianMs === null ? null : hoursText(a.medianMs));
        else if (a.ranges.length === 0) medians.push(medianHours(liveDelays[i]));
        else {
          // Both sides (or two archive parts) have traders in this cohort: take all delays.
          const delays = [...liveDelays[i]];
          for (const r of a.ranges) delays.push(...(await archiveTradeDelays(await io.db(), buckets[i], r)));
          medians.push(medianHours(delays));
        }
      }
      return cohortsAnswer(q.by, q.tz, buckets, counts, medians, bins);
    },
    signal,
  );
}

/**
 * One archive part's cohorts. The counts that depend on the record alone come from the hourly
 * summary (invitee-hours.ts) plus the raw rows of the hours a boundary cuts; the two figures
 * that cannot be summed from it are read from the raw rows through their own indexes (0140):
 * who traded in the 30 days before `now`, and the exact median delay over the traders.
 */
export async function archiveCohorts(
  db: Db,
  buckets: readonly CohortBucket[],
  range: { startTime: number; endTime: number },
  now: number,
): Promise<{ counts: CohortCounts[]; medianMs: (number | null)[]; bins: number[] }> {
  const counts = buckets.map(emptyCounts);
  const medianMs: (number | null)[] = buckets.map(() => null);
  const bins = TRADE_DELAY_BINS.map(() => 0);
  const split = splitByHour(buckets, range);
  await addHourCounts(db, buckets, split, counts, bins);
  await addCutHourCounts(db, buckets, range, split, counts, bins);

  const bucketOf = bucketOfSql(sql`register_time`, buckets);
  const inRange = sql`register_time BETWEEN ${range.startTime} AND ${range.endTime}`;
  const active = await rows<{ b: unknown; n: unknown }>(
    db,
    sql`SELECT ${bucketOf} AS b, count(*) AS n FROM archive_invitee
        WHERE COALESCE(last_trade, first_trade) BETWEEN ${now - ACTIVE_DAYS_DEFAULT * DAY_MS} AND ${now} AND ${inRange}
        GROUP BY 1`,
  );
  for (const r of active) {
    const i = Number(r.b);
    if (i >= 0 && i < buckets.length) counts[i].activeLast30d = Number(r.n);
  }
  // One small ordered-set aggregate per cohort, each over its own stretch of the traders'
  // index: no sort of the whole range's traders by cohort first.
  const edges = (pick: (b: CohortBucket) => number) => msArraySql(buckets.map(pick));
  const medians = await rows<{ b: unknown; median: unknown }>(
    db,
    sql`SELECT c.b - 1 AS b, m.median
        FROM unnest(${edges((b) => b.from)}, ${edges((b) => b.to)}) WITH ORDINALITY AS c(f, t, b)
        CROSS JOIN LATERAL (
          SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY first_trade - register_time) AS median
          FROM archive_invitee
          WHERE register_time >= c.f AND register_time < c.t AND ${inRange} AND first_trade IS NOT NULL) m`,
  );
  for (const r of medians) {
    const i = Number(r.b);
    if (i >= 0 && i < buckets.length && r.median !== null) medianMs[i] = Number(r.median);
  }
  return { counts, medianMs, bins };
}

/** The delays to first trade of one cohort's archived traders within `range`. */
async function archiveTradeDelays(db: Db, bucket: CohortBucket, range: { startTime: number; endTime: number }): Promise<number[]> {
  const list = await rows<{ d: unknown }>(
    db,
    sql`SELECT first_trade - register_time AS d FROM archive_invitee
        WHERE register_time BETWEEN ${Math.max(bucket.from, range.startTime)} AND ${Math.min(bucket.to - 1, range.endTime)}
          AND first_trade IS NOT NULL`,
  );
  return list.map((r) => Number(r.d));
}

// ---------------------------------------------------------------------------------------------
// Invite codes

/**
 * Invite codes of the users registered in the range (GET /api/affiliate/invitees/codes), each
 * with the commission and volumes those users brought in the range (null where not read:
 * `source=live` over more than LIVE_COMMISSION_MAX_DAYS).
 */
export async function inviteCodes(sources: SelectedSources, range: { startTime: number; endTime: number }, signal?: AbortSignal) {
  const { items } = await codeCounts(sources, range, signal);
  const value = await codeValues(sources, range, LIVE_COMMISSION_MAX_DAYS * DAY_MS, signal);
  const none = { commission: {}, spotTradingAmount: "0", futuresTradingAmount: "0" };
  return {
    items: items.map((item) => ({ ...item, ...(value ? (value.byCode.get(item.inviteCode) ?? none) : { commission: null, spotTradingAmount: null, futuresTradingAmount: null }) })),
    commissionRange: value?.commissionRange ?? null,
  };
}

async function codeCounts(sources: SelectedSources, range: { startTime: number; endTime: number }, signal?: AbortSignal): Promise<{ items: CodeItem[] }> {
  return sources.inviteeAggregate(
    range,
    async (parts, io) => {
      const byCode = new Map<string | null, CodeItem>();
      for (const p of parts) {
        const r = clip(p, range);
        if (r.startTime > r.endTime) continue;
        if (p.from === "archive") mergeCodes(byCode, await archiveCodes(await io.db(), r));
        else
          for await (const batch of io.live(r))
            for (const rec of batch) if (rec.registerTime >= r.startTime && rec.registerTime <= r.endTime) addToCode(byCode, rec);
      }
      return { items: sortCodes(byCode.values()) };
    },
    signal,
  );
}

async function archiveCodes(db: Db, range: { startTime: number; endTime: number }): Promise<CodeItem[]> {
  const list = await rows<{ code: string | null; registered: unknown; kyc: unknown; deposited: unknown; traded: unknown }>(
    db,
    sql`SELECT invite_code AS code, count(*) AS registered, count(*) FILTER (WHERE kyc_result) AS kyc,
               count(first_deposit) AS deposited, count(first_trade) AS traded
        FROM archive_invitee WHERE register_time BETWEEN ${range.startTime} AND ${range.endTime} GROUP BY invite_code`,
  );
  return list.map((r) => ({ inviteCode: r.code, registered: Number(r.registered), kycPassed: Number(r.kyc), deposited: Number(r.deposited), traded: Number(r.traded) }));
}

// ---------------------------------------------------------------------------------------------
// The invitee list with stage / activity / invite-code filters

/** The extra filters in SQL: the same reading as `matchesExtra` (lib/affiliate/cohorts.ts). */
export function extraConds(f: InviteeExtraFilter, now: number): SQL {
  const traded = sql`(first_trade IS NOT NULL OR last_trade IS NOT NULL)`;
  const stage: Record<string, SQL> = {
    traded,
    deposited: sql`NOT ${traded} AND first_deposit IS NOT NULL`,
    kyc: sql`NOT ${traded} AND first_deposit IS NULL AND kyc_result`,
    registered: sql`NOT ${traded} AND first_deposit IS NULL AND NOT kyc_result`,
  };
  const days = f.activeDays ?? ACTIVE_DAYS_DEFAULT;
  const active = sql`COALESCE(last_trade, first_trade) BETWEEN ${now - days * DAY_MS} AND ${now}`;
  const activity: Record<string, SQL> = { active, dormant: sql`${traded} AND NOT (${active})`, never: sql`NOT ${traded}` };
  const conds = [
    f.stage ? sql`(${stage[f.stage]})` : undefined,
    f.activity ? sql`(${activity[f.activity]})` : undefined,
    f.inviteCode !== undefined ? sql`invite_code = ${f.inviteCode}` : undefined,
  ].filter((c): c is SQL => c !== undefined);
  return conds.length ? sql.join(conds, sql` AND `) : sql`TRUE`;
}

/** Upstream order: newest registration first, then uid descending (as the archive's ORDER BY). */
function newestFirst(a: InviteeRecord, b: InviteeRecord): number {
  return b.registerTime - a.registerTime || (a.uid < b.uid ? 1 : a.uid > b.uid ? -1 : 0);
}

/**
 * One page of the invitee list with the extra filters. WEEX cannot filter by them, so a live
 * part is read whole and filtered here (with `source=live`: every page of the range); the
 * archive part is filtered and paged in SQL.
 */
export async function filteredInviteePage(
  sources: SelectedSources,
  input: InviteeFilter & InviteeExtraFilter & { page: number; pageSize: number },
  now: number,
  signal?: AbortSignal,
): Promise<WeexPage<InviteeRecord>> {
  const { page, pageSize, stage, activity, activeDays, inviteCode, ...filter } = input;
  const extra = { stage, activity, activeDays, inviteCode };
  const matches = matchesExtra(extra, now);
  return sources.inviteeAggregate(
    filter,
    (parts, io) =>
      pageAcrossParts(parts, page, pageSize, async (p, skip, want) => {
        const f = { ...filter, startTime: p.startTime, endTime: p.endTime };
        if (p.from === "live") {
          const got: InviteeRecord[] = [];
          for await (const batch of io.live(f)) got.push(...batch.filter(matches));
          got.sort(newestFirst);
          return { items: got.slice(skip, skip + want), total: got.length };
        }
        const db = await io.db();
        const conds = sql`${inviteeConds(f)} AND ${extraConds(extra, now)}`;
        const [{ n }] = await rows<{ n: unknown }>(db, sql`SELECT count(*) AS n FROM archive_invitee WHERE ${conds}`);
        const total = Number(n);
        if (want <= 0 || skip >= total) return { items: [], total };
        const list = await rows<InviteeRow>(
          db,
          sql`SELECT ${INVITEE_COLUMNS} FROM archive_invitee WHERE ${conds}
              ORDER BY register_time DESC, uid COLLATE "C" DESC LIMIT ${want} OFFSET ${skip}`,
        );
        return { items: list.map(inviteeRecord), total };
      }),
    signal,
  );
}

/** The export's batches with the extra filters applied (records set aside are added after, as received). */
export async function* filteredInvitees(batches: AsyncIterable<InviteeRecord[]>, extra: InviteeExtraFilter, now: number): AsyncGenerator<InviteeRecord[]> {
  const matches = matchesExtra(extra, now);
  for await (const batch of batches) {
    const kept = batch.filter(matches);
    if (kept.length > 0) yield kept;
  }
}

