/**
 * The dashboard when WEEX misbehaves, with each of the simulator's fault modes:
 * every route class (reference data, lists, aggregates, exports, order placement) answers the
 * right error code within its deadline, the server stays up, GETs recover when the fault
 * clears, and no order is ever sent twice (a placement that timed out or lost its answer was
 * sent exactly once, and the answer says it may have been executed).
 *
 * Runs on a server of its own, so faults cannot leak into other suites and the WEEX timeout
 * can be short (WEEX_TIMEOUT_MS); the weight budgets are lifted so that only the injected
 * faults (a 429 storm included) shape the answers.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Faults, SimStats, Simulator } from "../../lib/simulator";
import { API_ERROR_STATUS } from "../../lib/contract/errors";
import { api, clientOrderId, login, type ApiResponse } from "./helpers";
import type { NextServer } from "./server";
import { startStack, stopStack } from "./stack";
import { DAY_MS } from "../../lib/time/calendar";

/** the client's per-attempt timeout on this server */
const TIMEOUT_MS = 1000;
/** GETs make up to 3 attempts, with up to 200 + 400 ms of backoff between them */
const GET_DEADLINE_MS = 3 * TIMEOUT_MS + 600;
/** an order is sent once */
const POST_DEADLINE_MS = TIMEOUT_MS;
/** a 429 storm: the client waits out its pause for at most budgetWaitMs (5 s) per attempt */
const RATE_LIMIT_DEADLINE_MS = 6000;
/** the machine is shared and busy: what a slow scheduler may add to any deadline */
const SLACK_MS = 1500;

let sim: Simulator;
let server: NextServer;
let base: string;
let trader: string;
let admin: string;
let viewer: string;
let planOrderId: string;
/** a fresh cache key per use: reference data that loaded once is served from the cache */
let symbolPool: string[] = [];

interface ErrorBody {
  error?: { code?: string; message?: string; fields?: unknown };
}

type RouteClass = "reference" | "list" | "aggregate" | "export";

interface GetCase {
  name: string;
  cls: RouteClass;
  path: () => string;
  /** the normal answer once the fault has cleared */
  ok: number;
  /**
   * who asks when every route is asked at once (default the trader): one export at a time per
   * person, so the three exports are three people's
   */
  as?: "viewer" | "admin";
}

const now = Date.now();
const twoDays = `startTime=${now - 2 * DAY_MS}&endTime=${now}`;

/** One request per route that asks WEEX; reference routes get a filter nobody asked for yet. */
function getCases(): GetCase[] {
  const symbol = symbolPool.shift()!;
  return [
    { name: "symbols", cls: "reference", path: () => `/api/reference/symbols?symbol=${symbol}`, ok: 200 },
    { name: "invitees", cls: "list", path: () => "/api/affiliate/invitees?pageSize=5", ok: 200 },
    { name: "sub-affiliates", cls: "list", path: () => "/api/affiliate/sub-affiliates?productType=SPOT&pageSize=5", ok: 200 },
    { name: "withdrawals", cls: "list", path: () => "/api/affiliate/withdrawals?pageSize=5", ok: 200 },
    { name: "spot orders", cls: "list", path: () => "/api/spot/orders?symbol=BTCUSDT&pageSize=5", ok: 200 },
    { name: "spot order", cls: "list", path: () => "/api/spot/order?origClientOrderId=no-such-order", ok: 404 },
    { name: "series", cls: "aggregate", path: () => `/api/affiliate/sub-affiliates/series?${twoDays}`, ok: 200 },
    { name: "leaderboard", cls: "aggregate", path: () => `/api/affiliate/sub-affiliates/leaderboard?${twoDays}`, ok: 200 },
    { name: "funnel", cls: "aggregate", path: () => `/api/affiliate/invitees/funnel?${twoDays}`, ok: 200 },
    { name: "cohorts", cls: "aggregate", path: () => `/api/affiliate/invitees/cohorts?${twoDays}`, ok: 200 },
    { name: "invite codes", cls: "aggregate", path: () => `/api/affiliate/invitees/codes?${twoDays}`, ok: 200 },
    { name: "sub-affiliates export", cls: "export", path: () => `/api/affiliate/sub-affiliates/export?${twoDays}`, ok: 200 },
    { name: "invitees export", cls: "export", path: () => `/api/affiliate/invitees/export?${twoDays}`, ok: 200, as: "viewer" },
    { name: "withdrawals export", cls: "export", path: () => `/api/affiliate/withdrawals/export?${twoDays}`, ok: 200, as: "admin" },
  ];
}

