/**
 * Webhook signatures: `X-Weex-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>" with the destination's secret>`. The time is signed with the body, so a
 * captured request cannot be replayed later: a receiver refuses a signature older (or newer)
 * than its tolerance, 5 minutes. Every attempt is signed when it is sent, so a retry an hour
 * later verifies; `X-Weex-Delivery` (and the body's `deliveryId`) tell a retry from a new message.
 *
 * `verifyWebhookSignature` is the receiver's side, shown in docs/alerts.md and used by the tests:
 * plain node:crypto, nothing of the dashboard's.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "X-Weex-Signature";
export const DELIVERY_HEADER = "X-Weex-Delivery";
/** How far a signature's time may be from the receiver's clock. */
export const SIGNATURE_TOLERANCE_S = 300;

const hmac = (secret: string, t: number, body: string) => createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");

/** The header's value for `body` sent at `t` (unix seconds). */
export function signWebhook(secret: string, body: string, t: number): string {
  return `t=${t},v1=${hmac(secret, t, body)}`;
}

/**
 * True when `header` signs exactly `rawBody` (the bytes received, before any JSON parsing) with
 * `secret`, at a time within `toleranceS` of `nowS`. Compared in constant time.
 */
export function verifyWebhookSignature(secret: string, header: string | string[] | undefined | null, rawBody: string, nowS: number, toleranceS = SIGNATURE_TOLERANCE_S): boolean {
  if (typeof header !== "string") return false;
  const parts = header.split(",").map((p) => p.trim().split("="));
  const t = Number(parts.find(([k]) => k === "t")?.[1]);
  if (!Number.isSafeInteger(t) || Math.abs(nowS - t) > toleranceS) return false;
  const expected = Buffer.from(hmac(secret, t, rawBody), "hex");
  // Keys other than t and v1 (a later scheme) are ignored.
  return parts.some(([k, v]) => {
    if (k !== "v1" || !v || !/^[0-9a-f]{64}$/.test(v)) return false;
    return timingSafeEqual(Buffer.from(v, "hex"), expected);
  });
}
