/**
 * The alerts engine against a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL), a
 * real HTTP receiver and a real SMTP server in this process: what arrived is what is asserted.
 */
import Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rows } from "@/lib/archive/db";
import { LocalLock, PgAdvisoryLock } from "@/lib/archive/lock";
import type { Database } from "@/lib/db";
import { freshSchema, testBackends, TEST_DATABASE_URL } from "@/lib/db/test-support";
import { openDatabase } from "@/lib/db/connection";
import { migrate } from "@/lib/db/migrate";
import { realChannels } from "./channels";
import { verifyWebhookSignature } from "./signature";
import { AlertEngine } from "./engine";
import { ruleInput, scheduleInput } from "@/lib/contract/alerts";
import { checkCsvLink, signCsvLink } from "./report";
import { createDestination, createRule, createSchedule, deleteDestination, listDeliveries, listEpisodes } from "./store";
import { channelsPerFile, dayRange, freshDatabasePerTest, markSynced, seedDaily, seedInvitee } from "./test-support";
import { AlertWorker } from "./worker";

const NOW = Date.parse("2026-03-20T12:00:00Z"); // last complete UTC day: 2026-03-19
const BASE = dayRange("2026-02-13", 28); // the 28 days before the last 7
const RECENT = dayRange("2026-03-13", 7);
const LINK_SECRET = "test-link-secret";

const channels = channelsPerFile();

function engineFor(db: Database["db"], settings: Partial<AlertEngine["settings"]> = {}) {
  return new AlertEngine({
    db,
    // The receiver is on 127.0.0.1: allowed on purpose, as ALERT_WEBHOOK_ALLOW_HOSTS does.
    channels: realChannels({ webhookTimeoutMs: 300, smtpUrl: channels.mail.url, mailFrom: "Dashboard <dash@example.test>", webhookPolicy: { allow: [{ host: "127.0.0.1", port: null }], never: [] } }),
    settings: { retryBaseMs: 1_000, ...settings },
    csvLink: (from, to, expires) => signCsvLink("http://dash.example.test", LINK_SECRET, from, to, expires),
  });
}

/** A sub-affiliate silent since 1 March and a "silent" rule sending to the channels.receiver. */
async function silentPartner(on: Database["db"], extra: Record<string, unknown> = {}) {
  const { destination } = await createDestination(on, { kind: "webhook", name: "hook", url: channels.receiver.url }, NOW - 1000);
  await seedDaily(on, "quiet", "SPOT", { "2026-03-01": ["10", "1"] });
  await markSynced(on, NOW);
  await createRule(on, ruleInput.parse({ name: "silent", kind: "silent", destinationIds: [destination.id], ...extra }), NOW - 1000);
}

/** The receiver's check (signature.ts): signed with this secret, over this body, within 5 minutes of now. */
const verify = (secret: string, body: string, header: string | string[] | undefined, nowS = Math.floor(Date.now() / 1000)) => verifyWebhookSignature(secret, header, body, nowS);

