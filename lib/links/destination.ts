/**
 * Where a link may lead, and the short URL's names. A link is never an open redirect: its
 * destination is an absolute https URL whose host is WEEX's (`weex.com` or a subdomain) or one
 * an operator added (LINK_DESTINATION_HOSTS), compared as hosts, never as text prefixes
 * (`weex.com.evil.example` and `evilweex.com` are not WEEX's). The redirect's Location is built
 * from the stored link alone: nothing of the click's request goes into it.
 */
import { randomBytes } from "node:crypto";

/** The hosts every deployment allows (with their subdomains). */
export const DEFAULT_DESTINATION_HOSTS = ["weex.com"] as const;

/** A slug: 3 to 64 of a-z, 0-9, "-" and "_" (lower case only: a short URL read aloud or retyped still works). */
export const SLUG_RE = /^[a-z0-9_-]{3,64}$/;

export type Checked<T> = { ok: T } | { message: string };

/** The destination as stored (the URL's normal form), or why it is refused. */
export function checkDestination(raw: string, allowedHosts: readonly string[]): Checked<string> {
  let url: URL;
  try {
    // (no base: a protocol-relative "//host/…" or a path is not an absolute URL, and is refused)
    url = new URL(raw);
  } catch {
    return { message: "must be an absolute https URL" };
  }
  if (url.protocol !== "https:") return { message: "must be an https URL" };
  if (url.username || url.password) return { message: "must not carry a user name or password" };
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (!allowedHosts.some((h) => host === h || host.endsWith(`.${h}`))) {
    return { message: `must lead to an allowed host (${allowedHosts.join(", ")} or a subdomain); ${host} is not one` };
  }
  return { ok: url.toString() };
}

export interface Utm {
  source?: string | null;
  medium?: string | null;
  campaign?: string | null;
}

/** The destination with the link's UTM parameters set (a value the destination already has is replaced). */
export function withUtm(destination: string, utm: Utm): string {
  const url = new URL(destination);
  for (const [key, value] of Object.entries(utm)) if (value) url.searchParams.set(`utm_${key}`, value);
  return url.toString();
}

/** Whether the destination carries the invite code (the form warns when it does not: the link would credit nobody). */
export function carriesCode(destination: string, inviteCode: string): boolean {
  return destination.includes(inviteCode);
}

const SLUG_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

/** A new random slug of 8 characters without look-alikes (l, o, 0, 1): 40 bits. */
export function newSlug(): string {
  return [...randomBytes(8)].map((b) => SLUG_ALPHABET[b % SLUG_ALPHABET.length]).join("");
}
