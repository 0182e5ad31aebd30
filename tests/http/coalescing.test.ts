/**
 * Reference data is cached and coalesced on the server: 50 simultaneous requests for the
 * trading pairs make one upstream exchangeInfo call, and later ones within the minute none.
 * Lists are coalesced too (lib/server/http/coalesce.ts): identical concurrent requests share one
 * upstream walk, even with source=live, which is never cached.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ENDPOINTS } from "../../lib/weex/endpoints";
import { api, dashboardKey, login, simFaults, simRecent, simStats } from "./helpers";

const WITHDRAWALS_PATH = ENDPOINTS.withdrawals.path;

describe("reference data cache", () => {
  beforeAll(async () => {
    // Files share one upstream budget: let the rolling 10 s window of the previous file's
    // requests pass, so the one upstream call is not refused (which would not be coalescing's fault).
    await new Promise((r) => setTimeout(r, 10_500));
  }, 20_000);

  it("answers 50 simultaneous symbol requests with one upstream call", async () => {
    const viewer = await login("viewer");
    // a filter no other test uses, so the cache is cold
    const path = `/api/reference/symbols?symbols=BTCUSDT,ETHUSDT,USDCUSDT&symbolStatus=TRADING`;
    const before = (await simStats()).byEndpoint.exchangeInfo ?? 0;
    const results = await Promise.all(Array.from({ length: 50 }, () => api<{ symbols: { symbol: string }[] }>(path, { cookie: viewer })));
    for (const r of results) expect(r.status).toBe(200);
    const bodies = new Set(results.map((r) => r.text));
    expect(bodies.size).toBe(1);
    expect(results[0]!.json.symbols.map((s) => s.symbol).sort()).toEqual(["BTCUSDT", "ETHUSDT", "USDCUSDT"]);
    expect((await simStats()).byEndpoint.exchangeInfo ?? 0).toBe(before + 1);

    await api(path, { cookie: viewer });
    expect((await simStats()).byEndpoint.exchangeInfo ?? 0).toBe(before + 1);
  });

  it("does the same for coins", async () => {
    const viewer = await login("viewer");
    const before = (await simStats()).byEndpoint.coins ?? 0;
    const results = await Promise.all(Array.from({ length: 20 }, () => api<unknown[]>("/api/reference/coins", { cookie: viewer })));
    for (const r of results) expect(r.status).toBe(200);
    expect(Array.isArray(results[0]!.json)).toBe(true);
    expect((await simStats()).byEndpoint.coins ?? 0).toBeLessThanOrEqual(before + 1);
  });

  it("answers twelve simultaneous identical transfer list requests with one upstream call", { timeout: 90_000 }, async () => {
    const viewer = await login("viewer");
    const trader = await login("trader");
    // source=live: never cached, so before coalescing each request was its own walk (weight 100 each).
    // The upstream answer is slowed to 1.5 s so that the twelve overlap even on a loaded machine
    // (a walk that ends before the last request arrives rightly lets that one start its own), and
    // only this test's own calls are counted — the dashboard's key, this path, this query, since
    // the start — so the archive's transfer sync or a walk another file left running cannot land in the count.
    await simFaults({ latencyMs: 1500, endpoints: ["withdrawals"] });
    try {
      for (const [path, coin] of [
        ["/api/affiliate/withdrawals?pageSize=10&source=live", null],
        ["/api/affiliate/withdrawals?source=live&pageSize=10&coin=USDT", "USDT"],
      ] as const) {
        const start = Date.now();
        const results = await Promise.all(Array.from({ length: 12 }, (_, i) => api<{ items: unknown[] }>(path, { cookie: i % 2 ? viewer : trader })));
        expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
        expect(new Set(results.map((r) => r.text)).size).toBe(1);
        const ours = (await simRecent()).filter((r) => {
          const url = new URL(r.url, "http://sim");
          const q = url.searchParams;
          return r.at >= start && r.key === dashboardKey() && url.pathname === WITHDRAWALS_PATH && q.get("pageSize") === "10" && q.get("coin") === coin;
        });
        expect(ours.map((r) => r.url)).toHaveLength(1);
      }
    } finally {
      await simFaults({});
    }
  });

  it("still checks each request on its own before it joins", async () => {
    const viewer = await login("viewer");
    const path = "/api/spot/orders?symbol=BTCUSDT&pageSize=5";
    const [asTrader, asViewer, anonymous] = await Promise.all([api(path, { cookie: await login("trader") }), api(path, { cookie: viewer }), api(path)]);
    expect([asTrader.status, asViewer.status, anonymous.status]).toEqual([200, 403, 401]);
  });
});
