/**
 * Alerts wired into the running server (lib/alerts holds the engine): the worker started at boot (lib/server/services/startup.ts), and
 * what the /api/alerts routes do, each change audit-logged. Settings come from the environment:
 *
 * | ALERTS | on (off: this instance neither evaluates nor sends) |
 * | SMTP_URL | smtp(s)://user:pass@host:port; unset: email destinations fail with a clear error |
 * | MAIL_FROM | sender address, default "WEEX dashboard <dashboard@localhost>" |
 * | ALERT_RETRY_BASE_MS, ALERT_MAX_ATTEMPTS | backoff start (30000, doubling, ≤ 1 h) and attempts (6) |
 * | ALERT_WEBHOOK_TIMEOUT_MS | per-attempt timeout (10000) |
 * | ALERT_WEBHOOK_ALLOW_HOSTS | host or host:port list of internal webhook receivers allowed on purpose (lib/alerts/address.ts) |
 * | ALERT_TICK_MS | how often the worker looks (5000) |
 *
 * SMTP_URL's password and webhook secrets are never logged or answered (after creation).
 */
import "server-only";
import { getDatabase, getDb } from "@/lib/db";
import { LocalLock, PgAdvisoryLock, type SyncLock } from "@/lib/archive/lock";
import { audit } from "@/lib/server/identity/audit";
import { getAuthSecret, getConfig } from "@/lib/config/config";
import { ApiError, fieldError } from "@/lib/server/http/errors";
import { logger } from "@/lib/log/log";
import type { SessionUser } from "@/lib/server/identity/principal";
import { realChannels } from "@/lib/alerts/channels";
import { creationRefusal, endpointOf, parseAllowHosts, type WebhookPolicy } from "@/lib/alerts/address";
import { AlertEngine } from "@/lib/alerts/engine";
import { testMessage } from "@/lib/alerts/message";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { signCsvLink } from "@/lib/alerts/report";
import { RULE_PARAMS, type DestinationInput, type RuleInput, type RulePatch, type ScheduleInput } from "@/lib/contract/alerts";
import * as store from "@/lib/alerts/store";
import { AlertWorker } from "@/lib/alerts/worker";

const g = globalThis as typeof globalThis & { __weexAlerts?: Promise<{ engine: AlertEngine; worker?: AlertWorker }> };

const envInt = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};

/** The public base URL for links in messages (NEXTAUTH_URL, else this server on localhost). */
export function publicBaseUrl(): string {
  return process.env.NEXTAUTH_URL || `http://localhost:${process.env.PORT || 3000}`;
}

let policy: WebhookPolicy | undefined;
/**
 * Where webhooks may go: no internal address except the hosts ALERT_WEBHOOK_ALLOW_HOSTS names,
 * and never the exchange's API (in demo mode the simulator, whose /__sim routes steer it).
 */
function webhookPolicy(): WebhookPolicy {
  if (policy) return policy;
  const { entries, invalid } = parseAllowHosts(process.env.ALERT_WEBHOOK_ALLOW_HOSTS);
  if (invalid.length) logger("alerts").warn({ invalid }, "ALERT_WEBHOOK_ALLOW_HOSTS: entries that are no host or host:port allow nothing");
  const config = getConfig();
  const never = [config.spotBaseUrl, config.contractBaseUrl].map(endpointOf).filter((e) => e !== null);
  policy = { allow: entries, never };
  return policy;
}

function alerts() {
  g.__weexAlerts ??= getDatabase().then((database) => {
    const engine = new AlertEngine({
      db: database.db,
      channels: realChannels({
        webhookTimeoutMs: envInt("ALERT_WEBHOOK_TIMEOUT_MS", 10_000),
        smtpUrl: process.env.SMTP_URL || null,
        mailFrom: process.env.MAIL_FROM || "WEEX dashboard <dashboard@localhost>",
        webhookPolicy: webhookPolicy(),
      }),
      settings: { retryBaseMs: envInt("ALERT_RETRY_BASE_MS", 30_000), maxAttempts: envInt("ALERT_MAX_ATTEMPTS", 6) },
      csvLink: (from, to, expires) => signCsvLink(publicBaseUrl(), getAuthSecret(), from, to, expires),
      logger: logger("alerts"),
    });
    return { engine };
  });
  g.__weexAlerts.catch(() => {
    g.__weexAlerts = undefined;
  });
  return g.__weexAlerts;
}

/** Start the alerts worker in this server process (idempotent; ALERTS=off skips it). */
export async function startAlerts(): Promise<void> {
  const log = logger("alerts");
  if (process.env.ALERTS === "off") {
    log.info({}, "alerts are off on this instance (ALERTS=off)");
    return;
  }
  const state = await alerts();
  if (state.worker) return;
  const config = getConfig();
  const lock: SyncLock = config.database.kind === "postgres" ? new PgAdvisoryLock(config.database.url, undefined, "alerts") : new LocalLock("alerts");
  state.worker = new AlertWorker({ engine: state.engine, lock, tickMs: envInt("ALERT_TICK_MS", 5_000), logger: log }).start();
  log.info({ smtp: Boolean(process.env.SMTP_URL) }, "alerts worker started");
}

