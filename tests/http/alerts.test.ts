/**
 * Alerts over HTTP: a dashboard of its own, syncing its archive from a small
 * simulator, with a real HTTP receiver and a real SMTP server (with a password) in this test
 * process. What arrived is asserted: signatures, retries and their log, the email's parts, an
 * alert whose figure equals the archive's, the bell, the audit log, and that no secret shows up
 * in an answer after creation or in the server's log.
 *
 * Where a webhook may go: the receiver is on 127.0.0.1, allowed on purpose (ALERT_WEBHOOK_ALLOW_HOSTS); a
 * second dashboard without that list shows what a webhook cannot reach, and that email needs
 * TLS to a mail server that is not this machine.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nonLoopbackAddress, startMailCatcher, startReceiver, until, type MailCatcher, type Receiver } from "../../lib/alerts/test-support";
import { verifyWebhookSignature } from "../../lib/alerts/signature";
import { createDestination } from "../../lib/alerts/store";
import { openDatabase } from "../../lib/db/connection";
import { api, login } from "./helpers";
import { startNextServer } from "./server";
import { startStack, stopStackAndClean, type Stack } from "./stack";

const SMTP_AUTH = { user: "mailer", password: "smtp-pass-7f3a9c" };

let stack: Stack;
let env: Record<string, string>;
/** the embedded database outlives a restart of the server */
const dataDir = mkdtempSync(join(tmpdir(), "weex-alerts-http-"));
let receiver: Receiver;
let mail: MailCatcher;
let base: string;
let admin: string;
let viewer: string;

const call = <T>(path: string, init: { cookie?: string; method?: string; body?: unknown } = {}) => api<T>(path, { ...init, base, cookie: init.cookie ?? admin });

interface DeliveryLog {
  items: { id: string; purpose: string; state: string; destinationId: string; attempts: { ok: boolean; status: number | null; error: string | null }[] }[];
}

async function deliveryLog(destinationId: string) {
  return (await call<DeliveryLog>(`/api/alerts/deliveries?destinationId=${destinationId}`)).json.items;
}

/** The receiver's check (lib/alerts/signature.ts, as docs/alerts.md shows it): this secret, this body, within 5 minutes of `nowS`. */
const signed = (secret: string, body: string, header: string | string[] | undefined, nowS = Math.floor(Date.now() / 1000)) => verifyWebhookSignature(secret, header, body, nowS);

beforeAll(async () => {
  receiver = await startReceiver();
  mail = await startMailCatcher(SMTP_AUTH);
  env = {
    ARCHIVE_SYNC: "on",
    ARCHIVE_SYNC_INTERVAL_MS: "5000",
    ARCHIVE_SUB_AFFILIATE_DAYS: "30",
    SMTP_URL: mail.url,
    MAIL_FROM: "Dashboard <dashboard@example.test>",
    ALERT_TICK_MS: "250",
    ALERT_RETRY_BASE_MS: "300",
    ALERT_WEBHOOK_TIMEOUT_MS: "1000",
    // The receiver runs here, on 127.0.0.1 with a port only known now: allowed host-wide.
    ALERT_WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
  };
  stack = await startStack({ scale: 0.02, unlimited: true, env, signIn: ["admin", "viewer"], dataDir });
  base = stack.base;
  [admin, viewer] = stack.sessions as [string, string];
}, 180_000);

afterAll(() => stopStackAndClean(stack ?? {}, dataDir, receiver, mail));