type OrderKey = "placeOrder" | "placeTpSl" | "modifyTpSl";

interface PostCase {
  key: OrderKey;
  method: "POST" | "PATCH";
  path: string;
  body: Record<string, unknown>;
}

function postCases(): PostCase[] {
  return [
    {
      key: "placeOrder",
      method: "POST",
      path: "/api/contract/orders",
      body: { symbol: "cmt_btcusdt", side: "BUY", positionSide: "LONG", type: "MARKET", quantity: "0.01", newClientOrderId: clientOrderId("fault") },
    },
    {
      key: "placeTpSl",
      method: "POST",
      path: "/api/contract/plan-orders",
      body: { symbol: "cmt_btcusdt", clientOrderId: clientOrderId("fault-plan"), planType: "loss_plan", triggerPrice: "50000", size: "0.01", positionSide: "long" },
    },
    { key: "modifyTpSl", method: "PATCH", path: `/api/contract/plan-orders/${planOrderId}`, body: { triggerPrice: "51000" } },
  ];
}

async function timed<T>(call: () => Promise<T>): Promise<{ res: T; ms: number }> {
  const started = performance.now();
  const res = await call();
  return { res, ms: performance.now() - started };
}

function expectError(what: string, res: ApiResponse<ErrorBody>, code: keyof typeof API_ERROR_STATUS) {
  expect(res.status, `${what}: ${res.text.slice(0, 300)}`).toBe(API_ERROR_STATUS[code]);
  expect(res.json?.error?.code, what).toBe(code);
  expect(res.json?.error?.message, what).toEqual(expect.any(String));
  if (code === "rate_limited") expect(Number(res.headers.get("retry-after")), `${what}: Retry-After`).toBeGreaterThan(0);
}

