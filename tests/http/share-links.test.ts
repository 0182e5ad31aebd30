/**
 * Share links over HTTP against the built dashboard: a partner shares a view; the
 * link's page opens without a login and its view's routes answer the link's token with the
 * partner's scope and nothing more; every other route, any change, and an export the link does
 * not allow are refused; revocation and expiry apply to the next request; a password is
 * checked with the sign-in throttle; the token is 256 random bits and only its hash is stored;
 * each opening is in the audit log.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api as rawApi, baseUrl, login, type ApiInit } from "./helpers";
import { patiently } from "./patient";
import { DAY_MS } from "../../lib/time/calendar";

const api = <T>(path: string, init: ApiInit = {}) => patiently(() => rawApi<T>(path, init));
const HEADER = "x-share-token";

interface SubRecord {
  subAffiliateUid: string;
}
interface Created {
  id: string;
  url: string;
  link: { page: string; query: string; state: string; hasPassword: boolean; allowExport: boolean };
}

const stamp = Date.now().toString(36);
const PASSWORD = "partner-password";
const dayStart = (ms: number) => ms - (ms % DAY_MS);
const range = `startTime=${dayStart(Date.now()) - 8 * DAY_MS}&endTime=${dayStart(Date.now()) - DAY_MS - 1}`;
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

let admin: string;
let partner: string;
let other: string;
let scopeSubs: string[];
let outsideSub: string;

const tokenOf = (url: string) => new URL(url).pathname.split("/").pop()!;

async function share(cookie: string, body: Record<string, unknown>): Promise<Created> {
  const r = await api<Created>("/api/share-links", { cookie, method: "POST", body });
  expect(r.status, r.text).toBe(201);
  return r.json;
}

/** The share page as a browser without a session opens it (one redirect to the link's filters followed by hand). */
async function openPage(url: string, cookie?: string): Promise<{ status: number; html: string }> {
  const path = new URL(url).pathname;
  let res = await rawApi(path, { cookie });
  if (res.status === 307 || res.status === 308) res = await rawApi(res.headers.get("location")!.replace(baseUrl(), ""), { cookie });
  return { status: res.status, html: res.text };
}

beforeAll(async () => {
  admin = await login("admin");
  const subs = await api<{ items: SubRecord[] }>(`/api/affiliate/sub-affiliates?productType=FUTURES&${range}&source=live&pageSize=100`, { cookie: admin });
  const uids = [...new Set(subs.json.items.map((r) => r.subAffiliateUid))].sort();
  expect(uids.length, "the simulator's sub-affiliates").toBeGreaterThanOrEqual(3);
  scopeSubs = uids.slice(0, 2);
  outsideSub = uids[2]!;
  for (const [who, scope] of [
    [`share-a-${stamp}`, { subAffiliateUids: scopeSubs }],
    [`share-b-${stamp}`, { inviteCodes: ["NOSUCHCODE"] }],
  ] as const) {
    const r = await api("/api/admin/users", { cookie: admin, method: "POST", body: { username: who, password: PASSWORD, role: "partner", scope } });
    expect(r.status, r.text).toBe(201);
  }
  partner = await login(`share-a-${stamp}`, PASSWORD);
  other = await login(`share-b-${stamp}`, PASSWORD);
}, 120_000);

