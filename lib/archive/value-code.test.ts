/**
 * The value list filtered by invite code (migration 0540): the per-code summaries stay equal to
 * a recount from the raw rows through every kind of write (kept by deltas: a write touches only
 * its own invitees' code rows), the list with a code or a partner's two codes walked by bounds is
 * the list summed (and the unfiltered list's rows of those codes), and on PostgreSQL two writers
 * on one code, and an invitee re-coded meanwhile, neither deadlock nor lose a sum.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Dec, decimalText } from "@/lib/contract/decimal";
import type { ValueSort } from "@/lib/contract/params";
import { normalScope } from "@/lib/contract/scope";
import { openDatabase, type Database } from "@/lib/db/connection";
import { migrate, readMigrations } from "@/lib/db/migrate";
import { freshSchema, onEachTestDatabase, openTestPostgres, TEST_DATABASE_URL } from "@/lib/db/test-support";
import type { CommissionRecord } from "@/lib/weex/records";
import { DATASET_DEFS } from "./datasets";
import { rows, type Db } from "./db";
import { selectedSources } from "./sources";
import { pick, sampleCommissionRecords, sampleInviteeTotals, seededRandom, WALK_ALWAYS, WALK_NEVER } from "./test-support";
import { inviteeValue } from "./value";
import { DAY_MS } from "@/lib/time/calendar";

const SEP = Date.UTC(2026, 8, 1);
const NOW = Date.UTC(2026, 11, 20);
const uidOf = (i: number) => (i % 4 === 0 ? String(5_200_000 + i) : String(5_300_000_000 + i));
const INVITEES = 200;
const CODES = ["SPRING", "KOL7", null] as const;
/** every ninth invitee is archived later (its records first), the others from the start */
const codeOf = (i: number) => CODES[i % 3];
const lateInvitee = (i: number) => i % 9 === 4;

const NET = { uidOf, invitees: INVITEES, from: SEP };
const records = (p: number) => sampleCommissionRecords(2000 + p, NET, { count: 80, days: 100, heads: 12 });
const totals = (seed: number) => sampleInviteeTotals(seed, NET, { min: 2, spread: 8 });

const archiveInvitee = (db: Db, i: number, code: string | null = codeOf(i)) =>
  db.execute(sql`INSERT INTO archive_invitee (uid, register_time, kyc_result, invite_code, synced_at) VALUES (${uidOf(i)}, ${SEP - DAY_MS + i * 1000}, true, ${code}, ${NOW})
                 ON CONFLICT (uid) DO UPDATE SET invite_code = excluded.invite_code`);
const writeRecords = (db: Db, p: number, now = NOW) => db.transaction((tx) => DATASET_DEFS.commissions.upsert(tx, records(p), { productType: "SPOT" }, now));
const writeTotals = (db: Db, seed: number, from: number, to: number, now = NOW) => db.transaction((tx) => DATASET_DEFS.inviteeTotals.upsert(tx, totals(seed), {}, now, { from, to }));

const norm = (list: { k: string; v: string }[]) =>
  Object.fromEntries(list.map((r) => [r.k, r.v.split("|").map((x) => (/^-?\d[\d.]*$/.test(x) ? decimalText(new Dec(x)) : x)).join("|")]));

