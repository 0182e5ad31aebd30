/**
 * The contract order cap through HTTP (weex-facts: ~50 placements a minute): a dashboard set to
 * WEEX_ORDERS_PER_MINUTE=2 answers the third new order within a minute 429 rate_limited with
 * Retry-After and does not send it; the audit log says so; modifying a plan order is not capped.
 * Its own server and simulator, so no other suite's orders count against the cap.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Simulator } from "../../lib/simulator";
import { api, clientOrderId, expectRefusedUnsent } from "./helpers";
import type { NextServer } from "./server";
import { startStack, stopStack } from "./stack";

let sim: Simulator;
let server: NextServer;
let trader: string;
let admin: string;

beforeAll(async () => {
  ({ sim, server, sessions: [trader, admin] } = await startStack({ scale: 0.05, env: { WEEX_ORDERS_PER_MINUTE: "2" }, signIn: ["trader", "admin"] }));
}, 120_000);

afterAll(() => stopStack({ server, sim }));

const order = () => ({ symbol: "cmt_btcusdt", side: "BUY", positionSide: "LONG", type: "MARKET", quantity: "0.01", newClientOrderId: clientOrderId("cap") });
const plan = () => ({ symbol: "cmt_btcusdt", clientOrderId: clientOrderId("capp"), planType: "profit_plan", triggerPrice: "95000", size: "0.01", positionSide: "long" });

describe("the contract order cap", () => {
  it("refuses the third new order within a minute with 429 and Retry-After, without sending it", async () => {
    const post = (path: string, body: unknown) => api<{ success?: boolean; error?: { code: string; message: string } }>(path, { cookie: trader, base: server.url, method: "POST", body });
    const first = await post("/api/contract/orders", order());
    expect(first.status, first.text).toBe(200);
    const planned = await api<{ orderId: string }[]>("/api/contract/plan-orders", { cookie: trader, base: server.url, method: "POST", body: plan() });
    expect(planned.status, planned.text).toBe(200);
    const sentBefore = sim.stats().byEndpoint.placeOrder ?? 0;

    const third = await post("/api/contract/orders", order());
    expectRefusedUnsent(third);
    expect(sim.stats().byEndpoint.placeOrder ?? 0).toBe(sentBefore);
    const plansBefore = sim.stats().byEndpoint.placeTpSl ?? 0;
    expect((await post("/api/contract/plan-orders", plan())).status).toBe(429);
    expect(sim.stats().byEndpoint.placeTpSl ?? 0).toBe(plansBefore);

    // Modifying an order is not a new order: it goes through.
    const modified = await api(`/api/contract/plan-orders/${planned.json[0]!.orderId}`, { cookie: trader, base: server.url, method: "PATCH", body: { triggerPrice: "96000" } });
    expect(modified.status, modified.text).toBe(200);

    const log = await api<{ items: { action: string; outcome: string }[] }>("/api/admin/audit?username=trader&pageSize=5", { cookie: admin, base: server.url });
    expect(log.json.items.slice(0, 3).map((e) => [e.action, e.outcome])).toEqual([
      ["plan_order.modify", "success"],
      ["plan_order.place", "error"],
      ["order.place", "error"],
    ]);
  });
});
