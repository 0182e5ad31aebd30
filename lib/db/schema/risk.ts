/**
 * Risk flags and the rules' settings (migration 0600), as Drizzle tables. The SQL migration
 * creates them and stays the source of truth; read and written by lib/risk/flags.ts and lib/risk/settings.ts.
 */
import { bigserial, boolean, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ms } from "./columns";


/** One episode of one rule on one subject: fired once, updated while it holds. */
export const riskFlag = pgTable(
  "risk_flag",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    rule: text("rule").notNull(),
    /** low | medium | high */
    severity: text("severity").notNull(),
    /** invitee | subAffiliate | inviteCode | account */
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    /** the episode's start, epoch ms */
    episodeAt: ms("episode_at").notNull(),
    evidence: jsonb("evidence").$type<Record<string, unknown>>().notNull(),
    firstSeenAt: ms("first_seen_at").notNull(),
    lastSeenAt: ms("last_seen_at").notNull(),
    /** open | dismissed | confirmed | expired */
    state: text("state").notNull().default("open"),
    note: text("note"),
    resolvedBy: text("resolved_by"),
    resolvedAt: ms("resolved_at"),
  },
  (t) => [uniqueIndex("risk_flag_episode").on(t.rule, t.subjectType, t.subjectId, t.episodeAt), index("risk_flag_state_seen").on(t.state, t.lastSeenAt.desc(), t.id.desc())],
);

/** An admin's settings of a rule (no row: enabled, defaults). */
export const riskRuleSetting = pgTable("risk_rule_setting", {
  rule: text("rule").primaryKey(),
  enabled: boolean("enabled").notNull().default(true),
  params: jsonb("params").$type<Record<string, number>>().notNull().default({}),
  updatedAt: ms("updated_at").notNull(),
  updatedBy: text("updated_by"),
});
