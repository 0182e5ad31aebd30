/**
 * The two ways a message leaves: a signed webhook POST and an email over SMTP. Each attempt
 * answers what happened (ok, HTTP status, error text without secrets); retrying is the
 * sender's business (deliver.ts).
 *
 * Webhook: `X-Weex-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`
 * (signature.ts), signed when each attempt is sent; `X-Weex-Delivery` carries the delivery id
 * (the same on every retry, so a receiver can drop duplicates). Any 2xx is success; anything
 * else, a network error or no answer within the timeout is a failed attempt.
 */
import nodemailer, { type Transporter } from "nodemailer";
import { DELIVERY_HEADER, SIGNATURE_HEADER, signWebhook } from "./signature";
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

export function realChannels(opts: ChannelOptions): Channels {
  let transport: Transporter | undefined;
  return {
    async webhook(url, secret, deliveryId, body) {
      const started = performance.now();
      const t = Math.floor(Date.now() / 1000);
      try {
        const res = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signWebhook(secret, body, t), [DELIVERY_HEADER]: deliveryId, "user-agent": "weex-affiliate-dashboard" },
          body,
          redirect: "manual",
          signal: AbortSignal.timeout(opts.webhookTimeoutMs),
        });
        await res.arrayBuffer().catch(() => undefined);
        const ok = res.status >= 200 && res.status < 300;
        return { ok, status: res.status, error: ok ? null : `HTTP ${res.status}`, durationMs: performance.now() - started };
      } catch (e) {
        const timedOut = e instanceof Error && (e.name === "TimeoutError" || e.name === "AbortError");
        return { ok: false, status: null, error: timedOut ? `no answer within ${opts.webhookTimeoutMs} ms` : describe(e, null), durationMs: performance.now() - started };
      }
    },
    async email(to, message, attachment) {
      const started = performance.now();
      if (!opts.smtpUrl) return { ok: false, status: null, error: "SMTP_URL is not set: email cannot be sent", durationMs: 0 };
      try {
        // Bounded waits: one blackholed mail server must not hold every other delivery (the
        // worker sends one at a time) past the delivery lease, nodemailer's defaults are minutes.
        transport ??= nodemailer.createTransport({ url: opts.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
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
        return { ok: false, status: null, error: describe(e, opts.smtpUrl), durationMs: performance.now() - started };
      }
    },
  };
}