for (const backend of testBackends()) {
  describe(`alerts engine (${backend.name})`, () => {
    let db: Database["db"];
    freshDatabasePerTest(backend, channels, (database) => (db = database.db));

    async function webhook(name = "hook") {
      return createDestination(db, { kind: "webhook", name, url: channels.receiver.url }, NOW - 1000);
    }

    it("fires a volume drop once per episode, signs the webhook, sends the archive's figures, and resolves when it ends", async () => {
      // S1: 100 a day before, 50 a day in the last 7 (−50 %); S2 steady at 100.
      await seedDaily(db, "S1", "SPOT", Object.fromEntries([...BASE.map((d) => [d, ["100", "1"]]), ...RECENT.map((d) => [d, ["50", "0.5"]])]) as Record<string, [string, string]>);
      await seedDaily(db, "S2", "SPOT", Object.fromEntries([...BASE, ...RECENT].map((d) => [d, ["100", "1"]])) as Record<string, [string, string]>);
      await markSynced(db, NOW - 60_000);
      const { destination, secret } = await webhook();
      await createRule(db, ruleInput.parse({ name: "Volume drop", kind: "drop", destinationIds: [destination.id] }), NOW - 1000);
      const engine = engineFor(db);

      expect(await engine.evaluate(NOW)).toMatchObject({ opened: 1, resolved: 0 });
      await engine.deliverDue(() => NOW);
      expect(channels.receiver.received).toHaveLength(1);
      const got = channels.receiver.received[0]!;
      expect(verify(secret!, got.body, got.headers["x-weex-signature"])).toBe(true);
      expect(verify("another-secret", got.body, got.headers["x-weex-signature"])).toBe(false);
      expect(verify(secret!, got.body.replace('"S1"', '"S2"'), got.headers["x-weex-signature"])).toBe(false);
      expect(verify(secret!, got.body, got.headers["x-weex-signature"], Math.floor(Date.now() / 1000) + 301)).toBe(false); // replayed 5 min later
      const body = JSON.parse(got.body) as { type: string; episode: { subject: string; detail: Record<string, string> } };
      expect(body.type).toBe("alert.fired");
      expect(body.episode.subject).toBe("S1");
      // The figures are the archive's sums.
      const [sums] = await rows<{ recent: string; base: string }>(
        db,
        sql`SELECT SUM(trading_volume) FILTER (WHERE day >= '2026-03-13')::text AS recent, SUM(trading_volume) FILTER (WHERE day < '2026-03-13')::text AS base
              FROM archive_sub_affiliate_daily WHERE sub_affiliate_uid = 'S1'`,
      );
      expect(new Decimal(body.episode.detail.recentTotal!).eq(sums!.recent)).toBe(true);
      expect(new Decimal(body.episode.detail.baselineTotal!).eq(sums!.base)).toBe(true);
      expect(body.episode.detail.changePercent).toBe("-50.00");

      // Another sync while the drop holds: no second alert.
      await markSynced(db, NOW + 60_000);
      expect(await engine.evaluate(NOW + 120_000)).toMatchObject({ opened: 0, resolved: 0 });
      await engine.deliverDue(() => NOW + 120_000);
      expect(channels.receiver.received).toHaveLength(1);

      // S1 trades as before again: the episode resolves, once.
      await seedDaily(db, "S1", "SPOT", Object.fromEntries(RECENT.map((d) => [d, ["100", "1"]])) as Record<string, [string, string]>);
      await markSynced(db, NOW + 180_000);
      expect(await engine.evaluate(NOW + 240_000)).toMatchObject({ opened: 0, resolved: 1 });
      await engine.deliverDue(() => NOW + 240_000);
      expect(channels.receiver.received).toHaveLength(2);
      expect(JSON.parse(channels.receiver.received[1]!.body)).toMatchObject({ type: "alert.resolved", episode: { subject: "S1" } });
      const history = await listEpisodes(db, { page: 1, pageSize: 10 });
      expect(history.items).toHaveLength(1);
      expect(history.items[0]!.resolvedAt).toBe(NOW + 240_000);
    });

    it("does not judge days the archive does not hold yet", async () => {
      await seedDaily(db, "S1", "SPOT", Object.fromEntries(BASE.map((d) => [d, ["100", "1"]])) as Record<string, [string, string]>);
      await markSynced(db, Date.parse("2026-03-19T10:00:00Z")); // before the 19th ended
      await createRule(db, ruleInput.parse({ name: "drop", kind: "drop" }), NOW - 1000);
      expect(await engineFor(db).evaluate(NOW)).toMatchObject({ evaluated: 0, opened: 0 });
    });

    it("finds silent sub-affiliates, dormant invitees and daily totals", async () => {
      await seedDaily(db, "quiet", "FUTURES", { "2026-03-01": ["10", "1"] });
      await seedDaily(db, "busy", "FUTURES", { "2026-03-19": ["10", "2.5"] });
      const day = 86_400_000;
      // Two invitees cross "30 days without a trade" between the rule's creation and the sync.
      await seedInvitee(db, "a", { register: NOW - 90 * day, lastTrade: NOW - 30 * day - 1000 });
      await seedInvitee(db, "b", { register: NOW - 90 * day, lastTrade: NOW - 30 * day - 2000 });
      await seedInvitee(db, "c", { register: NOW - 90 * day, lastTrade: NOW - 2 * day });
      await seedInvitee(db, "new1", { register: Date.parse("2026-03-19T08:00:00Z") });
      await markSynced(db, NOW);
      const created = NOW - 5000;
      await createRule(db, ruleInput.parse({ name: "silent", kind: "silent", params: { days: 7 } }), created);
      await createRule(db, ruleInput.parse({ name: "dormant", kind: "dormant", params: { days: 30, count: 2 } }), created);
      await createRule(db, ruleInput.parse({ name: "commission", kind: "daily", params: { metric: "paidCommission", direction: "above", threshold: "2" } }), created);
      await createRule(db, ruleInput.parse({ name: "invitees", kind: "daily", params: { metric: "newInvitees", direction: "below", threshold: "5" } }), created);
      await engineFor(db).evaluate(NOW);
      const open = (await listEpisodes(db, { page: 1, pageSize: 10, state: "open" })).items;
      const by = Object.fromEntries(open.map((e) => [e.ruleName, e]));
      expect(Object.keys(by).sort()).toEqual(["commission", "dormant", "invitees", "silent"]);
      expect(by.silent!.subject).toBe("quiet");
      expect(by.dormant!.detail).toMatchObject({ count: 2, uids: ["b", "a"] });
      expect(by.commission!.detail).toMatchObject({ day: "2026-03-19", value: "2.5" });
      expect(by.invitees!.detail).toMatchObject({ value: "1" });
      // Dormant counts crossings since the last evaluation: nothing new, so it resolves.
      await markSynced(db, NOW + 60_000);
      await engineFor(db).evaluate(NOW + 60_000);
      expect((await listEpisodes(db, { page: 1, pageSize: 10, state: "open" })).items.map((e) => e.ruleName).sort()).toEqual(["commission", "invitees", "silent"]);
    });

    it("retries a failing or silent receiver with backoff and logs every attempt", async () => {
      await silentPartner(db);
      const engine = engineFor(db, { retryBaseMs: 1_000, maxAttempts: 4 });
      channels.receiver.script.push(500, "hang", 503, 200);
      await engine.evaluate(NOW);
      let t = NOW;
      await engine.deliverDue(() => t); // 500
      await engine.deliverDue(() => t); // not due yet: nothing sent
      expect(channels.receiver.received).toHaveLength(1);
      t += 1_000;
      await engine.deliverDue(() => t); // hangs → timeout
      t += 2_000;
      await engine.deliverDue(() => t); // 503
      t += 4_000;
      await engine.deliverDue(() => t); // 200
      expect(channels.receiver.received).toHaveLength(4);
      // Every retry is the same delivery, byte for byte.
      expect(new Set(channels.receiver.received.map((r) => r.body)).size).toBe(1);
      expect(new Set(channels.receiver.received.map((r) => r.headers["x-weex-delivery"])).size).toBe(1);
      const [log] = (await listDeliveries(db, { page: 1, pageSize: 10 })).items;
      expect(log!.state).toBe("sent");
      expect(log!.attempts.map((a) => [a.ok, a.status])).toEqual([
        [false, 500],
        [false, null],
        [false, 503],
        [true, 200],
      ]);
      expect(log!.attempts[1]!.error).toMatch(/no answer within 300 ms/);
    });

    it("gives up after the last attempt and says so", async () => {
      await silentPartner(db);
      const engine = engineFor(db, { retryBaseMs: 1, maxAttempts: 2 });
      channels.receiver.script.push(500, 500, 500);
      await engine.evaluate(NOW);
      await engine.deliverDue(() => NOW);
      await engine.deliverDue(() => NOW + 10);
      await engine.deliverDue(() => NOW + 100);
      expect(channels.receiver.received).toHaveLength(2);
      const [log] = (await listDeliveries(db, { page: 1, pageSize: 10 })).items;
      expect(log!.state).toBe("failed");
    });

    it("sends nothing more to a deleted destination, retries included", async () => {
      await silentPartner(db);
      const engine = engineFor(db, { retryBaseMs: 1 });
      channels.receiver.script.push(500);
      await engine.evaluate(NOW);
      await engine.deliverDue(() => NOW);
      expect(channels.receiver.received).toHaveLength(1);
      const [{ id }] = await rows<{ id: string }>(db, sql`SELECT id FROM alert_destination`);
      expect(await deleteDestination(db, id!, NOW + 5)).toBe(true);
      await engine.deliverDue(() => NOW + 1_000);
      expect(channels.receiver.received).toHaveLength(1);
      const [log] = (await listDeliveries(db, { page: 1, pageSize: 10 })).items;
      expect(log!.state).toBe("failed");
      expect(log!.attempts.at(-1)!.error).toMatch(/no longer exists/);
    });

    it("holds messages in the rule's quiet period and sends them when it ends", async () => {
      // 12:00 UTC is 13:00 in Berlin: inside 12:30–14:00 there.
      await silentPartner(db, { timeZone: "Europe/Berlin", quiet: { from: "12:30", to: "14:00" } });
      const engine = engineFor(db);
      await engine.evaluate(NOW);
      await engine.deliverDue(() => NOW);
      expect(channels.receiver.received).toHaveLength(0);
      await engine.deliverDue(() => Date.parse("2026-03-20T13:00:00Z"));
      expect(channels.receiver.received).toHaveLength(1);
    });

    it("emails alerts as text and HTML over SMTP", async () => {
      const { destination } = await createDestination(db, { kind: "email", name: "ops", email: "ops@example.test" }, NOW);
      await seedDaily(db, "quiet", "SPOT", { "2026-03-01": ["10", "1"] });
      await markSynced(db, NOW);
      await createRule(db, ruleInput.parse({ name: "Silent partners", kind: "silent", destinationIds: [destination.id] }), NOW - 1000);
      const engine = engineFor(db);
      await engine.evaluate(NOW);
      await engine.deliverDue(() => NOW);
      expect(channels.mail.mails).toHaveLength(1);
      const m = channels.mail.mails[0]!;
      expect(m.subject).toBe("[Alert] Silent partners: Sub-affiliate quiet has had no volume since 2026-03-01 (7+ days)");
      expect(m.to && !Array.isArray(m.to) ? m.to.text : "").toBe("ops@example.test");
      expect(m.text).toContain("lastActiveDay: 2026-03-01");
      expect(m.html).toContain("<h2>Alert: Silent partners</h2>");
    });

    it("writes to a zh-CN destination in Chinese: the alert's subject, text and HTML; a webhook keeps its field names", async () => {
      const { destination: inbox } = await createDestination(db, { kind: "email", name: "运营", email: "ops-zh@example.test", locale: "zh-CN" }, NOW);
      const { destination: hook } = await createDestination(db, { kind: "webhook", name: "hook-zh", url: channels.receiver.url, locale: "zh-CN" }, NOW);
      await seedDaily(db, "quiet", "SPOT", { "2026-03-01": ["10", "1"] });
      await markSynced(db, NOW);
      await createRule(db, ruleInput.parse({ name: "Silent partners", kind: "silent", destinationIds: [inbox.id, hook.id] }), NOW - 1000);
      const engine = engineFor(db);
      await engine.evaluate(NOW);
      await engine.deliverDue(() => NOW);
      const { subject, text, html } = channels.mail.mails[0]!;
      expect(subject).toBe("[提醒] Silent partners：下级代理 quiet 自 2026-03-01 起无交易量（7+ 天）");
      expect([text, html].join("\n")).not.toMatch(/Alert|Fired at|has had no/);
      expect(text).toContain("触发于 2026-03-20T12:00:00.000Z（UTC）。");
      expect(text).toContain("lastActiveDay: 2026-03-01");
      expect(html).toContain("<h2>提醒：Silent partners</h2>");
      const body = JSON.parse(channels.receiver.received[0]!.body) as Record<string, unknown>;
      expect(body).toMatchObject({ type: "alert.fired", locale: "zh-CN", rule: { name: "Silent partners", kind: "silent" }, episode: { subject: "quiet", summary: "下级代理 quiet 自 2026-03-01 起无交易量（7+ 天）", detail: { subAffiliateUid: "quiet", productType: "both", lastActiveDay: "2026-03-01", days: 7 } } });
      // the history keeps the English summary it always had; the page says it in the reader's language
      expect((await listEpisodes(db, { page: 1, pageSize: 10 })).items[0]).toMatchObject({ ruleKind: "silent", summary: "Sub-affiliate quiet has had no volume since 2026-03-01 (7+ days)" });
    });

    it("sends a zh-CN report in Chinese with grouped exact figures; the CSV's headers stay the field names, its file name is localised", async () => {
      await seedDaily(db, "S2", "FUTURES", Object.fromEntries(dayRange("2026-03-02", 14).map((d) => [d, ["1234.5", "7"]])) as Record<string, [string, string]>);
      const { destination: inbox } = await createDestination(db, { kind: "email", name: "老板", email: "boss-zh@example.test", locale: "zh-CN" }, NOW);
      await createSchedule(db, scheduleInput.parse({ name: "周报", cadence: "weekly", destinationIds: [inbox.id] }), Date.parse("2026-03-11T09:00:00Z"));
      await markSynced(db, Date.parse("2026-03-16T00:30:00Z"));
      const due = Date.parse("2026-03-16T01:00:00Z");
      const engine = engineFor(db);
      expect(await engine.runSchedules(due)).toBe(1);
      await engine.deliverDue(() => due);
      const m = channels.mail.mails[0]!;
      expect(m.subject).toBe("周报：每周报告 2026-03-09 – 2026-03-15（UTC）");
      expect(m.text).toContain("交易量：8,641.5（上一时间段 8,641.5，变化 0.0%）");
      expect(m.text).toContain("按已付佣金排名前十的下级代理：");
      expect(m.text).toContain("1. S2：佣金 49，交易量 8,641.5");
      expect(m.html).toContain("<h3>邀请用户转化漏斗</h3>");
      expect(`${m.text}${m.html}`).not.toMatch(/Top ten|Invitee funnel|previous|commission/);
      expect(m.attachments[0]!.filename).toBe("下级代理_2026-03-09_2026-03-15.csv");
      const csv = m.attachments[0]!.content.toString("utf8").replace(/^\uFEFF/, "").trim().split("\r\n");
      expect(csv[0]).toBe("subAffiliateUid,productType,day,tradingVolume,netTradingFee,paidCommission");
      expect(csv).toContain("S2,FUTURES,2026-03-15,1234.5,14,7");
    });

    it("sends a weekly report once when its period ends, with the archive's figures and CSV; a restart sends nothing twice", async () => {
      await seedDaily(db, "S1", "SPOT", Object.fromEntries(dayRange("2026-03-02", 14).map((d, i) => [d, [String(100 + i), "2.5"]])) as Record<string, [string, string]>);
      await seedDaily(db, "S2", "FUTURES", Object.fromEntries(dayRange("2026-03-09", 7).map((d) => [d, ["1000", "7"]])) as Record<string, [string, string]>);
      await seedInvitee(db, "i1", { register: Date.parse("2026-03-10T10:00:00Z"), kyc: true, firstTrade: Date.parse("2026-03-11T10:00:00Z") });
      const hook = await webhook();
      const { destination: inbox } = await createDestination(db, { kind: "email", name: "inbox", email: "boss@example.test" }, NOW);
      // Created on Wednesday the 11th: the first report covers 9–15 March, due Monday the 16th.
      const created = Date.parse("2026-03-11T09:00:00Z");
      await createSchedule(db, scheduleInput.parse({ name: "Weekly", cadence: "weekly", destinationIds: [hook.destination.id, inbox.id] }), created);
      const engine = engineFor(db);
      expect(await engine.runSchedules(Date.parse("2026-03-15T23:00:00Z"))).toBe(0);
      await markSynced(db, Date.parse("2026-03-16T00:30:00Z"));
      const due = Date.parse("2026-03-16T01:00:00Z");
      expect(await engine.runSchedules(due)).toBe(1);
      // A second engine on the same database (a restart, or another instance): nothing more.
      expect(await engineFor(db).runSchedules(due + 60_000)).toBe(0);
      await engine.deliverDue(() => due);
      await engineFor(db).deliverDue(() => due + 60_000);
      expect(channels.receiver.received).toHaveLength(1);
      expect(channels.mail.mails).toHaveLength(1);

      const body = JSON.parse(channels.receiver.received[0]!.body) as { type: string; kpis: Record<string, unknown>; previousKpis: Record<string, unknown>; top: { subAffiliateUid: string; paidCommission: string }[]; funnel: unknown; csvUrl: string; period: { firstDay: string; lastDay: string } };
      expect(body.type).toBe("report");
      expect(body.period).toMatchObject({ firstDay: "2026-03-09", lastDay: "2026-03-15" });
      const [week] = await rows<{ v: string; c: string }>(db, sql`SELECT SUM(trading_volume)::text AS v, SUM(paid_commission)::text AS c FROM archive_sub_affiliate_daily WHERE day BETWEEN '2026-03-09' AND '2026-03-15'`);
      expect(new Decimal(body.kpis.tradingVolume as string).eq(week!.v)).toBe(true);
      expect(new Decimal(body.kpis.paidCommission as string).eq(week!.c)).toBe(true);
      expect(body.kpis).toMatchObject({ newInvitees: 1, kycPassed: 1, firstTrades: 1 });
      expect(new Decimal(body.previousKpis.tradingVolume as string).eq(dayRange("2026-03-02", 7).reduce((s, _, i) => s + 100 + i, 0))).toBe(true);
      expect(body.top.map((t) => t.subAffiliateUid)).toEqual(["S2", "S1"]);
      expect(body.funnel).toEqual({ registered: 1, kycPassed: 1, firstDeposit: 0, firstTrade: 1 });
      // The webhook links the CSV with a signed link that expires.
      const link = new URL(body.csvUrl);
      const q = { from: link.searchParams.get("from")!, to: link.searchParams.get("to")!, expires: Number(link.searchParams.get("expires")), sig: link.searchParams.get("sig")! };
      expect(checkCsvLink(LINK_SECRET, q, due)).toBe("ok");
      expect(checkCsvLink(LINK_SECRET, q, q.expires + 1)).toBe("expired");
      expect(checkCsvLink(LINK_SECRET, { ...q, to: "2026-03-31" }, due)).toBe("bad-signature");
      // The email attaches it: every record of the week.
      const m = channels.mail.mails[0]!;
      expect(m.text).toContain("Top ten sub-affiliates by paid commission:");
      expect(m.html).toContain("<h3>Invitee funnel</h3>");
      const csv = m.attachments[0]!.content.toString("utf8").replace(/^\uFEFF/, "").trim().split("\r\n");
      expect(csv[0]).toBe("subAffiliateUid,productType,day,tradingVolume,netTradingFee,paidCommission");
      expect(csv).toHaveLength(1 + 14);
      expect(csv).toContain("S2,FUTURES,2026-03-15,1000,14,7");
    });

    it("after a downtime over several periods sends the latest report once", async () => {
      const hook = await webhook();
      await createSchedule(db, scheduleInput.parse({ name: "Monthly", cadence: "monthly", timeZone: "Asia/Tokyo", destinationIds: [hook.destination.id] }), Date.parse("2025-12-10T00:00:00Z"));
      const back = Date.parse("2026-03-20T00:00:00Z");
      await markSynced(db, back);
      const worker = new AlertWorker({ engine: engineFor(db), lock: new LocalLock(`alerts-test-${backend.name}`), now: () => back });
      expect(await worker.tick()).toBe(true);
      await worker.stop();
      const again = new AlertWorker({ engine: engineFor(db), lock: new LocalLock(`alerts-test-${backend.name}`), now: () => back + 5_000 });
      await again.tick();
      await again.stop();
      expect(channels.receiver.received).toHaveLength(1);
      expect(JSON.parse(channels.receiver.received[0]!.body)).toMatchObject({ period: { firstDay: "2026-02-01", lastDay: "2026-02-28" } });
    });
  });
}

