/**
 * The alerts tables (migration 0200_alerts.sql) read and written in raw SQL: rules,
 * destinations, schedules, episodes, the bell's read marks, and the delivery queue with its
 * attempts. Rows become the API's views here; a destination's secret leaves this module only
 * through `destinationSecret` (for signing) and `createDestination` (shown once).
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { rows, toMs, type Db, type Tx } from "@/lib/archive/db";
import { nextPeriodStart, periodStart } from "./calendar";
import { RULE_PARAMS } from "@/lib/contract/alerts";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/lib/i18n/locales";
import { normalScope, type Scope } from "@/lib/contract/scope";
import type {
  Audience,
  Cadence,
  DeliveryView,
  DestinationInput,
  DestinationKind,
  DestinationView,
  EpisodeView,
  RuleInput,
  RuleKind,
  RuleParams,
  RuleView,
  ScheduleInput,
  ScheduleView,
} from "@/lib/contract/alerts";
import type { Message } from "./message";

type Q = Db | Tx;
const newId = () => randomBytes(8).toString("hex");
const num = (v: unknown) => toMs(v) as number;
/** jsonb comes back parsed from both drivers; a string only if someone stored text. */
const json = <T>(v: unknown): T => (typeof v === "string" ? (JSON.parse(v) as T) : (v as T));

// ---------------------------------------------------------------- rules

interface RuleRow {
  id: string;
  name: string;
  kind: string;
  params: unknown;
  time_zone: string;
  quiet_from: string | null;
  quiet_to: string | null;
  destination_ids: unknown;
  enabled: boolean;
  created_at: unknown;
  updated_at: unknown;
  last_evaluated_at: unknown;
}

function ruleView(r: RuleRow): RuleView {
  return {
    id: r.id,
    name: r.name,
    kind: r.kind as RuleKind,
    params: json<RuleParams>(r.params),
    timeZone: r.time_zone,
    quiet: r.quiet_from && r.quiet_to ? { from: r.quiet_from, to: r.quiet_to } : null,
    destinationIds: json<string[]>(r.destination_ids),
    enabled: r.enabled,
    createdAt: num(r.created_at),
    updatedAt: num(r.updated_at),
    lastEvaluatedAt: toMs(r.last_evaluated_at),
  };
}

export async function listRules(db: Q, opts: { enabledOnly?: boolean } = {}): Promise<RuleView[]> {
  const r = await rows<RuleRow>(
    db,
    sql`SELECT * FROM alert_rule WHERE deleted_at IS NULL ${opts.enabledOnly ? sql`AND enabled` : sql``} ORDER BY created_at, id`,
  );
  return r.map(ruleView);
}

export async function getRule(db: Q, id: string): Promise<RuleView | null> {
  const [r] = await rows<RuleRow>(db, sql`SELECT * FROM alert_rule WHERE id = ${id} AND deleted_at IS NULL`);
  return r ? ruleView(r) : null;
}

export async function createRule(db: Q, input: RuleInput, now: number): Promise<RuleView> {
  const id = newId();
  await db.execute(sql`INSERT INTO alert_rule (id, name, kind, params, time_zone, quiet_from, quiet_to, destination_ids, enabled, created_at, updated_at)
    VALUES (${id}, ${input.name}, ${input.kind}, ${JSON.stringify(input.params)}::jsonb, ${input.timeZone}, ${input.quiet?.from ?? null}, ${input.quiet?.to ?? null},
            ${JSON.stringify(input.destinationIds)}::jsonb, ${input.enabled}, ${now}, ${now})`);
  return (await getRule(db, id))!;
}

export async function updateRule(db: Q, rule: RuleView, now: number): Promise<RuleView> {
  await db.execute(sql`UPDATE alert_rule SET name = ${rule.name}, params = ${JSON.stringify(rule.params)}::jsonb, time_zone = ${rule.timeZone},
      quiet_from = ${rule.quiet?.from ?? null}, quiet_to = ${rule.quiet?.to ?? null}, destination_ids = ${JSON.stringify(rule.destinationIds)}::jsonb,
      enabled = ${rule.enabled}, updated_at = ${now}
    WHERE id = ${rule.id}`);
  return (await getRule(db, rule.id))!;
}

