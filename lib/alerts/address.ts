/**
 * Where a webhook may go (issue 25). A destination URL is typed by an admin, and "Send a test"
 * plus the delivery log (status, error, duration) answer what is behind it: left open, that is
 * a port scanner of this machine, its network and the cloud's metadata service (and, in demo
 * mode, a remote control of the simulator). So a webhook never reaches the address classes of
 * REFUSED_RANGES, judged on the URL as written when it is created and again on the addresses its
 * name resolves to when it is sent, nor the exchange's own API; an operator allows an internal
 * receiver on purpose with ALERT_WEBHOOK_ALLOW_HOSTS (`host` or `host:port`, compared with the
 * URL's host as written, normalised by WHATWG URL parsing).
 *
 * Only this module decides; webhook.ts connects to exactly the addresses it checked.
 */
import { BlockList, isIP } from "node:net";

/** The address classes a webhook never reaches (unless its host is allowed), in the order a reason is named. */
export const REFUSED_RANGES = [
  { cidr: "0.0.0.0/8", what: "unspecified" },
  { cidr: "127.0.0.0/8", what: "loopback" },
  { cidr: "10.0.0.0/8", what: "private" },
  { cidr: "172.16.0.0/12", what: "private" },
  { cidr: "192.168.0.0/16", what: "private" },
  { cidr: "169.254.0.0/16", what: "link-local" },
  { cidr: "100.64.0.0/10", what: "carrier-grade NAT" },
  { cidr: "224.0.0.0/4", what: "multicast" },
  { cidr: "255.255.255.255/32", what: "broadcast" },
  { cidr: "240.0.0.0/4", what: "reserved" },
  { cidr: "::/128", what: "unspecified" },
  { cidr: "::1/128", what: "loopback" },
  { cidr: "fe80::/10", what: "link-local" },
  { cidr: "fc00::/7", what: "unique-local" },
  { cidr: "ff00::/8", what: "multicast" },
] as const;

/**
 * IPv6 forms that carry an IPv4 address, and where (the 16-bit groups holding it): they reach
 * that IPv4 address (mapped and compatible forms on this host, NAT64 and 6to4 through a
 * gateway), so they are judged by it.
 */
const EMBEDDED_IPV4 = [
  { cidr: "::ffff:0:0/96", what: "IPv4-mapped", groups: [6, 7] },
  { cidr: "::/96", what: "IPv4-compatible", groups: [6, 7] },
  { cidr: "64:ff9b::/96", what: "NAT64", groups: [6, 7] },
  { cidr: "2002::/16", what: "6to4", groups: [1, 2] },
] as const;

function blockList(cidr: string): BlockList {
  const [net, bits] = cidr.split("/") as [string, string];
  const list = new BlockList();
  list.addSubnet(net, Number(bits), isIP(net) === 6 ? "ipv6" : "ipv4");
  return list;
}

const REFUSED = REFUSED_RANGES.map((r) => ({ ...r, list: blockList(r.cidr), family: isIP(r.cidr.split("/")[0]!) }));
const EMBEDDING = EMBEDDED_IPV4.map((e) => ({ ...e, list: blockList(e.cidr) }));

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const parse = (s: string | undefined) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return tail === undefined ? left : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

interface RangeHit {
  what: string;
  cidr: string;
  /** the IPv6 form that carried the IPv4 address the range holds */
  carrier?: { what: string; address: string };
}

function rangeOf(address: string): RangeHit | null {
  const family = isIP(address);
  for (const r of REFUSED) {
    if (r.family === family && r.list.check(address, family === 6 ? "ipv6" : "ipv4")) return { what: r.what, cidr: r.cidr };
  }
  if (family !== 6) return null;
  for (const e of EMBEDDING) {
    if (!e.list.check(address, "ipv6")) continue;
    const groups = ipv6Groups(address);
    const [hi, lo] = e.groups.map((i) => groups[i]!) as [number, number];
    const v4 = [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
    const inner = rangeOf(v4);
    if (inner) return { ...inner, carrier: { what: e.what, address: v4 } };
  }
  return null;
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

const article = (what: string) => (/^[aeiou]/.test(what) ? `an ${what}` : `a ${what}`);

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
