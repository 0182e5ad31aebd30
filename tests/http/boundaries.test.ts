/**
 * A boundary walk of every GET operation the app's own `/api/openapi.json` lists, against
 * `next start` with an archive that holds data: each parameter at its boundary values (every
 * enum value, the least and most of a number, the largest page and page size, the longest
 * string its schema allows, zones whose midnight is at :30, :45 and +12:45) over the longest
 * range each `source` accepts (found by asking: the longest of a few candidate spans, from
 * startTime=0 on, the route does not refuse with a 400 naming startTime or endTime). No answer
 * may be a 5xx or take longer than ANSWER_BOUND_MS, and the server must be alive throughout and
 * after. A walk of this kind, run from outside, once ended the server after 344 requests.
 *
 * The combinations are sampled so the walk keeps within a few minutes: each parameter's values
 * one at a time (each with a source drawn in turn), the zones and granularities of the series
 * and cohorts crossed with every source, and a few random combinations per operation (seeded:
 * BOUNDARY_SEED=<n> repeats a walk).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mulberry32 } from "../../lib/simulator/prng";
import type { NextServer } from "./server";
import { startStack, stopStack, untilSynced, type Stack } from "./stack";
import { DAY_MS } from "../../lib/time/calendar";

/** The slowest answer allowed (the PostgreSQL read timeout is 20 s; here PGlite at simulator scale 0.05). */
const ANSWER_BOUND_MS = 20_000;
const ZONES = ["Asia/Kolkata", "Asia/Kathmandu", "Pacific/Chatham", "UTC"];
const SEED = Number(process.env.BOUNDARY_SEED ?? "20261129");
const H = 3_600_000;

interface Param {
  name: string;
  in: "query" | "path";
  required: boolean;
  schema: { type?: string; enum?: (string | number)[]; const?: string; minimum?: number; maximum?: number; maxLength?: number; pattern?: string; default?: unknown };
}
interface Operation {
  path: string;
  parameters: Param[];
}
type Query = Record<string, string>;

/** A seeded generator: the walk's sample is the same for a seed. */
const rng = mulberry32;

/** The boundary values of one parameter (not the range's ends, walked as a pair). */
function boundaryValues(p: Param): string[] {
  const s = p.schema;
  if (p.name === "tz") return ZONES;
  if (s.enum) return s.enum.map(String);
  if (s.const !== undefined) return [s.const];
  if (s.type === "integer") return [...new Set([s.minimum ?? 0, s.maximum ?? Number.MAX_SAFE_INTEGER].map(String))];
  if (s.pattern === "^[1-9]\\d{0,18}$") return ["1", "9".repeat(19)];
  if (s.pattern === "^\\d{4}-\\d{2}-\\d{2}$") return ["2020-01-01", "9999-12-31"];
  if (s.pattern === "^[0-9a-f]{64}$") return ["0".repeat(64), "f".repeat(64)];
  if (s.type === "string") return [...new Set(["BTCUSDT", "X".repeat(s.maxLength ?? 1000)])];
  // (a field the document cannot type, e.g. coin: a coin, and text past any limit)
  return ["USDT", "X".repeat(1000)];
}

/**
 * The one 5xx the contract gives a valid request: WEEX itself refused it as invalid (its HTTP
 * 400, e.g. a symbol it does not list: -1121, -2007), answered `upstream_error` 502 with what
 * WEEX said (docs/api.md, lib/weex/errors.ts). Anything else of 500 and above is a failure.
 */
function refusedByWeex(status: number, text: string): boolean {
  try {
    const e = (JSON.parse(text) as { error?: { code?: string; upstream?: { status?: number } } }).error;
    return status === 502 && e?.code === "upstream_error" && e.upstream?.status === 400;
  } catch {
    return false;
  }
}

/** A value for a required parameter the walk does not vary first. */
function firstValue(p: Param): string {
  if (p.name === "symbol") return "BTCUSDT";
  return boundaryValues(p)[0]!;
}

