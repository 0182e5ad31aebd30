import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildCohorts, cohortBuckets, cohortsAnswer, hoursText, TRADE_DELAY_BINS, WITHIN_DAYS } from "@/lib/affiliate/cohorts";
import { onEachTestDatabase } from "@/lib/db/test-support";
import type { InviteeRecord } from "@/lib/weex/records";
import { archiveCohorts } from "./cohorts-query";
import { DATASET_DEFS } from "./datasets";
import { rows } from "./db";
import { HOUR_MS, splitByHour } from "./invitee-hours";
import { DAY_MS } from "@/lib/time/calendar";

// The hourly summary (migration 0140) against the pure computation over the same records:
// every "within" and bin edge, boundaries on and off the hour, and the summary kept exact when
// records are re-synced, moved to another hour, swept or deleted by hand.

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const MONDAY = Date.UTC(2026, 10, 16); // a Monday, 00:00 UTC

describe("splitByHour", () => {
  it("reads only the request's own ends raw when every cohort boundary is on the hour (UTC weeks)", () => {
    const range = { startTime: MONDAY - 20 * DAY_MS + 123, endTime: MONDAY + 5 * DAY_MS + 456 };
    const s = splitByHour(cohortBuckets(range.startTime, range.endTime, "week", "UTC"), range);
    expect(s.cut).toEqual([MONDAY - 20 * DAY_MS, MONDAY + 5 * DAY_MS]);
    expect(s.whole).toEqual({ from: MONDAY - 20 * DAY_MS + HOUR_MS, to: MONDAY + 5 * DAY_MS });
  });

  it("cuts the hour holding each half-hour zone's midnight (Asia/Kolkata, +05:30)", () => {
    const range = { startTime: MONDAY - 14 * DAY_MS, endTime: MONDAY + 7 * DAY_MS - 1 };
    const buckets = cohortBuckets(range.startTime, range.endTime, "week", "Asia/Kolkata");
    const s = splitByHour(buckets, range);
    // Monday 00:00 in Kolkata is Sunday 18:30 UTC: the 18:00 UTC hour is read raw
    expect(s.cut).toEqual([MONDAY - 8 * DAY_MS + 18 * HOUR_MS, MONDAY - DAY_MS + 18 * HOUR_MS, MONDAY + 6 * DAY_MS + 18 * HOUR_MS]);
    expect(s.whole).toEqual({ from: range.startTime, to: range.endTime + 1 });
  });

  it("a range inside one hour is read raw", () => {
    const range = { startTime: MONDAY + 60_000, endTime: MONDAY + 120_000 };
    const s = splitByHour(cohortBuckets(range.startTime, range.endTime, "month", "UTC"), range);
    expect(s.cut).toEqual([MONDAY]);
    expect(s.whole.from).toBeGreaterThanOrEqual(s.whole.to);
  });
});

let seq = 0;
function invitee(registerTime: number, over: Partial<InviteeRecord> = {}): InviteeRecord {
  seq++;
  return {
    uid: String(9_000_000_000_000_000_000n + BigInt(seq)),
    registerTime,
    kycResult: seq % 3 !== 0,
    inviteCode: seq % 2 ? "A" : null,
    firstDeposit: null,
    firstTrade: null,
    lastDeposit: null,
    lastTrade: null,
    ...over,
  } as InviteeRecord;
}

/** Registrations on both sides of every edge: each "within" day and bin bound, ±1 ms. */
function edgeRecords(): InviteeRecord[] {
  const out: InviteeRecord[] = [];
  const delays = [
    ...Object.values(WITHIN_DAYS).flatMap((d) => [d * DAY_MS, d * DAY_MS + 1]),
    ...TRADE_DELAY_BINS.filter((h): h is number => h !== null).flatMap((h) => [h * HOUR_MS, h * HOUR_MS + 1]),
    0,
    -5 * 60_000, // a first event recorded before the registration counts as within
    40 * DAY_MS,
  ];
  // registrations on the hour, just before and after it, and at half past (Kolkata's midnight)
  const starts = [MONDAY - 7 * DAY_MS, MONDAY - DAY_MS + 18 * HOUR_MS + 30 * 60_000, MONDAY - DAY_MS + 18 * HOUR_MS + 30 * 60_000 - 1, MONDAY - 1, MONDAY, MONDAY + 3 * DAY_MS + 17];
  for (const r of starts)
    for (const d of delays) {
      out.push(invitee(r, { firstTrade: r + d, lastTrade: r + d }));
      out.push(invitee(r + 7, { firstDeposit: r + 7 + d }));
    }
  out.push(invitee(MONDAY + 2 * HOUR_MS, { firstTrade: NOW - 2 * DAY_MS, lastTrade: NOW - 1000 })); // active now
  out.push(invitee(MONDAY + 2 * HOUR_MS, { firstTrade: MONDAY + 3 * HOUR_MS, lastTrade: NOW - 31 * DAY_MS })); // dormant
  return out;
}

