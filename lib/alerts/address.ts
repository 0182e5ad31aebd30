/**
 * Where a webhook may go. A destination URL is typed by an admin, and "Send a test"
 * plus the delivery log (status, error, duration) answer what is behind it: left open, that is
 * a port scanner of this machine, its network and the cloud's metadata service (and, in demo
 * mode, a remote control of the simulator). So a webhook reaches only global unicast addresses,
 * judged on the URL as written when it is created and again on the addresses its name resolves
 * to when it is sent, and never the exchange's own API; an operator allows an internal receiver
 * on purpose with ALERT_WEBHOOK_ALLOW_HOSTS (`host` or `host:port`, compared with the URL's host
 * as written, normalised by WHATWG URL parsing).
 *
 * Which addresses are global unicast is not a list of our own: it is ipaddr.js's `range()`, a
 * maintained classification of IANA's IPv4 and IPv6 special-purpose address registries (a
 * hand-written list misses ranges: benchmarking, NAT64 for local use, site-local, Teredo, …).
 * The rule:
 * - IPv4: only what `range()` calls "unicast" passes;
 * - IPv6: only "unicast" within 2000::/3 (the global unicast space) passes, except the two
 *   forms that carry an IPv4 address this host or the operator's NAT64 gateway reaches, which
 *   are judged by that IPv4 address (CARRIERS): IPv4-mapped `::ffff:0:0/96` and the well-known
 *   NAT64 prefix `64:ff9b::/96`. Every other special range is refused whatever it embeds: the
 *   local-use NAT64 prefix `64:ff9b:1::/48` (the operator's own translator, to any IPv4 address
 *   it chooses), 6to4 `2002::/16` and Teredo `2001::/32` (tunnels through relays that may sit in
 *   the operator's network; both deprecated), the IPv4-compatible `::/96` and IPv4-translated
 *   `::ffff:0:0:0/96` forms (outside 2000::/3).
 *
 * Only this module decides; webhook.ts connects to exactly the addresses it checked.
 */
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * ipaddr.js's names of the special-purpose ranges, as a reason says them ("a benchmarking
 * address (2001:2::/48)"). A range the library adds later and this table does not know is
 * refused all the same and named as the library names it.
 */
const RANGE_WORDS: Record<string, string> = {
  unspecified: "unspecified",
  broadcast: "broadcast",
  multicast: "multicast",
  linkLocal: "link-local",
  loopback: "loopback",
  carrierGradeNat: "carrier-grade NAT",
  private: "private",
  reserved: "reserved",
  benchmarking: "benchmarking",
  as112: "AS112 anycast",
  as112v6: "AS112 anycast",
  amt: "AMT anycast",
  uniqueLocal: "unique-local",
  deprecatedSiteLocal: "site-local",
  discard: "discard-only",
  ipv4Mapped: "IPv4-mapped",
  rfc6145: "IPv4-translated",
  rfc6052: "local-use NAT64",
  "6to4": "6to4",
  teredo: "Teredo",
  deprecatedOrchid: "ORCHID",
  orchid2: "ORCHIDv2",
  droneRemoteIdProtocolEntityTags: "drone remote ID",
  segmentRouting: "segment-routing",
};

/** The IPv6 forms judged by the IPv4 address in their last 32 bits (see the module's rule). */
const CARRIERS = [
  { what: "IPv4-mapped", net: ipaddr.IPv6.parseCIDR("::ffff:0:0/96") },
  { what: "NAT64", net: ipaddr.IPv6.parseCIDR("64:ff9b::/96") },
] as const;

/** IPv6 global unicast (RFC 4291): nothing outside it is a webhook's destination. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR("2000::/3");

interface RangeHit {
  what: string;
  cidr: string;
  /** the IPv6 form that carried the IPv4 address the range holds */
  carrier?: { what: string; address: string };
}

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** The block of ipaddr.js's range `name` that holds `ip`, as text ("198.18.0.0/15"); the range's name if the library does not say. */
function cidrOf(ip: ipaddr.IPv4 | ipaddr.IPv6, name: string): string {
  const table = (ip as unknown as { SpecialRanges?: Record<string, Cidr | Cidr[]> }).SpecialRanges?.[name];
  if (!table) return name;
  const blocks: Cidr[] = Array.isArray(table[0]) ? (table as Cidr[]) : [table as Cidr];
  const hit = blocks.find(([net, bits]) => net.kind() === ip.kind() && ip.match(net as never, bits));
  return hit ? `${hit[0].toString()}/${hit[1]}` : name;
}

