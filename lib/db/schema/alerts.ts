/**
 * Alerts and scheduled reports (migrations 0200, 0310 and 0530), as Drizzle tables: rules,
 * destinations, report schedules, episodes, the bell's read marks, the delivery queue with its
 * attempts, and the worker's small counters. The SQL migrations create them and stay the
 * source of truth; these definitions match that SQL column for column (ids of rules,
 * destinations and schedules are text; instants are epoch ms in bigint, mode "number").
 * Read and written by lib/alerts/store/.
 *
 * Index conditions and checks are written as PostgreSQL prints them back (pg_get_expr), and a
 * descending index column says NULLS FIRST (PostgreSQL's default for DESC), and every index
 * column names its (default) operator class: so drizzle-kit,
 * comparing this file with a migrated database, finds nothing to change.
 */
import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ms } from "./columns";


/** Where messages go. A webhook's secret signs its bodies; it is answered once, at creation. */
export const alertDestination = pgTable(
  "alert_destination",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** webhook | email */
    kind: text("kind").notNull(),
    /** the URL or the address */
    target: text("target").notNull(),
    /** webhooks only */
    secret: text("secret"),
    createdAt: ms("created_at").notNull(),
    deletedAt: ms("deleted_at"),
    /** the language of its messages (0310); null: English, for destinations made before languages existed */
    locale: text("locale"),
  },
  () => [check("alert_destination_locale_check", sql`locale = ANY (ARRAY['en'::text, 'zh-CN'::text])`)],
);

export const alertRule = pgTable("alert_rule", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  /** a key of RULE_KINDS (lib/contract/alert-kinds.ts) */
  kind: text("kind").notNull(),
  /** the kind's parameters (lib/contract/alerts.ts RULE_PARAMS) */
  params: jsonb("params").notNull(),
  timeZone: text("time_zone").notNull(),
  /** HH:MM in time_zone; deliveries wait until quiet_to */
  quietFrom: text("quiet_from"),
  quietTo: text("quiet_to"),
  destinationIds: jsonb("destination_ids").$type<string[]>().notNull().default([]),
  enabled: boolean("enabled").notNull().default(true),
  createdAt: ms("created_at").notNull(),
  updatedAt: ms("updated_at").notNull(),
  lastEvaluatedAt: ms("last_evaluated_at"),
  /** deleted rules keep their history */
  deletedAt: ms("deleted_at"),
});

/**
 * One row per episode: opened when the condition starts to hold for a subject (a sub-affiliate,
 * or the whole network), resolved when it stops. At most one open episode per (rule, subject):
 * the unique index makes "fire once per episode" hold under any race.
 */
export const alertEpisode = pgTable(
  "alert_episode",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ruleId: text("rule_id").notNull(),
    ruleName: text("rule_name").notNull(),
    subject: text("subject").notNull(),
    summary: text("summary").notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull(),
    openedAt: ms("opened_at").notNull(),
    resolvedAt: ms("resolved_at"),
    /** the rule's kind (0310), so the summary can be said in either language; null before */
    ruleKind: text("rule_kind"),
  },
  (t) => [
    uniqueIndex("alert_episode_open").on(t.ruleId.op("text_ops"), t.subject.op("text_ops")).where(sql`(resolved_at IS NULL)`),
    index("alert_episode_opened").on(t.openedAt.desc().nullsFirst().op("int8_ops"), t.id.desc().nullsFirst().op("int8_ops")),
  ],
);

/** The bell: what each user has seen up to. */
export const alertRead = pgTable("alert_read", {
  username: text("username").primaryKey(),
  readAt: ms("read_at").notNull(),
});

/**
 * One message to one destination (or, for a partner's own report, to a partner: 0530), with
 * its retry state; every attempt in alert_delivery_attempt.
 */
export const alertDelivery = pgTable(
  "alert_delivery",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** null: a partner's own report, to recipient_user_id */
    destinationId: text("destination_id"),
    /** fired | resolved | test | report */
    purpose: text("purpose").notNull(),
    episodeId: bigint("episode_id", { mode: "number" }),
    scheduleId: text("schedule_id"),
    title: text("title").notNull(),
    /** lib/alerts/message.ts */
    message: jsonb("message").notNull(),
    /** pending | sending | sent | failed */
    state: text("state").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ms("next_attempt_at").notNull(),
    leaseUntil: ms("lease_until"),
    createdAt: ms("created_at").notNull(),
    finishedAt: ms("finished_at"),
    recipientUserId: text("recipient_user_id"),
    recipientUsername: text("recipient_username"),
    /** the period a partner's report covers; one delivery per (schedule, period, partner) */
    periodEnd: ms("period_end"),
  },
  (t) => [
    index("alert_delivery_due").on(t.nextAttemptAt.op("int8_ops")).where(sql`(state = ANY (ARRAY['pending'::text, 'sending'::text]))`),
    index("alert_delivery_created").on(t.createdAt.desc().nullsFirst().op("int8_ops"), t.id.desc().nullsFirst().op("int8_ops")),
    uniqueIndex("alert_delivery_partner_report").on(t.scheduleId.op("text_ops"), t.periodEnd.op("int8_ops"), t.recipientUserId.op("text_ops")).where(sql`(recipient_user_id IS NOT NULL)`),
  ],
);

export const alertDeliveryAttempt = pgTable(
  "alert_delivery_attempt",
  {
    deliveryId: bigint("delivery_id", { mode: "number" }).notNull(),
    attempt: integer("attempt").notNull(),
    at: ms("at").notNull(),
    ok: boolean("ok").notNull(),
    status: integer("status"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
  },
  (t) => [primaryKey({ name: "alert_delivery_attempt_pkey", columns: [t.deliveryId, t.attempt] })],
);

/**
 * Scheduled reports. last_period_end is the end of the last period sent (or, for a new
 * schedule, of the period running when it was created): advancing it and queueing the report
 * happen in one transaction, so a period goes out once, also across restarts and instances.
 */
export const reportSchedule = pgTable(
  "report_schedule",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** weekly | monthly */
    cadence: text("cadence").notNull(),
    timeZone: text("time_zone").notNull(),
    destinationIds: jsonb("destination_ids").$type<string[]>().notNull(),
    lastPeriodEnd: ms("last_period_end").notNull(),
    createdAt: ms("created_at").notNull(),
    updatedAt: ms("updated_at").notNull(),
    deletedAt: ms("deleted_at"),
    /** its destinations, or each partner with an email (0530) */
    audience: text("audience").notNull().default("destinations"),
    /** the partners the last period skipped for want of an email (usernames) */
    skippedPartners: jsonb("skipped_partners").$type<string[]>().notNull().default([]),
  },
  () => [check("report_schedule_audience_check", sql`audience = ANY (ARRAY['destinations'::text, 'each-partner'::text])`)],
);

/** Small named counters of the alerts worker (the archive sync time last evaluated). */
export const alertWorkerState = pgTable("alert_worker_state", {
  key: text("key").primaryKey(),
  value: ms("value").notNull(),
});

export type AlertDestinationRow = typeof alertDestination.$inferSelect;
export type AlertRuleRow = typeof alertRule.$inferSelect;
export type AlertEpisodeRow = typeof alertEpisode.$inferSelect;
export type AlertDeliveryRow = typeof alertDelivery.$inferSelect;
export type AlertDeliveryAttemptRow = typeof alertDeliveryAttempt.$inferSelect;
export type ReportScheduleRow = typeof reportSchedule.$inferSelect;
