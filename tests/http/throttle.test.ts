/**
 * Login throttling over HTTP: repeated failures for one username, or from one IP, get 429 with
 * Retry-After, even with the right password, while other users and IPs are unaffected.
 * (Each test uses its own X-Forwarded-For address, so other test files are not throttled.)
 */
import { describe, expect, it } from "vitest";
import { api, attemptLogin, clientOrderId, login } from "./helpers";

const ip = (n: number) => ({ "x-forwarded-for": `198.51.100.${n}` });

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

  it("tells the login page (the 429 is JSON the page shows)", async () => {
    const addr = ip(90);
    const username = `ghost-${Date.now()}`;
    for (let i = 0; i < 5; i++) await attemptLogin(username, "x", { headers: addr });
    const r = await attemptLogin(username, "x", { headers: addr });
    expect(r.status).toBe(429);
    expect((r.body as { error: { message: string } }).error.message).toMatch(/Too many failed sign-ins/);
  });
});
