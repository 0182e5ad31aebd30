/**
 * The risk rules on the simulator's data, synced through the real client over HTTP into each
 * test database with the archive's default settings (a year of commission records, 90 days of
 * per-day totals): every rule flags exactly the subjects the simulator planted for it
 * (lib/simulator/data/risk-plants.ts) and none of its ordinary population. The loop covers
 * every rule of the table, so a rule added to it is held to its plants too; the transfers the
 * fundedInvitee rule reads are checked to reach the archive as planted.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { RISK_RULE_KEYS, type RiskRuleKey } from "@/lib/contract/risk";
import { testBackends } from "@/lib/db/test-support";
import { rows } from "@/lib/archive/db";
import { ArchiveEngine } from "@/lib/archive/engine";
import { DATASETS, DEFAULT_SETTINGS } from "@/lib/archive/settings";
import { frozenArchiveSuite } from "@/lib/archive/test-suite";
import { PLANTED_RULES, plantedSubjects } from "@/lib/simulator/data/risk-plants";
import { evaluateRisk } from "./evaluate";
import { listFlags } from "./flags";
import { RISK_RULES } from "./rules";
import { DAY_MS } from "@/lib/time/calendar";

const T0 = Date.now();
const now = () => T0;

it("the simulator plants every rule of the risk table, and the eight the dashboard names", () => {
  expect([...PLANTED_RULES].sort()).toEqual(["churn", "concentration", "fundedInvitee", "hollowSignups", "inAndOut", "signupBurst", "subSpike", "twinDeposits"]);
  for (const rule of RISK_RULE_KEYS) expect(PLANTED_RULES).toContain(rule);
});

for (const backend of testBackends()) {
  describe(`the rules on the simulator's synced data on ${backend.name}`, () => {
    const suite = frozenArchiveSuite(now, () => backend.open());

    beforeAll(async () => {
      const engine = new ArchiveEngine({ db: suite.database.db, lister: suite.client(), now, settings: DEFAULT_SETTINGS });
      for (const ds of DATASETS) expect((await engine.run(ds)).plan).toBe("backfill");
      await evaluateRisk(suite.database.db, { now: T0, since: 0 });
    }, 600_000);

    it("plants two or three subjects per rule, each rule's of its own", () => {
      const planted = plantedSubjects(suite.sim.data.invitees);
      for (const rule of PLANTED_RULES) expect(planted[rule].length, rule).toBeGreaterThanOrEqual(2);
      for (const rule of PLANTED_RULES) expect(planted[rule].length, rule).toBeLessThanOrEqual(3);
      const all = Object.values(planted).flat();
      expect(new Set(all).size).toBe(all.length);
    });

    it("archives the transfers to invitees' uids: exactly one to each fundedInvitee plant, which trades within 7 days after it", async () => {
      const held = await rows<{ uid: string; traded: unknown }>(
        suite.database.db,
        sql`SELECT t.to_user_id AS uid, (SELECT count(*) FROM archive_commission_invitee_day c WHERE c.uid = t.to_user_id
              AND c.day + ${DAY_MS}::bigint > t.create_time AND c.day <= t.create_time + 7 * ${DAY_MS}::bigint) AS traded
            FROM archive_transfer t JOIN archive_invitee i ON i.uid = t.to_user_id`,
      );
      expect(held.map((r) => r.uid).sort()).toEqual(plantedSubjects(suite.sim.data.invitees).fundedInvitee);
      for (const r of held) expect(Number(r.traded), r.uid).toBeGreaterThan(0);
    });

    it.each(Object.keys(RISK_RULES) as RiskRuleKey[])("%s flags exactly its planted subjects", async (rule) => {
      const { items, total } = await listFlags(suite.database.db, { state: "open", rule, page: 1, pageSize: 200 });
      expect(total).toBeLessThanOrEqual(200);
      const flagged = [...new Set(items.map((f) => f.subject.id))].sort();
      expect(flagged).toEqual(plantedSubjects(suite.sim.data.invitees)[rule]);
    });
  });
}