/** Something to send or evaluate was queued: the worker (if it runs here) looks now. */
async function kick() {
  (await alerts()).worker?.kick();
}

/** who asks; `locale`: their request's language (a new destination's default) */
type Who = { user: SessionUser; ip: string; locale?: Locale };
const by = (w: Who) => ({ username: w.user.username, ip: w.ip });

// ---------------------------------------------------------------- rules

async function checkDestinations(ids: readonly string[]) {
  const unknown = await store.unknownDestinations(await getDb(), ids);
  if (unknown.length) throw fieldError("destinationIds", `names no destination: ${unknown.join(", ")}`);
}

export async function createRule(input: RuleInput, w: Who) {
  await checkDestinations(input.destinationIds);
  const rule = await store.createRule(await getDb(), input, Date.now());
  await audit({ ...by(w), action: "alerts.rule.create", outcome: "success", detail: { id: rule.id, name: rule.name, kind: rule.kind } });
  await kick();
  return rule;
}

export async function changeRule(id: string, patch: RulePatch, w: Who) {
  const db = await getDb();
  const rule = await store.getRule(db, id);
  if (!rule) throw new ApiError("not_found", `There is no alert rule ${id}.`);
  let params = rule.params;
  if (patch.params) {
    const parsed = RULE_PARAMS[rule.kind].safeParse(patch.params);
    if (!parsed.success) {
      const i = parsed.error.issues[0]!;
      throw fieldError(["params", ...i.path.map(String)].join("."), i.message);
    }
    params = parsed.data;
  }
  if (patch.destinationIds) await checkDestinations(patch.destinationIds);
  const next = await store.updateRule(db, { ...rule, ...patch, params, quiet: patch.quiet === undefined ? rule.quiet : patch.quiet }, Date.now());
  await audit({ ...by(w), action: "alerts.rule.update", outcome: "success", detail: { id, changed: Object.keys(patch) } });
  await kick();
  return next;
}

export async function deleteRule(id: string, w: Who) {
  if (!(await store.deleteRule(await getDb(), id, Date.now()))) throw new ApiError("not_found", `There is no alert rule ${id}.`);
  await audit({ ...by(w), action: "alerts.rule.delete", outcome: "success", detail: { id } });
}

// ---------------------------------------------------------------- destinations

/** The secret is in this answer only. */
export async function createDestination(input: DestinationInput, w: Who) {
  if (input.kind === "webhook") {
    // The URL as written (a name is judged again by its addresses at every send).
    const refused = creationRefusal(new URL(input.url), webhookPolicy());
    if (refused) throw fieldError("url", "exchange" in refused ? `must not point at the exchange's API (${refused.exchange})` : `must not point at an internal address: ${refused.internal}`);
  }
  // Its messages are written in the language chosen in the form, else the creating user's.
  const { destination, secret } = await store.createDestination(await getDb(), { ...input, locale: input.locale ?? w.locale ?? DEFAULT_LOCALE }, Date.now());
  await audit({ ...by(w), action: "alerts.destination.create", outcome: "success", detail: { id: destination.id, name: destination.name, kind: destination.kind, target: destination.target, locale: destination.locale } });
  return { destination, secret };
}

export async function deleteDestination(id: string, w: Who) {
  if (!(await store.deleteDestination(await getDb(), id, Date.now()))) throw new ApiError("not_found", `There is no destination ${id}.`);
  await audit({ ...by(w), action: "alerts.destination.delete", outcome: "success", detail: { id } });
}

/** "Send a test": queued like any message (retries, log), sent at once by the worker. */
export async function sendTest(id: string, w: Who) {
  const db = await getDb();
  const destination = (await store.listDestinations(db)).find((d) => d.id === id);
  if (!destination) throw new ApiError("not_found", `There is no destination ${id}.`);
  const now = Date.now();
  const deliveryId = await store.enqueueDelivery(db, { destinationId: id, purpose: "test", message: testMessage(destination, w.user.username, now, destination.locale) }, now);
  await audit({ ...by(w), action: "alerts.destination.test", outcome: "success", detail: { id, deliveryId } });
  await kick();
  return { deliveryId };
}

// ---------------------------------------------------------------- schedules

export async function createSchedule(input: ScheduleInput, w: Who) {
  await checkDestinations(input.destinationIds);
  const schedule = await store.createSchedule(await getDb(), input, Date.now());
  await audit({ ...by(w), action: "alerts.schedule.create", outcome: "success", detail: { id: schedule.id, name: schedule.name, cadence: schedule.cadence, timeZone: schedule.timeZone, audience: schedule.audience } });
  return schedule;
}

export async function deleteSchedule(id: string, w: Who) {
  if (!(await store.deleteSchedule(await getDb(), id, Date.now()))) throw new ApiError("not_found", `There is no report schedule ${id}.`);
  await audit({ ...by(w), action: "alerts.schedule.delete", outcome: "success", detail: { id } });
}
