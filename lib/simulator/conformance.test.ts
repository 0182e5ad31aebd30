import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENDPOINTS, type EndpointKey } from "../weex/endpoints";
import { codeOf, DAY, FIXED_NOW, pathOf, startTestSim, type Reply, type TestSim } from "./test-helpers";

// Every endpoint's normal answer matches the endpoint table's response schema (what the
// client parses with), and values are written the way WEEX writes them.

const TWO_53 = 2n ** 53n;
let t: TestSim;
const replies = {} as Record<EndpointKey, Reply>;

beforeAll(async () => {
  t = await startTestSim();
  const spot = (await t.get(pathOf("allOrders"), { symbol: "BTCUSDT", limit: 5 })).body as Array<{ orderId: string }>;
  const placed = await t.post(pathOf("placeTpSl"), JSON.stringify({ symbol: "cmt_btcusdt", clientOrderId: "c-1", planType: "loss_plan", triggerPrice: "60000", size: "0.01", positionSide: "long" }));
  const planId = /"orderId":(\d+)/.exec(placed.text)![1];
  replies.placeTpSl = placed;
  replies.placeOrder = await t.post(pathOf("placeOrder"), JSON.stringify({ symbol: "cmt_btcusdt", side: "SELL", positionSide: "SHORT", type: "MARKET", quantity: "0.5", newClientOrderId: "c-2" }));
  replies.modifyTpSl = await t.post(pathOf("modifyTpSl"), `{"orderId":${planId},"triggerPrice":"59000"}`);
  replies.exchangeInfo = await t.call("GET", pathOf("exchangeInfo"), { signed: false });
  replies.coins = await t.call("GET", pathOf("coins"), { signed: false });
  replies.withdrawals = await t.get(pathOf("withdrawals"), { pageSize: 200 });
  replies.subAffiliates = await t.post(pathOf("subAffiliates"), JSON.stringify({ productType: "SPOT", startTime: FIXED_NOW - 30 * DAY, endTime: FIXED_NOW }));
  replies.invitees = await t.get(pathOf("invitees"));
  replies.spotOrder = await t.get(pathOf("spotOrder"), { orderId: spot[0].orderId });
  replies.allOrders = await t.get(pathOf("allOrders"), { symbol: "BTCUSDT", limit: 1000 });
  replies.inviteeTotals = await t.get(pathOf("inviteeTotals"));
  replies.commissions = await t.get(pathOf("commissions"), { productType: "FUTURES", startTime: FIXED_NOW - 30 * DAY });
  const invitee = (replies.inviteeTotals.body as { records: Array<{ uid: string }> }).records[0].uid;
  replies.verifyReferrals = await t.get(pathOf("verifyReferrals"), { userIds: `${invitee},1` });
  replies.memberAssets = await t.get(pathOf("memberAssets"), { userId: invitee });
  replies.memberDeals = await t.get(pathOf("memberDeals"));
});
afterAll(() => t.close());

describe("answers match the endpoint table", () => {
  for (const key of Object.keys(ENDPOINTS) as EndpointKey[]) {
    it(`${key}: HTTP 200, response schema`, () => {
      const r = replies[key];
      expect(r.status, r.text).toBe(200);
      const parsed = ENDPOINTS[key].response.safeParse(r.body);
      expect(parsed.success, parsed.success ? "" : JSON.stringify(parsed.error.issues.slice(0, 3))).toBe(true);
    });
  }
});

