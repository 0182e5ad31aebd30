/**
 * People first while the archive backfills: a dashboard started with an
 * empty database and the archive sync on spends the WEEX budget on its first backfill, and
 * meanwhile people list invitees and transfers live, open the funnel, place a contract order,
 * place and modify a plan order. None of them is refused by our own budget (no 429), none is
 * sent over WEEX's limits (the simulator counts no 429), and the backfill keeps going.
 * Its own simulator (scale 1: a backfill of several minutes) and server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Simulator } from "../../lib/simulator";
import { api, clientOrderId } from "./helpers";
import type { NextServer } from "./server";
import { startStack, stopStack } from "./stack";
import { DAY_MS } from "../../lib/time/calendar";

let sim: Simulator;
let server: NextServer;
let trader: string;

beforeAll(async () => {
  ({ sim, server, sessions: [trader] } = await startStack({ scale: 1, env: { ARCHIVE_SYNC: "on" }, signIn: ["trader"] }));
}, 180_000);

afterAll(() => stopStack({ server, sim }));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("a person's request during the first backfill", () => {
  it("is answered, not refused by our own budget, while the backfill fills the rest", { timeout: 300_000 }, async () => {
    // Let the backfill fill its share of the window first (slow to start on a busy machine).
    for (let i = 0; i < 240 && (sim.stats().byEndpoint.subAffiliates ?? 0) < 30; i++) await sleep(500);
    await sleep(3000);
    const backfillBefore = sim.stats().byEndpoint.subAffiliates ?? 0;
    expect(backfillBefore).toBeGreaterThanOrEqual(30);

    const get = (path: string) => api(path, { cookie: trader, base: server.url });
    const send = (method: string, path: string, body: unknown) => api<{ orderId?: string }[]>(path, { cookie: trader, base: server.url, method, body });
    const statuses: { what: string; status: number; text: string; ms: number }[] = [];
    const timed = async (what: string, req: () => Promise<{ status: number; text: string }>) => {
      const t0 = Date.now();
      const r = await req();
      statuses.push({ what, status: r.status, text: r.text.slice(0, 200), ms: Date.now() - t0 });
      return r;
    };
    const now = Date.now();
    for (let round = 0; round < 3; round++) {
      await Promise.all([
        timed("invitees live", () => get(`/api/affiliate/invitees?source=live&pageSize=10&page=${round + 1}`)),
        timed("transfers live", () => get(`/api/affiliate/withdrawals?source=live&pageSize=10&page=${round + 1}`)),
        timed("transfers", () => get(`/api/affiliate/withdrawals?pageSize=20&page=${round + 1}`)),
        timed("funnel", () => get(`/api/affiliate/invitees/funnel?startTime=${now - (round + 2) * DAY_MS}&endTime=${now}`)),
        timed("sub-affiliates live", () => get(`/api/affiliate/sub-affiliates?productType=FUTURES&source=live&page=${round + 1}`)),
        timed("contract order", () =>
          send("POST", "/api/contract/orders", { symbol: "cmt_btcusdt", side: "BUY", positionSide: "LONG", type: "MARKET", quantity: "0.01", newClientOrderId: clientOrderId("pf") }),
        ),
        (async () => {
          const planned = await timed("plan order", () =>
            send("POST", "/api/contract/plan-orders", { symbol: "cmt_btcusdt", clientOrderId: clientOrderId("pfp"), planType: "profit_plan", triggerPrice: "95000", size: "0.01", positionSide: "long" }),
          );
          const id = (JSON.parse(planned.text) as { orderId?: string }[])[0]?.orderId;
          if (id) await timed("modify plan order", () => send("PATCH", `/api/contract/plan-orders/${id}`, { triggerPrice: "96000" }));
        })(),
      ]);
    }
    const refused = statuses.filter((s) => s.status !== 200);
    expect(refused, JSON.stringify(refused)).toEqual([]);
    expect(statuses.filter((s) => s.what === "modify plan order")).toHaveLength(3);
    // bounded: nobody waited much longer than one window per upstream call
    expect(Math.max(...statuses.filter((s) => s.what === "contract order").map((s) => s.ms))).toBeLessThan(5000);

    const stats = sim.stats();
    expect(stats.count429).toBe(0);
    // the backfill kept running and the budget stayed full
    expect(stats.byEndpoint.subAffiliates ?? 0).toBeGreaterThan(backfillBefore);
    expect(stats.maxWeightIn10s.ip).toBeGreaterThanOrEqual(450);
  });
});
