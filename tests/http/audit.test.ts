/**
 * The audit log through HTTP: order placements and modifications (who, when, the request, the
 * outcome, the upstream order id), sign-ins, newest first, filters and paging.
 */
import { describe, expect, it } from "vitest";
import { api, attemptLogin, clientOrderId, login } from "./helpers";

interface Entry {
  id: string;
  at: string;
  username: string | null;
  action: string;
  ip: string | null;
  outcome: string;
  upstreamOrderId: string | null;
  detail: { request?: Record<string, unknown>; failure?: unknown };
}
type AuditList = { items: Entry[]; page: number; pageSize: number; total: number; pages: number; hasNextPage: boolean; actions: string[] };

describe("audit log", () => {
  it("records an order placement with who, when, the request, the outcome and the upstream order id", async () => {
    const trader = await login("trader");
    const admin = await login("admin");
    const newClientOrderId = clientOrderId("audit");
    const started = Date.now();
    const placed = await api<{ orderId: string; success: boolean }>("/api/contract/orders", {
      cookie: trader,
      patient: true,
      method: "POST",
      body: { symbol: "cmt_btcusdt", side: "BUY", positionSide: "LONG", type: "LIMIT", timeInForce: "GTC", quantity: "0.01", price: "60000", newClientOrderId },
    });
    expect(placed.status).toBe(200);
    expect(placed.json.success).toBe(true);

    const log = await api<AuditList>("/api/admin/audit?username=trader&action=order.place&pageSize=5", { cookie: admin });
    expect(log.status).toBe(200);
    const e = log.json.items[0]!;
    expect(e).toMatchObject({ username: "trader", action: "order.place", outcome: "success", upstreamOrderId: placed.json.orderId });
    expect(e.detail.request).toMatchObject({ newClientOrderId, symbol: "cmt_btcusdt", quantity: "0.01", price: "60000" });
    expect(Date.parse(e.at)).toBeGreaterThanOrEqual(started - 2000);
    expect(e.ip).toBeTruthy();
    expect(JSON.stringify(log.json)).not.toMatch(/secret|passphrase|password/i);
  });

  it("records a rejected placement (success:false is a 200 mirroring WEEX) and plan order changes", async () => {
    const trader = await login("trader");
    const admin = await login("admin");
    const id = clientOrderId("dup");
    const body = { symbol: "cmt_btcusdt", side: "BUY", positionSide: "LONG", type: "MARKET", quantity: "0.01", newClientOrderId: id };
    expect((await api("/api/contract/orders", { cookie: trader, patient: true, method: "POST", body })).status).toBe(200);
    const dup = await api<{ success: boolean; errorCode: string; errorMessage: string }>("/api/contract/orders", { cookie: trader, patient: true, method: "POST", body });
    expect(dup.status).toBe(200);
    expect(dup.json.success).toBe(false);
    expect(dup.json.errorCode).not.toBe("");

    const plan = await api<{ success: boolean; orderId: string }[]>("/api/contract/plan-orders", {
      cookie: trader,
      patient: true,
      method: "POST",
      body: { symbol: "cmt_btcusdt", clientOrderId: clientOrderId("ap"), planType: "profit_plan", triggerPrice: "95000", size: "0.01", positionSide: "long" },
    });
    const planId = plan.json[0]!.orderId;
    await api(`/api/contract/plan-orders/${planId}`, { cookie: trader, patient: true, method: "PATCH", body: { triggerPrice: "96000" } });
    // an unknown plan order: WEEX's code -3200 is the contract's not_found
    const missing = await api("/api/contract/plan-orders/999999999999999999", { cookie: trader, patient: true, method: "PATCH", body: { triggerPrice: "96000" } });
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ error: { code: "not_found", upstream: { code: "-3200" } } });

    const all = await api<AuditList>("/api/admin/audit?username=trader&pageSize=10", { cookie: admin });
    const [modMissing, mod, placedPlan, rejected] = all.json.items;
    expect(modMissing).toMatchObject({ action: "plan_order.modify", outcome: "error", upstreamOrderId: "999999999999999999" });
    expect(mod).toMatchObject({ action: "plan_order.modify", outcome: "success", upstreamOrderId: planId });
    expect(placedPlan).toMatchObject({ action: "plan_order.place", outcome: "success", upstreamOrderId: planId });
    expect(rejected).toMatchObject({ action: "order.place", outcome: "rejected", upstreamOrderId: null });
    // newest first
    const ids = all.json.items.map((e) => BigInt(e.id));
    expect([...ids].sort((a, b) => (a < b ? 1 : -1))).toEqual(ids);
  });

  it("records sign-ins, filters by user and action, and pages", async () => {
    const admin = await login("admin");
    await attemptLogin("viewer", "not-the-password", { headers: { "x-forwarded-for": "203.0.113.9" } });
    const logins = await api<AuditList>("/api/admin/audit?username=viewer&action=login&pageSize=1", { cookie: admin });
    expect(logins.json.items[0]).toMatchObject({ username: "viewer", action: "login", outcome: "failure", ip: "203.0.113.9" });
    expect(logins.json.total).toBeGreaterThanOrEqual(2);
    expect(logins.json).toMatchObject({ page: 1, pageSize: 1, hasNextPage: true });
    expect(logins.json.actions).toEqual(expect.arrayContaining(["login", "order.place"]));
    const page2 = await api<AuditList>("/api/admin/audit?username=viewer&action=login&pageSize=1&page=2", { cookie: admin });
    expect(BigInt(page2.json.items[0]!.id)).toBeLessThan(BigInt(logins.json.items[0]!.id));
    expect((await api("/api/admin/audit?pageSize=201", { cookie: admin })).status).toBe(400);
  });
});
