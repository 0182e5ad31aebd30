/**
 * The simulated exchange's HTTP server: a plain node:http server that routes by the endpoint
 * table and runs each request through the same steps as the exchange:
 *
 *   route (endpointFor) → fault decision → authenticate (signed endpoints) → charge the
 *   rolling weight windows → read and validate parameters → handler → fault on the answer
 *
 * Control endpoints under /__sim/ (loopback only, no auth) read stats and the last requests,
 * and switch faults.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { CONTRACT_ORDER_CAP, ENDPOINT_LIST, endpointFor, type EndpointKey } from "../weex/endpoints";
import type { EndpointDef } from "../weex/endpoint-def";
import { stringifyWireJson } from "../weex/wire";
import { authenticate, type Account } from "./auth";
import type { Dataset } from "./data";
import { badRequest, CODES, SimError } from "./errors";
import { answersBeforeExecuting, FaultInjector, faultsSchema, pathModeApplies, type FaultDecision, type Faults } from "./faults";
import { HANDLERS } from "./handlers";
import { withOddRecords } from "./odd-records";
import { readJsonBody, readQuery } from "./params";
import { OrderCap, RateLimiter } from "./ratelimit";
import { TradingState } from "./state";
import type { SimRecentRequest, SimStats } from "./types";
import { DAY_MS } from "../time/calendar";

export interface ServerConfig {
  data: Dataset;
  accounts: Map<string, Account>;
  ipWeightPer10s: number;
  uidWeightPer10s: number;
  /** contract order placements per account and minute (CONTRACT_ORDER_CAP) */
  ordersPerMinute: number;
  now: () => number;
  quiet: boolean;
  logRequests: boolean;
  faults?: Faults;
}

interface Answer {
  status: number;
  body: string;
  contentType?: string;
  headers?: Record<string, string>;
}

const MAX_BODY_BYTES = 1_000_000;
const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

function json(status: number, value: unknown, headers?: Record<string, string>): Answer {
  return { status, body: stringifyWireJson(value), headers };
}

function errorAnswer(e: SimError, headers?: Record<string, string>): Answer {
  return json(e.status, { code: e.code, msg: e.message }, headers);
}

/** How many of the last requests GET /__sim/recent keeps. */
const RECENT_KEPT = 50;

function emptyStats(): SimStats {
  return { requests: 0, count429: 0, byEndpoint: {}, maxWeightIn10s: { ip: 0, uid: 0 }, ordersPlaced: 0, byStatus: {}, faultsInjected: {} };
}

