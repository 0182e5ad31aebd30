/**
 * Login throttling over HTTP: repeated failures for one username, or from one IP, get 429 with
 * Retry-After, even with the right password, while other users and IPs are unaffected.
 * (Each test uses its own X-Forwarded-For address, so other test files are not throttled: the
 * test server trusts its loopback clients as a reverse proxy, TRUSTED_PROXIES in global-setup.ts.)
 */
import { describe, expect, it } from "vitest";
import { api, attemptLogin, clientOrderId, expectFloodThrottled, login, retryingConnection } from "./helpers";

const ip = (n: number) => ({ "x-forwarded-for": `198.51.100.${n}` });
/** An address of its own for each of many parallel guesses (not shared with the other tests). */
const ip2 = (n: number) => ({ "x-forwarded-for": `203.0.113.${n}` });

describe("login throttling", () => {
  it("throttles a username after 5 failures, also for the right password, and says for how long", async () => {
    const admin = await login("admin");
    const username = clientOrderId("th").toLowerCase();
    await api("/api/admin/users", { cookie: admin, method: "POST", body: { username, password: "right-password", role: "viewer" } });

    for (let i = 0; i < 5; i++) {
      // from different addresses: the username counts on its own
      const r = await attemptLogin(username, `wrong-${i}`, { headers: ip(10 + i) });
      expect(r.status, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await attemptLogin(username, "right-password", { headers: ip(20) });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.retryAfter)).toBeGreaterThan(60);
    expect(blocked.body).toMatchObject({ error: { code: "rate_limited", message: expect.stringMatching(/Try again in \d+ minutes?/) } });
    expect(blocked.cookie).not.toContain("session-token");

    // another user from the same address still signs in
    expect((await attemptLogin("viewer", "demo", { headers: ip(20) })).status).toBe(200);

    const audit = await api<{ items: { outcome: string; detail: { reason?: string } }[] }>(`/api/admin/audit?username=${username}&action=login`, { cookie: admin });
    const outcomes = audit.json.items.map((e) => e.outcome);
    expect(outcomes[0]).toBe("throttled");
    expect(outcomes.filter((o) => o === "failure")).toHaveLength(5);
    expect(audit.json.items.find((e) => e.outcome === "failure")?.detail.reason).toBe("wrong_password");
  });

  it("throttles an IP after 20 failures across usernames", async () => {
    const addr = ip(77);
    for (let i = 0; i < 20; i++) {
      const r = await attemptLogin(`nobody-${i}-${Date.now()}`, "x", { headers: addr });
      expect(r.status, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await attemptLogin("trader", "demo", { headers: addr });
    expect(blocked.status).toBe(429);
    expect(blocked.retryAfter).toBeTruthy();
    // a different address is not affected
    expect((await attemptLogin("trader", "demo", { headers: ip(78) })).status).toBe(200);
  });

  it("counts an IPv6 client by its /64: its other addresses are blocked with it, another /64 is not", async () => {
    const v6 = (suffix: string) => ({ "x-forwarded-for": `2001:db8:7e:${suffix}` });
    for (let i = 1; i <= 20; i++) {
      const r = await attemptLogin(`nobody6-${i}-${Date.now()}`, "x", { headers: v6(`1::${i.toString(16)}`) });
      expect(r.status, `attempt ${i}`).toBe(401);
    }
    const blocked = await attemptLogin("trader", "demo", { headers: v6("1:ffff:ffff:ffff:ffff") });
    expect(blocked.status).toBe(429);
    expect((await attemptLogin("trader", "demo", { headers: v6("2::1") })).status).toBe(200);
  });

  it("does not lock a user out of the address they signed in from when their username is flooded from elsewhere", async () => {
    const admin = await login("admin");
    const username = clientOrderId("known").toLowerCase();
    await api("/api/admin/users", { cookie: admin, method: "POST", body: { username, password: "right-password", role: "viewer" } });
    expect((await attemptLogin(username, "right-password", { headers: ip(40) })).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attemptLogin(username, `wrong-${i}`, { headers: ip(41 + i) })).status, `guess ${i + 1}`).toBe(401);
    // elsewhere: blocked, even with the right password
    expect((await attemptLogin(username, "right-password", { headers: ip(46) })).status).toBe(429);
    // from where they signed in before: in
    const home = await attemptLogin(username, "right-password", { headers: ip(40) });
    expect(home.status).toBe(200);
    expect(home.cookie).toContain("session-token");
  });

  it("checks at most 5 of 200 parallel guesses at one username; the rest get 429, and the audit log says so once", async () => {
    const admin = await login("admin");
    const username = clientOrderId("par").toLowerCase();
    await api("/api/admin/users", { cookie: admin, method: "POST", body: { username, password: "right-password", role: "viewer" } });

    // distributed guessing: each guess from an address of its own, all at once
    // (a guess repeated after a lost connection is one more attempt for the server to refuse)
    const guesses = await Promise.all(Array.from({ length: 200 }, (_, i) => retryingConnection(() => attemptLogin(username, `wrong-${i}`, { headers: ip2(i) }))));
    for (const g of guesses.filter((x) => x.status === 429)) expect(g.body).toMatchObject({ error: { code: "rate_limited" } });
    const audit = await api<{ items: { outcome: string }[] }>(`/api/admin/audit?username=${username}&action=login&pageSize=200`, { cookie: admin });
    expectFloodThrottled(guesses, audit.json.items.map((e) => e.outcome));
  }, 180_000);

  it("tells the login page (the 429 is JSON the page shows)", async () => {
    const addr = ip(90);
    const username = `ghost-${Date.now()}`;
    for (let i = 0; i < 5; i++) await attemptLogin(username, "x", { headers: addr });
    const r = await attemptLogin(username, "x", { headers: addr });
    expect(r.status).toBe(429);
    expect((r.body as { error: { message: string } }).error.message).toMatch(/Too many failed sign-ins/);
  });
});