describe("the boundary walk of every GET operation in /api/openapi.json", () => {
  let stack: Stack;
  let server: NextServer;
  let admin: string;
  const failures: string[] = [];
  let requests = 0;
  let slowest = { ms: 0, what: "" };

  beforeAll(async () => {
    stack = await startStack({ scale: 0.05, unlimited: true, env: { ARCHIVE_SYNC: "on", ARCHIVE_SUB_AFFILIATE_DAYS: "14", ARCHIVE_COMMISSION_DAYS: "21" }, signIn: ["admin"] });
    server = stack.server;
    [admin] = stack.sessions as [string];
    await untilSynced(server.url, admin, ["commissions", "invitees", "inviteeTotals", "subAffiliates"]);
  }, 300_000);

  afterAll(async () => {
    if (stack) await stopStack(stack);
  });

  /** One request: its status and how long the whole answer took (the body read to its end). */
  async function get(path: string, query: Query): Promise<{ status: number; fields: string[] }> {
    const url = `${server.url}${path}?${new URLSearchParams(query)}`;
    const what = `GET ${path}?${new URLSearchParams(query)}`.slice(0, 400);
    requests++;
    const t = Date.now();
    let status = 0;
    let text = "";
    try {
      const res = await fetch(url, { headers: { cookie: admin }, signal: AbortSignal.timeout(ANSWER_BOUND_MS + 10_000) });
      status = res.status;
      text = await res.text();
    } catch (e) {
      failures.push(`${what}: no answer (${(e as Error).message})`);
      return { status: 0, fields: [] };
    }
    const ms = Date.now() - t;
    if (ms > slowest.ms) slowest = { ms, what };
    if (status >= 500 && !refusedByWeex(status, text)) failures.push(`${what}: ${status} ${text.slice(0, 200)}`);
    if (ms > ANSWER_BOUND_MS) failures.push(`${what}: ${ms} ms`);
    if (requests % 50 === 0) await alive(what);
    let fields: string[] = [];
    try {
      fields = ((JSON.parse(text) as { error?: { fields?: { path: string }[] } }).error?.fields ?? []).map((f) => f.path);
    } catch {
      // (a CSV or a page)
    }
    return { status, fields };
  }

  async function alive(after: string) {
    const r = await fetch(`${server.url}/api/health`).then(
      (res) => res.status,
      () => 0,
    );
    if (r !== 200 || server.child.exitCode !== null) failures.push(`the server is not alive after ${after} (health ${r}, exit ${server.child.exitCode})`);
  }

  /**
   * The longest range `query` is answered over: candidate spans, longest first, ending an hour
   * ago at :17 (an hour cut in every zone); the first one not refused for its range.
   */
  async function longestRange(path: string, query: Query): Promise<Query | undefined> {
    const now = Date.now();
    const end = Math.floor(now / H) * H - H + 17 * 60_000;
    // from the epoch first: a start before WEEX could hold any record is a boundary too
    const spans = [end, 5 * 366 * DAY_MS, end - (now - 366 * DAY_MS) - 60_000, 90 * DAY_MS, 30 * DAY_MS, 7 * DAY_MS, DAY_MS];
    for (const span of spans) {
      const q = { ...query, startTime: String(end - span), endTime: String(end) };
      const r = await get(path, q);
      if (!(r.status === 400 && r.fields.some((f) => f === "startTime" || f === "endTime"))) return q;
    }
    return undefined;
  }

  it("answers every sampled combination without a 5xx, within the bound, and stays alive", async () => {
    const random = rng(SEED);
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as { paths: Record<string, { get?: { parameters?: Param[] } }> };
    const ops: Operation[] = Object.entries(doc.paths)
      .filter(([, o]) => o.get)
      .map(([path, o]) => ({ path, parameters: o.get!.parameters ?? [] }));
    expect(ops.length).toBeGreaterThan(20);
    for (const op of ops) {
      const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => firstValue(op.parameters.find((p) => p.name === name)!));
      const query = op.parameters.filter((p) => p.in === "query");
      const ranged = query.some((p) => p.name === "startTime");
      const sources = query.find((p) => p.name === "source")?.schema.enum?.map(String) ?? [undefined];
      const varied = query.filter((p) => !["startTime", "endTime", "source"].includes(p.name));
      const required = Object.fromEntries(varied.filter((p) => p.required).map((p) => [p.name, firstValue(p)]));
      // each source's longest range: the base of the walk
      const bases: Query[] = [];
      for (const source of sources) {
        const q = { ...required, ...(source ? { source } : {}) };
        const base = ranged ? await longestRange(path, q) : q;
        if (base) bases.push(base);
      }
      if (!bases.length) continue;
      const anyBase = () => bases[Math.floor(random() * bases.length)]!;
      // each parameter's values one at a time, each with a source in turn
      for (const p of varied) for (const v of boundaryValues(p)) await get(path, { ...anyBase(), [p.name]: v });
      // the zones and granularities of the series and cohorts with every source's longest range
      const tz = varied.find((p) => p.name === "tz");
      const grain = varied.find((p) => p.name === "granularity" || p.name === "by");
      if (tz) for (const base of bases) for (const zone of ZONES) for (const g of grain ? boundaryValues(grain) : [undefined]) await get(path, { ...base, tz: zone, ...(g && grain ? { [grain.name]: g } : {}) });
      // a few random combinations of every parameter at a boundary (or absent)
      for (let i = 0; i < 3 && varied.length > 1; i++) {
        const q: Query = { ...anyBase() };
        for (const p of varied) {
          const values = boundaryValues(p);
          const pick = Math.floor(random() * (values.length + (p.required ? 0 : 1)));
          if (pick < values.length) q[p.name] = values[pick]!;
        }
        await get(path, q);
      }
    }
    await alive("the walk");
    console.log(`boundary walk: ${requests} requests over ${ops.length} operations; slowest ${slowest.ms} ms: ${slowest.what}`);
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(300);
  }, 900_000);
});
