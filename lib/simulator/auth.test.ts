import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedHeaders } from "../weex/sign";
import { codeOf, CREDS, pathOf, startTestSim, type TestSim } from "./test-helpers";

// Signature, timestamp, key, passphrase and Content-Type checks, through HTTP.

let t: TestSim;
beforeAll(async () => {
  t = await startTestSim();
});
afterAll(() => t.close());

const withdrawals = pathOf("withdrawals");

describe("signed requests", () => {
  it("accepts a correctly signed request and verifies the raw query as sent (unsorted, encoded)", async () => {
    const ok = await t.call("GET", withdrawals, { query: "pageSize=5&coin=USDT&page=1" });
    expect(ok.status).toBe(200);
    // The same parameters in another order are another signature: signed over the bytes sent.
    const encoded = await t.call("GET", pathOf("allOrders"), { query: "symbol=BTCUSDT&startTime=0&limit=%35" });
    expect(encoded.status).toBe(200);
  });

  it("rejects a wrong signature with -1047 / 401", async () => {
    const r = await t.call("GET", withdrawals, { creds: { ...CREDS, apiSecret: "not-the-secret" } });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ code: "-1047", msg: expect.any(String) });
    // code is a JSON number on the wire
    expect(r.text).toMatch(/"code":-1047[,}]/);
  });

  it("rejects a signature over other bytes than the ones sent (query changed after signing)", async () => {
    const h = signedHeaders(CREDS, "GET", withdrawals, "pageSize=5", "", t.clock.t);
    const res = await fetch(`${t.sim.url}${withdrawals}?pageSize=6`, { headers: h });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: number }).code).toBe(-1047);
  });

  it("rejects a body changed after signing", async () => {
    const signedBody = '{"productType":"SPOT"}';
    const h = signedHeaders(CREDS, "POST", pathOf("subAffiliates"), "", signedBody, t.clock.t);
    const res = await fetch(`${t.sim.url}${pathOf("subAffiliates")}`, {
      method: "POST",
      headers: { ...h, "Content-Type": "application/json" },
      body: '{"productType": "SPOT"}',
    });
    expect(res.status).toBe(401);
  });

  it("rejects an expired timestamp (older than 30 s) and one too far ahead with -1046", async () => {
    const old = await t.call("GET", withdrawals, { timestamp: t.clock.t - 31_000 });
    expect([old.status, codeOf(old)]).toEqual([401, -1046]);
    const ahead = await t.call("GET", withdrawals, { timestamp: t.clock.t + 31_000 });
    expect(codeOf(ahead)).toBe(-1046);
    const edge = await t.call("GET", withdrawals, { timestamp: t.clock.t - 29_000 });
    expect(edge.status).toBe(200);
  });

  it("rejects a wrong passphrase with -1049 and an unknown key with -1044", async () => {
    const pass = await t.call("GET", withdrawals, { creds: { ...CREDS, passphrase: "wrong" } });
    expect([pass.status, codeOf(pass)]).toEqual([401, -1049]);
    const key = await t.call("GET", withdrawals, { creds: { ...CREDS, apiKey: "nobody" } });
    expect([key.status, codeOf(key)]).toEqual([401, -1044]);
  });

  it("answers -1040 / -1041 / -1042 for empty headers and -1043 for a malformed timestamp", async () => {
    expect(codeOf(await t.call("GET", withdrawals, { headers: { "ACCESS-KEY": undefined } }))).toBe(-1040);
    expect(codeOf(await t.call("GET", withdrawals, { headers: { "ACCESS-SIGN": "" } }))).toBe(-1041);
    expect(codeOf(await t.call("GET", withdrawals, { headers: { "ACCESS-TIMESTAMP": undefined } }))).toBe(-1042);
    expect(codeOf(await t.call("GET", withdrawals, { headers: { "ACCESS-TIMESTAMP": "1.7e12" } }))).toBe(-1043);
    expect(codeOf(await t.call("GET", withdrawals, { signed: false }))).toBe(-1040);
  });

  it("rejects a POST without Content-Type: application/json with -1045", async () => {
    const body = JSON.stringify({ productType: "SPOT", startTime: t.clock.t - 86_400_000, endTime: t.clock.t });
    const none = await t.call("POST", pathOf("subAffiliates"), { body, contentType: null });
    expect([none.status, codeOf(none)]).toEqual([400, -1045]);
    const text = await t.call("POST", pathOf("subAffiliates"), { body, contentType: "text/plain" });
    expect(codeOf(text)).toBe(-1045);
    const charset = await t.call("POST", pathOf("subAffiliates"), { body, contentType: "application/json; charset=utf-8" });
    expect(charset.status).toBe(200);
  });

  it("authenticates the contract side the same way", async () => {
    const body = JSON.stringify({ orderId: "1", triggerPrice: "1" });
    const r = await t.call("POST", pathOf("modifyTpSl"), { body, creds: { ...CREDS, apiSecret: "x" } });
    expect(codeOf(r)).toBe(-1047);
  });
});

describe("public endpoints", () => {
  it("need no ACCESS-* headers", async () => {
    expect((await t.call("GET", pathOf("exchangeInfo"), { signed: false })).status).toBe(200);
    expect((await t.call("GET", pathOf("coins"), { signed: false })).status).toBe(200);
  });

  it("unknown paths are 404", async () => {
    expect((await t.call("GET", "/api/v3/nothing", { signed: false })).status).toBe(404);
    expect((await t.call("POST", pathOf("coins"), { signed: false, body: "{}" })).status).toBe(404);
  });
});

describe("GET /__sim/recent", () => {
  it("lists the last requests that reached an endpoint with the key they were signed with, oldest first", async () => {
    const from = Date.now();
    await t.call("GET", withdrawals, { query: "pageSize=3" });
    await t.call("GET", withdrawals, { creds: { ...CREDS, apiKey: "someone-else" } });
    await fetch(`${t.sim.url}/not-an-endpoint`);
    const recent = ((await (await fetch(`${t.sim.url}/__sim/recent`)).json()) as { at: number; method: string; url: string; key: string | null }[]).filter(
      (r) => r.at >= from,
    );
    expect(recent.map((r) => [r.method, r.url, r.key])).toEqual([
      ["GET", `${withdrawals}?pageSize=3`, CREDS.apiKey],
      ["GET", withdrawals, "someone-else"],
    ]);
  });

  it("lists a POST with its body (where querySubChannelTransactions' filters are), a GET with none", async () => {
    const from = Date.now();
    const body = JSON.stringify({ productType: "SPOT", startTime: t.clock.t - 86_400_000, endTime: t.clock.t });
    await t.call("POST", pathOf("subAffiliates"), { body });
    await t.call("GET", withdrawals, { query: "pageSize=2" });
    const recent = ((await (await fetch(`${t.sim.url}/__sim/recent`)).json()) as { at: number; method: string; body: string | null }[]).filter((r) => r.at >= from);
    expect(recent.map((r) => [r.method, r.body])).toEqual([
      ["POST", body],
      ["GET", null],
    ]);
  });
});