/** The per-code summaries and the totals rows' codes as held, and as recounted from the raw records, movement rows and invitees. */
async function expectCodeSums(db: Db): Promise<void> {
  const held = await rows<{ k: string; v: string }>(
    db,
    sql`SELECT invite_code || '|' || day || '|' || coin AS k, rows || '|' || records || '|' || commission || '|' || spot_volume || '|' || futures_volume AS v FROM archive_code_commission_day`,
  );
  const raw = await rows<{ k: string; v: string }>(
    db,
    sql`SELECT a.invite_code || '|' || (r.time - r.time % 86400000) || '|' || r.coin AS k,
               count(DISTINCT r.uid) || '|' || count(*) || '|' || coalesce(sum(r.commission), 0) || '|'
               || coalesce(sum(coalesce(r.taker_amount, 0) + coalesce(r.maker_amount, 0)) FILTER (WHERE r.product_type = 'SPOT'), 0) || '|'
               || coalesce(sum(coalesce(r.taker_amount, 0) + coalesce(r.maker_amount, 0)) FILTER (WHERE r.product_type = 'FUTURES'), 0) AS v
        FROM archive_commission r JOIN archive_invitee a ON a.uid = r.uid
        WHERE r.source_type = 1 AND a.invite_code IS NOT NULL GROUP BY a.invite_code, r.time - r.time % 86400000, r.coin`,
  );
  expect(norm(held)).toEqual(norm(raw));
  const heldMoves = await rows<{ k: string; v: string }>(
    db,
    sql`SELECT invite_code || '|' || period_from AS k, invitees || '|' || deposit_amount || '|' || withdrawal_amount AS v FROM archive_code_movement_period`,
  );
  const rawMoves = await rows<{ k: string; v: string }>(
    db,
    sql`SELECT a.invite_code || '|' || m.period_from AS k, count(*) || '|' || sum(coalesce(m.deposit_amount, 0)) || '|' || sum(coalesce(m.withdrawal_amount, 0)) AS v
        FROM archive_invitee_movement m JOIN archive_invitee a ON a.uid = m.uid WHERE a.invite_code IS NOT NULL GROUP BY a.invite_code, m.period_from`,
  );
  expect(norm(heldMoves)).toEqual(norm(rawMoves));
  const [{ wrong }] = await rows<{ wrong: unknown }>(
    db,
    sql`SELECT count(*) AS wrong FROM archive_invitee_value_total t LEFT JOIN archive_invitee a ON a.uid = t.uid WHERE t.invite_code IS DISTINCT FROM a.invite_code`,
  );
  expect(Number(wrong), "totals rows whose code is not the invitee's").toBe(0);
}

