/**
 * API tokens over HTTP, against the shared test server: real tokens made on
 * POST /api/tokens by signed-in people, used with `Authorization: Bearer` and no cookie. What a
 * token may read and change, its rate, revocation, expiry, its user being disabled or demoted,
 * tokens for URLs on the exports, and the audit log. Revocation across instances:
 * tokens-shared.test.ts; a person's tokens taking turns like one more person: fair-share.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api, clientOrderId, login, simRecent, simStats, type ApiInit } from "./helpers";
import { DAY_MS } from "../../lib/time/calendar";

type TokenCreated = { id: string; token: string; name: string; hint: string; role: string; write: boolean; inUrl: boolean; createdAt: number; expiresAt: number; lastUsedAt: number | null };
type ErrorBody = { error: { code: string; message: string; fields?: { path: string; message: string }[] } };

let admin: string;

/** A new user of `role`, signed in: their cookie and id. */
async function person(role: "viewer" | "trader" | "admin"): Promise<{ cookie: string; id: string; username: string }> {
  const username = clientOrderId(`tk-${role}`).toLowerCase();
  const created = await api<{ user: { id: string } }>("/api/admin/users", { cookie: admin, method: "POST", body: { username, password: "token-test-password", role } });
  expect(created.status, created.text).toBe(201);
  return { cookie: await login(username, "token-test-password"), id: created.json.user.id, username };
}

async function makeToken(cookie: string, body: Record<string, unknown>): Promise<TokenCreated> {
  const res = await api<TokenCreated>("/api/tokens", { cookie, method: "POST", body: { name: clientOrderId("token"), expiresAt: Date.now() + 30 * DAY_MS, ...body } });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

/** A request with the token and nothing else (no cookie, no Origin). */
function withToken<T = unknown>(token: string, path: string, init: ApiInit = {}) {
  return api<T>(path, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
}

const order = () => ({ symbol: "cmt_btcusdt", side: "BUY", positionSide: "LONG", type: "MARKET", quantity: "0.01", newClientOrderId: clientOrderId("tok") });

beforeAll(async () => {
  admin = await login("admin");
});

describe("a viewer's token", () => {
  it("pages through invitees and downloads an export, as the person's session would, with no cookie", async () => {
    const viewer = await person("viewer");
    const { token } = await makeToken(viewer.cookie, { role: "viewer" });
    expect(token).toMatch(/^wxd_[A-Za-z0-9_-]{43}$/);

    const end = Date.now();
    const range = `startTime=${end - 7 * DAY_MS}&endTime=${end}`;
    const seen = new Set<string>();
    let page = 1;
    let total: number | null = null;
    for (;;) {
      const res = await withToken<{ items: { uid: string }[]; hasNextPage: boolean; total: number | null; page: number }>(token, `/api/affiliate/invitees?${range}&pageSize=100&page=${page}`, { patient: true });
      expect(res.status, res.text).toBe(200);
      expect(res.json.page).toBe(page);
      for (const i of res.json.items) seen.add(i.uid);
      total = res.json.total;
      if (!res.json.hasNextPage) break;
      page++;
    }
    expect(page).toBeGreaterThan(1);
    expect(seen.size).toBe(total);
    // the same page as the session's, in the same shape
    const bySession = await api<{ items: unknown[] }>(`/api/affiliate/invitees?${range}&pageSize=100&page=1`, { cookie: viewer.cookie, patient: true });
    const byToken = await withToken<{ items: unknown[] }>(token, `/api/affiliate/invitees?${range}&pageSize=100&page=1`, { patient: true });
    expect(byToken.json.items).toEqual(bySession.json.items);

    const csv = await withToken(token, `/api/affiliate/invitees/export?startTime=${end - DAY_MS}&endTime=${end}`, { patient: true });
    expect(csv.status, csv.text.slice(0, 200)).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.text.replace(/^\uFEFF/, "").split("\r\n")[0]).toContain("uid");

    // the same validation and error shape as a session gets
    const bad = await withToken<ErrorBody>(token, "/api/affiliate/invitees?pageSize=100000");
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ code: "validation_error", fields: [expect.objectContaining({ path: "pageSize" })] });
    // and the same role checks: spot orders need a trader
    expect((await withToken(token, "/api/spot/orders?symbol=BTCUSDT")).status).toBe(403);
  });

  it("cannot place an order, even made with write; nothing reaches WEEX", async () => {
    const viewer = await person("viewer");
    const readOnly = await makeToken(viewer.cookie, {});
    const writing = await makeToken(viewer.cookie, { write: true });
    const before = await simStats();
    for (const t of [readOnly, writing]) {
      const res = await withToken<ErrorBody>(t.token, "/api/contract/orders", { method: "POST", body: order() });
      expect(res.status, res.text).toBe(403);
      expect(res.json.error.code).toBe("forbidden");
    }
    expect((await simStats()).ordersPlaced).toBe(before.ordersPlaced);
  });
});

