/**
 * The `riskFlag` alert kind against a real database (PGlite, and PostgreSQL with
 * TEST_DATABASE_URL) and a real HTTP receiver: the risk evaluation raises a flag on planted
 * archive rows, the alerts engine notices the change and delivers it once — across further
 * evaluations and passes, after a review resolves it, and after the flag is opened again — in
 * the destination's language; flags below the rule's severity, or raised before it was made,
 * notify nobody.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "@/lib/db";
import { testBackends } from "@/lib/db/test-support";
import { RULE_KIND_PARAMS, ruleInput } from "@/lib/contract/alerts";
import { RISK_SEVERITIES } from "@/lib/contract/risk";
import { evaluateRisk } from "@/lib/risk/evaluate";
import { listFlags, reviewFlag } from "@/lib/risk/flags";
import { DAY_MS } from "@/lib/time/calendar";
import { createDestination, createRule, listEpisodes } from "./store";
import { channelsPerFile, engineSendingTo, freshDatabasePerTest } from "./test-support";

/** 2026-06-01 00:00 UTC, a Monday */
const D0 = Date.UTC(2026, 5, 1);
const channels = channelsPerFile();

const engineFor = (db: Database["db"]) => engineSendingTo(db, channels);

/** 50 registrations with `code` in the week of D0, none verified nor deposited: a hollowSignups flag (medium). */
async function hollowCode(db: Database["db"], code: string) {
  for (let i = 0; i < 50; i++) {
    await db.execute(sql`INSERT INTO archive_invitee (uid, register_time, kyc_result, invite_code, synced_at) VALUES (${`${code}-${i}`}, ${D0 + i * 60_000}, false, ${code}, 0)`);
  }
}

type Body = { type: string; locale: string; title: string; rule: { condition?: string }; episode: { subject: string; summary: string; detail: Record<string, unknown> } };
const bodies = () => channels.receiver.received.map((r) => JSON.parse(r.body) as Body);

describe("the riskFlag kind's parameter", () => {
  it("chooses among the risk flags' own severities, lowest first (the zod-free table cannot import them)", () => {
    expect(RULE_KIND_PARAMS.riskFlag.minSeverity.options).toEqual(RISK_SEVERITIES);
  });
});

for (const backend of testBackends()) {
  describe(`the riskFlag alert kind (${backend.name})`, () => {
    let db: Database["db"];
    freshDatabasePerTest(backend, channels, (database) => (db = database.db));

    it("delivers a new flag once across evaluations, resolves it on review, and stays quiet when it opens again", async () => {
      const now = D0 + 10 * DAY_MS;
      const { destination } = await createDestination(db, { kind: "webhook", name: "hook", url: channels.receiver.url }, now - 1000);
      await createRule(db, ruleInput.parse({ name: "Risk", kind: "riskFlag", destinationIds: [destination.id] }), now - 1000);
      const engine = engineFor(db);
      expect(await engine.evaluate(now)).toMatchObject({ opened: 0 });

      await hollowCode(db, "HOLLOW");
      await evaluateRisk(db, { now, since: 0 });
      const [flag] = (await listFlags(db, { state: "open", page: 1, pageSize: 10 })).items;
      expect(flag).toMatchObject({ rule: "hollowSignups", severity: "medium", subject: { type: "inviteCode", id: "HOLLOW" } });
      // (no sync since the last look: the flags' change alone is something new to evaluate)
      expect(await engine.evaluate(now + 1000)).toMatchObject({ opened: 1, resolved: 0 });
      await engine.deliverDue(() => now + 1000);
      expect(bodies()).toHaveLength(1);
      expect(bodies()[0]).toMatchObject({
        type: "alert.fired",
        rule: { condition: "Condition: a new risk flag of medium severity or above" },
        episode: {
          subject: flag!.id,
          summary: `New medium risk flag ${flag!.id}: hollowSignups on invite code HOLLOW`,
          detail: { flagId: flag!.id, rule: "hollowSignups", severity: "medium", subjectType: "inviteCode", subject: "HOLLOW", "evidence.registrations": 50, "evidence.kycPassed": 0 },
        },
      });

      // Further passes see it again (last seen moves), evaluations follow: still one alert.
      for (const at of [now + 2000, now + 3000]) {
        await evaluateRisk(db, { now: at, since: 0 });
        expect(await engine.evaluate(at + 500)).toMatchObject({ opened: 0, resolved: 0 });
      }
      // Reviewed: the alert resolves, once.
      await reviewFlag(db, flag!.id, { state: "dismissed", note: "a school's class" }, "admin", now + 4000);
      expect(await engine.evaluate(now + 4500)).toMatchObject({ opened: 0, resolved: 1 });
      // Opened again by a person, and seen again by a pass: no second alert for the same flag.
      await reviewFlag(db, flag!.id, { state: "open" }, "admin", now + 5000);
      await evaluateRisk(db, { now: now + 6000, since: 0 });
      expect(await engine.evaluate(now + 6500)).toMatchObject({ opened: 0, resolved: 0 });
      await engine.deliverDue(() => now + 7000);
      expect(bodies().map((b) => b.type)).toEqual(["alert.fired", "alert.resolved"]);
      expect((await listEpisodes(db, { page: 1, pageSize: 10 })).items).toHaveLength(1);
    });

    it("says it in the destination's language", async () => {
      const now = D0 + 10 * DAY_MS;
      const { destination } = await createDestination(db, { kind: "webhook", name: "hook", url: channels.receiver.url, locale: "zh-CN" }, now - 1000);
      await createRule(db, ruleInput.parse({ name: "风险", kind: "riskFlag", params: { minSeverity: "low" }, destinationIds: [destination.id] }), now - 1000);
      await hollowCode(db, "HOLLOW");
      await evaluateRisk(db, { now, since: 0 });
      const engine = engineFor(db);
      await engine.evaluate(now + 1000);
      await engine.deliverDue(() => now + 1000);
      const [body] = bodies();
      expect(body!.locale).toBe("zh-CN");
      expect(body!.episode.summary).toBe(`新的中风险标记 ${body!.episode.subject}：邀请码 HOLLOW，规则 hollowSignups`);
      expect(body!.rule.condition).toContain("出现严重程度为低或以上的新风险标记");
    });

    it("notifies nobody of a flag below its severity, or raised before the rule was made", async () => {
      const now = D0 + 10 * DAY_MS;
      const { destination } = await createDestination(db, { kind: "webhook", name: "hook", url: channels.receiver.url }, now - 1000);
      await hollowCode(db, "EARLY");
      await evaluateRisk(db, { now: now - 5000, since: 0 });
      await createRule(db, ruleInput.parse({ name: "Any", kind: "riskFlag", params: { minSeverity: "low" }, destinationIds: [destination.id] }), now - 1000);
      await createRule(db, ruleInput.parse({ name: "High only", kind: "riskFlag", params: { minSeverity: "high" }, destinationIds: [destination.id] }), now - 1000);
      await hollowCode(db, "LATER");
      await evaluateRisk(db, { now, since: 0 });
      const engine = engineFor(db);
      expect(await engine.evaluate(now + 1000)).toMatchObject({ opened: 1 });
      await engine.deliverDue(() => now + 1000);
      expect(bodies().map((b) => b.episode.detail.subject)).toEqual(["LATER"]);
    });
  });
}
