/**
 * ARCHIVE_SYNC=off: the shared test server does not sync and no other process
 * does either, so "Sync now" and "Re-sync" must not record a request that nothing would ever
 * run; the answer says plainly that this instance does not sync.
 */
import { describe, expect, it } from "vitest";
import { api, baseUrl, login } from "./helpers";

interface Status {
  enabled: boolean;
  runner: string;
  datasets: { dataset: string; requested: boolean }[];
}

describe("POST /api/admin/sync with ARCHIVE_SYNC=off", () => {
  it("queues nothing and says this instance does not sync", async () => {
    const admin = await login("admin");
    const status = await api<Status>("/api/admin/sync", { cookie: admin });
    expect(status.json.enabled).toBe(false);
    expect(status.json.runner).toBe("none");

    for (const body of [{ action: "sync", dataset: "withdrawals" }, { action: "resync", dataset: "invitees" }]) {
      const r = await api<{ queued: unknown; syncing: boolean; message: string }>("/api/admin/sync", { method: "POST", cookie: admin, body, headers: { origin: baseUrl() } });
      expect(r.status).toBe(200);
      expect(r.json.syncing).toBe(false);
      expect(r.json.queued).toBeNull();
      expect(r.json.message).toMatch(/does not sync \(ARCHIVE_SYNC=off\)/);
    }
    const after = await api<Status>("/api/admin/sync", { cookie: admin });
    expect(after.json.datasets.every((d) => !d.requested)).toBe(true);
  });
});
