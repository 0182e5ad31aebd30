/**
 * Cross-site requests, security headers, session cookies, sign-out, sessions ending when an
 * admin disables a user or resets their password, where signing in leads, and request bodies
 * too large for any route.
 */
import { describe, expect, it } from "vitest";
import { api, attemptLogin, baseUrl, clientOrderId, login, signOut, simStats } from "./helpers";
import { chunkedUpload, type Upload } from "./upload";
import { PAGES } from "../../app/(app)/pages";

const order = () => ({ symbol: "cmt_btcusdt", side: "BUY", positionSide: "LONG", type: "MARKET", quantity: "0.01", newClientOrderId: clientOrderId("x") });

describe("cross-site mutations", () => {
  it("answers 403 to a POST from another origin and sends nothing upstream", async () => {
    const trader = await login("trader");
    const before = await simStats();
    const crossSite: Record<string, string>[] = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site" }, { origin: "null" }];
    for (const headers of crossSite) {
      const res = await api("/api/contract/orders", { cookie: trader, method: "POST", body: order(), headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.json).toMatchObject({ error: { code: "forbidden" } });
    }
    const res = await api("/api/contract/plan-orders/1", { cookie: trader, method: "PATCH", body: { triggerPrice: "1" }, headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    const after = await simStats();
    expect(after.requests).toBe(before.requests);
    expect(after.ordersPlaced).toBe(before.ordersPlaced);
  });

  it("accepts the same POST from the dashboard's own origin", async () => {
    const trader = await login("trader");
    const res = await api("/api/contract/orders", { cookie: trader, method: "POST", body: order(), headers: { origin: baseUrl(), "sec-fetch-site": "same-origin" }, patient: true });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ success: true });
  });
});

describe("security headers", () => {
  it("are on pages and API responses alike", async () => {
    for (const path of ["/login", "/api/health", "/api/no-such-route"]) {
      const res = await fetch(`${baseUrl()}${path}`);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).not.toContain("unsafe-eval");
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBeTruthy();
      expect(res.headers.get("permissions-policy"), path).toBeTruthy();
      // plain http here: no HSTS
      expect(res.headers.get("strict-transport-security"), path).toBeNull();
    }
  });

  it("let a page run only its own scripts: a fresh nonce per response in script-src, no 'unsafe-inline', every <script> carrying the nonce", async () => {
    const admin = await login("admin");
    const pages = ["/login", ...Object.values(PAGES).map((p) => p.path), "/docs/api", "/share/no-such-token"];
    const nonceOf = (csp: string) => /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1].split(" ").find((s) => s.startsWith("'nonce-"))?.slice(7, -1);
    for (const path of pages) {
      const seen = new Set<string>();
      for (let i = 0; i < 2; i++) {
        // (the login page without a session: with one it sends the person on)
        const res = await fetch(`${baseUrl()}${path}`, { headers: path === "/login" ? {} : { cookie: admin }, redirect: "manual" });
        expect(res.status, path).toBe(200);
        const csp = res.headers.get("content-security-policy") ?? "";
        // one policy (two would both apply: a page's scripts need the nonce'd one only)
        expect(csp.match(/default-src/g), path).toHaveLength(1);
        const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? "";
        expect(scriptSrc, path).not.toContain("unsafe-inline");
        const nonce = nonceOf(csp);
        expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{22}==$/);
        seen.add(nonce!);
        const html = await res.text();
        const scripts = html.match(/<script\b[^>]*>/g) ?? [];
        expect(scripts.length, path).toBeGreaterThan(3);
        for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
      }
      expect(seen.size, `${path}: a nonce per response`).toBe(2);
    }
    // what the proxy does not see (API answers) runs no inline script either
    const api = (await fetch(`${baseUrl()}/api/health`)).headers.get("content-security-policy") ?? "";
    expect(/(?:^|;)\s*script-src ([^;]*)/.exec(api)?.[1]).toBe("'self'");
  });

  it("add HSTS under HTTPS (behind a TLS-terminating proxy)", async () => {
    // a page (proxy.ts), API answers and errors (the route wrapper), next-auth's own routes (proxy.ts)
    for (const path of ["/login", "/api/health", "/api/affiliate/invitees", "/api/auth/csrf"]) {
      const res = await fetch(`${baseUrl()}${path}`, { headers: { "x-forwarded-proto": "https" } });
      expect(res.headers.get("strict-transport-security"), path).toMatch(/max-age=\d+/);
    }
  });
});

