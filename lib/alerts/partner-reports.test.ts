/**
 * Reports for each partner against a real database (PGlite, and PostgreSQL with
 * TEST_DATABASE_URL) and a real SMTP server in this process: every partner with an email gets
 * their own report — their figures, their CSV, their language — once per period, whatever runs
 * the due check again, retries or races it; what arrived is what is asserted.
 */
import { sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { describe, expect, it } from "vitest";
import { rows } from "@/lib/archive/db";
import { scheduleInput } from "@/lib/contract/alerts";
import type { Database } from "@/lib/db";
import { openDatabase } from "@/lib/db/connection";
import { migrate } from "@/lib/db/migrate";
import { users } from "@/lib/db/schema";
import { freshSchema, testBackends, TEST_DATABASE_URL } from "@/lib/db/test-support";
import { realChannels } from "./channels";
import { AlertEngine } from "./engine";
import { signCsvLink } from "./report";
import { createSchedule, enqueuePartnerReport, listDeliveries, listSchedules } from "./store";
import { channelsPerFile, freshDatabasePerTest, markSynced, seedDaily, seedInvitee } from "./test-support";

// A weekly schedule created on Wednesday 11 March: its first report covers 9–15 March, due on
// Monday the 16th once the archive holds the 15th.
const CREATED = Date.parse("2026-03-11T09:00:00Z");
const SYNCED = Date.parse("2026-03-16T00:30:00Z");
const DUE = Date.parse("2026-03-16T01:00:00Z");

const channels = channelsPerFile();

function engineFor(db: Database["db"]) {
  return new AlertEngine({
    db,
    channels: realChannels({ webhookTimeoutMs: 300, smtpUrl: channels.mail.url, mailFrom: "Dashboard <dash@example.test>", webhookPolicy: { allow: [{ host: "127.0.0.1", port: null }], never: [] } }),
    settings: { retryBaseMs: 1_000 },
    csvLink: (from, to, expires) => signCsvLink("http://dash.example.test", "test-link-secret", from, to, expires),
  });
}

/**
 * Three partners with disjoint scopes and one without an email, each with amounts nobody else
 * has: alice (S1, code CODEA, English), bo (S2, Chinese), cy (code CODEC only: no sub-affiliate
 * rows), dee (S4, no email); S3 and CODEX are nobody's.
 */
async function seedPartners(db: Database["db"]) {
  await seedDaily(db, "S1", "SPOT", { "2026-03-10": ["111.11", "7.77"] });
  await seedDaily(db, "S2", "FUTURES", { "2026-03-10": ["222.22", "9.99"] });
  await seedDaily(db, "S3", "SPOT", { "2026-03-10": ["333.33", "5.55"] });
  await seedDaily(db, "S4", "SPOT", { "2026-03-10": ["444.44", "4.44"] });
  const at = Date.parse("2026-03-10T10:00:00Z");
  await seedInvitee(db, "ia", { register: at, kyc: true, firstTrade: at + 3_600_000, inviteCode: "CODEA" });
  await seedInvitee(db, "ic1", { register: at, inviteCode: "CODEC" });
  await seedInvitee(db, "ic2", { register: at, kyc: true, inviteCode: "CODEC" });
  await seedInvitee(db, "ix", { register: at, kyc: true, firstDeposit: at, inviteCode: "CODEX" });
  const partner = (username: string, email: string | null, locale: "en" | "zh-CN" | null, subs: string[], codes: string[]) => ({
    username,
    passwordHash: "not-a-login",
    role: "partner" as const,
    email,
    locale,
    scopeSubAffiliateUids: subs,
    scopeInviteCodes: codes,
  });
  await db.insert(users).values([
    partner("alice", "alice@example.test", "en", ["S1"], ["CODEA"]),
    partner("bo", "bo@example.test", "zh-CN", ["S2"], []),
    partner("cy", "cy@example.test", null, [], ["CODEC"]),
    partner("dee", null, "en", ["S4"], []),
    // not partners, or not enabled: no report, and not "skipped" either
    { ...partner("eve", "eve@example.test", "en", ["S3"], []), disabled: true },
    { username: "viewer1", passwordHash: "x", role: "viewer" as const, email: "viewer@example.test" },
  ]);
  await markSynced(db, SYNCED);
  return createSchedule(db, scheduleInput.parse({ name: "Partner weekly", cadence: "weekly", audience: "each-partner" }), CREATED);
}

const to = (m: ParsedMail) => (Array.isArray(m.to) ? m.to : [m.to]).flatMap((a) => a?.value.map((v) => v.address) ?? []);
const mailsTo = (address: string) => channels.mail.mails.filter((m) => to(m).includes(address));
const csvOf = (m: ParsedMail) => m.attachments[0]!.content.toString("utf8").replace(/^\uFEFF/, "").trim().split("\r\n");
const everything = (m: ParsedMail) => `${m.subject}\n${m.text}\n${String(m.html)}\n${csvOf(m).join("\n")}`;
const CSV_HEADER = "subAffiliateUid,productType,day,tradingVolume,netTradingFee,paidCommission";

/** The one report mailed to `address`: its subject, text pieces, CSV rows (after the header) and what it must not show of others. */
function expectReport(address: string, r: { subject?: string; contains: string[]; csv: string[]; absent: string[] }): ParsedMail {
  const [m] = mailsTo(address);
  if (r.subject !== undefined) expect(m!.subject).toBe(r.subject);
  for (const piece of r.contains) expect(m!.text).toContain(piece);
  expect(csvOf(m!)).toEqual([CSV_HEADER, ...r.csv]);
  for (const other of r.absent) expect(everything(m!)).not.toContain(other);
  return m!;
}

for (const backend of testBackends()) {
  describe(`reports for each partner (${backend.name})`, () => {
    let db: Database["db"];
    freshDatabasePerTest(backend, channels, (database) => (db = database.db));

    it("sends each partner with an email their own report once: their rows only, in their language; one without an email is skipped and named", async () => {
      const schedule = await seedPartners(db);
      expect(schedule).toMatchObject({ audience: "each-partner", destinationIds: [], skippedPartners: [] });
      const engine = engineFor(db);
      expect(await engine.runSchedules(DUE)).toBe(1);
      // the due check again, and another engine on the same database (a restart): nothing more
      expect(await engine.runSchedules(DUE + 1_000)).toBe(0);
      expect(await engineFor(db).runSchedules(DUE + 60_000)).toBe(0);
      await engine.deliverDue(() => DUE);
      await engineFor(db).deliverDue(() => DUE + 60_000);

      expect(channels.mail.mails.flatMap(to).sort()).toEqual(["alice@example.test", "bo@example.test", "cy@example.test"]);
      expect(channels.receiver.received).toHaveLength(0);

      // alice: S1 and CODEA's invitee only
      expectReport("alice@example.test", {
        subject: "Partner weekly: weekly report 2026-03-09 – 2026-03-15 (UTC)",
        contains: ["Your own figures (alice): sub-affiliates S1; invite codes CODEA.", "Trading volume: 111.11 (previous 0", "1. S1: commission 7.77, volume 111.11", "registered 1, KYC 1, first deposit 0, first trade 1"],
        csv: ["S1,SPOT,2026-03-10,111.11,15.54,7.77"],
        absent: ["S2", "S3", "S4", "222.22", "333.33", "444.44", "9.99", "5.55", "4.44", "CODEC", "CODEX"],
      });

      // bo: in Chinese, S2 only, no invitees (no invite codes)
      const b = expectReport("bo@example.test", {
        subject: "Partner weekly：每周报告 2026-03-09 – 2026-03-15（UTC）",
        contains: ["您自己的数据（bo）：下级代理 S2。", "交易量：222.22", "1. S2：佣金 9.99，交易量 222.22", "注册 0，KYC 0，首次入金 0，首次交易 0"],
        csv: ["S2,FUTURES,2026-03-10,222.22,19.98,9.99"],
        absent: ["S1", "S3", "S4", "111.11", "333.33", "444.44", "7.77", "5.55", "CODEA"],
      });
      expect(`${b.text}${String(b.html)}`).not.toMatch(/Top ten|Invitee funnel|previous|commission|Your own/);
      expect(b.attachments[0]!.filename).toBe("下级代理_2026-03-09_2026-03-15.csv");

      // cy: invite codes only: their two invitees, no sub-affiliate rows at all
      expectReport("cy@example.test", {
        contains: ["Your own figures (cy): invite codes CODEC.", "Trading volume: 0 (previous 0", "registered 2, KYC 1, first deposit 0, first trade 0"],
        csv: [],
        absent: ["S1", "S2", "S3", "S4", "111.11", "222.22", "333.33", "444.44"],
      });

      // the delivery log names each partner; the schedule names the one without an email
      const log = await listDeliveries(db, { page: 1, pageSize: 10 });
      expect(log.items.map((d) => [d.recipient?.username, d.destinationId, d.purpose, d.state]).sort()).toEqual([
        ["alice", null, "report", "sent"],
        ["bo", null, "report", "sent"],
        ["cy", null, "report", "sent"],
      ]);
      expect((await listSchedules(db))[0]).toMatchObject({ id: schedule.id, skippedPartners: ["dee"] });
    });

    it("retries a refused partner's report alone: what was sent is not sent again", async () => {
      await seedPartners(db);
      channels.mail.refuse.add("bo@example.test");
      const engine = engineFor(db);
      expect(await engine.runSchedules(DUE)).toBe(1);
      await engine.deliverDue(() => DUE);
      expect(channels.mail.mails.flatMap(to).sort()).toEqual(["alice@example.test", "cy@example.test"]);
      const bo = (await listDeliveries(db, { page: 1, pageSize: 10 })).items.find((d) => d.recipient?.username === "bo")!;
      expect(bo).toMatchObject({ state: "pending", attempts: [{ ok: false }] });

      // bo's mailbox works again; the retry is due after the backoff (1 s here)
      channels.mail.refuse.clear();
      expect(await engine.runSchedules(DUE + 5_000)).toBe(0);
      await engine.deliverDue(() => DUE + 5_000);
      await engine.deliverDue(() => DUE + 60_000);
      expect(channels.mail.mails.flatMap(to).sort()).toEqual(["alice@example.test", "bo@example.test", "cy@example.test"]);
      expect((await listDeliveries(db, { page: 1, pageSize: 10 })).items.every((d) => d.state === "sent")).toBe(true);
    });

    it("queues a period's report for a partner once: a second queueing adds nothing (a unique key in the database)", async () => {
      const schedule = await seedPartners(db);
      const [alice] = await rows<{ id: string }>(db, sql`SELECT id::text AS id FROM users WHERE username = 'alice'`);
      const message = { title: "t", text: "t", html: "t", body: {} };
      const once = { scheduleId: schedule.id, periodEnd: DUE, recipient: { userId: alice!.id, username: "alice" }, message };
      expect(await enqueuePartnerReport(db, once, DUE)).not.toBeNull();
      expect(await enqueuePartnerReport(db, once, DUE + 1)).toBeNull();
      expect(await enqueuePartnerReport(db, { ...once, periodEnd: DUE + 7 * 86_400_000 }, DUE + 2)).not.toBeNull();
      expect((await listDeliveries(db, { page: 1, pageSize: 10 })).total).toBe(2);
    });

    it("sends nothing of the old scope once the partner's scope changed, nor to a partner who lost their email", async () => {
      await seedPartners(db);
      const engine = engineFor(db);
      expect(await engine.runSchedules(DUE)).toBe(1);
      await db.execute(sql`UPDATE users SET scope_sub_affiliate_uids = ARRAY['S9']::text[] WHERE username = 'alice'`);
      await db.execute(sql`UPDATE users SET email = NULL WHERE username = 'bo'`);
      await engine.deliverDue(() => DUE);
      expect(channels.mail.mails.flatMap(to)).toEqual(["cy@example.test"]);
      const log = (await listDeliveries(db, { page: 1, pageSize: 10 })).items;
      for (const who of ["alice", "bo"]) expect(log.find((d) => d.recipient?.username === who)).toMatchObject({ state: "failed", nextAttemptAt: null });
    });
  });
}

describe.runIf(TEST_DATABASE_URL)("reports for each partner on PostgreSQL from two instances at once", () => {
  it("two engines on one database running the due check and sending at the same time send each partner's report once", async () => {
    const url = TEST_DATABASE_URL!;
    const fresh = await freshSchema(url);
    const a = await openDatabase({ kind: "postgres", url, schema: fresh.schema, max: 4 });
    const b = await openDatabase({ kind: "postgres", url, schema: fresh.schema, max: 4 });
    try {
      await migrate(a);
      channels.mail.mails.length = 0;
      channels.mail.refuse.clear();
      await seedPartners(a.db);
      const [ea, eb] = [engineFor(a.db), engineFor(b.db)];
      const queued = await Promise.all([ea.runSchedules(DUE), eb.runSchedules(DUE), ea.runSchedules(DUE), eb.runSchedules(DUE)]);
      expect(queued.reduce((s, n) => s + n, 0)).toBe(1);
      await Promise.all([ea.deliverDue(() => DUE), eb.deliverDue(() => DUE)]);
      expect(channels.mail.mails.flatMap(to).sort()).toEqual(["alice@example.test", "bo@example.test", "cy@example.test"]);
      const [n] = await rows<{ n: unknown }>(a.db, sql`SELECT COUNT(*) AS n FROM alert_delivery WHERE recipient_user_id IS NOT NULL`);
      expect(Number(n!.n)).toBe(3);
    } finally {
      await a.close();
      await b.close();
      await fresh.drop();
    }
  }, 60_000);
});