onEachTestDatabase("the per-code summaries", (database) => {
  const db = () => database().db;

  it("equal a recount after inserts, re-syncs, deletes, an invitee archived after its records and re-coded invitees", async () => {
    for (let i = 0; i < INVITEES; i++) if (!lateInvitee(i)) await archiveInvitee(db(), i);
    for (let p = 0; p < 6; p++) await writeRecords(db(), p);
    for (let d = 30; d < 50; d++) await writeTotals(db(), 100 + d, SEP + d * DAY_MS, SEP + (d + 1) * DAY_MS - 1);
    await writeTotals(db(), 7, SEP, SEP + 7 * DAY_MS - 1);
    await expectCodeSums(db());
    // a page re-synced (changed amounts), records moved to another day and invitee, a sweep, a delete
    await writeRecords(db(), 2, NOW + 1);
    await db().execute(sql`UPDATE archive_commission SET time = time + 3 * ${DAY_MS}::bigint, commission = commission * 2 WHERE key IN (SELECT key FROM archive_commission ORDER BY key LIMIT 30)`);
    await db().execute(sql`UPDATE archive_commission SET uid = ${uidOf(1)} WHERE key IN (SELECT key FROM archive_commission ORDER BY key DESC LIMIT 20)`);
    await db().transaction((tx) => DATASET_DEFS.commissions.sweep!(tx, { from: SEP + 20 * DAY_MS, to: SEP + 40 * DAY_MS }, { productType: "FUTURES" }, NOW + 1));
    await db().execute(sql`DELETE FROM archive_commission WHERE uid = ${uidOf(2)}`);
    // today's period read again, its amounts changed; a movement row deleted
    await writeTotals(db(), 31, SEP + 49 * DAY_MS, SEP + 50 * DAY_MS - 1, NOW + 1);
    await db().execute(sql`DELETE FROM archive_invitee_movement WHERE uid = ${uidOf(5)}`);
    await expectCodeSums(db());
    // invitees archived after their records; one re-coded, one losing its code, one gaining one, one deleted
    for (let i = 0; i < INVITEES; i++) if (lateInvitee(i)) await archiveInvitee(db(), i);
    await archiveInvitee(db(), 0, "KOL7");
    await archiveInvitee(db(), 1, null);
    await archiveInvitee(db(), 2, "SPRING");
    await db().execute(sql`DELETE FROM archive_invitee WHERE uid = ${uidOf(3)}`);
    await expectCodeSums(db());
    // more writes under the new codes
    for (let p = 6; p < 9; p++) await writeRecords(db(), p);
    await writeTotals(db(), 55, SEP + 55 * DAY_MS, SEP + 56 * DAY_MS - 1);
    await expectCodeSums(db());
    const [{ codes }] = await rows<{ codes: unknown }>(db(), sql`SELECT count(DISTINCT invite_code) AS codes FROM archive_code_commission_day`);
    expect(Number(codes)).toBe(2);
    await db().execute(sql`TRUNCATE archive_invitee`);
    await expectCodeSums(db());
  }, 180_000);

  it("a write moves only its own invitees' sums", async () => {
    const day = SEP + 70 * DAY_MS;
    const a = 600; // SPRING
    const b = 601; // KOL7
    await archiveInvitee(db(), a, "SPRING");
    await archiveInvitee(db(), b, "KOL7");
    const rec = (i: number, n: number): CommissionRecord => ({
      ...records(0)[0],
      uid: uidOf(i),
      date: day + n * 3_600_000,
      coin: "USDT",
      sourceType: 1,
      commission: String(n),
    });
    await db().transaction((tx) => DATASET_DEFS.commissions.upsert(tx, [rec(a, 1), rec(b, 2)], { productType: "SPOT" }, NOW));
    await writeTotals(db(), 1, day, day + DAY_MS - 1);
    await db().execute(sql`INSERT INTO archive_invitee_movement (period_from, uid, deposit_amount, withdrawal_amount, synced_at) VALUES (${day}, ${uidOf(a)}, 10, 0, ${NOW}), (${day}, ${uidOf(b)}, 20, 0, ${NOW})
                           ON CONFLICT DO NOTHING`);
    const state = () =>
      rows<{ k: string; x: string; v: string }>(
        db(),
        sql`SELECT 'c|' || invite_code AS k, xmin::text AS x, commission::text AS v FROM archive_code_commission_day WHERE day = ${day} AND coin = 'USDT'
            UNION ALL SELECT 'm|' || invite_code, xmin::text, deposit_amount::text FROM archive_code_movement_period WHERE period_from = ${day}`,
      ).then((list) => Object.fromEntries(list.map((r) => [r.k, r])));
    const before = await state();
    expect(Object.keys(before).sort()).toEqual(["c|KOL7", "c|SPRING", "m|KOL7", "m|SPRING"]);
    // invitee A trades again on the same day, and its deposits are read again
    await db().transaction((tx) => DATASET_DEFS.commissions.upsert(tx, [rec(a, 5)], { productType: "SPOT" }, NOW));
    await db().execute(sql`UPDATE archive_invitee_movement SET deposit_amount = deposit_amount + 1 WHERE period_from = ${day} AND uid = ${uidOf(a)}`);
    const after = await state();
    expect(after["c|KOL7"], "B's commission row of the day").toEqual(before["c|KOL7"]);
    expect(after["m|KOL7"], "B's movement row of the period").toEqual(before["m|KOL7"]);
    expect(new Dec(after["c|SPRING"].v).minus(before["c|SPRING"].v).toNumber()).toBe(5);
    expect(new Dec(after["m|SPRING"].v).minus(before["m|SPRING"].v).toNumber()).toBe(1);
    // A re-coded: B's rows stay untouched again
    await archiveInvitee(db(), a, "KOL7");
    const moved = await state();
    expect(moved["c|SPRING"]).toBeUndefined();
    expect(new Dec(moved["c|KOL7"].v).toNumber()).toBe(8);
    await expectCodeSums(db());
  }, 60_000);
});

