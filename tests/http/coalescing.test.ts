/**
 * Reference data is cached and coalesced on the server: 50 simultaneous requests for the
 * trading pairs make one upstream exchangeInfo call, and later ones within the minute none.
 * Lists are coalesced too (lib/server/coalesce.ts): identical concurrent requests share one
 * upstream walk, even with source=live, which is never cached.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api, login, simStats } from "./helpers";

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
    // source=live: never cached, so before coalescing each request was its own walk (weight 100 each)
    // The archive's transfer sync and other files share the simulator: a call of theirs may
    // fall between the two counts. So up to three rounds; uncoalesced, every round costs 12.
    for (const path of ["/api/affiliate/withdrawals?pageSize=10&source=live", "/api/affiliate/withdrawals?source=live&pageSize=10&coin=USDT"]) {
      const calls: number[] = [];
      for (let round = 0; round < 3 && calls.at(-1) !== 1; round++) {
        const before = (await simStats()).byEndpoint.withdrawals ?? 0;
        const results = await Promise.all(Array.from({ length: 12 }, (_, i) => api<{ items: unknown[] }>(path, { cookie: i % 2 ? viewer : trader })));
        expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
        expect(new Set(results.map((r) => r.text)).size).toBe(1);
        calls.push(((await simStats()).byEndpoint.withdrawals ?? 0) - before);
        // (weight 100 a call: let the window pass before another round)
        if (calls.at(-1) !== 1) await new Promise((r) => setTimeout(r, 10_500));
      }
      expect(calls.at(-1), `upstream calls per round: ${calls.join(", ")}`).toBe(1);
    }
  });

  it("still checks each request on its own before it joins", async () => {
    const viewer = await login("viewer");
    const path = "/api/spot/orders?symbol=BTCUSDT&pageSize=5";
    const [asTrader, asViewer, anonymous] = await Promise.all([api(path, { cookie: await login("trader") }), api(path, { cookie: viewer }), api(path)]);
    expect([asTrader.status, asViewer.status, anonymous.status]).toEqual([200, 403, 401]);
  });
});
