/**
 * Languages over HTTP, with real sessions: the language route saves the choice with
 * the user and in the NEXT_LOCALE cookie; a signed-in user's saved choice beats the cookie and
 * Accept-Language; after sign-out the cookie keeps it; a fresh sign-in of that user in a new
 * cookie jar gets their saved language. API errors say the same codes and field paths in
 * either language; plan orders send WEEX's `locale` header, which the simulator records.
 *
 * A user of its own (the demo users stay English for the other test files).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api, clientOrderId, login, simUrl } from "./helpers";

interface ErrorBody {
  error: { code: string; message: string; fields?: { path: string; message: string }[] };
}

const HAN = /[\u4e00-\u9fff]/;
const EN = { "accept-language": "en-US,en;q=0.9" };
const ZH = { "accept-language": "zh-CN,zh;q=0.9" };
/** A request the route refuses before any upstream call: two fields wrong. */
const BAD_PLAN = { symbol: "cmt_btcusdt", clientOrderId: "c-1", planType: "loss_plan", triggerPrice: "abc", size: "0.01", positionSide: "long", bogus: 1 };

const password = "a long password 16";
let username = "";
let userCookie = "";
let otherCookie = "";
let traderCookie = "";

/** The Set-Cookie value of NEXT_LOCALE in a response, or undefined. */
const localeCookie = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((c) => c.startsWith("NEXT_LOCALE="))
    ?.split(";")[0]!
    .slice("NEXT_LOCALE=".length);

/** The html lang of a page. */
async function pageLang(path: string, cookie: string, headers: Record<string, string>) {
  const res = await api(path, { cookie, headers });
  expect(res.status, res.text.slice(0, 200)).toBe(200);
  return /<html[^>]*\blang="([^"]+)"/.exec(res.text)?.[1];
}

async function badPlan(cookie: string, headers: Record<string, string>) {
  return api<ErrorBody>("/api/contract/plan-orders", { cookie, method: "POST", body: BAD_PLAN, headers });
}

beforeAll(async () => {
  const admin = await login("admin");
  username = clientOrderId("lang").toLowerCase().replace(/[^a-z0-9._-]/g, "");
  const created = await api("/api/admin/users", { cookie: admin, method: "POST", body: { username, password, role: "trader" } });
  expect(created.status, created.text).toBe(201);
  userCookie = await login(username, password);
  // The error tests' own admin: the demo users' saved language is whatever other suites left.
  const other = `${username}-x`;
  const made = await api("/api/admin/users", { cookie: admin, method: "POST", body: { username: other, password, role: "admin" } });
  expect(made.status, made.text).toBe(201);
  otherCookie = await login(other, password);
  const madeTrader = await api("/api/admin/users", { cookie: admin, method: "POST", body: { username: `${username}-t`, password, role: "trader" } });
  expect(madeTrader.status, madeTrader.text).toBe(201);
  traderCookie = await login(`${username}-t`, password);
});

describe("the language", () => {
  it("is English by default, Chinese from Accept-Language before any choice", async () => {
    expect(await pageLang("/", userCookie, EN)).toBe("en");
    expect(await pageLang("/", userCookie, ZH)).toBe("zh-CN");
    expect((await badPlan(userCookie, EN)).json.error.message).toMatch(/^Invalid input: /);
    expect((await badPlan(userCookie, ZH)).json.error.message).toMatch(/^输入无效：/);
  });

  it("PUT /api/me/locale checks its input (the field named, in the request's language)", async () => {
    const res = await api<ErrorBody>("/api/me/locale", { cookie: userCookie, method: "PUT", body: { locale: "fr" }, headers: ZH });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("validation_error");
    expect(res.json.error.fields?.map((f) => f.path)).toEqual(["locale"]);
    expect(res.json.error.fields?.[0]?.message).toMatch(HAN);
    expect(localeCookie(res.headers)).toBeUndefined();
  });

  it("is saved with the user and in the cookie; the saved choice beats the cookie and Accept-Language", async () => {
    const res = await api<{ locale: string; saved: boolean }>("/api/me/locale", { cookie: userCookie, method: "PUT", body: { locale: "zh-CN" }, headers: EN });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ locale: "zh-CN", saved: true });
    expect(localeCookie(res.headers)).toBe("zh-CN");
    // an English browser with an English cookie: still the user's saved Chinese
    const englishEverywhere = `${userCookie}; NEXT_LOCALE=en`;
    expect(await pageLang("/", englishEverywhere, EN)).toBe("zh-CN");
    const err = await badPlan(englishEverywhere, EN);
    expect(err.status).toBe(400);
    expect(err.json.error.message).toMatch(/^输入无效：/);
  });

  it("survives sign-out in the cookie, and a fresh sign-in in a new cookie jar brings the saved choice back", async () => {
    // signed out, the cookie the switch set: the login page and the 401 speak Chinese
    expect(await pageLang("/login", "NEXT_LOCALE=zh-CN", EN)).toBe("zh-CN");
    const signedOut = await api<ErrorBody>("/api/alerts", { cookie: "NEXT_LOCALE=zh-CN", headers: EN });
    expect(signedOut.status).toBe(401);
    expect(signedOut.json.error).toMatchObject({ code: "unauthorized", message: expect.stringMatching(HAN) });
    // signed out, the switch sets the cookie only
    const anonymous = await api<{ locale: string; saved: boolean }>("/api/me/locale", { method: "PUT", body: { locale: "en" }, headers: ZH });
    expect(anonymous.json).toEqual({ locale: "en", saved: false });
    expect(localeCookie(anonymous.headers)).toBe("en");
    // another browser: no cookie, English Accept-Language, a new session
    const fresh = await login(username, password, { fresh: true });
    expect(fresh).not.toContain("NEXT_LOCALE");
    expect(await pageLang("/", fresh, EN)).toBe("zh-CN");
    expect((await badPlan(fresh, EN)).json.error.message).toMatch(/^输入无效：/);
  });
});