describe.runIf(TEST_DATABASE_URL)("alerts worker on PostgreSQL with two instances", () => {
  it("exactly one instance evaluates and sends", async () => {
    const url = TEST_DATABASE_URL!;
    const fresh = await freshSchema(url);
    const options = `-c search_path=${fresh.schema}`;
    const a = await openDatabase({ kind: "postgres", url, schema: fresh.schema, max: 2 });
    const b = await openDatabase({ kind: "postgres", url, schema: fresh.schema, max: 2 });
    try {
      await migrate(a);
      channels.receiver.received.length = 0;
      await silentPartner(a.db);
      const wa = new AlertWorker({ engine: engineFor(a.db), lock: new PgAdvisoryLock(url, options, "alerts"), now: () => NOW });
      const wb = new AlertWorker({ engine: engineFor(b.db), lock: new PgAdvisoryLock(url, options, "alerts"), now: () => NOW });
      // Both look at once, twice: the same one instance works both times.
      const ran = [...(await Promise.all([wa.tick(), wb.tick()])), ...(await Promise.all([wa.tick(), wb.tick()]))];
      expect(ran.filter(Boolean).length).toBe(2);
      expect(wa.lock.held !== wb.lock.held).toBe(true);
      expect(channels.receiver.received).toHaveLength(1);
      // The holder stops: the other takes over on its next tick.
      const [holder, other] = wa.lock.held ? [wa, wb] : [wb, wa];
      await holder.stop();
      expect(await other.tick()).toBe(true);
      await other.stop();
      expect(channels.receiver.received).toHaveLength(1);
    } finally {
      await a.close();
      await b.close();
      await fresh.drop();
    }
  });
});