describe("share links", () => {
  it("opens a partner's view without a login, with their scope's rows only, and nothing else", async () => {
    const link = await share(partner, { page: "subAffiliates", query: `productType=FUTURES&${range}`, expiresAt: inAnHour() });
    const token = tokenOf(link.url);
    // 32 random bytes, base64url: 256 bits
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.link).toMatchObject({ page: "subAffiliates", state: "active", hasPassword: false, allowExport: false });

    const page = await openPage(link.url);
    expect(page.status).toBe(200);
    expect(page.html).toContain('data-testid="share-banner"');
    expect(page.html).toContain(`share-a-${stamp}`);

    const headers = { [HEADER]: token };
    const rows = await api<{ items: SubRecord[] }>(`/api/affiliate/sub-affiliates?productType=FUTURES&${range}&source=live&pageSize=100`, { headers });
    expect(rows.status, rows.text).toBe(200);
    expect(rows.json.items.length).toBeGreaterThan(0);
    for (const r of rows.json.items) expect(scopeSubs).toContain(r.subAffiliateUid);
    // someone else's UID by name: the partner's own 403
    const outside = await api(`/api/affiliate/sub-affiliates?productType=FUTURES&${range}&source=live&subUid=${outsideSub}`, { headers });
    expect(outside.status, outside.text).toBe(403);

    // the link's view only: other views, the tools, the admin's routes, its own management, any change, an export it does not allow
    for (const path of [
      `/api/affiliate/invitees?pageSize=5`,
      `/api/affiliate/sub-affiliates/leaderboard?productType=SPOT&${range}&limit=3`,
      "/api/alerts",
      "/api/admin/users",
      "/api/admin/audit",
      "/api/share-links",
      "/api/affiliate/withdrawals?pageSize=5",
      `/api/affiliate/sub-affiliates/export?productType=FUTURES&${range}`,
    ]) {
      const r = await api(path, { headers });
      expect(r.status, `${path}: ${r.text.slice(0, 200)}`).toBe(401);
    }
    for (const [method, path, body] of [
      ["POST", "/api/share-links", { page: "subAffiliates", expiresAt: inAnHour() }],
      ["DELETE", `/api/share-links/${link.id}`, undefined],
      ["POST", "/api/alerts/read", {}],
    ] as const) {
      const r = await api(path, { method, headers, body });
      expect(r.status, `${method} ${path}: ${r.text.slice(0, 200)}`).toBe(401);
    }
    // and the token is not accepted as anything else: the session-less page of another view is still a login redirect
    expect((await rawApi("/invitees", { headers })).status).toBe(307);
  });

  it("exports only when made with allowExport, and then the scope's rows", async () => {
    const link = await share(partner, { page: "subAffiliates", query: `productType=FUTURES&${range}`, expiresAt: inAnHour(), allowExport: true });
    const csv = await api(`/api/affiliate/sub-affiliates/export?productType=FUTURES&${range}&source=live`, { headers: { [HEADER]: tokenOf(link.url) } });
    expect(csv.status, csv.text.slice(0, 300)).toBe(200);
    const lines = csv.text.trim().split("\n").slice(1);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(scopeSubs.some((u) => line.includes(u)), line).toBe(true);
    expect(csv.text).not.toContain(outsideSub);
  });

  it("refuses a view outside the creator's scope, a past or too distant expiry, and a short password", async () => {
    const refused = await api<{ error: { code: string; fields?: { path: string }[] } }>("/api/share-links", { cookie: other, method: "POST", body: { page: "subAffiliates", expiresAt: inAnHour() } });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.json.error.fields?.map((f) => f.path)).toEqual(["page"]);
    for (const body of [
      { page: "subAffiliates", expiresAt: new Date(Date.now() - 1000).toISOString() },
      { page: "subAffiliates", expiresAt: new Date(Date.now() + 91 * DAY_MS).toISOString() },
      { page: "subAffiliates", expiresAt: inAnHour(), password: "short" },
      { page: "transfers", expiresAt: inAnHour() },
    ]) {
      const r = await api("/api/share-links", { cookie: partner, method: "POST", body });
      expect(r.status, `${JSON.stringify(body)}: ${r.text}`).toBe(400);
    }
  });

  it("stops at once when revoked (by its creator or an admin, not by someone else), and lists links by creator", async () => {
    const link = await share(partner, { page: "subAffiliates", expiresAt: inAnHour() });
    const headers = { [HEADER]: tokenOf(link.url) };
    const path = `/api/affiliate/sub-affiliates?productType=FUTURES&${range}&source=live&pageSize=5`;
    expect((await api(path, { headers })).status).toBe(200);

    const mine = await api<{ items: { id: string }[] }>("/api/share-links", { cookie: partner });
    expect(mine.json.items.map((l) => l.id)).toContain(link.id);
    const theirs = await api<{ items: { id: string }[] }>("/api/share-links", { cookie: other });
    expect(theirs.json.items.map((l) => l.id)).not.toContain(link.id);
    const all = await api<{ items: { id: string; createdBy: string }[] }>("/api/share-links", { cookie: admin });
    expect(all.json.items.find((l) => l.id === link.id)?.createdBy).toBe(`share-a-${stamp}`);
    // the token is never listed
    expect(JSON.stringify(all.json)).not.toContain(tokenOf(link.url));

    expect((await api(`/api/share-links/${link.id}`, { cookie: other, method: "DELETE" })).status).toBe(404);
    const revoked = await api<{ link: { state: string } }>(`/api/share-links/${link.id}`, { cookie: partner, method: "DELETE" });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.json.link.state).toBe("revoked");
    expect((await api(path, { headers })).status).toBe(401);
    const page = await openPage(link.url);
    expect(page.html).toContain('data-testid="share-refused"');
    expect(page.html).toContain('data-reason="revoked"');
    expect(page.html).not.toContain('data-testid="share-banner"');

    // an admin revokes anyone's
    const second = await share(partner, { page: "subAffiliates", expiresAt: inAnHour() });
    expect((await api(`/api/share-links/${second.id}`, { cookie: admin, method: "DELETE" })).status).toBe(200);
    expect((await api(path, { headers: { [HEADER]: tokenOf(second.url) } })).status).toBe(401);
  });

  it("stops at its expiry", async () => {
    const link = await share(partner, { page: "subAffiliates", expiresAt: new Date(Date.now() + 4_000).toISOString() });
    const headers = { [HEADER]: tokenOf(link.url) };
    const path = `/api/affiliate/sub-affiliates?productType=FUTURES&${range}&source=live&pageSize=5`;
    const first = await api(path, { headers });
    // (on a slow machine the first answer may come after the expiry already)
    expect([200, 401]).toContain(first.status);
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
      if ((await api(path, { headers })).status === 401) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect((await api(path, { headers })).status).toBe(401);
    const page = await openPage(link.url);
    expect(page.html).toContain('data-reason="expired"');
  });

  it("asks for the password, refuses a wrong one, throttles guessing, and opens with the right one", async () => {
    const link = await share(partner, { page: "subAffiliates", query: `productType=FUTURES&${range}`, expiresAt: inAnHour(), password: "share-secret-1" });
    expect(link.link.hasPassword).toBe(true);
    const token = tokenOf(link.url);
    const headers = { [HEADER]: token };
    const path = `/api/affiliate/sub-affiliates?productType=FUTURES&${range}&source=live&pageSize=5`;

    const form = await openPage(link.url);
    expect(form.html).toContain('data-testid="share-password"');
    expect(form.html).not.toContain('data-testid="share-banner"');
    expect((await api(path, { headers })).status).toBe(401);

    const wrong = await rawApi("/api/share-links/unlock", { method: "POST", body: { token, password: "not-the-password" } });
    expect(wrong.status, wrong.text).toBe(401);
    expect(wrong.headers.get("set-cookie")).toBeNull();

    const right = await rawApi("/api/share-links/unlock", { method: "POST", body: { token, password: "share-secret-1" } });
    expect(right.status, right.text).toBe(200);
    const cookie = right.headers.getSetCookie().map((c) => c.split(";")[0]!).join("; ");
    expect(right.headers.getSetCookie()[0]).toMatch(/HttpOnly/i);
    expect((await api(path, { headers, cookie })).status).toBe(200);
    const open = await openPage(link.url, cookie);
    expect(open.html).toContain('data-testid="share-banner"');
    // the proof is this link's only
    const plain = await share(partner, { page: "subAffiliates", expiresAt: inAnHour(), password: "share-secret-2" });
    expect((await api(path, { headers: { [HEADER]: tokenOf(plain.url) }, cookie })).status).toBe(401);

    // guessing: the sign-in throttle's five per link within its window, then 429 with Retry-After
    const guessed = await share(partner, { page: "subAffiliates", expiresAt: inAnHour(), password: "share-secret-3" });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await rawApi("/api/share-links/unlock", { method: "POST", body: { token: tokenOf(guessed.url), password: `guess-${i}-xx` } })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const blocked = await rawApi("/api/share-links/unlock", { method: "POST", body: { token: tokenOf(guessed.url), password: "share-secret-3" } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("writes each opening to the audit log", async () => {
    const link = await share(partner, { page: "subAffiliates", expiresAt: inAnHour() });
    await openPage(link.url);
    await openPage(link.url);
    const log = await api<{ items: { action: string; username: string | null; outcome: string; detail: { link?: string } }[] }>("/api/admin/audit?action=share.open&pageSize=100", { cookie: admin });
    expect(log.status, log.text).toBe(200);
    const opened = log.json.items.filter((e) => e.detail.link === link.id);
    expect(opened).toHaveLength(2);
    for (const e of opened) expect(e).toMatchObject({ username: `share-a-${stamp}`, outcome: "success" });
    const created = await api<{ items: { detail: { link?: string } }[] }>("/api/admin/audit?action=share.create&pageSize=100", { cookie: admin });
    expect(created.json.items.some((e) => e.detail.link === link.id)).toBe(true);
  });

  it("counts refused openings in one audit row per address and hour, and refuses an address over the limit", async () => {
    const link = await share(partner, { page: "subAffiliates", expiresAt: inAnHour() });
    expect((await api(`/api/share-links/${link.id}`, { cookie: partner, method: "DELETE" })).status).toBe(200);
    const path = new URL(link.url).pathname;
    const hourOf = () => new Date().toISOString().slice(0, 13);
    const reasonOf = async (address: string) => /data-reason="(\w+)"/.exec((await rawApi(path, { headers: { "x-forwarded-for": address } })).text)?.[1];
    // (an hour that ends during the run splits its count: the run is repeated from another /64)
    for (const [net, other] of [["2001:db8:5ea:1", "2001:db8:5ea:11"], ["2001:db8:5ea:2", "2001:db8:5ea:12"]] as const) {
      const hour = hourOf();
      // 100 openings of a revoked link from as many addresses of one /64: one client
      const reasons: (string | undefined)[] = [];
      for (let i = 1; i <= 100; i++) reasons.push(await reasonOf(`${net}::${i.toString(16)}`));
      if (hourOf() !== hour) continue;
      expect(reasons.slice(0, 30)).toEqual(new Array(30).fill("revoked"));
      expect(reasons.slice(30)).toEqual(new Array(70).fill("throttled"));
      // another /64 is another client
      expect(await reasonOf(`${other}::1`)).toBe("revoked");
      const log = await api<{ items: { ip: string | null; outcome: string; username: string | null; detail: Record<string, unknown> }[] }>("/api/admin/audit?action=share.open&pageSize=100", { cookie: admin });
      const rows = log.json.items.filter((e) => e.ip === `${net}::/64`);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ outcome: "rejected", username: null, detail: { hour: `${hour}:00:00Z`, count: 100, reasons: { revoked: 30, throttled: 70 } } });
      return;
    }
    throw new Error("two runs each crossed an hour's end");
  }, 180_000);

  it("follows the creator: a narrowed scope applies to the next request, a creator without the view opens nothing, disabling revokes their links for good", async () => {
    const who = `share-c-${stamp}`;
    const made = await api<{ user: { id: string } }>("/api/admin/users", { cookie: admin, method: "POST", body: { username: who, password: PASSWORD, role: "partner", scope: { subAffiliateUids: scopeSubs } } });
    expect(made.status, made.text).toBe(201);
    const cookie = await login(who, PASSWORD);
    const link = await share(cookie, { page: "subAffiliates", expiresAt: inAnHour() });
    const headers = { [HEADER]: tokenOf(link.url) };
    const path = `/api/affiliate/sub-affiliates?productType=FUTURES&${range}&source=live&pageSize=100`;
    const narrowed = await api("/api/admin/users/" + made.json.user.id, { cookie: admin, method: "PATCH", body: { scope: { subAffiliateUids: [scopeSubs[0]] } } });
    expect(narrowed.status, narrowed.text).toBe(200);
    const rows = await api<{ items: SubRecord[] }>(path, { headers });
    expect(rows.status, rows.text).toBe(200);
    for (const r of rows.json.items) expect(r.subAffiliateUid).toBe(scopeSubs[0]);
    expect((await api(`${path}&subUid=${scopeSubs[1]}`, { headers })).status).toBe(403);

    // a scope without sub-affiliates: the creator no longer sees the view, so neither does the link
    const lost = await api("/api/admin/users/" + made.json.user.id, { cookie: admin, method: "PATCH", body: { scope: { inviteCodes: ["NOSUCHCODE"] } } });
    expect(lost.status, lost.text).toBe(200);
    expect((await api(path, { headers })).status).toBe(401);
    expect((await openPage(link.url)).html).toContain('data-reason="creator"');
    const back = await api("/api/admin/users/" + made.json.user.id, { cookie: admin, method: "PATCH", body: { scope: { subAffiliateUids: scopeSubs } } });
    expect(back.status, back.text).toBe(200);
    expect((await api(path, { headers })).status).toBe(200);

    // disabling the creator revokes their links (the answer lists them): enabled again, the link stays revoked
    const disabled = await api<{ revoked: { shareLinks: { id: string }[] } }>("/api/admin/users/" + made.json.user.id, { cookie: admin, method: "PATCH", body: { disabled: true } });
    expect(disabled.status, disabled.text).toBe(200);
    expect(disabled.json.revoked.shareLinks.map((l) => l.id)).toEqual([link.id]);
    expect((await api(path, { headers })).status).toBe(401);
    expect((await openPage(link.url)).html).toContain('data-reason="revoked"');
    expect((await api("/api/admin/users/" + made.json.user.id, { cookie: admin, method: "PATCH", body: { disabled: false } })).status).toBe(200);
    expect((await api(path, { headers })).status).toBe(401);
    expect((await openPage(link.url)).html).toContain('data-reason="revoked"');
  });
});
