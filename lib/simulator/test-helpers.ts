/**
 * Helpers for the simulator's tests: a simulator on a random port with a controllable clock,
 * and requests signed with lib/weex/sign.ts (the tests do not depend on the client).
 */
import { request, type IncomingHttpHeaders } from "node:http";
import { afterAll, beforeAll } from "vitest";
import { ENDPOINTS, type EndpointKey } from "../weex/endpoints";
import { signedHeaders, type Credentials } from "../weex/sign";
import { parseWireJson } from "../weex/wire";
import { generateDataset, type Dataset } from "./data";
import { startSimulator, SIM_DEFAULTS, type Simulator, type SimulatorOptions } from "./index";

export const CREDS: Credentials = { apiKey: SIM_DEFAULTS.apiKey, apiSecret: SIM_DEFAULTS.apiSecret, passphrase: SIM_DEFAULTS.passphrase };

/** 2026-03-10T12:00:00Z: a fixed clock makes the data and every answer reproducible. */
export const FIXED_NOW = Date.UTC(2026, 2, 10, 12, 0, 0);
export const DAY = 86_400_000;

export interface TestSim {
  sim: Simulator;
  clock: { t: number };
  call(method: "GET" | "POST", path: string, opts?: CallOptions): Promise<Reply>;
  /** GET with the query built from an object (values as given, in key order) */
  get(path: string, query?: Record<string, string | number>, opts?: CallOptions): Promise<Reply>;
  /** POST with the body text as given */
  post(path: string, body: string, opts?: CallOptions): Promise<Reply>;
  close(): Promise<void>;
}

export interface CallOptions {
  query?: string;
  body?: string;
  creds?: Credentials;
  /** ACCESS-TIMESTAMP to sign with; default the simulator's clock */
  timestamp?: number;
  /** false: send no ACCESS-* headers */
  signed?: boolean;
  /** null: send no Content-Type */
  contentType?: string | null;
  /** replace or remove (undefined) headers after signing */
  headers?: Record<string, string | undefined>;
  signal?: AbortSignal;
  /** send from this loopback address (127.0.0.2 …): another IP for the rate limiter */
  localAddress?: string;
}

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** the body parsed losslessly (numbers as their exact digits); undefined when not JSON */
  body: unknown;
}

export async function startTestSim(opts: SimulatorOptions = {}): Promise<TestSim> {
  const clock = { t: FIXED_NOW };
  // The clock stands still unless a test moves it, so the weight windows would never empty:
  // only the rate-limit tests run with the real budgets (and the real order cap).
  const sim = await startSimulator({
    port: 0,
    quiet: true,
    scale: 0.05,
    now: () => clock.t,
    faults: {},
    ipWeightPer10s: 1e9,
    uidWeightPer10s: 1e9,
    ordersPerMinute: 1e9,
    ...opts,
  });

  async function call(method: "GET" | "POST", path: string, o: CallOptions = {}): Promise<Reply> {
    const query = o.query ?? "";
    const body = o.body ?? "";
    const headers: Record<string, string> = {};
    if (o.signed !== false) Object.assign(headers, signedHeaders(o.creds ?? CREDS, method, path, query, body, o.timestamp ?? clock.t));
    if (method === "POST" && o.contentType !== null) headers["Content-Type"] = o.contentType ?? "application/json";
    for (const [k, v] of Object.entries(o.headers ?? {})) {
      if (v === undefined) delete headers[k];
      else headers[k] = v;
    }
    const res = await send(`${sim.url}${path}${query ? `?${query}` : ""}`, method, headers, method === "POST" ? body : undefined, o);
    let parsed: unknown;
    try {
      parsed = parseWireJson(res.text);
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, text: res.text, body: parsed };
  }

  return {
    sim,
    clock,
    call,
    get: (path, query = {}, o = {}) =>
      call("GET", path, { ...o, query: Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join("&") }),
    post: (path, body, o = {}) => call("POST", path, { ...o, body }),
    close: () => sim.close(),
  };
}

/** An endpoint's path, from the endpoint table. */
export function pathOf(key: EndpointKey): string {
  return ENDPOINTS[key].path;
}

/** The `code` of an error body, as a number. */
export function codeOf(r: Reply): number {
  return Number((r.body as { code: string }).code);
}

/** A plain node:http request: exact headers, a chosen local address, no client magic. */
function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  o: CallOptions,
): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, localAddress: o.localAddress, signal: o.signal, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * For a test file: a simulator at `scale` on the fixed clock (started before its tests, closed
 * after them) and the data set it generated, i.e. the records every answer must come from.
 */
export function simulatorWithData(scale: number): { readonly sim: TestSim; readonly data: Dataset } {
  const held: { sim?: TestSim; data?: Dataset } = {};
  beforeAll(async () => {
    held.sim = await startTestSim({ scale });
    held.data = generateDataset({ seed: 42, scale, now: FIXED_NOW });
  });
  afterAll(() => held.sim?.close());
  return {
    get sim() {
      return held.sim!;
    },
    get data() {
      return held.data!;
    },
  };
}
