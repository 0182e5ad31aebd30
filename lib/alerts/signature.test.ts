import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signWebhook, verifyWebhookSignature } from "./signature";

const SECRET = "whsec_test";
const BODY = '{"type":"test","deliveryId":"7"}';
const T = 1_770_000_000;

describe("webhook signatures", () => {
  it("signs the time with the raw body: t=<s>,v1=<hex HMAC-SHA256 of \"<t>.<body>\">", () => {
    expect(signWebhook(SECRET, BODY, T)).toBe(`t=${T},v1=${createHmac("sha256", SECRET).update(`${T}.${BODY}`).digest("hex")}`);
  });

  it("verifies within 5 minutes either way, and refuses a replay, a tampered body or time, another secret, a malformed header", () => {
    const header = signWebhook(SECRET, BODY, T);
    expect(verifyWebhookSignature(SECRET, header, BODY, T)).toBe(true);
    expect(verifyWebhookSignature(SECRET, header, BODY, T + 300)).toBe(true);
    expect(verifyWebhookSignature(SECRET, header, BODY, T - 300)).toBe(true);
    expect(verifyWebhookSignature(SECRET, header, BODY, T + 301)).toBe(false); // replayed 5 min later
    expect(verifyWebhookSignature(SECRET, header, BODY, T + 3600, 7200)).toBe(true); // a receiver's own tolerance
    expect(verifyWebhookSignature(SECRET, header, BODY.replace("test", "tost"), T)).toBe(false);
    expect(verifyWebhookSignature(SECRET, header.replace(`t=${T}`, `t=${T + 60}`), BODY, T + 60)).toBe(false); // a fresh time on an old signature
    expect(verifyWebhookSignature("whsec_other", header, BODY, T)).toBe(false);
    for (const bad of [undefined, "", `sha256=${"0".repeat(64)}`, `t=${T}`, `t=${T},v1=zz`, `t=x,${header.split(",")[1]}`, `t=${T},v1=${"0".repeat(63)}`]) {
      expect(verifyWebhookSignature(SECRET, bad, BODY, T), String(bad)).toBe(false);
    }
  });
});