describe("an archive reopened with migration 0540", () => {
  const kinds = [{ name: "pglite", url: undefined as string | undefined }, ...(TEST_DATABASE_URL ? [{ name: "postgres", url: TEST_DATABASE_URL }] : [])];
  for (const kind of kinds) {
    it(`fills the per-code summaries and the totals rows' codes from what is held (${kind.name})`, async () => {
      const fresh = kind.url ? await freshSchema(kind.url) : undefined;
      const database = await openDatabase(kind.url ? { kind: "postgres", url: kind.url, schema: fresh!.schema, max: 2 } : { kind: "memory" });
      try {
        await migrate(database, readMigrations().filter((m) => m.name < "0540"));
        const db = database.db;
        for (let i = 0; i < INVITEES; i++) if (!lateInvitee(i)) await archiveInvitee(db, i);
        for (let p = 0; p < 4; p++) await writeRecords(db, p);
        for (let d = 30; d < 40; d++) await writeTotals(db, 100 + d, SEP + d * DAY_MS, SEP + (d + 1) * DAY_MS - 1);
        const applied = await migrate(database);
        expect(applied.applied).toContain("0540_archive_value_code.sql");
        await expectCodeSums(db);
        const [{ n }] = await rows<{ n: unknown }>(db, sql`SELECT count(*) AS n FROM archive_code_commission_day`);
        expect(Number(n)).toBeGreaterThan(10);
      } finally {
        await database.close();
        await fresh?.drop();
      }
    }, 180_000);
  }
});


onEachTestDatabase("the value list of a code, walked by bounds", (database) => {
  const db = () => database().db;
  const sources = (codes?: string[]) =>
    selectedSources(
      "archive",
      { db: async () => db(), lister: { list: () => Promise.reject(new Error("no upstream in this test")) }, subAffiliateDays: 365, now: () => NOW },
      codes ? normalScope({ inviteCodes: codes }) : undefined,
    );

  it("fills the archive", async () => {
    for (let i = 0; i < INVITEES; i++) if (i % 10 !== 9) await archiveInvitee(db(), i);
    for (let p = 0; p < 20; p++) await writeRecords(db(), p);
    for (let w = 0; w < 4; w++) await writeTotals(db(), 50 + w, SEP + w * 7 * DAY_MS, SEP + (w + 1) * 7 * DAY_MS - 1);
    for (let d = 28; d < 100; d++) await writeTotals(db(), 100 + d, SEP + d * DAY_MS, SEP + (d + 1) * DAY_MS - 1);
    await expectCodeSums(db());
  }, 180_000);

  it("answers a code's and a partner's two codes' pages as the sums do, over ranges cut mid-day, for each sort", async () => {
    const rnd = seededRandom(11);
    const sorts: { sort: ValueSort; coin?: string }[] = [{ sort: "commission" }, { sort: "commission", coin: "BTC" }, { sort: "volume" }, { sort: "deposits" }];
    let compared = 0;
    for (let k = 0; k < 16; k++) {
      // (cut mid-day at both ends, but every fourth on whole days)
      const a = SEP - 2 * DAY_MS + Math.floor(rnd() * 60 * DAY_MS);
      const b = a + Math.floor((5 + rnd() * 60) * DAY_MS);
      const range = k % 4 === 3 ? { startTime: a - (a % DAY_MS), endTime: b - (b % DAY_MS) - 1 } : { startTime: a, endTime: b };
      const byCode = k % 2 === 0;
      const codes = byCode ? [pick(rnd, ["SPRING", "KOL7"])] : ["SPRING", "KOL7"];
      const q = { ...range, ...sorts[k % sorts.length], ...(byCode ? { inviteCode: codes[0] } : {}) };
      const src = () => (byCode ? sources() : sources(codes));
      const everyone = await inviteeValue(sources(), { ...range, ...sorts[k % sorts.length] }, "all");
      const mine = everyone.items.filter((i) => i.inviteCode !== null && codes.includes(i.inviteCode));
      for (const [page, pageSize] of [[1, 7], [2, 7], [1, 50]]) {
        const walked = await inviteeValue(src(), q, { page, pageSize }, undefined, WALK_ALWAYS);
        const summed = await inviteeValue(src(), q, { page, pageSize }, undefined, WALK_NEVER);
        const where = JSON.stringify({ q, codes, page, pageSize });
        expect(walked, where).toEqual(summed);
        // and an independent sum: the unfiltered list's rows of those codes
        expect(walked.items, where).toEqual(mine.slice((page - 1) * pageSize, page * pageSize));
        expect(walked.total, where).toBe(mine.length);
        if (walked.items.length) compared++;
      }
    }
    expect(compared, "pages with rows").toBeGreaterThan(30);
  }, 300_000);
});