const cookieOf = (c: GetCase) => (c.as === "viewer" ? viewer : c.as === "admin" ? admin : trader);
const delta = (after: SimStats, before: SimStats, key: string) => (after.byEndpoint[key] ?? 0) - (before.byEndpoint[key] ?? 0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** After the fault: the server is alive and every GET answers normally again (honouring Retry-After). */
async function expectRecovery(cases: GetCase[]) {
  expect(server.child.exitCode, "the dashboard process died").toBeNull();
  const health = await api<{ status: string }>("/api/health", { base });
  expect(health.status).toBe(200);
  expect(health.json.status).toBe("ok");
  for (const c of cases) {
    const deadline = Date.now() + 20_000;
    let res = await api(c.path(), { cookie: trader, base });
    while (res.status === 429 && Date.now() < deadline) {
      await sleep(Number(res.headers.get("retry-after") ?? "1") * 1000);
      res = await api(c.path(), { cookie: trader, base });
    }
    expect(res.status, `${c.name} after the fault cleared: ${res.text.slice(0, 300)}`).toBe(c.ok);
  }
}

beforeAll(async () => {
  ({ sim, server, base, sessions: [trader, admin, viewer] } = await startStack({
    scale: 0.1,
    unlimited: true,
    // every request must reach the faulty WEEX: no aggregate answered from the live cache
    env: { WEEX_TIMEOUT_MS: String(TIMEOUT_MS), LIVE_CACHE_MS: "0" },
    signIn: ["trader", "admin", "viewer"],
  }));
  const plan = await api<{ orderId: string }[]>("/api/contract/plan-orders", {
    cookie: trader,
    base,
    method: "POST",
    body: { symbol: "cmt_btcusdt", clientOrderId: clientOrderId("fault-target"), planType: "loss_plan", triggerPrice: "50000", size: "0.01", positionSide: "long" },
  });
  expect(plan.status, plan.text).toBe(200);
  planOrderId = plan.json[0]!.orderId;
  const info = (await (await fetch(`${sim.url}/api/v3/exchangeInfo`)).json()) as { symbols: { symbol: string }[] };
  symbolPool = info.symbols.map((s) => s.symbol).slice(10, 60);
}, 180_000);

afterEach(() => sim?.setFaults({}));

afterAll(async () => {
  sim?.setFaults({});
  await stopStack({ server, sim });
});

interface Mode {
  name: string;
  faults: Faults;
  code: "upstream_timeout" | "upstream_unavailable" | "upstream_error" | "rate_limited";
  /** did WEEX execute the order before failing (a fault after execution)? */
  executes: boolean;
  getDeadlineMs: number;
  postDeadlineMs: number;
}

const MODES: Mode[] = [
  { name: "latency past the timeout", faults: { latencyMs: 3 * TIMEOUT_MS }, code: "upstream_timeout", executes: true, getDeadlineMs: GET_DEADLINE_MS, postDeadlineMs: POST_DEADLINE_MS },
  { name: "hanging connections", faults: { hang: {} }, code: "upstream_timeout", executes: true, getDeadlineMs: GET_DEADLINE_MS, postDeadlineMs: POST_DEADLINE_MS },
  { name: "a 5xx outage", faults: { error5xx: { status: 503 } }, code: "upstream_unavailable", executes: false, getDeadlineMs: 1000, postDeadlineMs: 500 },
  { name: "a gateway's 502s", faults: { error5xx: { status: 502 } }, code: "upstream_unavailable", executes: false, getDeadlineMs: 1000, postDeadlineMs: 500 },
  { name: "malformed JSON", faults: { malformed: {} }, code: "upstream_error", executes: true, getDeadlineMs: 500, postDeadlineMs: 500 },
  { name: "schema-breaking bodies", faults: { schema: {} }, code: "upstream_error", executes: true, getDeadlineMs: 500, postDeadlineMs: 500 },
  { name: "dropped connections", faults: { drop: {} }, code: "upstream_unavailable", executes: true, getDeadlineMs: 1000, postDeadlineMs: 500 },
  { name: "a 429 storm", faults: { storm429: { forMs: 60_000 } }, code: "rate_limited", executes: false, getDeadlineMs: RATE_LIMIT_DEADLINE_MS, postDeadlineMs: RATE_LIMIT_DEADLINE_MS },
];

describe("every route class under each simulator fault mode", () => {
  for (const mode of MODES) {
    it(`${mode.name}: ${mode.code}, in time, orders sent once, GETs recover`, async () => {
      const gets = getCases();
      sim.setFaults(mode.faults);
      const before = sim.stats();

      // Orders one after another: each is sent exactly once, whatever happens to its answer.
      for (const p of postCases()) {
        const { res, ms } = await timed(() => api<ErrorBody>(p.path, { cookie: trader, base, method: p.method, body: p.body }));
        const what = `${p.method} ${p.path} under ${mode.name}`;
        expectError(what, res, mode.code);
        expect(ms, `${what} took ${Math.round(ms)} ms`).toBeLessThan(mode.postDeadlineMs + SLACK_MS);
        if (mode.code !== "rate_limited") {
          // the person is told to check before resending
          expect(res.json.error?.message, what).toMatch(p.key === "modifyTpSl" ? /may have been applied/ : /may have been placed/);
        }
      }
      // a retry would arrive within one more timeout: give it the chance to show up
      await sleep(TIMEOUT_MS + 500);
      const afterPosts = sim.stats();
      for (const key of ["placeOrder", "placeTpSl", "modifyTpSl"]) {
        expect(delta(afterPosts, before, key), `${key} requests that reached WEEX under ${mode.name}`).toBe(1);
      }
      expect(afterPosts.ordersPlaced - before.ordersPlaced, "orders WEEX executed").toBe(mode.executes ? 3 : 0);

      // Every GET route class, all at once; meanwhile routes that do not ask WEEX answer as usual.
      const [results, health, users] = await Promise.all([
        Promise.all(gets.map(async (c) => ({ c, ...(await timed(() => api<ErrorBody>(c.path(), { cookie: cookieOf(c), base }))) }))),
        api("/api/health", { base }),
        api("/api/admin/users", { cookie: admin, base }),
      ]);
      for (const { c, res, ms } of results) {
        const what = `GET ${c.path()} (${c.cls}) under ${mode.name}`;
        expectError(what, res, mode.code);
        expect(ms, `${what} took ${Math.round(ms)} ms`).toBeLessThan(mode.getDeadlineMs + SLACK_MS);
      }
      expect([health.status, users.status], "health and user admin during the fault").toEqual([200, 200]);

      sim.setFaults({});
      await expectRecovery(gets);
    });
  }
});

describe("short bursts and resending", () => {
  /**
   * A futures market order (`side` and `positionSide`, `quantity` BTC, a fresh client order id
   * tagged `tag`) sent once while `fault` holds for the order endpoint's next answer: its body
   * (to send again), the simulator's counters before it, and the answer.
   */
  async function orderUnder(fault: Faults, order: { side: string; positionSide: string; quantity: string; tag: string }) {
    const body = { symbol: "cmt_btcusdt", side: order.side, positionSide: order.positionSide, type: "MARKET", quantity: order.quantity, newClientOrderId: clientOrderId(order.tag) };
    const before = sim.stats();
    sim.setFaults({ endpoints: ["placeOrder"], ...fault });
    const first = await api<ErrorBody>("/api/contract/orders", { cookie: trader, base, method: "POST", body });
    return { body, before, first };
  }

  it("a 5xx burst shorter than the retries is absorbed by GETs (3 attempts, then 200)", async () => {
    const before = sim.stats();
    sim.setFaults({ endpoints: ["invitees"], error5xx: { next: 2 } });
    const res = await api("/api/affiliate/invitees?pageSize=5", { cookie: trader, base });
    expect(res.status, res.text).toBe(200);
    expect(delta(sim.stats(), before, "invitees")).toBe(3);
  });

  it("an order refused by a 5xx is not retried and can be resent safely with the same client order id", async () => {
    const { body, before, first } = await orderUnder({ error5xx: { next: 1 } }, { side: "SELL", positionSide: "SHORT", quantity: "0.02", tag: "burst" });
    expectError("order under a 5xx burst", first, "upstream_unavailable");
    await sleep(TIMEOUT_MS);
    expect(delta(sim.stats(), before, "placeOrder")).toBe(1);
    expect(sim.stats().ordersPlaced).toBe(before.ordersPlaced);

    const again = await api<{ success: boolean }>("/api/contract/orders", { cookie: trader, base, method: "POST", body });
    expect(again.status, again.text).toBe(200);
    expect(again.json.success).toBe(true);
    expect(sim.stats().ordersPlaced).toBe(before.ordersPlaced + 1);
  });

  it("resending an order whose answer was lost does not place it twice (WEEX refuses the client order id)", async () => {
    const { body, before, first } = await orderUnder({ hang: { next: 1 } }, { side: "BUY", positionSide: "LONG", quantity: "0.03", tag: "lost" });
    expectError("order whose answer never came", first, "upstream_timeout");
    expect(first.json.error?.message).toContain(body.newClientOrderId);

    const again = await api<{ success: boolean; errorCode: string }>("/api/contract/orders", { cookie: trader, base, method: "POST", body });
    expect(again.status, again.text).toBe(200);
    expect(again.json.success).toBe(false);
    expect(delta(sim.stats(), before, "placeOrder")).toBe(2);
    expect(sim.stats().ordersPlaced, "the order exists once").toBe(before.ordersPlaced + 1);
  });
});

describe("WEEX answers every window with all its records (the simulator's outOfWindow all)", () => {
  interface Page<T> {
    items: T[];
    total: number | null;
    warnings: { count: number };
  }
  const keys = <T,>(items: T[], key: (r: T) => string) => items.map(key).sort();

  /**
   * One read asked as WEEX answers, then again once WEEX answers every window with all its
   * records: both 200, the same total (more than none) and the same rows by `key`; both answers.
   */
  async function askedTwice<T>(read: () => Promise<ApiResponse<Page<T>>>, key: (r: T) => string) {
    const asked = await read();
    expect(asked.status, asked.text).toBe(200);
    expect(asked.json.total).toBeGreaterThan(0);
    sim.setFaults({ outOfWindow: { all: true } });
    const ignored = await read();
    expect(ignored.status, ignored.text).toBe(200);
    expect(ignored.json.total).toBe(asked.json.total);
    expect(keys(ignored.json.items, key)).toEqual(keys(asked.json.items, key));
    return { asked, ignored };
  }

  it("a partner's live invitee list over the invitee year lists each invitee once: the year's five 90-day queries do not count it five times", { timeout: 120_000 }, async () => {
    // a partner with one invite code of the year's invitees
    const year = await api<Page<{ uid: string; inviteCode: string | null }>>(`/api/affiliate/invitees?source=live&pageSize=100&startTime=${Date.now() - 90 * DAY_MS}`, { cookie: admin, base });
    expect(year.status, year.text).toBe(200);
    const code = year.json.items.find((i) => i.inviteCode !== null)!.inviteCode!;
    const username = clientOrderId("window").toLowerCase();
    const made = await api("/api/admin/users", { cookie: admin, base, method: "POST", body: { username, password: "window-partner-password", role: "partner", scope: { inviteCodes: [code] } } });
    expect(made.status, made.text).toBe(201);
    const partner = await login(username, "window-partner-password", { base });

    // no range: the invitee year, walked live in five 90-day queries
    const list = () => api<Page<{ uid: string }>>("/api/affiliate/invitees?source=live&pageSize=100", { cookie: partner, base });
    await askedTwice(list, (i) => i.uid);
    // (what each query got from outside its window is left out; a partner's answer counts no
    // record it cannot attribute to the scope in its warnings: the commission walk below shows them)
  });

  it("a commission walk over half a year counts each record once: its 90-day queries do not each count the records of the others", { timeout: 120_000 }, async () => {
    // an invitee with commission records yesterday
    const now = Date.now();
    const recent = await api<Page<{ uid: string }>>(`/api/affiliate/commissions?source=live&productType=SPOT&pageSize=10&startTime=${now - DAY_MS}&endTime=${now}`, { cookie: viewer, base });
    expect(recent.status, recent.text).toBe(200);
    const uid = recent.json.items[0]!.uid;

    // 200 days, both product types: three 90-day queries each, live (this server keeps no archive)
    const walk = () => api<Page<{ uid: string; date: number; productType: string; symbol: string; commission: string }>>(`/api/affiliate/commissions?uid=${uid}&pageSize=100&startTime=${now - 200 * DAY_MS}&endTime=${now}`, { cookie: viewer, base });
    const key = (r: { date: number; productType: string; symbol: string; commission: string }) => `${r.date}|${r.productType}|${r.symbol}|${r.commission}`;
    const { asked, ignored } = await askedTwice(walk, key);
    expect(ignored.json.warnings.count).toBeGreaterThan(asked.json.warnings.count);
  });
});
