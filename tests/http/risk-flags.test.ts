/**
 * The risk flags over HTTP on an archive the dashboard synced itself, on PGlite and (with
 * TEST_DATABASE_URL) PostgreSQL: a dashboard of its own syncs a small simulator; an admin makes
 * a `riskFlag` alert rule sending to a real HTTP receiver in this process, then tunes two rules
 * so that the simulator's ordinary population fires (a rule's change re-evaluates the whole
 * archive), and leaves every rule disabled so that the flags stay as they are while the test
 * reads them. Then:
 * - each new flag reaches the receiver once, and once only after another evaluation;
 * - the list's counts per severity are the lists per severity;
 * - the commission at risk equals what the dashboard's own CSV exports of commission records and
 *   sub-affiliate records hold for the flagged subjects over the range, per coin, exactly;
 * - the flags' CSV export holds the list's flags, every page, in the reader's language.
 */
import { randomBytes } from "node:crypto";
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../lib/export/csv-reader.test-util";
import { startReceiver, type Receiver } from "../../lib/alerts/test-support";
import { riskFlagsPageSchema, type RiskFlagItem, type RiskFlagsPage } from "../../lib/contract/risk";
import { freshSchema, TEST_DATABASE_URL } from "../../lib/db/test-support";
import { DAY_MS } from "../../lib/time/calendar";
import { api as rawApi } from "./helpers";
import { patiently } from "./patient";
import { startStack, stopStack, until, type Stack } from "./stack";

const backends: { name: string; url?: string }[] = [{ name: "PGlite" }, ...(TEST_DATABASE_URL ? [{ name: "PostgreSQL", url: TEST_DATABASE_URL }] : [])];

/** The tuned rules: churn and subSpike as loose as their bounds allow, so that ordinary invitees and sub-affiliates fire. */
const TUNED = {
  churn: { days: 90, volumeMultiple: 1, minVolume: 1 },
  subSpike: { factor: 2, minDays: 1, minVolume: 0 },
} as const;

/** Amounts per coin, exactly, as the answer lists them (coin order). */
function perCoin(sums: Map<string, Decimal>): { coin: string; amount: string }[] {
  return [...sums.entries()]
    .filter(([, v]) => !v.isZero())
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([coin, v]) => ({ coin, amount: v.toFixed() }));
}

/** A CSV download's rows as objects by header. */
function csvObjects(text: string): Record<string, string>[] {
  const [head, ...rows] = parseCsv(text.replace(/^\uFEFF/, ""));
  return rows.filter((r) => r.length > 1 || r[0] !== "").map((r) => Object.fromEntries(head!.map((h, i) => [h, r[i] ?? ""])));
}

