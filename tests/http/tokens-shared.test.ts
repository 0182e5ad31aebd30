/**
 * API tokens across instances that share one PostgreSQL: a token revoked on one
 * instance is refused there at once and by the other within its cache time (5 s, the bound
 * sessions have), and so are the tokens of a user disabled on one instance; an admin's password
 * reset or disabling revokes the user's tokens likewise, and their share links (read per
 * request) on every instance at once.
 *
 * Needs PostgreSQL: set TEST_DATABASE_URL (`.ci/run` does). Each run uses a fresh schema.
 */
import { describe, expect, it } from "vitest";
import { TEST_DATABASE_URL } from "../../lib/db/test-support";
import { api, clientOrderId, login } from "./helpers";
import { CACHE_MS, sharedInstances, SLACK_MS } from "./instances";
import { LOOPBACK } from "./server";
import { DAY_MS } from "../../lib/time/calendar";

const url = TEST_DATABASE_URL;

describe.skipIf(!url)(url ? "API tokens shared by two instances" : "API tokens shared by two instances (skipped: set TEST_DATABASE_URL)", () => {
  const { servers } = sharedInstances(url!, { TRUSTED_PROXIES: LOOPBACK });

  /** Ask `base` with the token until it is refused, at most the cache time and slack after `since`. */
  async function refusedWithin(base: string, token: string, since: number): Promise<number> {
    let status = 200;
    while (status === 200 && Date.now() - since < CACHE_MS + SLACK_MS) {
      status = (await api("/api/alerts/unread", { base, headers: { authorization: `Bearer ${token}` } })).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 200));
    }
    return status;
  }

  async function tokenOf(cookie: string, base: string): Promise<{ id: string; token: string }> {
    const made = await api<{ id: string; token: string }>("/api/tokens", { cookie, base, method: "POST", body: { name: "shared", expiresAt: Date.now() + DAY_MS } });
    expect(made.status, made.text).toBe(201);
    return made.json;
  }

  it("refuse a token revoked on one instance on the other too, within the cache time", async () => {
    const [a, b] = [servers[0]!.url, servers[1]!.url];
    const viewer = await login("viewer", "demo", { base: a });
    const { id, token } = await tokenOf(viewer, a);
    // the other instance knows the token (and caches it as valid)
    expect((await api("/api/alerts/unread", { base: b, headers: { authorization: `Bearer ${token}` } })).status).toBe(200);

    expect((await api(`/api/tokens/${id}`, { cookie: viewer, base: a, method: "DELETE" })).status).toBe(200);
    const revoked = Date.now();
    // the instance that revoked it refuses it at once
    expect((await api("/api/alerts/unread", { base: a, headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    // the other as soon as its cache of the token expires
    expect(await refusedWithin(b, token, revoked)).toBe(401);
    expect(Date.now() - revoked).toBeLessThan(CACHE_MS + SLACK_MS);
  });

  it("refuse the tokens of a user disabled on the other instance, within the cache time", async () => {
    const [a, b] = [servers[0]!.url, servers[1]!.url];
    const admin = await login("admin", "demo", { base: a });
    const username = clientOrderId("shared").toLowerCase();
    const created = await api<{ user: { id: string } }>("/api/admin/users", { cookie: admin, base: a, method: "POST", body: { username, password: "shared-password", role: "viewer" } });
    expect(created.status).toBe(201);
    const { token } = await tokenOf(await login(username, "shared-password", { base: b }), b);
    expect((await api("/api/alerts/unread", { base: b, headers: { authorization: `Bearer ${token}` } })).status).toBe(200);

    expect((await api(`/api/admin/users/${created.json.user.id}`, { cookie: admin, base: a, method: "PATCH", body: { disabled: true } })).status).toBe(200);
    const disabled = Date.now();
    expect((await api("/api/alerts/unread", { base: a, headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    expect(await refusedWithin(b, token, disabled)).toBe(401);
  });

  for (const [what, change] of [
    ["a password reset", { password: "another-password" }],
    ["disabling", { disabled: true }],
  ] as const) {
    it(`${what} on one instance revokes the user's token (the other refuses it within the cache time) and share link (both at once)`, async () => {
      const [a, b] = [servers[0]!.url, servers[1]!.url];
      const admin = await login("admin", "demo", { base: a });
      const username = clientOrderId("revoke").toLowerCase();
      const created = await api<{ user: { id: string } }>("/api/admin/users", { cookie: admin, base: a, method: "POST", body: { username, password: "shared-password", role: "viewer" } });
      expect(created.status).toBe(201);
      const cookie = await login(username, "shared-password", { base: b });
      const { id, token } = await tokenOf(cookie, b);
      const link = await api<{ id: string; url: string }>("/api/share-links", { cookie, base: b, method: "POST", body: { page: "cohorts", expiresAt: new Date(Date.now() + DAY_MS).toISOString() } });
      expect(link.status, link.text).toBe(201);
      const shareToken = new URL(link.json.url).pathname.split("/").pop()!;
      const byLink = (base: string) => api("/api/archive/status", { base, headers: { "x-share-token": shareToken } });
      // both instances know (and cache) the token, and open the link
      for (const base of [a, b]) {
        expect((await api("/api/alerts/unread", { base, headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
        expect((await byLink(base)).status).toBe(200);
      }

      const res = await api<{ revoked: { tokens: { id: string }[]; shareLinks: { id: string }[] } }>(`/api/admin/users/${created.json.user.id}`, { cookie: admin, base: a, method: "PATCH", body: change });
      expect(res.status, res.text).toBe(200);
      const changed = Date.now();
      expect(res.json.revoked.tokens.map((t) => t.id)).toEqual([id]);
      expect(res.json.revoked.shareLinks.map((l) => l.id)).toEqual([link.json.id]);
      expect((await api("/api/alerts/unread", { base: a, headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
      expect((await byLink(a)).status).toBe(401);
      expect((await byLink(b)).status).toBe(401);
      expect(await refusedWithin(b, token, changed)).toBe(401);
      expect(Date.now() - changed).toBeLessThan(CACHE_MS + SLACK_MS);
      if ("disabled" in change) {
        // enabled again, the account holds no way in from before: the token and the link stay dead
        expect((await api(`/api/admin/users/${created.json.user.id}`, { cookie: admin, base: a, method: "PATCH", body: { disabled: false } })).status).toBe(200);
        await new Promise((r) => setTimeout(r, CACHE_MS + 500));
        for (const base of [a, b]) {
          expect((await api("/api/alerts/unread", { base, headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
          expect((await byLink(base)).status).toBe(401);
        }
      }
    });
  }
});
