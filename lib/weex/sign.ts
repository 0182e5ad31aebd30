/**
 * ACCESS-SIGN as weex-facts.md defines it:
 * Base64(HMAC-SHA256(secret, timestamp + METHOD + path + ("?" + query if any) + body)).
 * The query and body passed here must be the exact bytes that go on the wire.
 */
import { createHmac } from "node:crypto";

export interface Credentials {
  apiKey: string;
  apiSecret: string;
  passphrase: string;
}

export function prehash(timestamp: string, method: string, path: string, query: string, body: string): string {
  return `${timestamp}${method.toUpperCase()}${path}${query ? `?${query}` : ""}${body}`;
}

export function sign(secret: string, timestamp: string, method: string, path: string, query: string, body: string): string {
  return createHmac("sha256", secret).update(prehash(timestamp, method, path, query, body)).digest("base64");
}

/** The ACCESS-* headers of a signed request. */
export function signedHeaders(
  creds: Credentials,
  method: string,
  path: string,
  query: string,
  body: string,
  now: number = Date.now(),
): Record<string, string> {
  const timestamp = String(now);
  return {
    "ACCESS-KEY": creds.apiKey,
    "ACCESS-SIGN": sign(creds.apiSecret, timestamp, method, path, query, body),
    "ACCESS-PASSPHRASE": creds.passphrase,
    "ACCESS-TIMESTAMP": timestamp,
  };
}