for (const backend of backends) {
  describe(`risk flags over HTTP on ${backend.name}`, () => {
    let stack: Stack | undefined;
    let schema: Awaited<ReturnType<typeof freshSchema>> | undefined;
    let receiver: Receiver;
    let admin = "";
    let viewer = "";
    let alertRule = { id: "", createdAt: 0 };
    let startedAt = 0;
    const ask = <T>(path: string, init: { cookie?: string; method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
      patiently(() => rawApi<T>(path, { ...init, cookie: init.cookie ?? viewer, base: stack!.base }));
    /** every open flag, page after page, most recently seen first */
    const allOpen = async (headers?: Record<string, string>) => {
      const items: RiskFlagItem[] = [];
      for (let page = 1; ; page++) {
        const res = await ask<RiskFlagsPage>(`/api/risk/flags?pageSize=200&page=${page}`, { headers });
        expect(res.status, res.text).toBe(200);
        const answer = riskFlagsPageSchema.parse(res.json);
        items.push(...answer.items);
        if (!answer.hasNextPage) return items;
      }
    };

    beforeAll(async () => {
      receiver = await startReceiver();
      startedAt = Date.now();
      let database: Record<string, string> = {};
      if (backend.url) {
        schema = await freshSchema(backend.url);
        database = { DATABASE_URL: `${backend.url}${backend.url.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema.schema}`)}`, AUTH_SECRET: randomBytes(32).toString("base64url") };
      }
      stack = await startStack({
        scale: 0.02,
        unlimited: true,
        env: {
          ARCHIVE_SYNC: "on",
          // (the first backfill only: then the archive holds still while the test reads it)
          ARCHIVE_SYNC_INTERVAL_MS: "3600000",
          ARCHIVE_SUB_AFFILIATE_DAYS: "60",
          ARCHIVE_COMMISSION_DAYS: "60",
          ALERT_TICK_MS: "250",
          ALERT_WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
          ...database,
        },
        signIn: ["admin", "viewer"],
      });
      [admin, viewer] = stack.sessions as [string, string];
      // (the value datasets too: commission records and per-invitee totals follow the others)
      await until(
        "the first backfill of every dataset",
        async () => (await ask<{ datasets: { dataset: string; building: boolean; syncedAt: number | null }[] }>("/api/archive/status")).json,
        (s) => s.datasets.length === 5 && s.datasets.every((d) => !d.building && d.syncedAt !== null),
        300_000,
      );
      // Nothing evaluates any more but the rule changes below: the flags stay as the test reads them.
      const rules = await ask<{ items: { rule: string }[] }>("/api/risk/rules");
      for (const { rule } of rules.json.items) expect((await ask(`/api/risk/rules/${rule}`, { cookie: admin, method: "PATCH", body: { enabled: false } })).status).toBe(200);
      // (a change that evaluates runs after every pass in flight: once it is answered, no pass the backfill's runs queued is left)
      for (const enabled of [true, false]) expect((await ask("/api/risk/rules/hollowSignups", { cookie: admin, method: "PATCH", body: { enabled } })).status).toBe(200);
      const hook = await ask<{ destination: { id: string } }>("/api/alerts/destinations", { cookie: admin, method: "POST", body: { kind: "webhook", name: "receiver", url: receiver.url } });
      expect(hook.status, hook.text).toBe(201);
      const made = await ask<{ rule: { id: string; createdAt: number } }>("/api/alerts/rules", { cookie: admin, method: "POST", body: { name: "New risk", kind: "riskFlag", params: { minSeverity: "medium" }, destinationIds: [hook.json.destination.id] } });
      expect(made.status, made.text).toBe(201);
      alertRule = made.json.rule;
      for (const [rule, params] of Object.entries(TUNED)) {
        const tuned = await ask<{ evaluated: { fired: number } }>(`/api/risk/rules/${rule}`, { cookie: admin, method: "PATCH", body: { enabled: true, params } });
        expect(tuned.status, tuned.text).toBe(200);
        expect(tuned.json.evaluated.fired, `${rule} fired on the ordinary population`).toBeGreaterThan(0);
        expect((await ask(`/api/risk/rules/${rule}`, { cookie: admin, method: "PATCH", body: { enabled: false } })).status).toBe(200);
      }
    }, 420_000);

    afterAll(async () => {
      if (stack) await stopStack(stack);
      await receiver?.close();
      await schema?.drop();
    });

    /** The fired alerts of our rule, by the flag they name. */
    const firedFlags = () =>
      receiver.received
        .map((r) => JSON.parse(r.body) as { type: string; rule?: { id: string }; episode?: { detail: { flagId: string } } })
        .filter((b) => b.type === "alert.fired" && b.rule?.id === alertRule.id)
        .map((b) => b.episode!.detail.flagId);

    it("delivers each new flag to the webhook once, also after another evaluation", async () => {
      // (the rule's: raised after it was made, medium or high; a pass after the backfill may have raised some before the rules were disabled)
      const raised = (await allOpen()).filter((f) => f.firstSeenAt >= alertRule.createdAt && f.severity !== "low");
      expect(raised.filter((f) => f.rule in TUNED).length).toBeGreaterThan(0);
      const ids = raised.map((f) => f.id).sort();
      await until("an alert per new flag", async () => firedFlags().length, (n) => n >= ids.length, 60_000);
      expect([...firedFlags()].sort()).toEqual(ids);
      expect(ids.length).toBeGreaterThan(0);
      // The same rule evaluated again (each flag seen again): the alerts engine looks again, and sends nothing new.
      const again = await ask<{ evaluated: { fired: number; held: number } }>("/api/risk/rules/churn", { cookie: admin, method: "PATCH", body: { enabled: true } });
      expect(again.json.evaluated).toMatchObject({ fired: 0 });
      expect(again.json.evaluated.held).toBeGreaterThan(0);
      await ask("/api/risk/rules/churn", { cookie: admin, method: "PATCH", body: { enabled: false } });
      const deliveries = async () => (await ask<{ items: { purpose: string; state: string }[] }>("/api/alerts/deliveries?pageSize=200", { cookie: admin })).json.items;
      await until("every delivery sent", deliveries, (d) => d.every((x) => x.state === "sent"), 30_000);
      await new Promise((r) => setTimeout(r, 1500));
      expect(firedFlags()).toHaveLength(ids.length);
    }, 120_000);

    it("counts the flags of every filter but severity, by severity", async () => {
      const page = riskFlagsPageSchema.parse((await ask("/api/risk/flags?pageSize=1")).json);
      for (const severity of ["high", "medium", "low"] as const) {
        const one = riskFlagsPageSchema.parse((await ask(`/api/risk/flags?pageSize=1&severity=${severity}`)).json);
        expect(one.total, severity).toBe(page.counts[severity]);
        expect(one.counts).toEqual(page.counts);
      }
      expect(page.counts.high + page.counts.medium + page.counts.low).toBe(page.total);
      // seen in a range: none was first seen before the test began, every one was seen since
      const before = riskFlagsPageSchema.parse((await ask(`/api/risk/flags?endTime=${startedAt}`)).json);
      expect(before.total).toBe(0);
      expect(riskFlagsPageSchema.parse((await ask(`/api/risk/flags?startTime=${startedAt}&endTime=${Date.now() + 1000}`)).json).total).toBe(page.total);
      const since = riskFlagsPageSchema.parse((await ask(`/api/risk/flags?startTime=${page.items[0]!.lastSeenAt}`)).json);
      expect(since.items.map((f) => f.id)).toContain(page.items[0]!.id);
    });

    it("puts at risk what the commission and sub-affiliate exports hold for the flagged subjects, per coin, exactly", async () => {
      const flags = await allOpen();
      const invitees = new Set(flags.filter((f) => f.subject.type === "invitee").map((f) => f.subject.id));
      const subs = new Set(flags.filter((f) => f.subject.type === "subAffiliate").map((f) => f.subject.id));
      expect(invitees.size).toBeGreaterThan(0);
      expect(subs.size).toBeGreaterThan(0);

      // by default the last 30 UTC days up to now (the flags of every time: no range asked)
      const answer = riskFlagsPageSchema.parse((await ask("/api/risk/flags")).json);
      const { from, to } = answer.atRisk;
      expect(from % DAY_MS).toBe(0);
      expect(to - from).toBeGreaterThan(29 * DAY_MS);
      expect(to - from).toBeLessThanOrEqual(30 * DAY_MS);

      // (the exports' ranges are inclusive: [from, to − 1])
      const range = `startTime=${from}&endTime=${to - 1}`;
      const records = await ask(`/api/affiliate/commissions/export?source=archive&${range}`);
      expect(records.status, records.text.slice(0, 300)).toBe(200);
      const commission = new Map<string, Decimal>();
      for (const r of csvObjects(records.text)) {
        if (!invitees.has(r.uid!) || r.commission === "") continue;
        commission.set(r.coin!, (commission.get(r.coin!) ?? new Decimal(0)).plus(r.commission!));
      }
      expect(answer.atRisk.invitees).toEqual(perCoin(commission));
      expect(answer.atRisk.invitees.length).toBeGreaterThan(0);

      const days = await ask(`/api/affiliate/sub-affiliates/export?source=archive&${range}`);
      expect(days.status, days.text.slice(0, 300)).toBe(200);
      const paid = new Map<string, Decimal>();
      for (const r of csvObjects(days.text)) {
        if (subs.has(r.subAffiliateUid!)) paid.set("USDT", (paid.get("USDT") ?? new Decimal(0)).plus(r.paidCommission!));
      }
      expect(answer.atRisk.subAffiliates).toEqual(perCoin(paid));

      // one invitee's own records, and a range asked for: the flags seen in it only
      const [uid] = [...invitees];
      const one = riskFlagsPageSchema.parse((await ask(`/api/risk/flags?subject=${uid}&startTime=${from}&endTime=${to}`)).json);
      const own = new Map<string, Decimal>();
      for (const r of csvObjects((await ask(`/api/affiliate/commissions/export?source=archive&uid=${uid}&${range}`)).text)) {
        if (r.commission !== "") own.set(r.coin!, (own.get(r.coin!) ?? new Decimal(0)).plus(r.commission!));
      }
      expect(one.atRisk).toEqual({ from, to, invitees: perCoin(own), subAffiliates: [] });
      const earlier = riskFlagsPageSchema.parse((await ask(`/api/risk/flags?subject=${uid}&startTime=${from}&endTime=${startedAt}`)).json);
      expect(earlier.atRisk).toEqual({ from, to: startedAt, invitees: [], subAffiliates: [] });
    }, 120_000);

    it("exports the list's flags, every page, in the reader's language, times in ISO UTC", async () => {
      const zh = { "accept-language": "zh-CN" };
      const flags = await allOpen(zh);
      const res = await ask("/api/risk/flags/export", { headers: zh });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="risk-flags_open_earliest_\d{4}-\d{2}-\d{2}\.csv"$/);
      const rows = csvObjects(res.text);
      // (the most recently raised first)
      expect(rows.map((r) => r.id)).toEqual(flags.map((f) => f.id).sort((a, b) => Number(b) - Number(a)));
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const f of flags) {
        const r = byId.get(f.id)!;
        expect(r).toMatchObject({ summary: f.summary, subjectType: f.subject.type, subject: f.subject.id, rule: f.rule, severity: f.severity, state: "open", note: "", resolvedBy: "", resolvedAt: "" });
        expect(r.firstSeenAt).toBe(new Date(f.firstSeenAt).toISOString());
        expect(r.lastSeenAt).toBe(new Date(f.lastSeenAt).toISOString());
        expect(JSON.parse(r.evidenceJson!)).toEqual(f.evidence);
      }
      expect(rows[0]!.summary).toMatch(/[\u4e00-\u9fff]/);
      // the list's filters hold in the file too
      const sub = csvObjects((await ask("/api/risk/flags/export?subjectType=subAffiliate", { headers: zh })).text);
      expect(sub.length).toBeGreaterThan(0);
      expect(sub.every((r) => r.subjectType === "subAffiliate")).toBe(true);
    });
  });
}