/** Deleted rules keep their episodes (history); their open episodes are resolved. */
export async function deleteRule(db: Q, id: string, now: number): Promise<boolean> {
  const r = await rows<{ id: string }>(db, sql`UPDATE alert_rule SET deleted_at = ${now}, enabled = false WHERE id = ${id} AND deleted_at IS NULL RETURNING id`);
  if (r.length) await db.execute(sql`UPDATE alert_episode SET resolved_at = ${now} WHERE rule_id = ${id} AND resolved_at IS NULL`);
  return r.length > 0;
}

export async function markEvaluated(db: Q, id: string, at: number): Promise<void> {
  await db.execute(sql`UPDATE alert_rule SET last_evaluated_at = ${at} WHERE id = ${id}`);
}

// ---------------------------------------------------------------- destinations

interface DestinationRow {
  id: string;
  name: string;
  kind: string;
  target: string;
  secret: string | null;
  locale: string | null;
  created_at: unknown;
}

const destinationView = (r: DestinationRow): DestinationView => ({
  id: r.id,
  name: r.name,
  kind: r.kind as DestinationKind,
  target: r.target,
  locale: isLocale(r.locale) ? r.locale : DEFAULT_LOCALE,
  createdAt: num(r.created_at),
});

export async function listDestinations(db: Q): Promise<DestinationView[]> {
  const r = await rows<DestinationRow>(db, sql`SELECT * FROM alert_destination WHERE deleted_at IS NULL ORDER BY created_at, id`);
  return r.map(destinationView);
}

/** A destination with what sending needs (the webhook's secret); never for an answer. */
export interface DestinationForSending extends DestinationView {
  secret: string | null;
}

export async function destinationForSending(db: Q, id: string): Promise<DestinationForSending | null> {
  // A deleted destination receives nothing more, queued messages and their retries included:
  // it may have been deleted because its address or secret was compromised.
  const [r] = await rows<DestinationRow>(db, sql`SELECT * FROM alert_destination WHERE id = ${id} AND deleted_at IS NULL`);
  return r ? { ...destinationView(r), secret: r.secret } : null;
}

/** Creates it (messages in `input.locale`, default English); a webhook gets a fresh secret, returned here once and never again. */
export async function createDestination(db: Q, input: DestinationInput, now: number): Promise<{ destination: DestinationView; secret: string | null }> {
  const id = newId();
  const locale: Locale = input.locale ?? DEFAULT_LOCALE;
  const secret = input.kind === "webhook" ? `whsec_${randomBytes(24).toString("base64url")}` : null;
  const target = input.kind === "webhook" ? input.url : input.email;
  await db.execute(sql`INSERT INTO alert_destination (id, name, kind, target, secret, locale, created_at)
    VALUES (${id}, ${input.name}, ${input.kind}, ${target}, ${secret}, ${locale}, ${now})`);
  return { destination: { id, name: input.name, kind: input.kind, target, locale, createdAt: now }, secret };
}

export async function deleteDestination(db: Q, id: string, now: number): Promise<boolean> {
  const r = await rows<{ id: string }>(db, sql`UPDATE alert_destination SET deleted_at = ${now} WHERE id = ${id} AND deleted_at IS NULL RETURNING id`);
  return r.length > 0;
}

/** The ids among `ids` that name no live destination. */
export async function unknownDestinations(db: Q, ids: readonly string[]): Promise<string[]> {
  const known = new Set((await listDestinations(db)).map((d) => d.id));
  return ids.filter((id) => !known.has(id));
}

// ---------------------------------------------------------------- schedules

interface ScheduleRow {
  id: string;
  name: string;
  cadence: string;
  time_zone: string;
  audience: string;
  destination_ids: unknown;
  last_period_end: unknown;
  skipped_partners: unknown;
}