describe("changes with a token", () => {
  it("need a token made with write and the role; a token request needs no Origin, a cookie request from another site is still refused", async () => {
    const trader = await person("trader");
    const readOnly = await makeToken(trader.cookie, {});
    expect(readOnly.role).toBe("trader");
    const refused = await withToken<ErrorBody>(readOnly.token, "/api/contract/orders", { method: "POST", body: order() });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toMatch(/read-only/);
    // reading is what a read-only trader token is for
    expect((await withToken(readOnly.token, "/api/spot/orders?symbol=BTCUSDT&pageSize=1", { patient: true })).status).toBe(200);

    const writing = await makeToken(trader.cookie, { write: true });
    const placed = await withToken<{ success: boolean }>(writing.token, "/api/contract/orders", { method: "POST", body: order(), patient: true });
    expect(placed.status, placed.text).toBe(200);
    expect(placed.json.success).toBe(true);
    // an Origin a browser would send from another site changes nothing for a token (a browser
    // cannot send this header cross-site without a CORS preflight, which is never granted)
    const elsewhere = await withToken(writing.token, "/api/contract/orders", { method: "POST", body: order(), headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" }, patient: true });
    expect(elsewhere.status, elsewhere.text).toBe(200);
    // the cookie of the same person from another site: refused as before
    const crossSite = await api<ErrorBody>("/api/contract/orders", { cookie: trader.cookie, method: "POST", body: order(), headers: { origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);

    // the audit log names the token an order was placed with
    const audit = await api<{ items: { action: string; detail: { apiToken?: { id: string } } }[] }>(`/api/admin/audit?username=${trader.username}&pageSize=50`, { cookie: admin });
    expect(audit.json.items.filter((e) => e.detail.apiToken?.id === writing.id).length).toBeGreaterThanOrEqual(2);
  });

  it("follow the user: a demoted user's token loses the role, a disabled user's tokens fail with 401", async () => {
    const trader = await person("trader");
    const t = await makeToken(trader.cookie, { write: true });
    expect((await withToken(t.token, "/api/spot/orders?symbol=BTCUSDT&pageSize=1", { patient: true })).status).toBe(200);

    expect((await api(`/api/admin/users/${trader.id}`, { cookie: admin, method: "PATCH", body: { role: "viewer" } })).status).toBe(200);
    const demoted = await withToken<ErrorBody>(t.token, "/api/spot/orders?symbol=BTCUSDT&pageSize=1");
    expect(demoted.status).toBe(403);
    expect((await withToken(t.token, "/api/alerts/unread")).status).toBe(200);

    expect((await api(`/api/admin/users/${trader.id}`, { cookie: admin, method: "PATCH", body: { disabled: true } })).status).toBe(200);
    const disabled = await withToken<ErrorBody>(t.token, "/api/alerts/unread");
    expect(disabled.status).toBe(401);
    expect(disabled.json.error.code).toBe("unauthorized");
  });
});

describe("a token's life", () => {
  it("is shown once, listed without it, and revoked at once: the next request is 401", async () => {
    const viewer = await person("viewer");
    const t = await makeToken(viewer.cookie, { name: "revoke me" });
    expect(t.hint).toBe(t.token.slice(0, 10));
    const list = await api<{ items: { id: string; name: string; hint: string }[] }>("/api/tokens", { cookie: viewer.cookie });
    expect(list.json.items.map((i) => i.id)).toEqual([t.id]);
    expect(list.text).not.toContain(t.token);
    expect((await withToken(t.token, "/api/alerts/unread")).status).toBe(200);

    const revoked = await api("/api/tokens/" + t.id, { cookie: viewer.cookie, method: "DELETE" });
    expect(revoked.status, revoked.text).toBe(200);
    const after = await withToken<ErrorBody>(t.token, "/api/alerts/unread");
    expect(after.status).toBe(401);
    expect(after.json.error.code).toBe("unauthorized");
    expect((await api<{ items: unknown[] }>("/api/tokens", { cookie: viewer.cookie })).json.items).toEqual([]);
    // made-up, malformed and absent tokens alike
    for (const bad of ["wxd_" + "A".repeat(43), "wxd_short", "not-a-token", ""]) expect((await withToken(bad, "/api/alerts/unread")).status, bad).toBe(401);
  });

  it("fails with 401 once it has expired", async () => {
    const viewer = await person("viewer");
    const expiresAt = Date.now() + 3_000;
    const t = await makeToken(viewer.cookie, { expiresAt });
    expect((await withToken(t.token, "/api/alerts/unread")).status).toBe(200);
    let res = await withToken<ErrorBody>(t.token, "/api/alerts/unread");
    const deadline = Date.now() + 30_000;
    while (res.status === 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      res = await withToken<ErrorBody>(t.token, "/api/alerts/unread");
    }
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe("unauthorized");
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt);
  });

  it("is made only from a session, with a name, an expiry within a year and a role no higher than the maker's", async () => {
    const viewer = await person("viewer");
    const t = await makeToken(viewer.cookie, {});
    const field = async (body: Record<string, unknown>) => {
      const res = await api<ErrorBody>("/api/tokens", { cookie: viewer.cookie, method: "POST", body: { name: "x", expiresAt: Date.now() + DAY_MS, ...body } });
      expect(res.status, res.text).toBe(400);
      return res.json.error.fields?.map((f) => f.path);
    };
    expect(await field({ role: "trader" })).toEqual(["role"]);
    expect(await field({ expiresAt: Date.now() - 1000 })).toEqual(["expiresAt"]);
    expect(await field({ expiresAt: Date.now() + 367 * DAY_MS })).toEqual(["expiresAt"]);
    expect(await field({ expiresAt: undefined })).toEqual(["expiresAt"]);
    expect(await field({ name: " " })).toEqual(["name"]);
    expect(await field({ inUrl: true, write: true })).toEqual(["write"]);

    // a token cannot make another (even with write), and a revoked token's maker is told 404 for others' tokens
    const writing = await makeToken(viewer.cookie, { write: true });
    const byToken = await withToken<ErrorBody>(writing.token, "/api/tokens", { method: "POST", body: { name: "child", expiresAt: Date.now() + DAY_MS } });
    expect(byToken.status).toBe(403);
    expect(byToken.json.error.code).toBe("forbidden");
    // but it may list them (every GET takes a token)
    expect((await withToken<{ items: unknown[] }>(writing.token, "/api/tokens")).json.items).toHaveLength(2);

    // another person's token: not found for a viewer; an admin sees and revokes everyone's
    const other = await person("viewer");
    expect((await api(`/api/tokens/${t.id}`, { cookie: other.cookie, method: "DELETE" })).status).toBe(404);
    const all = await api<{ items: { id: string; username: string }[] }>("/api/tokens", { cookie: admin });
    expect(all.json.items.find((i) => i.id === t.id)?.username).toBe(viewer.username);
    expect((await api(`/api/tokens/${t.id}`, { cookie: admin, method: "DELETE" })).status).toBe(200);
    expect((await withToken(t.token, "/api/alerts/unread")).status).toBe(401);
  });

  it("is audit-logged when made, first used from each new address, and revoked; its last use is listed", async () => {
    const viewer = await person("viewer");
    const t = await makeToken(viewer.cookie, { name: "audited" });
    // the tests stand where a trusted proxy would (TRUSTED_PROXIES): X-Forwarded-For is the client
    const from = (ip: string) => withToken(t.token, "/api/alerts/unread", { headers: { "x-forwarded-for": ip } });
    expect((await from("203.0.113.50")).status).toBe(200);
    expect((await from("203.0.113.50")).status).toBe(200);
    expect((await from("203.0.113.51")).status).toBe(200);
    expect((await api(`/api/tokens/${t.id}`, { cookie: viewer.cookie, method: "DELETE" })).status).toBe(200);

    const audit = await api<{ items: { action: string; ip: string | null; detail: Record<string, unknown> }[] }>(`/api/admin/audit?username=${viewer.username}&pageSize=50`, { cookie: admin });
    const mine = audit.json.items.filter((e) => e.action.startsWith("token.") && (e.detail.tokenId === t.id));
    expect(mine.map((e) => [e.action, e.action === "token.first_use" ? e.ip : null]).reverse()).toEqual([
      ["token.create", null],
      ["token.first_use", "203.0.113.50"],
      ["token.first_use", "203.0.113.51"],
      ["token.revoke", null],
    ]);
    expect(JSON.stringify(audit.json)).not.toContain(t.token);
  });

  it("shows when and where it was last used", async () => {
    const viewer = await person("viewer");
    const t = await makeToken(viewer.cookie, {});
    expect(t.lastUsedAt).toBeNull();
    const before = Date.now();
    expect((await withToken(t.token, "/api/alerts/unread", { headers: { "x-forwarded-for": "198.51.100.9" } })).status).toBe(200);
    const listed = (await api<{ items: { lastUsedAt: number | null; lastUsedIp: string | null }[] }>("/api/tokens", { cookie: viewer.cookie })).json.items[0]!;
    expect(listed.lastUsedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(listed.lastUsedIp).toBe("198.51.100.9");
  });
});

describe("a token's rate", () => {
  it("is 60 requests a minute per person, across their tokens, then 429 with Retry-After; another person's tokens are counted apart", async () => {
    const viewer = await person("viewer");
    const [a, b] = [await makeToken(viewer.cookie, {}), await makeToken(viewer.cookie, {})];
    // half with each token: one count for the person, not one per token
    for (let i = 0; i < 60; i++) {
      const res = await withToken(i % 2 ? b.token : a.token, "/api/alerts/unread");
      expect(res.status, `request ${i + 1}: ${res.text}`).toBe(200);
    }
    for (const t of [a, b]) {
      const refused = await withToken<ErrorBody>(t.token, "/api/alerts/unread");
      expect(refused.status).toBe(429);
      expect(refused.json.error.code).toBe("rate_limited");
      expect(refused.json.error.message).toMatch(/Your API tokens have made 60 requests/);
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // a third token made now buys no more requests
    const c = await makeToken(viewer.cookie, {});
    expect((await withToken(c.token, "/api/alerts/unread")).status).toBe(429);
    const other = await person("viewer");
    expect((await withToken((await makeToken(other.cookie, {})).token, "/api/alerts/unread")).status).toBe(200);
  });
});

describe("a token made for URLs", () => {
  it("downloads a CSV export as ?access_token= (a spreadsheet sends no header), and nothing else", async () => {
    const viewer = await person("viewer");
    const sheet = await makeToken(viewer.cookie, { inUrl: true });
    expect(sheet).toMatchObject({ role: "viewer", write: false, inUrl: true });
    const end = Date.now();
    const path = `/api/affiliate/sub-affiliates/export?productType=SPOT&startTime=${end - DAY_MS}&endTime=${end}`;
    const csv = await api(`${path}&access_token=${sheet.token}`, { patient: true });
    expect(csv.status, csv.text.slice(0, 200)).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);

    // not on a JSON route; and an ordinary token is refused in a URL (it would end up in logs)
    const json = await api<ErrorBody>(`/api/affiliate/invitees?access_token=${sheet.token}`);
    expect(json.status).toBe(401);
    expect(json.json.error.message).toMatch(/Authorization header/);
    const ordinary = await makeToken(viewer.cookie, {});
    const inUrl = await api<ErrorBody>(`${path}&access_token=${ordinary.token}`);
    expect(inUrl.status).toBe(401);
    expect(inUrl.json.error.message).toMatch(/not made for URLs/);
  });

  it("is refused as a Bearer: on every viewer route and on the exports too (it is for spreadsheet URLs only)", async () => {
    const viewer = await person("viewer");
    const sheet = await makeToken(viewer.cookie, { inUrl: true });
    const end = Date.now();
    const exportPath = `/api/affiliate/sub-affiliates/export?productType=SPOT&startTime=${end - DAY_MS}&endTime=${end}`;
    for (const path of ["/api/affiliate/invitees?pageSize=5", "/api/alerts/unread", "/api/archive/status", "/api/tokens", exportPath]) {
      const res = await withToken<ErrorBody>(sheet.token, path);
      expect(res.status, `${path}: ${res.text.slice(0, 200)}`).toBe(401);
      expect(res.json.error).toMatchObject({ code: "unauthorized", message: expect.stringMatching(/made for URLs: it is taken only as \?access_token=/) });
    }
    // where it belongs, it still works
    const csv = await api(`${exportPath}&access_token=${sheet.token}`, { patient: true });
    expect(csv.status, csv.text.slice(0, 200)).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
  });
});

describe("a partner's token", () => {
  // whole past UTC days with source=live: the same rows however often they are asked
  const dayStart = (ms: number) => ms - (ms % DAY_MS);
  const range = `startTime=${dayStart(Date.now()) - 8 * DAY_MS}&endTime=${dayStart(Date.now()) - DAY_MS - 1}`;

  /** Every page of a live list, with a token or a cookie. */
  async function all<T>(path: string, auth: { token: string } | { cookie: string }): Promise<T[]> {
    const out: T[] = [];
    for (let page = 1; ; page++) {
      const url = `${path}&source=live&page=${page}&pageSize=100`;
      const r = "token" in auth ? await withToken<{ items: T[]; hasNextPage: boolean }>(auth.token, url, { patient: true }) : await api<{ items: T[]; hasNextPage: boolean }>(url, { cookie: auth.cookie, patient: true });
      expect(r.status, `${path}: ${r.text.slice(0, 300)}`).toBe(200);
      out.push(...r.json.items);
      if (!r.json.hasNextPage) return out;
    }
  }

  it("sees the partner's scope only, as of each request: a scope changed by an admin applies to its next one", async () => {
    type Sub = { subAffiliateUid: string };
    type Invitee = { uid: string; inviteCode: string | null };
    const subs = [...new Set((await all<Sub>(`/api/affiliate/sub-affiliates?productType=SPOT&${range}`, { cookie: admin })).map((r) => r.subAffiliateUid))].sort();
    const invitees = await all<Invitee>(`/api/affiliate/invitees?${range}`, { cookie: admin });
    const codes = [...new Set(invitees.map((i) => i.inviteCode).filter((c): c is string => c !== null))].sort();
    expect(subs.length, "the simulator has sub-affiliates in the range").toBeGreaterThanOrEqual(3);
    expect(codes.length, "the simulator has invite codes in the range").toBeGreaterThanOrEqual(2);

    const username = clientOrderId("tk-partner").toLowerCase();
    const created = await api<{ user: { id: string } }>("/api/admin/users", {
      cookie: admin,
      method: "POST",
      body: { username, password: "token-test-password", role: "partner", scope: { subAffiliateUids: [subs[0]!, subs[1]!], inviteCodes: [codes[0]!] } },
    });
    expect(created.status, created.text).toBe(201);
    const partner = await login(username, "token-test-password");

    // no role above what a partner is (stored as viewer, it acts as the partner)
    const wider = await api<ErrorBody>("/api/tokens", { cookie: partner, method: "POST", body: { name: "wider", expiresAt: Date.now() + DAY_MS, role: "trader" } });
    expect(wider.status, wider.text).toBe(400);
    expect(wider.json.error.fields?.map((f) => f.path)).toEqual(["role"]);
    const { token } = await makeToken(partner, {});

    const rows = await all<Sub>(`/api/affiliate/sub-affiliates?productType=SPOT&${range}`, { token });
    expect(rows.length).toBeGreaterThan(0);
    expect([...new Set(rows.map((r) => r.subAffiliateUid))].sort()).toEqual([subs[0], subs[1]]);
    const theirs = await all<Invitee>(`/api/affiliate/invitees?${range}`, { token });
    expect(theirs.length).toBe(invitees.filter((i) => i.inviteCode === codes[0]).length);
    expect(new Set(theirs.map((i) => i.inviteCode))).toEqual(new Set([codes[0]]));

    // someone else's uid or code by name: a 403 naming the field, nothing sent upstream
    const sentAt = Date.now();
    for (const [path, field] of [
      [`/api/affiliate/sub-affiliates?productType=SPOT&${range}&subUid=${subs[2]}`, "subUid"],
      [`/api/affiliate/invitees?${range}&inviteCode=${encodeURIComponent(codes[1]!)}`, "inviteCode"],
    ] as const) {
      const r = await withToken<ErrorBody>(token, path);
      expect(r.status, `${path}: ${r.text.slice(0, 200)}`).toBe(403);
      expect(r.json.error.code).toBe("forbidden");
      expect(r.json.error.fields?.map((f) => f.path)).toEqual([field]);
    }
    expect((await simRecent()).filter((q) => q.at >= sentAt && q.url.includes(`=${subs[2]}`)).map((q) => q.url)).toEqual([]);
    // and what is no partner's, as for their session
    expect((await withToken<ErrorBody>(token, "/api/alerts/unread")).status).toBe(403);

    // the admin moves the partner to the third sub-affiliate: the same token follows at once
    const moved = await api(`/api/admin/users/${created.json.user.id}`, { cookie: admin, method: "PATCH", body: { scope: { subAffiliateUids: [subs[2]!], inviteCodes: [codes[0]!] } } });
    expect(moved.status, moved.text).toBe(200);
    const after = await all<Sub>(`/api/affiliate/sub-affiliates?productType=SPOT&${range}`, { token });
    expect(new Set(after.map((r) => r.subAffiliateUid))).toEqual(new Set([subs[2]]));
    const dropped = await withToken<ErrorBody>(token, `/api/affiliate/sub-affiliates?productType=SPOT&${range}&subUid=${subs[0]}`);
    expect(dropped.status).toBe(403);
    expect(dropped.json.error.fields?.map((f) => f.path)).toEqual(["subUid"]);
  });
});

describe("credentials a token cannot make", () => {
  it("no token and no share link, even with write: those come from a signed-in session", async () => {
    const admin2 = await person("admin");
    const writing = await makeToken(admin2.cookie, { write: true });
    const token = await withToken<ErrorBody>(writing.token, "/api/tokens", { method: "POST", body: { name: "child", expiresAt: Date.now() + DAY_MS, role: "admin", write: true } });
    expect(token.status, token.text).toBe(403);
    const link = await withToken<ErrorBody>(writing.token, "/api/share-links", { method: "POST", body: { page: "invitees", expiresAt: new Date(Date.now() + DAY_MS).toISOString() } });
    expect(link.status, link.text).toBe(403);
    expect(link.json.error.code).toBe("forbidden");
    // (an admin lists everyone's links, and other files make some on this server: theirs only)
    const listed = await api<{ items: { createdBy: string }[] }>("/api/share-links", { cookie: admin2.cookie });
    expect(listed.json.items.filter((l) => l.createdBy === admin2.username)).toEqual([]);
    // the session itself may
    expect((await api("/api/share-links", { cookie: admin2.cookie, method: "POST", body: { page: "invitees", expiresAt: new Date(Date.now() + DAY_MS).toISOString() } })).status).toBe(201);
    const after = await api<{ items: { createdBy: string }[] }>("/api/share-links", { cookie: admin2.cookie });
    expect(after.json.items.filter((l) => l.createdBy === admin2.username)).toHaveLength(1);
  });
});

type Revoked = { tokens: { id: string; name: string }[]; shareLinks: { id: string; page: string }[] };
type AuditItem = { action: string; username: string | null; detail: Record<string, unknown> };

describe("an admin's password reset or disabling", () => {
  /** A person with two tokens (one for URLs) and a share link, each working. */
  async function armed() {
    const viewer = await person("viewer");
    const api1 = await makeToken(viewer.cookie, { name: "api" });
    const sheet = await makeToken(viewer.cookie, { name: "sheet", inUrl: true });
    const made = await api<{ id: string; url: string }>("/api/share-links", { cookie: viewer.cookie, method: "POST", body: { page: "cohorts", expiresAt: new Date(Date.now() + DAY_MS).toISOString() } });
    expect(made.status, made.text).toBe(201);
    const link = { id: made.json.id, token: new URL(made.json.url).pathname.split("/").pop()! };
    expect((await withToken(api1.token, "/api/alerts/unread")).status).toBe(200);
    expect((await api("/api/archive/status", { headers: { "x-share-token": link.token } })).status).toBe(200);
    return { viewer, api1, sheet, link };
  }

  async function auditOf(target: string): Promise<AuditItem> {
    const audit = await api<{ items: AuditItem[] }>(`/api/admin/audit?username=admin&action=user.update&pageSize=50`, { cookie: admin });
    const entry = audit.json.items.find((e) => e.detail.target === target);
    expect(entry, `no user.update of ${target}`).toBeDefined();
    return entry!;
  }

  for (const [what, change] of [
    ["a password reset", { password: "a-new-password-1" }],
    ["disabling", { disabled: true }],
  ] as const) {
    it(`${what} revokes the user's API tokens and share links at once; the answer and the audit log list them`, async () => {
      const { viewer, api1, sheet, link } = await armed();
      const res = await api<{ user: { id: string }; revoked: Revoked }>(`/api/admin/users/${viewer.id}`, { cookie: admin, method: "PATCH", body: change });
      expect(res.status, res.text).toBe(200);
      const expected: Revoked = {
        tokens: [{ id: api1.id, name: "api" }, { id: sheet.id, name: "sheet" }].sort((a, b) => (a.id < b.id ? -1 : 1)),
        shareLinks: [{ id: link.id, page: "cohorts" }],
      };
      expect(res.json.revoked).toEqual(expected);

      // at once on this instance: the token, the URL token and the link
      const byToken = await withToken<ErrorBody>(api1.token, "/api/alerts/unread");
      expect(byToken.status).toBe(401);
      const end = Date.now();
      expect((await api(`/api/affiliate/sub-affiliates/export?productType=SPOT&startTime=${end - DAY_MS}&endTime=${end}&access_token=${sheet.token}`)).status).toBe(401);
      const byLink = await api<ErrorBody>("/api/archive/status", { headers: { "x-share-token": link.token } });
      expect(byLink.status).toBe(401);
      expect(byLink.json.error.code).toBe("unauthorized");
      // revoked, not merely dormant: listed as such, and their lists hold no live token
      const links = await api<{ items: { id: string; state: string }[] }>("/api/share-links", { cookie: admin });
      expect(links.json.items.find((l) => l.id === link.id)?.state).toBe("revoked");
      const tokens = await api<{ items: { id: string }[] }>("/api/tokens", { cookie: admin });
      expect(tokens.json.items.filter((t) => t.id === api1.id || t.id === sheet.id)).toEqual([]);

      const entry = await auditOf(viewer.username);
      expect(entry.username).toBe("admin");
      expect(entry.detail.revoked).toEqual(expected);
    });
  }

  it("ends nothing on another change, and a second reset finds nothing left to revoke", async () => {
    const { viewer, api1 } = await armed();
    const email = await api<{ revoked: Revoked | null }>(`/api/admin/users/${viewer.id}`, { cookie: admin, method: "PATCH", body: { email: "someone@example.com" } });
    expect(email.status, email.text).toBe(200);
    expect(email.json.revoked).toBeNull();
    expect((await withToken(api1.token, "/api/alerts/unread")).status).toBe(200);
    const first = await api<{ revoked: Revoked }>(`/api/admin/users/${viewer.id}`, { cookie: admin, method: "PATCH", body: { password: "a-new-password-1" } });
    expect(first.json.revoked.tokens).toHaveLength(2);
    expect(first.json.revoked.shareLinks).toHaveLength(1);
    const second = await api<{ revoked: Revoked }>(`/api/admin/users/${viewer.id}`, { cookie: admin, method: "PATCH", body: { password: "a-new-password-2" } });
    expect(second.json.revoked).toEqual({ tokens: [], shareLinks: [] });
  });
});

describe("users are made and changed from a signed-in session only", () => {
  it("an admin's token, even with write, gets 403 with the reason, and nothing changes", async () => {
    const admin2 = await person("admin");
    const writing = await makeToken(admin2.cookie, { write: true, role: "admin" });
    const target = await person("viewer");
    const username = clientOrderId("tk-made").toLowerCase();
    const create = await withToken<ErrorBody>(writing.token, "/api/admin/users", { method: "POST", body: { username, password: "token-test-password", role: "admin" } });
    const change = await withToken<ErrorBody>(writing.token, `/api/admin/users/${target.id}`, { method: "PATCH", body: { password: "taken-over-password" } });
    const promote = await withToken<ErrorBody>(writing.token, `/api/admin/users/${target.id}`, { method: "PATCH", body: { role: "admin" } });
    for (const res of [create, change, promote]) {
      expect(res.status, res.text).toBe(403);
      expect(res.json.error.code).toBe("forbidden");
      expect(res.json.error.message).toMatch(/signed-in session, not an API token: .*outlive the token's revocation/);
    }
    const users = await api<{ items: { id: string; username: string; role: string }[] }>("/api/admin/users", { cookie: admin });
    expect(users.json.items.find((u) => u.username === username)).toBeUndefined();
    expect(users.json.items.find((u) => u.id === target.id)?.role).toBe("viewer");
    // the target's password is the one it had
    expect(await login(target.username, "token-test-password", { fresh: true })).toContain("session-token");
    // the same token may still read the list (a GET), and the session may change the user
    expect((await withToken(writing.token, "/api/admin/users")).status).toBe(200);
    expect((await api(`/api/admin/users/${target.id}`, { cookie: admin2.cookie, method: "PATCH", body: { role: "trader" } })).status).toBe(200);
  });
});
