/**
 * The alerts engine: evaluates rules on the archive and turns findings into episodes and
 * queued deliveries, queues scheduled reports when their period ends, and sends what is due
 * with retries. It holds no timer and no lock: worker.ts runs it in exactly one process.
 *
 * Evaluating and queueing happen in one transaction per rule (or per report period), so an
 * episode and its messages exist together or not at all, and a crash in between cannot lose or
 * double them. An each-partner schedule's period queues one report per partner with an email,
 * each of their own scope and in their language, in that same transaction; a unique key on
 * (schedule, period, partner) keeps it to one delivery each whatever queues it again. Sending
 * is at-least-once: a delivery is marked sent after the receiver accepted it, and every
 * attempt is logged.
 */
import type { Db } from "@/lib/db/connection";
import { dayYmd, periodBefore, periodStart, quietUntil, shiftDay } from "./calendar";
import type { Channels } from "./channels";
import { archiveClock, evaluateRule } from "./conditions";
import type { Locale } from "@/lib/i18n/locales";
import { episodeMessage, type Message } from "./message";
import { buildReport, periodCsv, reportMessage } from "./report";
import { startOfDay } from "@/lib/time/calendar";
import { scopeKey } from "@/lib/contract/scope";
import {
  claimDue,
  claimPeriod,
  destinationForSending,
  enqueueDelivery,
  enqueuePartnerReport,
  listDestinations,
  listRules,
  listSchedules,
  markEvaluated,
  openEpisode,
  openEpisodes,
  partnerForSending,
  recordAttempt,
  reportPartners,
  resolveEpisode,
  setSkippedPartners,
  setWorkerValue,
  workerValue,
  type ClaimedDelivery,
  type ReportPartner,
} from "./store";
import type { RuleView, ScheduleView } from "@/lib/contract/alerts";

export interface AlertSettings {
  /** first retry after this, then doubling (default 30 s) */
  retryBaseMs: number;
  /** cap of the backoff (default 1 h) */
  retryMaxMs: number;
  /** attempts before a delivery counts as failed (default 6) */
  maxAttempts: number;
  /** a claimed delivery is retried after this if its sender vanished (default 2 min) */
  leaseMs: number;
  /** how long a report waits for the archive to hold its period before it goes anyway (default 6 h) */
  reportWaitMs: number;
  /** how long a report's CSV link stays valid (default 7 days) */
  linkTtlMs: number;
}

export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  retryBaseMs: 30_000,
  retryMaxMs: 3_600_000,
  maxAttempts: 6,
  leaseMs: 120_000,
  reportWaitMs: 6 * 3_600_000,
  linkTtlMs: 7 * 86_400_000,
};

export interface AlertEngineOptions {
  db: Db;
  channels: Channels;
  settings?: Partial<AlertSettings>;
  /** signs a link to a period's CSV for webhooks (report.ts signCsvLink) */
  csvLink: (firstDay: string, lastDay: string, expires: number) => string;
  logger?: { info(o: object, m: string): void; warn(o: object, m: string): void };
}

/** The archive sync time the last evaluation saw (alert_worker_state). */
const EVALUATED_SYNC = "evaluated_sync_at";

export class AlertEngine {
  readonly db: Db;
  readonly settings: AlertSettings;
  private readonly channels: Channels;
  private readonly csvLink: AlertEngineOptions["csvLink"];
  private readonly logger: AlertEngineOptions["logger"];

  constructor(opts: AlertEngineOptions) {
    this.db = opts.db;
    this.channels = opts.channels;
    this.settings = { ...DEFAULT_ALERT_SETTINGS, ...opts.settings };
    this.csvLink = opts.csvLink;
    this.logger = opts.logger;
  }

  /**
   * Evaluate the rules that have something new to look at: every rule after the archive
   * synced or the risk flags changed since the last evaluation, and a new or edited rule at once.
   */
  async evaluate(now: number): Promise<{ evaluated: number; opened: number; resolved: number }> {
    const clock = await archiveClock(this.db);
    const stamp = Math.max(clock.subAffiliatesSyncedAt ?? 0, clock.inviteesSyncedAt ?? 0, clock.riskFlagsChangedAt ?? 0);
    const seen = (await workerValue(this.db, EVALUATED_SYNC)) ?? -1;
    const totals = { evaluated: 0, opened: 0, resolved: 0 };
    for (const rule of await listRules(this.db, { enabledOnly: true })) {
      const fresh = rule.lastEvaluatedAt === null || rule.updatedAt > rule.lastEvaluatedAt;
      if (stamp <= seen && !fresh) continue;
      const findings = await evaluateRule(this.db, rule, clock, now);
      if (findings === null) continue; // the archive cannot tell yet
      const r = await this.applyFindings(rule, findings, now, rule.kind === "dormant" ? clock.inviteesSyncedAt! : now);
      totals.evaluated++;
      totals.opened += r.opened;
      totals.resolved += r.resolved;
    }
    if (stamp > seen) await setWorkerValue(this.db, EVALUATED_SYNC, stamp);
    if (totals.opened || totals.resolved) this.logger?.info(totals, "alert rules evaluated");
    return totals;
  }