function scheduleView(r: ScheduleRow): ScheduleView {
  const cadence = r.cadence as Cadence;
  const lastPeriodEnd = num(r.last_period_end);
  return {
    id: r.id,
    name: r.name,
    cadence,
    timeZone: r.time_zone,
    audience: r.audience as Audience,
    destinationIds: json<string[]>(r.destination_ids),
    lastPeriodEnd,
    nextDueAt: nextPeriodStart(lastPeriodEnd, cadence, r.time_zone),
    skippedPartners: json<string[]>(r.skipped_partners),
  };
}

export async function listSchedules(db: Q): Promise<ScheduleView[]> {
  const r = await rows<ScheduleRow>(db, sql`SELECT * FROM report_schedule WHERE deleted_at IS NULL ORDER BY created_at, id`);
  return r.map(scheduleView);
}

/** A new schedule's first report covers the period running now, sent when it ends. */
export async function createSchedule(db: Q, input: ScheduleInput, now: number): Promise<ScheduleView> {
  const id = newId();
  const current = periodStart(now, input.cadence, input.timeZone);
  await db.execute(sql`INSERT INTO report_schedule (id, name, cadence, time_zone, audience, destination_ids, last_period_end, created_at, updated_at)
    VALUES (${id}, ${input.name}, ${input.cadence}, ${input.timeZone}, ${input.audience}, ${JSON.stringify(input.audience === "each-partner" ? [] : input.destinationIds)}::jsonb, ${current}, ${now}, ${now})`);
  return (await listSchedules(db)).find((s) => s.id === id)!;
}

export async function deleteSchedule(db: Q, id: string, now: number): Promise<boolean> {
  const r = await rows<{ id: string }>(db, sql`UPDATE report_schedule SET deleted_at = ${now} WHERE id = ${id} AND deleted_at IS NULL RETURNING id`);
  return r.length > 0;
}

/**
 * Claim a due period: move last_period_end from `from` to `to` only if nobody did already.
 * Called in the transaction that queues the report, so the two happen together or not at all.
 */
export async function claimPeriod(tx: Tx, id: string, from: number, to: number, now: number): Promise<boolean> {
  const r = await rows<{ id: string }>(
    tx,
    sql`UPDATE report_schedule SET last_period_end = ${to}, updated_at = ${now} WHERE id = ${id} AND last_period_end = ${from} AND deleted_at IS NULL RETURNING id`,
  );
  return r.length > 0;
}

// ---------------------------------------------------------------- partners (each-partner reports)

/** A partner as their own report needs them: scope, language and address. */
export interface ReportPartner {
  userId: string;
  username: string;
  /** null: none, so no report (the schedule's view says so) */
  email: string | null;
  locale: Locale;
  scope: Scope;
}

interface PartnerRow {
  id: string;
  username: string;
  email: string | null;
  locale: string | null;
  scope_sub_affiliate_uids: string[];
  scope_invite_codes: string[];
}

const reportPartner = (r: PartnerRow): ReportPartner => ({
  userId: r.id,
  username: r.username,
  email: r.email,
  locale: isLocale(r.locale) ? r.locale : DEFAULT_LOCALE,
  scope: normalScope({ subAffiliateUids: r.scope_sub_affiliate_uids, inviteCodes: r.scope_invite_codes }),
});

/** The enabled partners (lib/db/schema/users.ts), by username. A disabled one gets nothing. */
export async function reportPartners(db: Q): Promise<ReportPartner[]> {
  const r = await rows<PartnerRow>(
    db,
    sql`SELECT id::text AS id, username, email, locale, scope_sub_affiliate_uids, scope_invite_codes FROM users WHERE role = 'partner' AND NOT disabled ORDER BY username`,
  );
  return r.map(reportPartner);
}

/** The partner a queued report goes to, as they are now: null once they are no enabled partner. */
export async function partnerForSending(db: Q, userId: string): Promise<ReportPartner | null> {
  const [r] = await rows<PartnerRow>(
    db,
    sql`SELECT id::text AS id, username, email, locale, scope_sub_affiliate_uids, scope_invite_codes FROM users WHERE id::text = ${userId} AND role = 'partner' AND NOT disabled`,
  );
  return r ? reportPartner(r) : null;
}