describe("sessions", () => {
  it("set an HttpOnly, SameSite=Lax cookie; Secure with the __Secure- prefix under HTTPS", async () => {
    const plain = await attemptLogin("viewer", "demo");
    const session = plain.setCookies.find((c) => c.startsWith("next-auth.session-token="))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/;\s*Secure/i);

    const tls = await attemptLogin("viewer", "demo", { headers: { "x-forwarded-proto": "https" } });
    const secure = tls.setCookies.find((c) => c.startsWith("__Secure-next-auth.session-token="))!;
    expect(secure).toMatch(/;\s*Secure/i);
    expect(secure).toMatch(/HttpOnly/i);
    expect(secure).toMatch(/SameSite=Lax/i);
  });

  it("redirect pages to the login page without a session, keeping where the person was going", async () => {
    const res = await fetch(`${baseUrl()}/invitees?tz=UTC`, { redirect: "manual" });
    expect([302, 307, 308]).toContain(res.status);
    const to = new URL(res.headers.get("location")!, baseUrl());
    expect(to.pathname).toBe("/login");
    expect(to.searchParams.get("callbackUrl")).toBe("/invitees?tz=UTC");
    const page = await fetch(`${baseUrl()}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Demo mode");
  });

  it("let a signed-in person see pages, and a forged cookie nothing", async () => {
    const viewer = await login("viewer");
    const page = await fetch(`${baseUrl()}/`, { headers: { cookie: viewer }, redirect: "manual" });
    expect(page.status).toBe(200);
    const forged = await api("/api/reference/coins", { cookie: "next-auth.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0.forged" });
    expect(forged.status).toBe(401);
  });

  it("end on sign-out", async () => {
    const cookie = await login("viewer", "demo", { fresh: true });
    const out = await signOut(cookie);
    expect(out.status).toBe(200);
    const cleared = out.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="))!;
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    const audit = await api<{ items: { action: string; outcome: string }[] }>("/api/admin/audit?username=viewer&action=logout&pageSize=1", { cookie: await login("admin") });
    expect(audit.json.items[0]).toMatchObject({ action: "logout", outcome: "success" });
  });

  it("are revoked on the server by sign-out: the old cookie is refused, not renewed", async () => {
    const cookie = await login("viewer", "demo", { fresh: true });
    expect((await api("/api/reference/coins", { cookie, patient: true })).status).toBe(200);
    // a copy of the cookie kept (a stolen one, another tab) is what sign-out must end
    expect((await signOut(cookie)).status).toBe(200);

    // API routes: 401
    const after = await api<{ error: { code: string } }>("/api/reference/coins", { cookie });
    expect(after.status).toBe(401);
    expect(after.json.error.code).toBe("unauthorized");
    // pages: to the login page
    const page = await fetch(`${baseUrl()}/invitees`, { headers: { cookie }, redirect: "manual" });
    expect([302, 303, 307, 308]).toContain(page.status);
    expect(new URL(page.headers.get("location")!, baseUrl()).pathname).toBe("/login");
    // next-auth's session endpoint: no user, and no renewed session cookie
    const session = await fetch(`${baseUrl()}/api/auth/session`, { headers: { cookie } });
    expect(session.status).toBe(200);
    expect(await session.json()).not.toHaveProperty("user");
    const renewed = session.headers.getSetCookie().filter((c) => c.startsWith("next-auth.session-token=") && !/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c));
    expect(renewed).toEqual([]);

    // the person's next sign-in is a session of its own
    const again = await login("viewer", "demo", { fresh: true });
    expect((await api("/api/reference/coins", { cookie: again, patient: true })).status).toBe(200);
  });

  it("end at once when an admin disables the user or resets their password, and follow role changes", async () => {
    const admin = await login("admin");
    const username = clientOrderId("s").toLowerCase();
    const created = await api<{ user: { id: string } }>("/api/admin/users", { cookie: admin, method: "POST", body: { username, password: "first-password", role: "viewer" } });
    expect(created.status).toBe(201);
    const id = created.json.user.id;

    const cookie = await login(username, "first-password");
    expect((await api("/api/reference/coins", { cookie, patient: true })).status).toBe(200);
    expect((await api("/api/spot/orders?symbol=BTCUSDT&pageSize=1", { cookie, patient: true })).status).toBe(403);

    // role change: effective without signing in again
    expect((await api(`/api/admin/users/${id}`, { cookie: admin, method: "PATCH", body: { role: "trader" } })).status).toBe(200);
    expect((await api("/api/spot/orders?symbol=BTCUSDT&pageSize=1", { cookie, patient: true })).status).toBe(200);

    // password reset: the old session is gone, the old password too
    expect((await api(`/api/admin/users/${id}`, { cookie: admin, method: "PATCH", body: { password: "second-password" } })).status).toBe(200);
    expect((await api("/api/reference/coins", { cookie, patient: true })).status).toBe(401);
    expect((await attemptLogin(username, "first-password")).status).toBe(401);
    const second = await login(username, "second-password");

    // disabled: the session ends and signing in fails
    expect((await api(`/api/admin/users/${id}`, { cookie: admin, method: "PATCH", body: { disabled: true } })).status).toBe(200);
    expect((await api("/api/reference/coins", { cookie: second })).status).toBe(401);
    expect((await attemptLogin(username, "second-password")).status).toBe(401);
  });

  it("keep the dashboard administrable: no self-disable, never without an enabled admin", async () => {
    const admin = await login("admin");
    const list = await api<{ items: { id: string; username: string; role: string; disabled: boolean }[] }>("/api/admin/users", { cookie: admin });
    const me = list.json.items.find((u) => u.username === "admin")!;
    const res = await api<{ error: { fields: { path: string }[] } }>(`/api/admin/users/${me.id}`, { cookie: admin, method: "PATCH", body: { disabled: true } });
    expect(res.status).toBe(400);
    expect(res.json.error.fields.map((f) => f.path)).toContain("disabled");
    expect((await api(`/api/admin/users/00000000-0000-0000-0000-000000000000`, { cookie: admin, method: "PATCH", body: { role: "viewer" } })).status).toBe(404);
    const dup = await api<{ error: { fields: { path: string }[] } }>("/api/admin/users", { cookie: admin, method: "POST", body: { username: "Trader", password: "whatever-123", role: "viewer" } });
    expect(dup.status).toBe(400);
    expect(dup.json.error.fields.map((f) => f.path)).toContain("username");
    const list2 = await api<{ items: Record<string, unknown>[] }>("/api/admin/users", { cookie: admin });
    for (const u of list2.json.items) expect(Object.keys(u)).not.toContain("passwordHash");
  });
});

describe("where signing in leads (no open redirect)", () => {
  /** Each resolves to the path //evil.example, which a browser reads as the host evil.example. */
  const spellings = (origin: string) => ["/.//evil.example", "/x/..//evil.example", "/./\\evil.example", `${origin}//evil.example`];
  const own = () => new URL(baseUrl()).origin;
  const https = { "x-forwarded-proto": "https" };
  /** The own origin as the server sees it under HTTPS (the same host behind a TLS proxy). */
  const ownTls = () => own().replace(/^http:/, "https:");
  // (expect.soft: every spelling is tried and reported)

  it("the login page sends a signed-in person only to a path of its own, however the callbackUrl is spelt", async () => {
    const plain = { cookie: await login("viewer"), headers: {}, origin: own() };
    // behind TLS the own origin is https://<host>: an absolute URL on it with a // path
    const tls = { cookie: (await attemptLogin("viewer", "demo", { headers: https })).cookie, headers: https, origin: ownTls() };
    for (const as of [plain, tls]) {
      for (const callbackUrl of spellings(as.origin)) {
        const res = await fetch(`${baseUrl()}/login?callbackUrl=${encodeURIComponent(callbackUrl)}`, { headers: { cookie: as.cookie, ...as.headers }, redirect: "manual" });
        expect([302, 303, 307, 308], callbackUrl).toContain(res.status);
        const location = res.headers.get("location") ?? "";
        expect.soft(location, callbackUrl).not.toMatch(/^[/\\]{2}/);
        expect.soft(new URL(location, as.origin).href, callbackUrl).toBe(`${as.origin}/`);
      }
    }
  });

  it("next-auth answers, redirects to and remembers (callback-url cookie) only a path of its own", async () => {
    for (const callbackUrl of spellings(own())) {
      const csrf = await fetch(`${baseUrl()}/api/auth/csrf`);
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const jar = csrf.headers.getSetCookie().map((c) => c.split(";")[0]!).join("; ");
      const signIn = await fetch(`${baseUrl()}/api/auth/callback/credentials`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar },
        body: new URLSearchParams({ username: "viewer", password: "demo", csrfToken, callbackUrl, json: "true" }),
      });
      expect(signIn.status, callbackUrl).toBe(200);
      expect.soft(((await signIn.json()) as { url: string }).url, callbackUrl).toBe(`${own()}/`);
      const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith("next-auth.callback-url="));
      expect.soft(cookie && decodeURIComponent(cookie.split(";")[0]!.split("=")[1]!), callbackUrl).toBe(`${own()}/`);

      // next-auth's own sign-in page sends to ours, with the destination it decided
      const page = await fetch(`${baseUrl()}/api/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`, { redirect: "manual" });
      expect([302, 303, 307], callbackUrl).toContain(page.status);
      const to = new URL(page.headers.get("location")!, baseUrl());
      expect.soft(to.origin, callbackUrl).toBe(own());
      expect.soft(to.pathname, callbackUrl).toBe("/login");
      expect.soft(to.searchParams.get("callbackUrl"), callbackUrl).toBe(`${own()}/`);
    }
  });

  it("signing out still leads to the login page", async () => {
    const cookie = await login("viewer", "demo", { fresh: true });
    const out = await signOut(cookie, { callbackUrl: "/login" });
    expect(out.status).toBe(200);
    expect(((await out.json()) as { url: string }).url).toBe(`${own()}/login`);
  });
});