export class SimServer {
  private readonly server: Server;
  private readonly limiter: RateLimiter;
  private readonly orderCap: OrderCap;
  private readonly faults = new FaultInjector();
  private readonly state = new TradingState();
  private counters = emptyStats();
  /** the last RECENT_KEPT requests that reached an endpoint, oldest first */
  private recent: SimRecentRequest[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly cfg: ServerConfig) {
    this.limiter = new RateLimiter(cfg.ipWeightPer10s, cfg.uidWeightPer10s);
    this.orderCap = new OrderCap(cfg.ordersPerMinute, CONTRACT_ORDER_CAP.windowMs);
    if (cfg.faults) this.faults.set(cfg.faults, cfg.now());
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((e: unknown) => {
        this.log(`internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
        if (!res.headersSent && !res.destroyed) this.write(res, json(500, { code: -1000, msg: "Internal error" }));
      });
    });
    // Keep-alive sockets must not hold close() up; a hung request is ended by close() too.
    this.server.keepAliveTimeout = 5_000;
  }

  listen(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(port, host, () => {
        this.server.off("error", reject);
        resolve((this.server.address() as AddressInfo).port);
      });
    });
  }

  close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      // Hung requests and idle keep-alive connections would keep close() waiting forever.
      this.server.closeAllConnections();
    });
  }

  setFaults(f: Faults): void {
    this.faults.set(faultsSchema.parse(f), this.cfg.now());
    this.log(`faults: ${JSON.stringify(f)}`);
  }

  stats(): SimStats {
    const c = this.counters;
    return {
      ...c,
      byEndpoint: { ...c.byEndpoint },
      byStatus: { ...c.byStatus },
      faultsInjected: { ...c.faultsInjected },
      maxWeightIn10s: { ip: this.limiter.maxIp, uid: this.limiter.maxUid },
    };
  }

  /** The last requests that reached an endpoint, oldest first. */
  recentRequests(): SimRecentRequest[] {
    return [...this.recent];
  }

  private remember(method: string, url: string, req: IncomingMessage, body: string): void {
    const key = req.headers["access-key"];
    this.recent.push({ at: Date.now(), method, url, key: typeof key === "string" ? key : null, body: method === "POST" ? body : null });
    if (this.recent.length > RECENT_KEPT) this.recent.shift();
  }

  resetStats(): void {
    this.counters = emptyStats();
    this.limiter.resetMaxima();
  }

  // -------------------------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const arrived = this.cfg.now();
    const started = Date.now();
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const path = q === -1 ? url : url.slice(0, q);
    const rawQuery = q === -1 ? "" : url.slice(q + 1);
    const method = (req.method ?? "GET").toUpperCase();
    const rawBody = await readBody(req);
    if (rawBody === undefined) {
      this.write(res, json(413, { code: CODES.invalidJson, msg: "Request body too large" }));
      return;
    }

    if (path.startsWith("/__sim/")) {
      this.write(res, this.control(req, method, path, rawBody));
      return;
    }
    const moved = this.pathModes(method, path);
    const ep = moved && "ep" in moved ? moved.ep : endpointFor(method, path);
    if (moved || ep) this.remember(method, url, req, rawBody);
    if (moved && "answer" in moved) {
      this.counters.requests++;
      this.write(res, moved.answer);
      return;
    }
    if (!ep) {
      this.write(res, json(404, { code: CODES.notFound, msg: `No such endpoint: ${method} ${path}` }));
      return;
    }

    const c = this.counters;
    c.requests++;
    c.byEndpoint[ep.key] = (c.byEndpoint[ep.key] ?? 0) + 1;
    const fault = this.faults.decide(ep.key, arrived);
    if (fault.mode) c.faultsInjected[fault.mode] = (c.faultsInjected[fault.mode] ?? 0) + 1;

    let answer = answersBeforeExecuting(fault.mode)
      ? faultAnswer(fault)
      : this.execute(ep, req, method, path, rawQuery, rawBody, arrived, widenMsOf(fault.outOfWindow));
    if (fault.mode === "malformed") answer = truncated(answer);
    if (fault.mode === "schema") answer = { ...answer, status: 200, body: JSON.stringify({ schemaFault: true, note: "this body does not match the interface" }) };
    if (fault.rewrite && answer.status === 200) answer = rewritten(answer, fault.rewrite);
    if (fault.oddRecords && answer.status === 200) answer = { ...answer, body: withOddRecords(ep.key, answer.body, fault.oddRecords) };

    if (fault.latencyMs > 0) await this.sleep(fault.latencyMs);
    if (fault.mode === "drop") {
      req.socket.destroy();
      return;
    }
    // A hang never answers: the socket stays open until the client gives up or close().
    if (fault.mode === "hang") return;

    if (answer.status === 429) c.count429++;
    c.byStatus[answer.status] = (c.byStatus[answer.status] ?? 0) + 1;
    if (this.cfg.logRequests) this.log(`${method} ${path} → ${answer.status}${fault.mode ? ` [${fault.mode}]` : ""} ${Date.now() - started} ms`);
    this.write(res, answer);
  }

  /**
   * Faults.methodNotSupported / Faults.gone for the endpoint at `path` (any method): an answer
   * that replaces it, or the endpoint to run for the other method.
   */
  private pathModes(method: string, path: string): { answer: Answer } | { ep: EndpointDef } | undefined {
    const f = this.faults.current();
    if (!f.gone && !f.methodNotSupported) return undefined;
    const ep = ENDPOINT_LIST.find((e) => e.path === path);
    if (!ep) return undefined;
    if (pathModeApplies(f.gone, ep.key)) {
      return f.gone!.status === 400
        ? { answer: json(400, { code: CODES.methodNotSupported, msg: "Request method not supported" }) }
        : { answer: { status: 404, contentType: "text/html", body: "<html><body><h1>404 Not Found</h1></body></html>" } };
    }
    if (pathModeApplies(f.methodNotSupported, ep.key)) {
      if (method === ep.method) return { answer: json(400, { code: CODES.methodNotSupported, msg: "Request method not supported" }) };
      if (method === "GET" || method === "POST") return { ep };
    }
    return undefined;
  }

  private execute(ep: EndpointDef, req: IncomingMessage, method: string, path: string, rawQuery: string, rawBody: string, now: number, widenMs: number): Answer {
    const headers: Record<string, string> = {};
    try {
      const account =
        ep.access === "public" ? undefined : authenticate({ method, path, rawQuery, rawBody, headers: req.headers }, this.cfg.accounts, now);
      // Auth failures are not charged; public endpoints carry no UID weight.
      const admission = this.limiter.admit(
        { ip: req.socket.remoteAddress ?? "unknown", ipWeight: ep.ipWeight, uid: account?.uid, uidWeight: account ? ep.uidWeight : 0 },
        now,
      );
      headers["X-USED-WEIGHT-IP"] = String(admission.usedIp);
      if (account) headers["X-USED-WEIGHT-UID"] = String(admission.usedUid);
      if (!admission.admitted) return json(429, { code: CODES.tooManyRequests, msg: "Too many requests" }, headers);
      // Counted per placement request WEEX accepts for processing (after auth and weights),
      // valid or not: WEEX does not say, and counting more keeps a client honest.
      if (ep.orderCap && account && !this.orderCap.admit(account.uid, now)) {
        return json(429, { code: CODES.tooManyRequests, msg: `Too many orders: at most ${this.cfg.ordersPerMinute} placements a minute` }, headers);
      }

      const raw = method === "GET" ? readQuery(rawQuery, ep.repeated) : readJsonBody(rawBody);
      const result = HANDLERS[ep.key as EndpointKey]({
        ep,
        raw,
        now,
        data: this.cfg.data,
        state: this.state,
        locale: headerValue(req.headers.locale),
        widenMs,
      });
      if (result.executed) this.counters.ordersPlaced++;
      return json(result.status ?? 200, result.body, headers);
    } catch (e) {
      if (e instanceof SimError) return errorAnswer(e, headers);
      throw e;
    }
  }

  private control(req: IncomingMessage, method: string, path: string, rawBody: string): Answer {
    if (!LOOPBACK.has(req.socket.remoteAddress ?? "")) return json(403, { code: -1000, msg: "control endpoints are loopback only" });
    if (method === "GET" && path === "/__sim/stats") return json(200, this.stats());
    if (method === "GET" && path === "/__sim/recent") return json(200, this.recentRequests());
    if (method === "GET" && path === "/__sim/faults") return json(200, this.faults.current());
    if (method === "POST" && path === "/__sim/reset-stats") {
      this.resetStats();
      return json(200, { ok: true });
    }
    if (method === "POST" && path === "/__sim/faults") {
      try {
        const parsed = faultsSchema.safeParse(rawBody.trim() ? JSON.parse(rawBody) : {});
        if (!parsed.success) return json(400, { code: CODES.validation, msg: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") });
        this.setFaults(parsed.data);
        return json(200, { ok: true, faults: parsed.data });
      } catch {
        return errorAnswer(badRequest(CODES.invalidJson, "Invalid JSON"));
      }
    }
    // A plan order as the simulator holds it (with the `locale` header it was sent with), by client order id.
    if (method === "GET" && path.startsWith("/__sim/plan-orders/")) {
      const order = this.state.planByClientId.get(decodeURIComponent(path.slice("/__sim/plan-orders/".length)));
      return order ? json(200, order) : json(404, { code: CODES.notFound, msg: "No such plan order" });
    }
    return json(404, { code: CODES.notFound, msg: `No such control endpoint: ${method} ${path}` });
  }

  private write(res: ServerResponse, a: Answer): void {
    if (res.destroyed) return;
    res.writeHead(a.status, {
      "Content-Type": a.contentType ?? "application/json",
      "Content-Length": Buffer.byteLength(a.body),
      ...a.headers,
    });
    res.end(a.body);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.timers.delete(t);
        resolve();
      }, ms);
      this.timers.add(t);
    });
  }

  private log(line: string): void {
    if (!this.cfg.quiet) console.log(`[sim] ${line}`);
  }
}

/** Faults.rewrite: every string field named like a key gets that key's text. */
function rewritten(a: Answer, fields: Record<string, string>): Answer {
  let body = a.body;
  for (const [name, value] of Object.entries(fields)) {
    body = body.replace(new RegExp(`"${name}":"(?:[^"\\\\]|\\\\.)*"`, "g"), () => `"${name}":${JSON.stringify(value)}`);
  }
  return { ...a, body };
}

/** The whole body as text, or undefined when it is too large. */
function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(tooLarge ? undefined : Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** The answer of a fault that replaces execution: an outage page or a throttle. */
/** How much wider (ms, each side) than asked the lists read their window: Faults.outOfWindow (`all`: without bounds). */
function widenMsOf(mode: FaultDecision["outOfWindow"]): number {
  if (!mode) return 0;
  return mode.all ? Infinity : (mode.days ?? 1) * DAY_MS;
}

function faultAnswer(f: FaultDecision): Answer {
  if (f.mode === "storm429") return json(429, { code: CODES.tooManyRequests, msg: "Too many requests" });
  const status = f.status ?? 503;
  return { status, contentType: "text/html", body: `<html><body><h1>${status} Service Temporarily Unavailable</h1></body></html>` };
}

/** The first half of the real body: a prefix of a JSON object or array never parses. */
function truncated(a: Answer): Answer {
  return { ...a, status: 200, body: a.body.slice(0, Math.max(1, Math.floor(a.body.length / 2))) };
}

/** One request header's value (a repeated header: the first). */
function headerValue(v: string | string[] | undefined): string | null {
  return (Array.isArray(v) ? v[0] : v) ?? null;
}