// ---------------------------------------------------------------- episodes and the bell

interface EpisodeRow {
  id: unknown;
  rule_id: string;
  rule_name: string;
  rule_kind: string | null;
  subject: string;
  summary: string;
  detail: unknown;
  opened_at: unknown;
  resolved_at: unknown;
}

const episodeView = (r: EpisodeRow): EpisodeView => ({
  id: String(r.id),
  ruleId: r.rule_id,
  ruleName: r.rule_name,
  ruleKind: r.rule_kind && r.rule_kind in RULE_PARAMS ? (r.rule_kind as RuleKind) : null,
  subject: r.subject,
  summary: r.summary,
  detail: json<Record<string, unknown>>(r.detail),
  openedAt: num(r.opened_at),
  resolvedAt: toMs(r.resolved_at),
});

export async function openEpisodes(db: Q, ruleId: string): Promise<EpisodeView[]> {
  return (await rows<EpisodeRow>(db, sql`SELECT * FROM alert_episode WHERE rule_id = ${ruleId} AND resolved_at IS NULL`)).map(episodeView);
}

/** Opens an episode unless one is open for (rule, subject) already; null then. */
export async function openEpisode(tx: Tx, rule: { id: string; name: string; kind: RuleKind }, f: { subject: string; summary: string; detail: Record<string, unknown> }, now: number): Promise<EpisodeView | null> {
  const [r] = await rows<EpisodeRow>(
    tx,
    sql`INSERT INTO alert_episode (rule_id, rule_name, rule_kind, subject, summary, detail, opened_at)
        VALUES (${rule.id}, ${rule.name}, ${rule.kind}, ${f.subject}, ${f.summary}, ${JSON.stringify(f.detail)}::jsonb, ${now})
        ON CONFLICT (rule_id, subject) WHERE resolved_at IS NULL DO NOTHING
        RETURNING *`,
  );
  return r ? episodeView(r) : null;
}

export async function resolveEpisode(tx: Tx, id: string, now: number): Promise<EpisodeView | null> {
  const [r] = await rows<EpisodeRow>(tx, sql`UPDATE alert_episode SET resolved_at = ${now} WHERE id = ${id} AND resolved_at IS NULL RETURNING *`);
  return r ? episodeView(r) : null;
}

export async function listEpisodes(db: Q, q: { page: number; pageSize: number; state?: "open" | "resolved" }): Promise<{ items: EpisodeView[]; total: number }> {
  const where = q.state === "open" ? sql`resolved_at IS NULL` : q.state === "resolved" ? sql`resolved_at IS NOT NULL` : sql`TRUE`;
  const [items, [count]] = await Promise.all([
    rows<EpisodeRow>(db, sql`SELECT * FROM alert_episode WHERE ${where} ORDER BY opened_at DESC, id DESC LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`),
    rows<{ n: unknown }>(db, sql`SELECT COUNT(*) AS n FROM alert_episode WHERE ${where}`),
  ]);
  return { items: items.map(episodeView), total: num(count?.n) };
}

/** Episodes opened (or resolved) after the user last opened the alerts. */
export async function unreadCount(db: Q, username: string): Promise<number> {
  const [r] = await rows<{ n: unknown }>(
    db,
    sql`SELECT COUNT(*) AS n FROM alert_episode
         WHERE opened_at > COALESCE((SELECT read_at FROM alert_read WHERE username = ${username}), -1)`,
  );
  return num(r?.n);
}

export async function markRead(db: Q, username: string, at: number): Promise<void> {
  await db.execute(sql`INSERT INTO alert_read (username, read_at) VALUES (${username}, ${at})
    ON CONFLICT (username) DO UPDATE SET read_at = GREATEST(alert_read.read_at, EXCLUDED.read_at)`);
}