const queries = [
  { startTime: MONDAY - 30 * DAY_MS, endTime: NOW, by: "week" as const, tz: "UTC" },
  { startTime: MONDAY - 30 * DAY_MS + 12_345, endTime: NOW - 6_789, by: "week" as const, tz: "Asia/Kolkata" },
  { startTime: MONDAY - 30 * DAY_MS, endTime: NOW, by: "month" as const, tz: "Asia/Shanghai" },
  { startTime: MONDAY - 30 * DAY_MS, endTime: NOW, by: "week" as const, tz: "Asia/Kathmandu" },
];

onEachTestDatabase("invitee hourly summary", (database) => {
  const db = () => database().db;
  let held = new Map<string, InviteeRecord>();

  /** The sync's own writer (datasets.ts), one transaction per page. */
  const upsert = (records: InviteeRecord[]) => db().transaction((tx) => DATASET_DEFS.invitees.upsert(tx, records, {}, NOW));

  async function expectSameAsRecords() {
    for (const q of queries) {
      const buckets = cohortBuckets(q.startTime, q.endTime, q.by, q.tz);
      const expected = await buildCohorts((async function* () { yield [...held.values()]; })(), q, NOW);
      const got = await archiveCohorts(db(), buckets, q, NOW);
      const answer = cohortsAnswer(q.by, q.tz, buckets, got.counts, got.medianMs.map((m) => (m === null ? null : hoursText(m))), got.bins);
      expect(answer, `${q.by} ${q.tz}`).toEqual(expected);
    }
    // and the summary is what a recount from scratch gives
    const before = await rows(db(), sql`SELECT * FROM archive_invitee_hour ORDER BY hour`);
    await db().execute(sql`SELECT archive_invitee_hour_recount(ARRAY(SELECT hour FROM archive_invitee_hour UNION SELECT DISTINCT register_time - register_time % 3600000 FROM archive_invitee))`);
    expect(await rows(db(), sql`SELECT * FROM archive_invitee_hour ORDER BY hour`)).toEqual(before);
  }

  it("counts every edge as the records do, on and off the hour, in whole-hour and half-hour zones", async () => {
    const records = edgeRecords();
    held = new Map(records.map((r) => [r.uid, r]));
    await upsert(records.slice(0, 40));
    await upsert(records.slice(40));
    const [{ n }] = await rows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM archive_invitee_hour`);
    expect(Number(n)).toBeGreaterThan(0);
    await expectSameAsRecords();
  });

  it("stays exact when records are re-synced: a later deposit and trade, a registration moved to another hour", async () => {
    const list = [...held.values()];
    const later = list.filter((r) => r.firstDeposit === null).slice(0, 5).map((r) => ({ ...r, firstDeposit: r.registerTime + HOUR_MS, firstTrade: r.registerTime + 2 * HOUR_MS, lastTrade: NOW - 5 }));
    // alone in its hour among this page's records, so only its old row says that hour changed
    const mover = list.find((r) => r.registerTime === MONDAY + 3 * DAY_MS + 17)!;
    const moved = { ...mover, registerTime: mover.registerTime + 5 * HOUR_MS + 1 };
    const fresh = invitee(MONDAY + 4 * DAY_MS, { firstTrade: MONDAY + 4 * DAY_MS + 1 });
    for (const r of [...later, moved, fresh]) held.set(r.uid, r);
    await upsert([...later, moved, fresh]);
    await expectSameAsRecords();
  });

  it("stays exact when rows are swept or deleted by hand", async () => {
    // a sweep of [MONDAY, MONDAY + 1 day]: the upstream no longer lists what was not re-written
    await db().transaction((tx) => DATASET_DEFS.invitees.sweep(tx, { from: MONDAY, to: MONDAY + DAY_MS }, {}, NOW + 1));
    for (const [uid, r] of held) if (r.registerTime >= MONDAY && r.registerTime <= MONDAY + DAY_MS) held.delete(uid);
    await db().execute(sql`DELETE FROM archive_invitee WHERE register_time < ${MONDAY - 6 * DAY_MS}`);
    for (const [uid, r] of held) if (r.registerTime < MONDAY - 6 * DAY_MS) held.delete(uid);
    await expectSameAsRecords();
    await db().execute(sql`TRUNCATE archive_invitee`);
    held.clear();
    expect(await rows(db(), sql`SELECT * FROM archive_invitee_hour`)).toEqual([]);
    await expectSameAsRecords();
  });
});