describe("request bodies too large (no unbounded read)", () => {
  const MB = 1024 * 1024;
  /** Body bytes a client may hand to the network before the server stops reading: the 64 KB
   * read, and what the two ends' socket buffers take meanwhile (~4 MB here). */
  const FEW_MB = 16 * MB;
  const upload = (method: string, path: string, contentType: string) =>
    chunkedUpload(baseUrl(), { method, path, headers: { "Content-Type": contentType }, total: 64 * MB });

  function expectRefusedEarly(what: string, u: Upload, answerMayBeLost = false) {
    const seen = `${what}: ${u.status} ${u.body.slice(0, 200)} (sent ${u.sent} bytes, ${u.sentAtAnswer} when answered)`;
    // Known defect, not hidden: next-auth's routes are cut by Next's own body limit, whose 413
    // is at times lost to the reset of the connection it closes while the client still writes
    // (1 run in 3 for sign-out). What the point is about still holds then: closed by the server
    // after little was sent, the rest never read.
    if (answerMayBeLost && u.status === 0) {
      expect.soft(u.closedByServer, seen).toBe(true);
      expect.soft(u.sent, seen).toBeLessThan(FEW_MB);
      return;
    }
    expect.soft(u.status, seen).toBe(413);
    expect.soft(u.headers["content-type"] ?? "", seen).toMatch(/^application\/json/);
    const body = JSON.parse(u.body || "null") as { error?: { code?: string; message?: string; fields?: { path: string }[] } } | null;
    expect.soft(body?.error?.code, seen).toBe("payload_too_large");
    expect.soft(body?.error?.message, seen).toBe("The request body is larger than 64 KB.");
    expect.soft(body?.error?.fields?.map((f) => f.path), seen).toEqual(["(body)"]);
    expect.soft(u.headers.connection, seen).toBe("close");
    // answered after little, and the socket no longer read: closed while the client could still
    // only have filled the buffers between them, far from the 64 MB it offered
    expect.soft(u.sentAtAnswer ?? Infinity, seen).toBeLessThan(FEW_MB);
    expect.soft(u.closedByServer, seen).toBe(true);
    expect.soft(u.sent, seen).toBeLessThan(FEW_MB);
  }

  it("a chunked 64 MB body to the public PUT /api/me/locale (and to next-auth's sign-in) is answered 413 after a few MB, the connection closed; the server stays healthy", async () => {
    // several at once, as an attacker would send them
    const uploads = await Promise.all([
      upload("PUT", "/api/me/locale", "application/json"),
      upload("PUT", "/api/me/locale", "application/json"),
      upload("POST", "/api/auth/callback/credentials", "application/x-www-form-urlencoded"),
      upload("POST", "/api/auth/signout", "application/x-www-form-urlencoded"),
    ]);
    // The same defect reaches the dashboard's own route at times (CI, 2026-11-26: one of the two
    // locale uploads saw the reset, not the answer, at load ~10; both once, at load ~9): a lost
    // one must still be closed early; one locale upload must carry the whole 413 — when both were
    // lost, a third sent alone afterwards.
    const locales = uploads.slice(0, 2);
    if (locales.every((u) => u.status === 0)) locales.push(await upload("PUT", "/api/me/locale", "application/json"));
    const carried = locales.findIndex((u) => u.status !== 0);
    expect(carried, "one locale upload saw its 413").toBeGreaterThanOrEqual(0);
    locales.forEach((u, i) => expectRefusedEarly("locale", u, i !== carried));
    uploads.slice(2).forEach((u, i) => expectRefusedEarly(["sign-in", "sign-out"][i]!, u, true));
    console.log(`[bodies] sent before the close: ${uploads.map((u) => `${(u.sent / MB).toFixed(1)} MB`).join(", ")}`);

    // still healthy: health, a signed-in read, a sign-in, the language switch with a small body
    expect((await api("/api/health")).status).toBe(200);
    expect((await api("/api/reference/coins", { cookie: await login("viewer"), patient: true })).status).toBe(200);
    expect((await attemptLogin("viewer", "demo")).status).toBe(200);
    const locale = await api<{ locale: string }>("/api/me/locale", { method: "PUT", body: { locale: "en" } });
    expect(locale.status, locale.text).toBe(200);
    expect(locale.json.locale).toBe("en");
  });

  it("a JSON route answers a body past 64 KB with a declared length 413 too, before reading it", async () => {
    const res = await api<{ error: { code: string } }>("/api/me/locale", { method: "PUT", body: JSON.stringify({ locale: "en", pad: "x".repeat(70 * 1024) }) });
    expect(res.status, res.text).toBe(413);
    expect(res.json.error.code).toBe("payload_too_large");
    expect(res.headers.get("connection")).toBe("close");
  });
});
