/**
 * ACCESS-* header verification, as WEEX does it (weex-facts.md, "Signature").
 * The signature is checked over the exact bytes received: the raw query string as it
 * arrived on the wire and the raw body text, never a re-serialisation.
 */
import type { IncomingHttpHeaders } from "node:http";
import { timingSafeEqual } from "node:crypto";
import { sign } from "../weex/sign";
import { badRequest, CODES, unauthorized } from "./errors";

export interface Account {
  apiKey: string;
  apiSecret: string;
  passphrase: string;
  /** the account's UID: the key of the per-UID rate-limit window */
  uid: string;
}

/** How far ACCESS-TIMESTAMP may be from the exchange's clock, either way. */
export const TIMESTAMP_TOLERANCE_MS = 30_000;

function header(headers: IncomingHttpHeaders, name: string): string {
  const v = headers[name.toLowerCase()];
  return (Array.isArray(v) ? v[0] : v) ?? "";
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface SignedRequest {
  method: string;
  path: string;
  /** the query string exactly as received, without "?" */
  rawQuery: string;
  /** the body exactly as received */
  rawBody: string;
  headers: IncomingHttpHeaders;
}

/** Returns the authenticated account or throws the exchange's error. */
export function authenticate(req: SignedRequest, accounts: ReadonlyMap<string, Account>, now: number): Account {
  const key = header(req.headers, "ACCESS-KEY");
  const signature = header(req.headers, "ACCESS-SIGN");
  const timestamp = header(req.headers, "ACCESS-TIMESTAMP");
  const passphrase = header(req.headers, "ACCESS-PASSPHRASE");

  if (!key) throw unauthorized(CODES.keyEmpty, "ACCESS-KEY header is empty");
  if (!signature) throw unauthorized(CODES.signEmpty, "ACCESS-SIGN header is empty");
  if (!timestamp) throw unauthorized(CODES.timestampEmpty, "ACCESS-TIMESTAMP header is empty");
  if (!/^\d{13}$/.test(timestamp)) throw unauthorized(CODES.timestampInvalid, "Invalid ACCESS-TIMESTAMP: expected Unix epoch milliseconds");
  if (req.method === "POST") {
    const type = header(req.headers, "Content-Type").split(";")[0].trim().toLowerCase();
    if (type !== "application/json") throw badRequest(CODES.contentType, "Invalid Content-Type, please use application/json");
  }
  if (Math.abs(now - Number(timestamp)) > TIMESTAMP_TOLERANCE_MS) {
    throw unauthorized(CODES.timestampExpired, "Request timestamp expired");
  }
  const account = accounts.get(key);
  if (!account) throw unauthorized(CODES.keyInvalid, "Invalid ACCESS-KEY");
  if (!safeEqual(passphrase, account.passphrase)) throw unauthorized(CODES.passphrase, "API key or passphrase incorrect");
  const expected = sign(account.apiSecret, timestamp, req.method, req.path, req.rawQuery, req.rawBody);
  if (!safeEqual(signature, expected)) throw unauthorized(CODES.signature, "Signature verification failed");
  return account;
}
