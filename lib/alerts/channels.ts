/**
 * The two ways a message leaves: a signed webhook POST and an email over SMTP. Each attempt
 * answers what happened (ok, HTTP status, error text without secrets); retrying is the
 * engine's business (engine.ts).
 *
 * Webhook (webhook.ts, address.ts): `X-Weex-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256
 * of "<t>.<raw body>">` (signature.ts), signed when each attempt is sent; `X-Weex-Delivery`
 * carries the delivery id (the same on every retry, so a receiver can drop duplicates). Only
 * to addresses the policy allows, no redirects, a few KB of the answer read. Any 2xx is
 * success; anything else, a refused address, a network error or no answer within the timeout
 * is a failed attempt.
 *
 * Email: STARTTLS is required (nodemailer's `requireTLS`) unless the mail server is this
 * machine or SMTP_URL says otherwise (`?requireTLS=false`; its query overrides our options):
 * the login and the reports must not cross a network in clear text.
 */
import nodemailer, { type Transporter } from "nodemailer";
import SMTPTransport from "nodemailer/lib/smtp-transport";
import { isLoopbackHost, OPEN_POLICY, type Lookup, type WebhookPolicy } from "./address";
import { DELIVERY_HEADER, SIGNATURE_HEADER, signWebhook } from "./signature";
import { postWebhook } from "./webhook";
import type { AttemptOutcome } from "./store";
import type { Message } from "./message";

export interface Channels {
  webhook(url: string, secret: string, deliveryId: string, body: string): Promise<AttemptOutcome>;
  email(to: string, message: Message, attachment: { filename: string; content: string } | null): Promise<AttemptOutcome>;
}

export interface ChannelOptions {
  webhookTimeoutMs: number;
  /** smtp://user:pass@host:port (or smtps://); null: email cannot be sent */
  smtpUrl: string | null;
  mailFrom: string;
  /** where webhooks may go (default: no internal address, no exception) */
  webhookPolicy?: WebhookPolicy;
  /** the resolver webhooks use (default: the system's) */
  lookup?: Lookup;
}

/** Error text for the log and the page: never the SMTP URL's password. */
function describe(e: unknown, smtpUrl: string | null): string {
  let text = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  const cause = e instanceof Error && e.cause instanceof Error ? ` (${e.cause.message})` : "";
  text += cause;
  if (smtpUrl) {
    try {
      const pw = decodeURIComponent(new URL(smtpUrl).password);
      if (pw.length >= 1) text = text.split(pw).join("[redacted]");
    } catch {
      // not a URL: nothing to redact
    }
  }
  return text.slice(0, 500);
}

/** STARTTLS unless the server is this machine (SMTP_URL's own `requireTLS` / `ignoreTLS` query wins, nodemailer reads it after our options). */
function requireTls(smtpUrl: string): boolean {
  try {
    return !isLoopbackHost(new URL(smtpUrl).hostname);
  } catch {
    return true;
  }
}

export function realChannels(opts: ChannelOptions): Channels {
  let transport: Transporter | undefined;
  return {
    async webhook(url, secret, deliveryId, body) {
      const t = Math.floor(Date.now() / 1000);
      return postWebhook({
        url,
        headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signWebhook(secret, body, t), [DELIVERY_HEADER]: deliveryId, "user-agent": "weex-affiliate-dashboard" },
        body,
        timeoutMs: opts.webhookTimeoutMs,
        policy: opts.webhookPolicy ?? OPEN_POLICY,
        lookup: opts.lookup,
      });
    },
    async email(to, message, attachment) {
      const started = performance.now();
      if (!opts.smtpUrl) return { ok: false, status: null, error: "SMTP_URL is not set: email cannot be sent", durationMs: 0 };
      try {
        // Bounded waits: one blackholed mail server must not hold every other delivery (the
        // worker sends one at a time) past the delivery lease, nodemailer's defaults are minutes.
        // Built as an SMTPTransport: createTransport({ url, … }) reads the URL alone and drops
        // every other option; SMTPTransport applies them, the URL's query over them.
        transport ??= nodemailer.createTransport(
          new SMTPTransport({ url: opts.smtpUrl, requireTLS: requireTls(opts.smtpUrl), connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }),
        );
        const info = await transport.sendMail({
          from: opts.mailFrom,
          to,
          subject: message.title,
          text: message.text,
          html: message.html,
          attachments: attachment ? [{ filename: attachment.filename, content: attachment.content, contentType: "text/csv; charset=utf-8" }] : [],
        });
        const rejected = (info.rejected ?? []).length > 0;
        return { ok: !rejected, status: null, error: rejected ? `rejected: ${info.response}` : null, durationMs: performance.now() - started };
      } catch (e) {
        // (a server that refuses STARTTLS; a failed handshake says why itself)
        const noTls = e instanceof Error && e.message.startsWith("Error upgrading connection with STARTTLS") ? "TLS is required and the mail server offers no STARTTLS (SMTP_URL's ?requireTLS=false allows it): " : "";
        return { ok: false, status: null, error: noTls + describe(e, opts.smtpUrl), durationMs: performance.now() - started };
      }
    },
  };
}