/**
 * An address as ipaddr.js reads it, from its canonical text: ipaddr.js reads `::a.b.c.d` (the
 * IPv4-compatible form, as C's inet_ntop writes it) as IPv4-mapped, so an IPv6 address is first
 * written as WHATWG URL writes it (RFC 5952, no dotted tail); a zone (`%eth0`) says nothing of
 * the range and is dropped.
 */
function parsed(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  if (isIP(address) === 4) return ipaddr.IPv4.parse(address);
  const text = new URL(`http://[${address.replace(/%.*$/, "")}]/`).hostname.slice(1, -1);
  return ipaddr.IPv6.parse(text);
}

function rangeOf(address: string): RangeHit | null {
  const ip = parsed(address);
  if (ip.kind() === "ipv4") {
    const range = ip.range();
    return range === "unicast" ? null : { what: RANGE_WORDS[range] ?? range, cidr: cidrOf(ip, range) };
  }
  const v6 = ip as ipaddr.IPv6;
  const carrier = CARRIERS.find((c) => v6.match(c.net));
  if (carrier) {
    const [hi, lo] = [v6.parts[6]!, v6.parts[7]!];
    const v4 = [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
    const inner = rangeOf(v4);
    return inner ? { ...inner, carrier: { what: carrier.what, address: v4 } } : null;
  }
  const range = v6.range();
  if (range !== "unicast") return { what: RANGE_WORDS[range] ?? range, cidr: cidrOf(v6, range) };
  return v6.match(GLOBAL_UNICAST) ? null : { what: "non-global", cidr: "outside global unicast 2000::/3" };
}

/**
 * What a refused address is ("a loopback address (127.0.0.0/8)", "the IPv4-mapped form of
 * 127.0.0.1, a loopback address (127.0.0.0/8)"), or null when a webhook may reach it.
 */
export function refusedClass(address: string): string | null {
  if (isIP(address) === 0) return "not an IP address";
  const hit = rangeOf(address);
  if (!hit) return null;
  const what = `${article(hit.what)} address (${hit.cidr})`;
  return hit.carrier ? `the ${hit.carrier.what} form of ${hit.carrier.address}, ${what}` : what;
}

/** A host that is this machine as written: a loopback address in any form, or localhost. */
export function isLoopbackHost(hostname: string): boolean {
  const host = bare(hostname);
  return isIP(host) ? rangeOf(host)?.what === "loopback" : nameRefusal(hostname) !== null;
}

const article = (what: string) => (/^[aeiou]/i.test(what) ? `an ${what}` : `a ${what}`);

/** A URL's host without the brackets of an IPv6 literal. */
const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, "$1");
/** One trailing dot names the same host ("localhost." is localhost). */
const undotted = (hostname: string) => hostname.replace(/\.$/, "");

/** Names that mean this machine whatever DNS says (RFC 6761). */
function nameRefusal(hostname: string): string | null {
  const name = undotted(hostname);
  return name === "localhost" || name.endsWith(".localhost") ? `${hostname} is a name of this machine` : null;
}

export const effectivePort = (url: URL): number => (url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80);

// ---------------------------------------------------------------- the operator's choices

/** An allowed host (any port) or host:port, normalised as a URL's host is. */
export interface AllowEntry {
  host: string;
  port: number | null;
}

export interface WebhookPolicy {
  /** ALERT_WEBHOOK_ALLOW_HOSTS: internal receivers allowed on purpose */
  allow: readonly AllowEntry[];
  /**
   * Endpoints never reached, allowed host or not: the exchange's API (in demo mode the
   * simulator, whose /__sim routes steer it).
   */
  never: readonly { host: string; port: number }[];
}

export const OPEN_POLICY: WebhookPolicy = { allow: [], never: [] };