describe("values on the wire", () => {
  it("ids above 2^53 are raw JSON numbers where WEEX writes numbers", () => {
    const raw = (text: string, field: string) => [...text.matchAll(new RegExp(`"${field}":(\\d+)[,}]`, "g"))].map((m) => BigInt(m[1]));
    for (const [key, field] of [
      ["withdrawals", "fromUserId"],
      ["withdrawals", "toUserId"],
      ["spotOrder", "orderId"],
      ["allOrders", "orderId"],
      ["placeTpSl", "orderId"],
    ] as const) {
      const ids = raw(replies[key].text, field);
      // every one a raw number, the large ones above 2^53 (a transfer to an invitee's uid, a risk
      // pattern the simulator plants, has a small one)
      expect(ids.length, `${key}.${field}`).toBe(replies[key].text.split(`"${field}":`).length - 1);
      expect(ids.filter((id) => id > TWO_53).length, `${key}.${field}`).toBeGreaterThan(ids.length / 2);
    }
  });

  it("uids of invitees and sub-affiliates are strings; decimals are strings; events that never happened are null", () => {
    expect(replies.invitees.text).toMatch(/"uid":"\d+"/);
    expect(replies.subAffiliates.text).toMatch(/"subAffiliateUid":"\d+"/);
    expect(replies.invitees.text).toMatch(/"firstTrade":null/);
    for (const field of ["tradingVolume", "netTradingFee", "paidCommission"]) expect(replies.subAffiliates.text).not.toMatch(new RegExp(`"${field}":\\d`));
    for (const field of ["price", "origQty", "executedQty", "cummulativeQuoteQty"]) expect(replies.allOrders.text).not.toMatch(new RegExp(`"${field}":\\d`));
    expect(replies.withdrawals.text).not.toMatch(/"amount":\d/);
  });

  it("the rebate reads: Long ids as raw JSON numbers, the totals' uid a String, amounts decimal strings, WEEX's spelling isRefferal", () => {
    const text = (key: EndpointKey) => replies[key].text;
    expect(text("commissions")).toMatch(/"uid":\d+,"date":\d+,"coin":"(USDT|BTC)","productType":"FUTURES","fee":"[\d.]+","commission":"[\d.]+","rate":"[\d.]+"/);
    expect(text("commissions")).toMatch(/"sourceType":[12],"takerAmount":"[\d.]+","makerAmount":"[\d.]+"/);
    expect(text("inviteeTotals")).toMatch(/"uid":"\d+","depositAmount":"[\d.]+"/);
    expect(text("verifyReferrals")).toMatch(/^\[\{"uid":\d+,"isRefferal":true\},\{"uid":1,"isRefferal":false\}\]$/);
    expect(text("memberDeals")).toMatch(/"userId":\d+,"spotDealAmountUsdt":"[\d.]+"/);
    for (const key of ["inviteeTotals", "commissions", "memberAssets", "memberDeals"] as const) expect(text(key)).not.toMatch(/Amount(Usdt)?":\d|"commission":\d|"fee":\d/);
    expect(replies.memberAssets.body).toMatchObject({ depositTotalAmount: expect.stringMatching(/^\d+(\.\d+)?$/), depositList: expect.any(Array) });
    expect(Object.keys(replies.inviteeTotals.body as object)).toEqual(["records", "pages", "pageSize", "total"]);
    expect(Object.keys(replies.commissions.body as object)).toEqual(["channelCommissionInfoItems", "pages", "pageSize", "total"]);
    expect(Object.keys(replies.memberDeals.body as object)).toEqual(["data", "startTime", "endTime"]);
    expect(Number((replies.commissions.body as { total: string }).total)).toBeGreaterThan(0);
  });

  it("affiliate endpoints answer the bare V3 object; modifyTpSlOrder the V2 envelope", () => {
    expect(Object.keys(replies.withdrawals.body as object)).toEqual(["items", "total", "pageSize", "page", "pages", "hasNextPage"]);
    expect(Object.keys(replies.subAffiliates.body as object)).toEqual(["records", "total", "size", "current", "pages"]);
    expect(Object.keys(replies.invitees.body as object)).toEqual(["channelUserInfoItemList", "pages", "pageSize", "total"]);
    expect(replies.modifyTpSl.body).toMatchObject({ code: "00000", msg: "success", data: {} });
    expect(replies.modifyTpSl.text).toMatch(/"code":"00000"/);
  });

  it("errors are {code: <number>, msg} with a 4xx", async () => {
    const r = await t.get(pathOf("invitees"), { pageSize: 0 });
    expect(r.status).toBe(400);
    expect(r.text).toMatch(/^\{"code":-1140,"msg":"[^"]+"\}$/);
    expect(codeOf(r)).toBe(-1140);
  });
});