// ---------------------------------------------------------------- deliveries

export type Purpose = DeliveryView["purpose"];

export interface NewDelivery {
  destinationId: string;
  purpose: Purpose;
  episodeId?: string | null;
  scheduleId?: string | null;
  message: Message;
  /** not before (a quiet period's end); default now */
  notBefore?: number;
}

/**
 * A partner's own report (an each-partner schedule's period): sent to the partner's email as it
 * is when sent. Queued at most once per (schedule, period, partner) — the unique index
 * alert_delivery_partner_report, so whichever instance or retry queues it again adds nothing;
 * null then.
 */
export async function enqueuePartnerReport(db: Q, d: { scheduleId: string; periodEnd: number; recipient: { userId: string; username: string }; message: Message }, now: number): Promise<string | null> {
  const [r] = await rows<{ id: unknown }>(
    db,
    sql`INSERT INTO alert_delivery (destination_id, purpose, schedule_id, period_end, recipient_user_id, recipient_username, title, message, state, next_attempt_at, created_at)
        VALUES (NULL, 'report', ${d.scheduleId}, ${d.periodEnd}, ${d.recipient.userId}, ${d.recipient.username}, ${d.message.title}, ${JSON.stringify(d.message)}::jsonb, 'pending', ${now}, ${now})
        ON CONFLICT (schedule_id, period_end, recipient_user_id) WHERE recipient_user_id IS NOT NULL DO NOTHING
        RETURNING id`,
  );
  return r ? String(r.id) : null;
}

/** Remember the partners an each-partner schedule's period skipped (no email), for its view. */
export async function setSkippedPartners(tx: Q, id: string, usernames: readonly string[]): Promise<void> {
  await tx.execute(sql`UPDATE report_schedule SET skipped_partners = ${JSON.stringify(usernames)}::jsonb WHERE id = ${id}`);
}

export async function enqueueDelivery(db: Q, d: NewDelivery, now: number): Promise<string> {
  const [r] = await rows<{ id: unknown }>(
    db,
    sql`INSERT INTO alert_delivery (destination_id, purpose, episode_id, schedule_id, title, message, state, next_attempt_at, created_at)
        VALUES (${d.destinationId}, ${d.purpose}, ${d.episodeId ?? null}, ${d.scheduleId ?? null}, ${d.message.title}, ${JSON.stringify(d.message)}::jsonb,
                'pending', ${Math.max(now, d.notBefore ?? now)}, ${now})
        RETURNING id`,
  );
  return String(r!.id);
}

export interface ClaimedDelivery {
  id: string;
  /** null: a partner's own report, to `recipientUserId` */
  destinationId: string | null;
  recipientUserId: string | null;
  purpose: Purpose;
  message: Message;
  /** this attempt's number, from 1 */
  attempt: number;
}

/**
 * Take the next due delivery for one attempt: its attempt count goes up and it is leased for
 * `leaseMs`, so a crashed sender's delivery is tried again after the lease, and two senders
 * (should two ever run) never take the same one (SKIP LOCKED).
 */
export async function claimDue(db: Db, now: number, leaseMs: number): Promise<ClaimedDelivery | null> {
  const [r] = await rows<{ id: unknown; destination_id: string | null; recipient_user_id: string | null; purpose: string; message: unknown; attempts: unknown }>(
    db,
    sql`UPDATE alert_delivery SET state = 'sending', attempts = attempts + 1, lease_until = ${now + leaseMs}
         WHERE id = (SELECT id FROM alert_delivery
                      WHERE state IN ('pending', 'sending') AND next_attempt_at <= ${now} AND (lease_until IS NULL OR lease_until < ${now})
                      ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, destination_id, recipient_user_id, purpose, message, attempts`,
  );
  if (!r) return null;
  return { id: String(r.id), destinationId: r.destination_id, recipientUserId: r.recipient_user_id, purpose: r.purpose as Purpose, message: json<Message>(r.message), attempt: num(r.attempts) };
}