describe("API errors in the request's language", () => {
  it("keep their code, status and field paths; only the messages change", async () => {
    const [en, zh] = await Promise.all([badPlan(otherCookie, EN), badPlan(otherCookie, ZH)]);
    expect(en.status).toBe(400);
    expect(zh.status).toBe(400);
    expect(zh.json.error.code).toBe(en.json.error.code);
    expect(zh.json.error.fields!.map((f) => f.path)).toEqual(en.json.error.fields!.map((f) => f.path));
    expect(en.json.error.fields).toContainEqual({ path: "triggerPrice", message: 'must be a decimal string, e.g. "0.01"' });
    expect(en.json.error.fields).toContainEqual({ path: "bogus", message: "is not a known field" });
    expect(zh.json.error.fields).toContainEqual({ path: "triggerPrice", message: '必须是十进制数字字符串，例如 "0.01"' });
    expect(zh.json.error.fields).toContainEqual({ path: "bogus", message: "不是已知字段" });
    for (const f of zh.json.error.fields!) expect(f.message).toMatch(HAN);

    const [en404, zh404] = await Promise.all([
      api<ErrorBody>("/api/alerts/rules/nope", { cookie: otherCookie, method: "DELETE", headers: EN }),
      api<ErrorBody>("/api/alerts/rules/nope", { cookie: otherCookie, method: "DELETE", headers: ZH }),
    ]);
    expect(en404.json.error).toEqual({ code: "not_found", message: "There is no alert rule nope." });
    expect(zh404.json.error).toEqual({ code: "not_found", message: "没有提醒规则 nope。" });

    const [enRole, zhRole] = await Promise.all([
      api<ErrorBody>("/api/admin/users", { cookie: traderCookie, headers: EN }),
      api<ErrorBody>("/api/admin/users", { cookie: traderCookie, headers: ZH }),
    ]);
    expect(enRole.status).toBe(403);
    expect(zhRole.status).toBe(403);
    expect(enRole.json.error.message).toBe(`This needs the admin role; you are signed in as ${username}-t (trader).`);
    expect(zhRole.json.error.message).toBe(`此操作需要 admin 角色；你当前登录的是 ${username}-t（trader）。`);
  });
});

describe("plan orders send WEEX's locale header", () => {
  async function placed(cookie: string, headers: Record<string, string>) {
    const id = clientOrderId("loc");
    const res = await api<{ success: boolean; orderId: string }[]>("/api/contract/plan-orders", {
      cookie,
      headers,
      patient: true,
      method: "POST",
      body: { symbol: "cmt_btcusdt", clientOrderId: id, planType: "profit_plan", triggerPrice: "95000", size: "0.01", positionSide: "long" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json[0]!.success).toBe(true);
    const held = await fetch(`${simUrl()}/__sim/plan-orders/${encodeURIComponent(id)}`);
    expect(held.status).toBe(200);
    return { orderId: res.json[0]!.orderId, sim: (await held.json()) as { locale: string | null; clientOrderId: string }, id };
  }

  it("zh-CN for a user who chose Chinese (whatever the browser says), en-US for English", async () => {
    const zh = await placed(userCookie, EN);
    expect(zh.sim).toMatchObject({ clientOrderId: zh.id, locale: "zh-CN" });
    const en = await placed(traderCookie, EN);
    expect(en.sim.locale).toBe("en-US");
    // a modification carries it too
    const mod = await api(`/api/contract/plan-orders/${zh.orderId}`, { cookie: userCookie, patient: true, method: "PATCH", body: { triggerPrice: "96000" } });
    expect(mod.status, mod.text).toBe(200);
    const after = (await (await fetch(`${simUrl()}/__sim/plan-orders/${encodeURIComponent(zh.id)}`)).json()) as { locale: string; triggerPrice: string };
    expect(after).toMatchObject({ locale: "zh-CN", triggerPrice: "96000" });
  });
});