  private async applyFindings(rule: RuleView, findings: { subject: string; summary: string; detail: Record<string, unknown> }[], now: number, evaluatedAt: number) {
    const notBefore = quietUntil(now, rule.timeZone, rule.quiet) ?? now;
    // Each destination gets the message in its own language.
    const destinations = new Map((await listDestinations(this.db)).map((d) => [d.id, d.locale]));
    const targets = rule.destinationIds.filter((id) => destinations.has(id));
    return this.db.transaction(async (tx) => {
      let opened = 0;
      let resolved = 0;
      const queue = async (message: (locale: Locale) => Message, purpose: "fired" | "resolved", episodeId: string) => {
        for (const destinationId of targets) {
          await enqueueDelivery(tx, { destinationId, purpose, episodeId, message: message(destinations.get(destinationId)!), notBefore }, now);
        }
      };
      const open = new Map((await openEpisodes(tx, rule.id)).map((e) => [e.subject, e]));
      for (const f of findings) {
        if (open.has(f.subject)) continue; // fires once per episode
        const e = await openEpisode(tx, rule, f, now);
        if (!e) continue;
        opened++;
        await queue((locale) => episodeMessage("fired", rule, e, locale), "fired", e.id);
      }
      const holding = new Set(findings.map((f) => f.subject));
      for (const [subject, e] of open) {
        if (holding.has(subject)) continue;
        const done = await resolveEpisode(tx, e.id, now);
        if (!done) continue;
        resolved++;
        await queue((locale) => episodeMessage("resolved", rule, done, locale), "resolved", done.id);
      }
      await markEvaluated(tx, rule.id, evaluatedAt);
      return { opened, resolved };
    });
  }

  /**
   * Queue the report of every schedule whose period has ended since its last report. After a
   * downtime that spans several periods, only the latest goes out, once.
   */
  async runSchedules(now: number): Promise<number> {
    const clock = await archiveClock(this.db);
    let queued = 0;
    for (const s of await listSchedules(this.db)) {
      const end = periodStart(now, s.cadence, s.timeZone);
      if (end <= s.lastPeriodEnd) continue;
      const period = periodBefore(end, s.cadence, s.timeZone);
      // Wait (a while) for the archive to hold the period's last UTC day.
      const needed = startOfDay(dayYmd(shiftDay(period.lastDay, 1)), "UTC");
      const held = (clock.subAffiliatesSyncedAt ?? 0) >= needed;
      if (!held && now < end + this.settings.reportWaitMs) continue;
      if (await this.queueReport(s, period, end, now)) queued++;
    }
    return queued;
  }

  private async queueReport(s: ScheduleView, period: ReturnType<typeof periodBefore>, end: number, now: number): Promise<boolean> {
    if (s.audience === "each-partner") return this.queuePartnerReports(s, period, end, now);
    const report = await buildReport(this.db, period, s.cadence, s.timeZone);
    const link = this.csvLink(period.firstDay, period.lastDay, now + this.settings.linkTtlMs);
    const all = await listDestinations(this.db);
    return this.db.transaction(async (tx) => {
      if (!(await claimPeriod(tx, s.id, s.lastPeriodEnd, end, now))) return false;
      for (const d of all.filter((x) => s.destinationIds.includes(x.id))) {
        const message = reportMessage(s, report, d.kind === "webhook" ? link : null, d.locale);
        await enqueueDelivery(tx, { destinationId: d.id, purpose: "report", scheduleId: s.id, message }, now);
      }
      this.logger?.info({ schedule: s.id, from: period.firstDay, to: period.lastDay }, "scheduled report queued");
      return true;
    });
  }

