/**
 * The channels against real receivers in this process: a webhook reaches only the
 * addresses that were checked, once resolved, follows no redirect and reads little of an
 * answer; email needs TLS unless the mail server is this machine or SMTP_URL says otherwise.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Lookup, WebhookPolicy } from "./address";
import { realChannels } from "./channels";
import type { Message } from "./message";
import { verifyWebhookSignature } from "./signature";
import { READ_LIMIT } from "./webhook";
import { nonLoopbackAddress, startMailCatcher, startReceiver, until, type MailCatcher, type Receiver } from "./test-support";

const SECRET = "whsec_channels";
const ALLOW_LOOPBACK: WebhookPolicy = { allow: [{ host: "127.0.0.1", port: null }], never: [] };
const nowS = () => Math.floor(Date.now() / 1000);

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});
afterEach(() => {
  receiver.received.length = 0;
  receiver.script.length = 0;
  receiver.connections = 0;
  receiver.flooded = null;
});

const channels = (policy?: WebhookPolicy, lookup?: Lookup) => realChannels({ webhookTimeoutMs: 2_000, smtpUrl: null, mailFrom: "x@example.test", webhookPolicy: policy, lookup });
const send = (url: string, policy?: WebhookPolicy, lookup?: Lookup) => channels(policy, lookup).webhook(url, SECRET, "42", '{"deliveryId":"42","type":"test"}');

describe("webhook channel", () => {
  it("signs each attempt with its time and the raw body", async () => {
    const outcome = await send(receiver.url, ALLOW_LOOPBACK);
    expect(outcome).toMatchObject({ ok: true, status: 200, error: null });
    const got = receiver.received[0]!;
    expect(got.headers["x-weex-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(SECRET, got.headers["x-weex-signature"], got.body, nowS())).toBe(true);
    expect(verifyWebhookSignature(SECRET, got.headers["x-weex-signature"], got.body, nowS() + 301)).toBe(false);
    expect(verifyWebhookSignature(SECRET, got.headers["x-weex-signature"], got.body.replace("test", "tost"), nowS())).toBe(false);
    expect(got.headers["x-weex-delivery"]).toBe("42");
  });

  it("refuses an internal address without connecting, as written or as resolved", async () => {
    const port = receiver.port;
    const asWritten = await send(`http://127.0.0.1:${port}/hook`);
    expect(asWritten).toMatchObject({ ok: false, status: null, error: "refused: 127.0.0.1 is a loopback address (127.0.0.0/8)" });
    const mapped = await send(`http://[::ffff:127.0.0.1]:${port}/hook`);
    expect(mapped.error).toBe("refused: ::ffff:7f00:1 is the IPv4-mapped form of 127.0.0.1, a loopback address (127.0.0.0/8)");
    // A public-looking name that resolves to this machine (one of its addresses is enough).
    const rebound: Lookup = async () => [
      { address: "93.184.215.14", family: 4 },
      { address: "127.0.0.1", family: 4 },
    ];
    const named = await send(`http://hooks.example.test:${port}/hook`, undefined, rebound);
    expect(named.error).toBe("refused: hooks.example.test resolves to 127.0.0.1, a loopback address (127.0.0.0/8)");
    // The exchange's API stays out of reach even when its host is allowed.
    const exchange = await send(`http://127.0.0.1:${port}/__sim/reset-stats`, { ...ALLOW_LOOPBACK, never: [{ host: "127.0.0.1", port }] });
    expect(exchange.error).toBe(`refused: 127.0.0.1:${port} is the exchange's API`);
    expect(receiver.connections).toBe(0);
  });

  it("connects to the address it checked, sending the URL's host: a second answer from DNS (rebinding) is never asked for", async () => {
    const answers = ["127.0.0.1", "10.9.9.9"];
    let lookups = 0;
    const rebinding: Lookup = async () => [{ address: answers[Math.min(lookups++, 1)]!, family: 4 }];
    const outcome = await send(`http://hooks.internal:${receiver.port}/hook?x=1`, { allow: [{ host: "hooks.internal", port: receiver.port }], never: [] }, rebinding);
    expect(outcome).toMatchObject({ ok: true, status: 200 });
    expect(lookups).toBe(1);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.headers.host).toBe(`hooks.internal:${receiver.port}`);
  });

  it("follows no redirect: a 3xx is a failed attempt", async () => {
    receiver.script.push({ redirect: "http://169.254.169.254/latest/meta-data/" });
    const outcome = await send(receiver.url, ALLOW_LOOPBACK);
    expect(outcome).toMatchObject({ ok: false, status: 302, error: "HTTP 302: redirect not followed" });
    expect(receiver.received).toHaveLength(1);
  });

  it("reads a few KB of an answer and hangs up: an endless body neither holds the attempt nor fills memory", async () => {
    receiver.script.push("flood");
    const outcome = await send(receiver.url, ALLOW_LOOPBACK);
    expect(outcome).toMatchObject({ ok: true, status: 200, error: null });
    await until(() => receiver.flooded !== null, "the receiver to see the connection closed");
    // Closed after a few KB, long before the 2 s deadline (reading on would have taken all of it).
    expect(READ_LIMIT).toBeLessThanOrEqual(8192);
    expect(receiver.flooded!.ms).toBeLessThan(1_500);
    expect(receiver.flooded!.bytes).toBeLessThan(64 * 1024);
  });
});

describe("email channel", () => {
  const host = nonLoopbackAddress();
  let mail: MailCatcher;
  beforeAll(async () => {
    mail = await startMailCatcher(undefined, "0.0.0.0");
  });
  afterAll(async () => {
    await mail?.close();
  });
  afterEach(() => {
    mail.mails.length = 0;
  });
  const message: Message = { title: "t", text: "hello", html: "<p>hello</p>", body: {} } as unknown as Message;
  const email = (smtpUrl: string) => realChannels({ webhookTimeoutMs: 1_000, smtpUrl, mailFrom: "Dashboard <d@example.test>" }).email("ops@example.test", message, null);

  it.skipIf(!host)(`refuses to send without TLS to a mail server that is not this machine (${host ?? "this machine has no non-loopback address"})`, async () => {
    const at = host!.includes(":") ? `[${host}]` : host;
    const outcome = await email(`smtp://${at}:${mail.port}`);
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toContain("TLS is required and the mail server offers no STARTTLS");
    expect(mail.mails).toHaveLength(0);
    // The operator's explicit choice in SMTP_URL.
    expect(await email(`smtp://${at}:${mail.port}?requireTLS=false`)).toMatchObject({ ok: true, error: null });
    expect(mail.mails).toHaveLength(1);
  });

  it("sends without TLS to the same server on loopback", async () => {
    expect(await email(`smtp://127.0.0.1:${mail.port}`)).toMatchObject({ ok: true, error: null });
    expect(await email(`smtp://localhost:${mail.port}`)).toMatchObject({ ok: true, error: null });
    expect(mail.mails).toHaveLength(2);
  });
});