export interface AttemptOutcome {
  ok: boolean;
  status: number | null;
  error: string | null;
  durationMs: number;
}

/** Log the attempt and settle the delivery: sent, failed for good, or pending until `retryAt`. */
export async function recordAttempt(db: Db, d: ClaimedDelivery, at: number, outcome: AttemptOutcome, retryAt: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO alert_delivery_attempt (delivery_id, attempt, at, ok, status, error, duration_ms)
      VALUES (${d.id}, ${d.attempt}, ${at}, ${outcome.ok}, ${outcome.status}, ${outcome.error}, ${Math.round(outcome.durationMs)})
      ON CONFLICT DO NOTHING`);
    if (outcome.ok) {
      await tx.execute(sql`UPDATE alert_delivery SET state = 'sent', lease_until = NULL, finished_at = ${at} WHERE id = ${d.id}`);
    } else if (retryAt === null) {
      await tx.execute(sql`UPDATE alert_delivery SET state = 'failed', lease_until = NULL, finished_at = ${at} WHERE id = ${d.id}`);
    } else {
      await tx.execute(sql`UPDATE alert_delivery SET state = 'pending', lease_until = NULL, next_attempt_at = ${retryAt} WHERE id = ${d.id}`);
    }
  });
}

export async function listDeliveries(db: Q, q: { page: number; pageSize: number; destinationId?: string }): Promise<{ items: DeliveryView[]; total: number }> {
  const where = q.destinationId ? sql`d.destination_id = ${q.destinationId}` : sql`TRUE`;
  const [items, [count]] = await Promise.all([
    rows<{ id: unknown; destination_id: string | null; recipient_user_id: string | null; recipient_username: string | null; name: string | null; purpose: string; title: string; state: string; next_attempt_at: unknown; created_at: unknown }>(
      db,
      sql`SELECT d.id, d.destination_id, d.recipient_user_id, d.recipient_username, t.name, d.purpose, d.title, d.state, d.next_attempt_at, d.created_at
            FROM alert_delivery d LEFT JOIN alert_destination t ON t.id = d.destination_id
           WHERE ${where} ORDER BY d.created_at DESC, d.id DESC LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
    ),
    rows<{ n: unknown }>(db, sql`SELECT COUNT(*) AS n FROM alert_delivery d WHERE ${where}`),
  ]);
  const ids = items.map((i) => String(i.id));
  const attempts = ids.length
    ? await rows<{ delivery_id: unknown; attempt: unknown; at: unknown; ok: boolean; status: unknown; error: string | null; duration_ms: unknown }>(
        db,
        sql`SELECT * FROM alert_delivery_attempt WHERE delivery_id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) ORDER BY delivery_id, attempt`,
      )
    : [];
  return {
    total: num(count?.n),
    items: items.map((i) => ({
      id: String(i.id),
      destinationId: i.destination_id,
      destinationName: i.name,
      recipient: i.recipient_user_id ? { userId: i.recipient_user_id, username: i.recipient_username ?? "" } : null,
      purpose: i.purpose as Purpose,
      title: i.title,
      state: i.state as DeliveryView["state"],
      nextAttemptAt: i.state === "pending" || i.state === "sending" ? toMs(i.next_attempt_at) : null,
      createdAt: num(i.created_at),
      attempts: attempts
        .filter((a) => String(a.delivery_id) === String(i.id))
        .map((a) => ({ attempt: num(a.attempt), at: num(a.at), ok: a.ok, status: toMs(a.status), error: a.error, durationMs: num(a.duration_ms) })),
    })),
  };
}

// ---------------------------------------------------------------- worker state

export async function workerValue(db: Q, key: string): Promise<number | null> {
  const [r] = await rows<{ value: unknown }>(db, sql`SELECT value FROM alert_worker_state WHERE key = ${key}`);
  return toMs(r?.value);
}

export async function setWorkerValue(db: Q, key: string, value: number): Promise<void> {
  await db.execute(sql`INSERT INTO alert_worker_state (key, value) VALUES (${key}, ${value}) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`);
}