  /**
   * Each enabled partner with an email gets a report of their own scope, in their language, by
   * email; a partner without one is skipped and named in the schedule's view. Built before the
   * transaction (reads only); queued with the period's claim, so the period goes out once.
   */
  private async queuePartnerReports(s: ScheduleView, period: ReturnType<typeof periodBefore>, end: number, now: number): Promise<boolean> {
    const partners = await reportPartners(this.db);
    const skipped = partners.filter((p) => p.email === null).map((p) => p.username);
    const reports: { p: ReportPartner; message: Message }[] = [];
    for (const p of partners.filter((x) => x.email !== null)) {
      const report = await buildReport(this.db, period, s.cadence, s.timeZone, p.scope);
      reports.push({ p, message: reportMessage(s, report, null, p.locale, { username: p.username, scope: p.scope }) });
    }
    return this.db.transaction(async (tx) => {
      if (!(await claimPeriod(tx, s.id, s.lastPeriodEnd, end, now))) return false;
      for (const { p, message } of reports) {
        await enqueuePartnerReport(tx, { scheduleId: s.id, periodEnd: end, recipient: { userId: p.userId, username: p.username }, message }, now);
      }
      await setSkippedPartners(tx, s.id, skipped);
      this.logger?.info({ schedule: s.id, from: period.firstDay, to: period.lastDay, partners: reports.length, skippedWithoutEmail: skipped.length }, "partners' reports queued");
      return true;
    });
  }

  /** Send what is due, one attempt each; at most `limit` per call. */
  async deliverDue(now: () => number, limit = 50): Promise<number> {
    let sent = 0;
    for (let i = 0; i < limit; i++) {
      const d = await claimDue(this.db, now(), this.settings.leaseMs);
      if (!d) break;
      await this.attempt(d, now);
      sent++;
    }
    return sent;
  }

  private async attempt(d: ClaimedDelivery, now: () => number): Promise<void> {
    const destination = d.recipientUserId !== null ? await this.partnerDestination(d) : await destinationForSending(this.db, d.destinationId ?? "");
    let outcome: { ok: boolean; status: number | null; error: string | null; durationMs: number };
    try {
      outcome = !destination
        ? { ok: false, status: null, error: d.recipientUserId !== null ? "the partner is no longer an enabled partner with this scope and an email" : "the destination no longer exists", durationMs: 0 }
        : destination.kind === "webhook"
          ? await this.channels.webhook(destination.target, destination.secret ?? "", d.id, JSON.stringify({ deliveryId: d.id, ...d.message.body }))
          : await this.channels.email(destination.target, d.message, d.message.attachment ? { filename: d.message.attachment.filename, content: await periodCsv(this.db, d.message.attachment.firstDay, d.message.attachment.lastDay, d.message.attachment.scope) } : null);
    } catch (e) {
      // (building the report's CSV, say): still an attempt, logged and retried like a refused
      // one, never a delivery left "sending" for good
      outcome = { ok: false, status: null, error: e instanceof Error ? `${e.name}: ${e.message.split("\nparams:")[0]}` : "the delivery could not be prepared", durationMs: 0 };
    }
    const at = now();
    const retry = outcome.ok || !destination || d.attempt >= this.settings.maxAttempts ? null : at + this.backoff(d.attempt);
    await recordAttempt(this.db, d, at, outcome, retry);
    const log = { delivery: d.id, destination: d.destinationId, recipientUserId: d.recipientUserId, purpose: d.purpose, attempt: d.attempt, status: outcome.status, error: outcome.error };
    if (outcome.ok) this.logger?.info(log, "alert delivered");
    else this.logger?.warn({ ...log, retryAt: retry }, retry === null ? "alert delivery failed for good" : "alert delivery failed; will retry");
  }

  /**
   * Where a partner's report goes: their email as it is now. Nothing (failed for good, like a
   * deleted destination) once they are disabled, no partner, without an email, or their scope
   * changed since the report was built: it holds the rows of the old scope, which they may no
   * longer see.
   */
  private async partnerDestination(d: ClaimedDelivery): Promise<{ kind: "email"; target: string; secret: null } | null> {
    const p = await partnerForSending(this.db, d.recipientUserId!);
    const built = d.message.attachment?.scope;
    if (!p || p.email === null || !built || scopeKey(p.scope) !== scopeKey(built)) return null;
    return { kind: "email", target: p.email, secret: null };
  }

  /** 30 s, 1 min, 2 min, … (capped): after the n-th failed attempt. */
  backoff(attempt: number): number {
    return Math.min(this.settings.retryMaxMs, this.settings.retryBaseMs * 2 ** (attempt - 1));
  }
}