describe("alerts over HTTP", () => {
  let hook: { id: string; secret: string };

  it("creates a webhook destination whose secret is answered once, and audit-logs it", async () => {
    const res = await call<{ destination: { id: string; target: string }; secret: string }>("/api/alerts/destinations", {
      method: "POST",
      body: { kind: "webhook", name: "receiver", url: receiver.url },
    });
    expect(res.status).toBe(201);
    expect(res.json.secret).toMatch(/^whsec_/);
    hook = { id: res.json.destination.id, secret: res.json.secret };
    const list = await call("/api/alerts/destinations");
    expect(list.text).toContain(hook.id);
    expect(list.text).not.toContain(hook.secret);
    const audit = await call<{ items: { action: string; username: string; detail: Record<string, unknown> }[] }>("/api/admin/audit?action=alerts.destination.create");
    expect(audit.json.items[0]).toMatchObject({ username: "admin", detail: { id: hook.id } });
    expect(JSON.stringify(audit.json)).not.toContain(hook.secret);
  });

  it("rejects bad input naming the field", async () => {
    const res = await call<{ error: { fields: { path: string }[] } }>("/api/alerts/rules", { method: "POST", body: { name: "x", kind: "drop", params: { percent: 140 } } });
    expect(res.status).toBe(400);
    expect(res.json.error.fields.map((f) => f.path)).toContain("params.percent");
    const zone = await call<{ error: { fields: { path: string }[] } }>("/api/alerts/rules", { method: "POST", body: { name: "x", kind: "silent", timeZone: "Mars/Base" } });
    expect(zone.json.error.fields.map((f) => f.path)).toEqual(["timeZone"]);
    const dest = await call<{ error: { fields: { path: string }[] } }>("/api/alerts/rules", { method: "POST", body: { name: "x", kind: "silent", destinationIds: ["nosuch"] } });
    expect(dest.json.error.fields.map((f) => f.path)).toEqual(["destinationIds"]);
  });

  it("sends a test to the webhook, signed with the destination's secret", async () => {
    const before = receiver.received.length;
    const res = await call<{ deliveryId: string }>(`/api/alerts/destinations/${hook.id}/test`, { method: "POST", body: {} });
    expect(res.status).toBe(202);
    await until(() => receiver.received.length > before, "the test webhook");
    const got = receiver.received[before]!;
    expect(JSON.parse(got.body)).toMatchObject({ type: "test", deliveryId: res.json.deliveryId, sentBy: "admin" });
    expect(got.headers["x-weex-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(signed(hook.secret, got.body, got.headers["x-weex-signature"])).toBe(true);
    expect(signed("whsec_wrong", got.body, got.headers["x-weex-signature"])).toBe(false);
    // Captured and replayed more than 5 minutes later, or with another body: refused.
    expect(signed(hook.secret, got.body, got.headers["x-weex-signature"], Math.floor(got.at / 1000) + 301)).toBe(false);
    expect(signed(hook.secret, got.body.replace('"test"', '"alert.fired"'), got.headers["x-weex-signature"])).toBe(false);
    await until(async () => (await deliveryLog(hook.id)).some((d) => d.id === res.json.deliveryId && d.state === "sent"), "the log to say sent");
  });

  it("retries a failing receiver with backoff, and the delivery log shows every attempt", async () => {
    const before = receiver.received.length;
    receiver.script.push(500, 503);
    const res = await call<{ deliveryId: string }>(`/api/alerts/destinations/${hook.id}/test`, { method: "POST", body: {} });
    await until(async () => (await deliveryLog(hook.id)).some((d) => d.id === res.json.deliveryId && d.state === "sent"), "the retried delivery", 20_000);
    const entry = (await deliveryLog(hook.id)).find((d) => d.id === res.json.deliveryId)!;
    expect(entry.attempts.map((a) => [a.ok, a.status])).toEqual([
      [false, 500],
      [false, 503],
      [true, 200],
    ]);
    expect(entry.attempts[0]!.error).toBe("HTTP 500");
    const mine = receiver.received.slice(before);
    expect(mine).toHaveLength(3);
    expect(new Set(mine.map((r) => r.body)).size).toBe(1);
    // Each attempt is signed when it is sent.
    for (const r of mine) expect(signed(hook.secret, r.body, r.headers["x-weex-signature"], Math.floor(r.at / 1000))).toBe(true);
    // The gaps grow (300 ms, then 600 ms).
    expect(mine[1]!.at - mine[0]!.at).toBeGreaterThanOrEqual(250);
    expect(mine[2]!.at - mine[1]!.at).toBeGreaterThanOrEqual(550);
  });

  it("follows no redirect: a 3xx is a failed attempt", async () => {
    const before = receiver.received.length;
    receiver.script.push({ redirect: "http://169.254.169.254/latest/meta-data/" });
    const redirected = await call<{ deliveryId: string }>(`/api/alerts/destinations/${hook.id}/test`, { method: "POST", body: {} });
    await until(async () => (await deliveryLog(hook.id)).some((d) => d.id === redirected.json.deliveryId && d.attempts.length > 0), "the redirected attempt");
    const first = (await deliveryLog(hook.id)).find((d) => d.id === redirected.json.deliveryId)!.attempts[0]!;
    expect(first).toMatchObject({ ok: false, status: 302, error: "HTTP 302: redirect not followed" });
    await until(async () => (await deliveryLog(hook.id)).some((d) => d.id === redirected.json.deliveryId && d.state === "sent"), "the retry to go through");
    for (const r of receiver.received.slice(before)) expect(signed(hook.secret, r.body, r.headers["x-weex-signature"], Math.floor(r.at / 1000))).toBe(true);
  });

  it("reads a few KB of an answer and hangs up", async () => {
    const before = receiver.received.length;
    // An answer without end: the attempt counts its 200 and hangs up after a few KB, long
    // before ALERT_WEBHOOK_TIMEOUT_MS (1 s), reading on would have held it that long.
    receiver.flooded = null;
    receiver.script.push("flood");
    const flooded = await call<{ deliveryId: string }>(`/api/alerts/destinations/${hook.id}/test`, { method: "POST", body: {} });
    await until(async () => (await deliveryLog(hook.id)).some((d) => d.id === flooded.json.deliveryId && d.state === "sent"), "the flooded delivery");
    expect((await deliveryLog(hook.id)).find((d) => d.id === flooded.json.deliveryId)!.attempts).toMatchObject([{ ok: true, status: 200, error: null }]);
    await until(() => receiver.flooded !== null, "the flooded connection to close");
    expect(receiver.flooded!.ms).toBeLessThan(900);
    expect(receiver.flooded!.bytes).toBeLessThan(64 * 1024);
    for (const r of receiver.received.slice(before)) expect(signed(hook.secret, r.body, r.headers["x-weex-signature"], Math.floor(r.at / 1000))).toBe(true);
  });

  it("never reaches the simulator's control routes (the exchange's API), though 127.0.0.1 is allowed", async () => {
    for (const path of ["/__sim/faults", "/__sim/reset-stats", "/"]) {
      const res = await call<{ error: { fields: { path: string; message: string }[] } }>("/api/alerts/destinations", { method: "POST", body: { kind: "webhook", name: "sim", url: `${stack.sim.url}${path}` } });
      expect(res.status).toBe(400);
      expect(res.json.error.fields).toEqual([{ path: "url", message: `must not point at the exchange's API (127.0.0.1:${stack.sim.port})` }]);
    }
    const list = await call<{ items: { target: string }[] }>("/api/alerts/destinations");
    expect(list.json.items.map((d) => d.target).filter((t) => t.startsWith(stack.sim.url))).toEqual([]);
  });

  it("emails a test over SMTP (with login) as text and HTML", async () => {
    const res = await call<{ destination: { id: string } }>("/api/alerts/destinations", { method: "POST", body: { kind: "email", name: "ops", email: "ops@example.test" } });
    expect(res.status).toBe(201);
    const before = mail.mails.length;
    await call(`/api/alerts/destinations/${res.json.destination.id}/test`, { method: "POST", body: {} });
    await until(() => mail.mails.length > before, "the test email");
    const m = mail.mails[before]!;
    expect(m.from?.text).toBe('"Dashboard" <dashboard@example.test>');
    expect(m.subject).toBe("[Test] WEEX affiliate dashboard → ops");
    expect(m.text).toContain("sent by admin");
    expect(m.html).toContain("<p>This is a test message");
  });

  it("fires an alert from the synced archive once, with the archive's figure; viewers see it and the bell counts it", async () => {
    const rule = await call<{ rule: { id: string } }>("/api/alerts/rules", {
      method: "POST",
      body: { name: "Commission paid", kind: "daily", params: { metric: "paidCommission", direction: "above", threshold: "0" }, destinationIds: [hook.id] },
    });
    expect(rule.status).toBe(201);
    const firedRequests = () => receiver.received.filter((r) => {
      const b = JSON.parse(r.body) as { type: string; rule?: { id: string } };
      return b.type === "alert.fired" && b.rule?.id === rule.json.rule.id;
    });
    const fired = () => firedRequests().map((r) => JSON.parse(r.body) as { episode?: { detail: { day: string; value: string } } });
    await until(() => fired().length > 0, "the alert (after the archive's backfill)", 150_000);
    const request = firedRequests()[0]!;
    expect(signed(hook.secret, request.body, request.headers["x-weex-signature"], Math.floor(request.at / 1000))).toBe(true);
    const { day, value } = fired()[0]!.episode!.detail;
    // The same day's paid commission as the archive answers it.
    const from = Date.parse(`${day}T00:00:00Z`);
    const series = await call<{ items: { paidCommission: string }[] }>(`/api/affiliate/sub-affiliates/series?source=archive&granularity=day&startTime=${from}&endTime=${from + 86_400_000 - 1}`);
    expect(series.status).toBe(200);
    const archived = series.json.items.reduce((s, i) => s.plus(i.paidCommission), new Decimal(0));
    expect(new Decimal(value).eq(archived)).toBe(true);

    const history = await call<{ items: { ruleId: string; resolvedAt: number | null }[]; unread: number }>("/api/alerts", { cookie: viewer });
    expect(history.status).toBe(200);
    expect(history.json.items.some((e) => e.ruleId === rule.json.rule.id && e.resolvedAt === null)).toBe(true);
    expect(history.json.unread).toBeGreaterThan(0);
    // Every page arrives with the count in its bell (the layout counts it; no request after load).
    const page = await fetch(`${base}/transfers`, { headers: { cookie: viewer } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(new RegExp(`data-testid="alert-bell-count"[^>]*>${history.json.unread > 99 ? "99\\+" : history.json.unread}<`));
    await call("/api/alerts/read", { cookie: viewer, method: "POST", body: {} });
    expect((await call<{ unread: number }>("/api/alerts/unread", { cookie: viewer })).json.unread).toBe(0);

    // Further syncs (every 5 s) while it holds: still one alert.
    const status = async () => (await call<{ datasets: { dataset: string; lastRunAt: number | null }[] }>("/api/admin/sync")).json.datasets.find((d) => d.dataset === "subAffiliates")!.lastRunAt ?? 0;
    const seen = await status();
    await until(async () => (await status()) > seen + 1000, "another sync", 60_000);
    await new Promise((r) => setTimeout(r, 1000));
    expect(fired()).toHaveLength(1);
  }, 240_000);

  it("after a restart on the same database, sends nothing twice", async () => {
    const fired = () => receiver.received.filter((r) => (JSON.parse(r.body) as { type: string }).type === "alert.fired").length;
    const firedBefore = fired();
    const logBefore = await deliveryLog(hook.id);
    expect(firedBefore).toBeGreaterThan(0);
    await stack.server.stop();
    const restartedAt = Date.now();
    stack.server = await startNextServer({ env: { WEEX_SPOT_BASE_URL: stack.sim.url, WEEX_CONTRACT_BASE_URL: stack.sim.url, WEEX_IP_WEIGHT_PER_10S: "1000000", WEEX_UID_WEIGHT_PER_10S: "1000000", ...env }, dataDir });
    base = stack.server.url; // sessions stay valid: the session secret is in the data directory
    // The new process syncs the archive again and evaluates the rules on it.
    const lastRun = async () => (await call<{ datasets: { dataset: string; lastRunAt: number | null }[] }>("/api/admin/sync")).json.datasets.find((d) => d.dataset === "subAffiliates")!.lastRunAt ?? 0;
    await until(async () => (await lastRun()) > restartedAt, "a sync after the restart", 60_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(fired()).toBe(firedBefore);
    const logAfter = await deliveryLog(hook.id);
    expect(logAfter.map((d) => [d.id, d.state])).toEqual(logBefore.map((d) => [d.id, d.state]));
  }, 120_000);

  it("keeps secrets out of answers and the server log", async () => {
    const rules = await call("/api/alerts/rules", { cookie: viewer });
    expect(rules.status).toBe(200);
    const log = readdirSync(dataDir).filter((f) => f.endsWith(".log")).map((f) => readFileSync(join(dataDir, f), "utf8")).join("\n");
    expect(log).toContain("alert delivered");
    for (const secret of [hook.secret, SMTP_AUTH.password]) {
      expect(log).not.toContain(secret);
      for (const path of ["/api/alerts/destinations", "/api/alerts/deliveries", "/api/alerts/rules", "/api/alerts"]) expect((await call(path)).text).not.toContain(secret);
    }
  });
});

describe("what a webhook or an email must not reach: a dashboard without an allow-list", () => {
  const smtpHost = nonLoopbackAddress();
  const ownDir = mkdtempSync(join(tmpdir(), "weex-alerts-inside-"));
  let own: Stack;
  let ownEnv: Record<string, string>;
  let ownAdmin: string;
  /** a receiver on this machine that nothing may reach */
  let inside: Receiver;
  /** a mail server without STARTTLS on an address of this machine that is not loopback */
  let mailer: MailCatcher | undefined;
  const ask = <T>(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => api<T>(path, { ...init, base: own.base, cookie: ownAdmin });
  const attemptsOf = async (ids: string[]) => (await ask<DeliveryLog>("/api/alerts/deliveries?pageSize=50")).json.items.filter((d) => ids.includes(d.destinationId) && d.attempts.length > 0);

  beforeAll(async () => {
    inside = await startReceiver();
    if (smtpHost) mailer = await startMailCatcher(undefined, smtpHost);
    ownEnv = {
      // Set, and empty: nothing from the surrounding shell allows anything here.
      ALERT_WEBHOOK_ALLOW_HOSTS: "",
      ALERT_TICK_MS: "250",
      ALERT_WEBHOOK_TIMEOUT_MS: "1000",
      ...(mailer ? { SMTP_URL: mailer.url } : {}),
    };
    own = await startStack({ scale: 0.02, unlimited: true, env: ownEnv, signIn: ["admin"], dataDir: ownDir });
    ownAdmin = own.sessions[0]!;
  }, 180_000);

  afterAll(() => stopStackAndClean(own ?? {}, ownDir, inside, mailer));

  it("refuses every internal spelling at creation, naming the url field", async () => {
    const port = inside.port;
    const urls = [
      `http://127.0.0.1:${port}/hook`,
      `http://localhost:${port}/hook`,
      `http://[::ffff:127.0.0.1]:${port}/hook`,
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/",
      `http://2130706433:${port}/`,
      `http://0x7f.1:${port}/`,
      `http://0177.0.0.1:${port}/`,
      "http://hooks.localhost/",
      `http://localhost.:${port}/`,
      "http://[::1]/",
      "http://192.168.0.10/",
      "http://[fd00::2]/",
      `${own.sim.url}/__sim/faults`,
    ];
    for (const url of urls) {
      const res = await ask<{ error: { code: string; fields: { path: string; message: string }[] } }>("/api/alerts/destinations", { method: "POST", body: { kind: "webhook", name: "inside", url } });
      expect(res.status, url).toBe(400);
      expect(res.json.error.fields.map((f) => f.path), url).toEqual(["url"]);
      expect(res.json.error.fields[0]!.message, url).toMatch(/^must not point at (an internal address: |the exchange's API \()/);
    }
    const octal = await ask<{ error: { fields: { message: string }[] } }>("/api/alerts/destinations", { method: "POST", body: { kind: "webhook", name: "inside", url: `http://0177.0.0.1:${port}/` } });
    expect(octal.json.error.fields[0]!.message).toBe("must not point at an internal address: 127.0.0.1 is a loopback address (127.0.0.0/8)");
    const zh = await ask<{ error: { fields: { message: string }[] } }>("/api/alerts/destinations", { method: "POST", body: { kind: "webhook", name: "inside", url: "http://10.0.0.1/" }, headers: { "accept-language": "zh-CN" } });
    expect(zh.json.error.fields[0]!.message).toBe("不能指向内部地址：10.0.0.1 is a private address (10.0.0.0/8)");
    // A receiver out there is welcome (its name is judged by its addresses whenever it is sent to).
    expect((await ask("/api/alerts/destinations", { method: "POST", body: { kind: "webhook", name: "outside", url: "https://hooks.example.com/weex" } })).status).toBe(201);
    expect(inside.connections).toBe(0);
  });

  it.skipIf(!smtpHost)(`sends no email in clear text to a mail server that is not this machine (${smtpHost ?? "this machine has no address but loopback"})`, async () => {
    const created = await ask<{ destination: { id: string } }>("/api/alerts/destinations", { method: "POST", body: { kind: "email", name: "ops", email: "ops@example.test" } });
    expect(created.status).toBe(201);
    const id = created.json.destination.id;
    expect((await ask(`/api/alerts/destinations/${id}/test`, { method: "POST", body: {} })).status).toBe(202);
    await until(async () => (await attemptsOf([id])).length > 0, "the email's first attempt");
    expect((await attemptsOf([id]))[0]!.attempts[0]).toMatchObject({ ok: false, status: null, error: expect.stringContaining("TLS is required and the mail server offers no STARTTLS") });
    expect(mailer!.mails).toHaveLength(0);
  });

  it("refuses at send time a destination stored before, without connecting (the simulator's controls included)", async () => {
    // Stored as an older version stored them: straight into the database, the server stopped.
    await own.server.stop();
    const stored: Record<string, string> = {};
    const database = await openDatabase({ kind: "embedded", dataDir: ownDir });
    try {
      for (const [name, url] of [
        ["localhost", `http://localhost:${inside.port}/hook`],
        ["mapped", `http://[::ffff:127.0.0.1]:${inside.port}/hook`],
        ["simulator", `${own.sim.url}/__sim/reset-stats`],
      ] as const) {
        stored[name] = (await createDestination(database.db, { kind: "webhook", name, url }, Date.now())).destination.id;
      }
    } finally {
      await database.close();
    }
    own.server = await startNextServer({ env: { WEEX_SPOT_BASE_URL: own.sim.url, WEEX_CONTRACT_BASE_URL: own.sim.url, WEEX_IP_WEIGHT_PER_10S: "1000000", WEEX_UID_WEIGHT_PER_10S: "1000000", ...ownEnv }, dataDir: ownDir });
    own.base = own.server.url;
    ownAdmin = await login("admin", "demo", { base: own.base, fresh: true });

    // The simulator counts a request now; a webhook reaching /__sim/reset-stats would zero it.
    expect((await ask("/api/reference/symbols")).status).toBe(200);
    const simRequests = own.sim.stats().requests;
    expect(simRequests).toBeGreaterThan(0);

    const ids = Object.values(stored);
    for (const id of ids) expect((await ask(`/api/alerts/destinations/${id}/test`, { method: "POST", body: {} })).status).toBe(202);
    await until(async () => (await attemptsOf(ids)).length === ids.length, "an attempt to each");
    const first = Object.fromEntries((await attemptsOf(ids)).map((d) => [d.destinationId, d.attempts[0]!]));
    expect(first[stored.localhost!]).toMatchObject({ ok: false, status: null, error: expect.stringMatching(/^refused: localhost resolves to (127\.0\.0\.1|::1), a loopback address/) });
    expect(first[stored.mapped!]).toMatchObject({ ok: false, status: null, error: "refused: ::ffff:7f00:1 is the IPv4-mapped form of 127.0.0.1, a loopback address (127.0.0.0/8)" });
    expect(first[stored.simulator!]).toMatchObject({ ok: false, status: null, error: `refused: 127.0.0.1:${own.sim.port} is the exchange's API` });
    expect(inside.connections).toBe(0);
    expect(own.sim.stats().requests).toBeGreaterThanOrEqual(simRequests);
  }, 120_000);
});
