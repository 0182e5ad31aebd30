/**
 * Where a request comes from: the client's address for the login throttle
 * and the audit log is the socket's, and `X-Forwarded-For` is believed only from a proxy in
 * TRUSTED_PROXIES, read from the right. A client that reaches the server directly cannot
 * choose its address by sending the header (or by guessing the server's own stamp of the
 * socket, lib/server/http/peer-address.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, attemptLogin, login } from "./helpers";
import { startNextServer, type NextServer } from "./server";

type AuditList = { items: { outcome: string; ip: string | null; detail: { reason?: string } }[] };

describe("the client's address", () => {
  it("behind a trusted proxy is the rightmost address the proxy does not stand for, not what the client wrote first", async () => {
    // The shared test server trusts loopback (global-setup.ts): the test is the proxy, which
    // appended the address it was reached from to what the client sent.
    const username = `xff-${Date.now()}`;
    const r = await attemptLogin(username, "x", { headers: { "x-forwarded-for": "203.0.113.250, 198.51.100.250" } });
    expect(r.status).toBe(401);
    const audit = await api<AuditList>(`/api/admin/audit?username=${username}&action=login`, { cookie: await login("admin") });
    expect(audit.json.items[0]).toMatchObject({ outcome: "failure", ip: "198.51.100.250" });
  });

  describe("without TRUSTED_PROXIES", () => {
    let server: NextServer;
    beforeAll(async () => {
      server = await startNextServer({ env: {} });
    }, 180_000);
    afterAll(async () => {
      await server?.stop();
    });

    it("is the socket's: a forged X-Forwarded-For neither escapes the per-address limit nor reaches the audit log", async () => {
      const base = server.url;
      const admin = await login("admin", "demo", { base });
      for (let i = 0; i < 20; i++) {
        // a new address and a new name each time, and a guess at the server's own stamp
        const forged = { "x-forwarded-for": `192.0.2.${i}`, "x-weex-peer": `guess 192.0.2.${100 + i}` };
        const r = await attemptLogin(`nobody-${i}`, "x", { base, headers: forged });
        expect(r.status, `attempt ${i + 1}`).toBe(401);
      }
      // the 21st failure from this socket's address, whatever the header says: blocked
      const blocked = await attemptLogin("viewer", "demo", { base, headers: { "x-forwarded-for": "192.0.2.200" } });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.retryAfter)).toBeGreaterThan(0);

      const audit = await api<AuditList>("/api/admin/audit?action=login&pageSize=50", { cookie: admin, base });
      const failures = audit.json.items.filter((e) => e.outcome === "failure");
      expect(failures).toHaveLength(20);
      for (const e of failures) expect(e.ip).toBe("127.0.0.1");
      expect(audit.json.items.find((e) => e.outcome === "throttled")).toMatchObject({ ip: "127.0.0.1", detail: { reason: "ip" } });
    }, 180_000);
  });
});
