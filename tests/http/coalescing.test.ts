/**
 * Reference data is cached and coalesced on the server: 50 simultaneous requests for the
 * trading pairs make one upstream exchangeInfo call, and later ones within the minute none.
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
});
