/**
 * One webhook POST: the URL's name is resolved once and its addresses checked
 * (address.ts); the connection goes to those addresses and nowhere else (node:http/https with a
 * `lookup` that answers them, while the Host header and the TLS server name stay the URL's, so
 * virtual hosts and certificates work as usual). No redirect is followed (a 3xx is a failed
 * attempt: following one would reach an address nobody checked), one deadline covers the whole
 * exchange, and at most READ_LIMIT bytes of the answer are read before the connection is
 * closed: the status is all a delivery needs, and a receiver streaming without end must not hold
 * the worker or its memory.
 *
 * A refused destination is not connected to at all, and its attempt says only "refused: …":
 * the delivery log must not tell what answers on an internal port.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { addressesForSending, effectivePort, type Lookup, type ResolvedAddress, type WebhookPolicy } from "./address";
import type { AttemptOutcome } from "./store";

/** The most of an answer read (its headers are capped at MAX_HEADER_BYTES by the parser). */
export const READ_LIMIT = 4096;
const MAX_HEADER_BYTES = 8192;

export const systemLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });

export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  policy: WebhookPolicy;
  /** the resolver (default: the system's, once per attempt) */
  lookup?: Lookup;
}

type Outcome = Omit<AttemptOutcome, "durationMs">;

function byStatus(status: number): Outcome {
  if (status >= 200 && status < 300) return { ok: true, status, error: null };
  if (status >= 300 && status < 400) return { ok: false, status, error: `HTTP ${status}: redirect not followed` };
  return { ok: false, status, error: `HTTP ${status}` };
}

const describe = (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e)).slice(0, 500);

export async function postWebhook(p: WebhookPost): Promise<AttemptOutcome> {
  const started = performance.now();
  const done = (o: Outcome): AttemptOutcome => ({ ...o, durationMs: performance.now() - started });
  const timedOut: Outcome = { ok: false, status: null, error: `no answer within ${p.timeoutMs} ms` };
  let url: URL;
  try {
    url = new URL(p.url);
  } catch {
    return done({ ok: false, status: null, error: "refused: not a URL" });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return done({ ok: false, status: null, error: "refused: not an http(s) URL" });

  // Resolving counts towards the deadline too (a lookup cannot be aborted; it is left behind).
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<"timeout">((r) => (timer = setTimeout(() => r("timeout"), p.timeoutMs)));
  const checked = await Promise.race([addressesForSending(url, p.policy, p.lookup ?? systemLookup), deadline]);
  clearTimeout(timer);
  if (checked === "timeout") return done(timedOut);
  if ("refused" in checked) return done({ ok: false, status: null, error: `refused: ${checked.refused}` });
  if ("failed" in checked) return done({ ok: false, status: null, error: checked.failed });
  return done(await send(url, checked.addresses, p, Math.max(1, p.timeoutMs - (performance.now() - started)), timedOut));
}

/** DNS answered once: every later lookup of this connection gets these addresses. */
function pinned(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, addresses);
    else {
      const a = addresses.find((x) => !options.family || x.family === options.family) ?? addresses[0]!;
      callback(null, a.address, a.family);
    }
  };
}

function send(url: URL, addresses: ResolvedAddress[], p: WebhookPost, timeoutMs: number, timedOut: Outcome): Promise<Outcome> {
  const hostname = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const req = (url.protocol === "https:" ? httpsRequest : httpRequest)({
    hostname,
    port: effectivePort(url),
    path: `${url.pathname}${url.search}`,
    method: "POST",
    headers: { ...p.headers, host: url.host, "content-length": String(Buffer.byteLength(p.body)), connection: "close" },
    lookup: pinned(addresses),
    // A fresh connection each time: a pooled one may lead to an address checked for another attempt.
    agent: false,
    ...(url.protocol === "https:" && !isIP(hostname) ? { servername: hostname } : {}),
    maxHeaderSize: MAX_HEADER_BYTES,
  });
  return new Promise<Outcome>((resolve) => {
    let status: number | null = null;
    let settled = false;
    const finish = (o: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(o);
    };
    // Past the deadline an answer's status still counts; without one the attempt failed.
    const timer = setTimeout(() => finish(status === null ? timedOut : byStatus(status)), timeoutMs);
    req.on("response", (res) => {
      status = res.statusCode ?? 0;
      let read = 0;
      res.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read >= READ_LIMIT) finish(byStatus(status!));
      });
      res.on("end", () => finish(byStatus(status!)));
      res.on("error", () => finish(byStatus(status!)));
    });
    req.on("error", (e) => finish(status === null ? { ok: false, status: null, error: describe(e) } : byStatus(status)));
    req.end(p.body);
  });
}