/** `host`, `host:port`, `[v6]` or `[v6]:port` → an entry; null when it is none of these. */
function allowEntry(text: string): AllowEntry | null {
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:/[\]\s@?#]+)(?::(\d{1,5}))?$/.exec(text);
  if (!m) return null;
  try {
    const host = new URL(`http://${m[1]}/`).hostname;
    const port = m[2] === undefined ? null : Number(m[2]);
    return port !== null && (port < 1 || port > 65535) ? null : { host, port };
  } catch {
    return null;
  }
}

/** ALERT_WEBHOOK_ALLOW_HOSTS: comma- or space-separated entries; what is not one is named in `invalid` (and allows nothing). */
export function parseAllowHosts(text: string | undefined): { entries: AllowEntry[]; invalid: string[] } {
  const entries: AllowEntry[] = [];
  const invalid: string[] = [];
  for (const item of (text ?? "").split(/[\s,]+/).filter(Boolean)) {
    const entry = allowEntry(item);
    if (entry) entries.push(entry);
    else invalid.push(item);
  }
  return { entries, invalid };
}

/** The endpoint of a base URL (the exchange's API) as a `never` entry. */
export function endpointOf(baseUrl: string): { host: string; port: number } | null {
  try {
    const url = new URL(baseUrl);
    return { host: url.hostname, port: effectivePort(url) };
  } catch {
    return null;
  }
}

function isAllowed(url: URL, policy: WebhookPolicy): boolean {
  const host = undotted(url.hostname);
  const port = effectivePort(url);
  return policy.allow.some((a) => undotted(a.host) === host && (a.port === null || a.port === port));
}

/** The exchange's API endpoint ("127.0.0.1:4010") the URL reaches, by its host as written or by an address it resolved to; or null. */
function neverHit(url: URL, policy: WebhookPolicy, address?: string): string | null {
  const port = effectivePort(url);
  const host = undotted(url.hostname);
  const hit = policy.never.find((n) => n.port === port && (undotted(n.host) === host || (address !== undefined && bare(n.host) === address)));
  return hit ? `${hit.host}:${hit.port}` : null;
}

/**
 * Why a webhook URL is refused when it is created (the host as written: an IP literal in
 * any spelling WHATWG URL normalises, such as 2130706433, 0x7f.1 or [::ffff:7f00:1], and this
 * machine's names), or null. A name is judged by its addresses when it is sent.
 */
export function creationRefusal(url: URL, policy: WebhookPolicy): { exchange: string } | { internal: string } | null {
  const exchange = neverHit(url, policy);
  if (exchange) return { exchange };
  if (isAllowed(url, policy)) return null;
  const host = bare(url.hostname);
  const what = isIP(host) ? refusedClass(host) : null;
  const internal = what ? `${host} is ${what}` : nameRefusal(url.hostname);
  return internal ? { internal } : null;
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

export type Lookup = (hostname: string) => Promise<ResolvedAddress[]>;

/**
 * The addresses to connect to, resolved once and every one checked (a name with one internal
 * address among public ones is refused: which one a connection takes is not ours to pick), or
 * why not. The caller connects to these and asks DNS nothing more, so a name that answers
 * differently the second time (DNS rebinding) changes nothing.
 */
export async function addressesForSending(url: URL, policy: WebhookPolicy, lookup: Lookup): Promise<{ addresses: ResolvedAddress[] } | { refused: string } | { failed: string }> {
  const exchange = neverHit(url, policy);
  if (exchange) return { refused: `${exchange} is the exchange's API` };
  const host = bare(url.hostname);
  let addresses: ResolvedAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host);
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      return { failed: `${host} could not be resolved${typeof code === "string" ? ` (${code})` : ""}` };
    }
    if (addresses.length === 0) return { failed: `${host} could not be resolved` };
  }
  const allowed = isAllowed(url, policy);
  for (const a of addresses) {
    const exchange = neverHit(url, policy, a.address);
    if (exchange) return { refused: `${host} resolves to ${exchange}, the exchange's API` };
    const what = allowed ? null : refusedClass(a.address);
    if (what) return { refused: isIP(host) ? `${host} is ${what}` : `${host} resolves to ${a.address}, ${what}` };
  }
  return { addresses };
}
