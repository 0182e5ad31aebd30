/**
 * Sign-in and sign-out across instances that share one PostgreSQL:
 * two `next start` processes on one database. The login throttle's slots are taken in the
 * database, so parallel guesses spread over both instances still get at most 5 checks; and a
 * sign-out on one instance ends the session on the other too, within its few seconds of cache.
 *
 * Needs PostgreSQL: set TEST_DATABASE_URL (`.ci/run` does). Each run uses a fresh schema.
 */
import { describe, expect, it } from "vitest";
import { TEST_DATABASE_URL } from "../../lib/db/test-support";
import { api, attemptLogin, clientOrderId, expectFloodThrottled, login, retryingConnection, signOut } from "./helpers";
import { CACHE_MS, sharedInstances, SLACK_MS } from "./instances";
import { LOOPBACK } from "./server";

const url = TEST_DATABASE_URL;

describe.skipIf(!url)(url ? "sign-in shared by two instances" : "sign-in shared by two instances (skipped: set TEST_DATABASE_URL)", () => {
  const { servers } = sharedInstances(url!, { TRUSTED_PROXIES: LOOPBACK });

  it("check at most 5 of 200 parallel guesses at one username between them; the rest get 429, and the audit log says so once", async () => {
    const admin = await login("admin", "demo", { base: servers[0]!.url });
    const username = clientOrderId("shared").toLowerCase();
    const created = await api("/api/admin/users", { cookie: admin, base: servers[0]!.url, method: "POST", body: { username, password: "right-password", role: "viewer" } });
    expect(created.status).toBe(201);

    const guesses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        retryingConnection(() => attemptLogin(username, `wrong-${i}`, { base: servers[i % 2]!.url, headers: { "x-forwarded-for": `203.0.113.${i}` } })),
      ),
    );
    const audit = await api<{ items: { outcome: string }[] }>(`/api/admin/audit?username=${username}&action=login&pageSize=200`, { cookie: admin, base: servers[1]!.url });
    expectFloodThrottled(guesses, audit.json.items.map((e) => e.outcome));
  }, 180_000);

  it("end a session signed out on one instance on the other too, within the cache time", async () => {
    const [a, b] = [servers[0]!.url, servers[1]!.url];
    const cookie = await login("viewer", "demo", { base: a, fresh: true });
    // the other instance knows the session (and caches it as current)
    expect((await api("/api/alerts/unread", { cookie, base: b })).status).toBe(200);

    expect((await signOut(cookie, { base: a })).status).toBe(200);
    const signedOut = Date.now();
    // the instance that signed out refuses it at once
    expect((await api("/api/alerts/unread", { cookie, base: a })).status).toBe(401);
    // the other one as soon as its cache of the session expires
    let status = 200;
    while (status === 200 && Date.now() - signedOut < CACHE_MS + SLACK_MS) {
      status = (await api("/api/alerts/unread", { cookie, base: b })).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(401);
    expect(Date.now() - signedOut).toBeLessThan(CACHE_MS + SLACK_MS);
  });
});