describe.runIf(TEST_DATABASE_URL)("two writers on one code at once (postgres)", () => {
  let database: Database;
  const DAY = Date.UTC(2026, 10, 2);
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  beforeAll(async () => {
    database = await openTestPostgres();
    await database.db.execute(sql`INSERT INTO archive_movement_period (period_from, period_to, kind) VALUES (${DAY}, ${DAY + DAY_MS - 1}, 'day')`);
    for (const i of [1, 2, 3]) await archiveInvitee(database.db, i, "SPRING");
  });
  afterAll(async () => {
    await database?.close();
  });

  /** `first` written and held open; `others` started meanwhile must wait for it; all then finish. */
  async function overlapping(first: (tx: Db) => Promise<unknown>, others: ((tx: Db) => Promise<unknown>)[]): Promise<void> {
    let written!: () => void;
    const isWritten = new Promise<void>((r) => (written = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const held = database.db.transaction(async (tx) => {
      await first(tx as unknown as Db);
      written();
      await released;
    });
    await isWritten;
    let done = 0;
    const rest = others.map((w) => database.db.transaction((tx) => w(tx as unknown as Db)).finally(() => done++));
    await sleep(400);
    expect(done, "the others wait for the first transaction").toBe(0);
    release();
    await held;
    await Promise.all(rest); // (a deadlock would fail one of them)
  }

  const dayRow = (uid: string, usdt: number) => (tx: Db) =>
    tx.execute(sql`INSERT INTO archive_commission_invitee_day (day, uid, coin, records, commission, spot_volume, futures_volume) VALUES (${DAY}, ${uid}, 'USDT', 1, ${usdt}, 100, 0)
                   ON CONFLICT (day, uid, coin) DO UPDATE SET records = archive_commission_invitee_day.records + 1, commission = archive_commission_invitee_day.commission + excluded.commission`);
  const movementRow = (uid: string, dep: number) => (tx: Db) =>
    tx.execute(sql`INSERT INTO archive_invitee_movement (period_from, uid, deposit_amount, withdrawal_amount, synced_at) VALUES (${DAY}, ${uid}, ${dep}, 0, ${DAY})
                   ON CONFLICT (period_from, uid) DO UPDATE SET deposit_amount = excluded.deposit_amount`);
  const recode = (i: number, code: string) => (tx: Db) => archiveInvitee(tx, i, code);

  const codeRows = () =>
    rows<{ k: string; v: string }>(
      database.db,
      sql`SELECT 'c|' || invite_code AS k, rows || '|' || commission::numeric(20, 4) AS v FROM archive_code_commission_day
          UNION ALL SELECT 'm|' || invite_code, invitees || '|' || deposit_amount::numeric(20, 4) FROM archive_code_movement_period`,
    ).then((list) => Object.fromEntries(list.map((r) => [r.k, r.v])));

  /** totals rows whose code is not the invitee's */
  const recoded = () =>
    rows<{ uid: string }>(database.db, sql`SELECT t.uid FROM archive_invitee_value_total t LEFT JOIN archive_invitee a ON a.uid = t.uid WHERE t.invite_code IS DISTINCT FROM a.invite_code`);

  it("the commission and the deposits syncs on two invitees of one code, and a third invitee re-coded meanwhile", async () => {
    await overlapping(dayRow(uidOf(1), 2.5), [movementRow(uidOf(2), 40), dayRow(uidOf(2), 1), recode(1, "KOL7")]);
    expect(await codeRows()).toEqual({ "c|SPRING": "1|1.0000", "c|KOL7": "1|2.5000", "m|SPRING": "1|40.0000" });
    expect(await recoded()).toEqual([]);
  }, 30_000);

  it("an invitee re-coded first, its records and deposits written meanwhile: they land under the new code", async () => {
    await overlapping(recode(3, "KOL7"), [dayRow(uidOf(3), 7), movementRow(uidOf(3), 5), dayRow(uidOf(2), 1)]);
    expect(await codeRows()).toEqual({ "c|SPRING": "1|2.0000", "c|KOL7": "2|9.5000", "m|SPRING": "1|40.0000", "m|KOL7": "1|5.0000" });
    expect(await recoded()).toEqual([]);
  }, 30_000);
});
