/**
 * What the server knows about where a request comes from: its public origin (for cookies and
 * the cross-site check) and the client's IP (for throttling and the audit log).
 */
import "server-only";
import { BlockList, isIP } from "node:net";
import { getConfig } from "@/lib/config/config";
import type { TrustedProxy } from "@/lib/config/trusted-proxies";
import { PEER_HEADER, stampedPeer } from "./peer-address";

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(h: HeaderSource, name: string): string | undefined {
  if (h instanceof Headers) return h.get(name) ?? undefined;
  const v = h[name] ?? h[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * The origin browsers use for this dashboard. NEXTAUTH_URL when set; otherwise the request's
 * Host and X-Forwarded-Proto (Next sets both). This mirrors next-auth's own rule, so the session
 * cookie's name (`__Secure-` under HTTPS) is the same for next-auth and for us.
 */
export function publicOrigin(h: HeaderSource): string {
  const configured = process.env.NEXTAUTH_URL;
  if (configured) return new URL(configured).origin;
  const host = header(h, "x-forwarded-host")?.split(",")[0]?.trim() ?? header(h, "host") ?? "localhost";
  const proto = header(h, "x-forwarded-proto")?.split(",")[0]?.trim();
  return `${proto === "http" ? "http" : "https"}://${host}`;
}

/** Strict-Transport-Security for answers under HTTPS (pages: proxy.ts; API routes: route.ts). */
export const HSTS = "max-age=63072000; includeSubDomains";

export function isHttps(h: HeaderSource): boolean {
  return publicOrigin(h).startsWith("https://");
}

/**
 * The client's IP: the address of the socket the request came in on, unless that is
 * a trusted proxy (TRUSTED_PROXIES), in which case its `X-Forwarded-For` is read from the right
 * (each proxy appends the address it was reached from) past every trusted proxy; the first
 * address no trusted proxy stands for is the client. Anything further left was written by that
 * client and is not believed. Without TRUSTED_PROXIES (the default) a client's own header counts
 * for nothing. "unknown" when the socket is not known (see peer-address.ts).
 */
export function clientIp(h: HeaderSource): string {
  const peer = stampedPeer(header(h, PEER_HEADER));
  // No stamp, nothing to walk: the configuration is not needed (nor read) to say "unknown".
  if (peer === null) return "unknown";
  return clientAddress(header(h, "x-forwarded-for"), peer, trustedProxies());
}

/** The walk of `clientIp`, given the header, the socket's address and the trusted proxies. */
export function clientAddress(forwardedFor: string | undefined, peer: string | null, trusted: BlockList): string {
  let client = peer === null ? null : plainAddress(peer);
  if (client === null) return "unknown";
  const hops = forwardedFor ? forwardedFor.split(",") : [];
  for (let i = hops.length - 1; i >= 0 && isTrusted(trusted, client); i--) {
    const hop = plainAddress(hops[i]!);
    // Not an address: the trusted proxy's word ends here, and the proxy is all that is known.
    if (hop === null) break;
    client = hop;
  }
  return client;
}

/** An address as written in a header or by the socket: without port or brackets, IPv4 as IPv4. */
function plainAddress(raw: string): string | null {
  let a = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(":"));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  if (mapped) a = mapped[1]!;
  return isIP(a) ? a.toLowerCase() : null;
}

function isTrusted(list: BlockList, address: string): boolean {
  return list.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

const g = globalThis as typeof globalThis & { __weexTrustedProxies?: { from: TrustedProxy[]; list: BlockList } };

/** TRUSTED_PROXIES as a BlockList, built once per configuration. */
function trustedProxies(): BlockList {
  const from = getConfig().trustedProxies;
  if (g.__weexTrustedProxies?.from !== from) g.__weexTrustedProxies = { from, list: proxyList(from) };
  return g.__weexTrustedProxies.list;
}

export function proxyList(proxies: readonly TrustedProxy[]): BlockList {
  const list = new BlockList();
  for (const p of proxies) list.addSubnet(p.address, p.prefix, p.family);
  return list;
}

/**
 * Whether a state-changing request comes from this dashboard's own pages. Browsers send
 * `Sec-Fetch-Site` and `Origin` on every POST/PATCH/DELETE; a request with neither is not
 * from a browser (a script with its own cookie), which cross-site forgery cannot produce.
 */
export function isSameOrigin(h: HeaderSource): boolean {
  const site = header(h, "sec-fetch-site");
  if (site !== undefined && site !== "same-origin" && site !== "none") return false;
  const origin = header(h, "origin");
  if (origin === undefined) return true;
  if (origin === "null") return false;
  return origin === publicOrigin(h);
}
