/**
 * Reports for each partner through HTTP against the built dashboard: a partner's
 * email over the admin API (the report goes there), and an each-partner report schedule —
 * created by an admin, refused with a 400 naming the field when the body is wrong, and not for
 * viewers or partners; and the users CLI's --email. What is sent, and that it is sent once, is lib/alerts/partner-reports.test.ts.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODE_ENV_VARS } from "../../lib/test/next-server-env";
import { api, login } from "./helpers";
import { seedDataDir } from "./server";

const require = createRequire(import.meta.url);

interface FieldError {
  error: { code: string; fields: { path: string; message: string }[] };
}
interface Schedule {
  id: string;
  name: string;
  audience: string;
  destinationIds: string[];
  skippedPartners: string[];
  nextDueAt: number;
}

const stamp = Date.now().toString(36);
const PASSWORD = "partner-password";
let admin: string;
let viewer: string;
let partner: string;
let partnerId: string;
const created: string[] = [];

const post = <T>(path: string, body: unknown, cookie = admin) => api<T>(path, { cookie, method: "POST", body });
const fieldsOf = (r: { json: FieldError }) => r.json.error.fields.map((f) => f.path);

beforeAll(async () => {
  admin = await login("admin");
  viewer = await login("viewer");
  const r = await post<{ user: { id: string } }>("/api/admin/users", { username: `rp-${stamp}`, password: PASSWORD, role: "partner", scope: { inviteCodes: ["RPCODE"] } });
  expect(r.status, r.text).toBe(201);
  partnerId = r.json.user.id;
  partner = await login(`rp-${stamp}`, PASSWORD);
});

afterAll(async () => {
  for (const id of created) await api(`/api/alerts/schedules/${id}`, { cookie: admin, method: "DELETE" });
});

describe("a user's email over the admin API", () => {
  it("is set, changed and removed by an admin, listed with the user, and refused with a 400 naming email when it is no address", async () => {
    const made = await post<{ user: { id: string; email: string | null } }>("/api/admin/users", {
      username: `rq-${stamp}`,
      password: PASSWORD,
      role: "partner",
      scope: { subAffiliateUids: ["1234567"] },
      email: "  partner-rq@example.test ",
    });
    expect(made.status, made.text).toBe(201);
    expect(made.json.user.email).toBe("partner-rq@example.test");
    const bad = await post<FieldError>("/api/admin/users", { username: `rr-${stamp}`, password: PASSWORD, role: "viewer", email: "not an address" });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual(["email"]);

    const patch = (body: unknown) => api<{ user: { email: string | null } } & FieldError>(`/api/admin/users/${partnerId}`, { cookie: admin, method: "PATCH", body });
    const badPatch = await patch({ email: "@example.test" });
    expect(badPatch.status).toBe(400);
    expect(fieldsOf(badPatch)).toEqual(["email"]);
    expect((await patch({ email: 42 })).status).toBe(400);

    const changed = await patch({ email: "partner-rp2@example.test" });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json.user.email).toBe("partner-rp2@example.test");
    const list = await api<{ items: { id: string; email: string | null }[] }>("/api/admin/users", { cookie: admin });
    expect(list.json.items.find((u) => u.id === partnerId)?.email).toBe("partner-rp2@example.test");
    expect((await patch({ email: null })).json.user.email).toBeNull();
    expect((await patch({ email: "partner-rp@example.test" })).json.user.email).toBe("partner-rp@example.test");

    // nobody else may change it, the partner included
    for (const cookie of [viewer, partner]) {
      expect((await api(`/api/admin/users/${partnerId}`, { cookie, method: "PATCH", body: { email: "mine@example.test" } })).status).toBe(403);
    }
  });
});

describe("an each-partner report schedule over HTTP", () => {
  it("is created by an admin without destinations and listed with its audience", async () => {
    const r = await post<{ schedule: Schedule }>("/api/alerts/schedules", { name: `Partners ${stamp}`, cadence: "monthly", timeZone: "Asia/Shanghai", audience: "each-partner" });
    expect(r.status, r.text).toBe(201);
    created.push(r.json.schedule.id);
    expect(r.json.schedule).toMatchObject({ audience: "each-partner", destinationIds: [], skippedPartners: [] });
    expect(r.json.schedule.nextDueAt).toBeGreaterThan(Date.now());
    const list = await api<{ items: Schedule[] }>("/api/alerts/schedules", { cookie: admin });
    expect(list.json.items.find((s) => s.id === r.json.schedule.id)).toMatchObject({ name: `Partners ${stamp}`, audience: "each-partner" });
  });

  it("answers a wrong body with a 400 naming the field", async () => {
    const base = { name: `Bad ${stamp}`, cadence: "weekly" };
    const cases: [unknown, string][] = [
      [{ ...base, audience: "everyone" }, "audience"],
      [{ ...base, audience: 1 }, "audience"],
      [{ ...base, audience: "each-partner", destinationIds: ["0123456789abcdef"] }, "destinationIds"],
      // the default audience still needs its destinations
      [{ ...base }, "destinationIds"],
      [{ ...base, audience: "destinations", destinationIds: [] }, "destinationIds"],
      [{ ...base, audience: "each-partner", cadence: "daily" }, "cadence"],
    ];
    for (const [body, field] of cases) {
      const r = await post<FieldError>("/api/alerts/schedules", body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.error.code).toBe("validation_error");
      expect(fieldsOf(r), JSON.stringify(body)).toContain(field);
    }
  });

  it("is not for viewers or partners: 403, and nothing is created", async () => {
    const before = (await api<{ items: Schedule[] }>("/api/alerts/schedules", { cookie: admin })).json.items.length;
    for (const cookie of [viewer, partner]) {
      const r = await post<FieldError>("/api/alerts/schedules", { name: `Mine ${stamp}`, cadence: "weekly", audience: "each-partner" }, cookie);
      expect(r.status).toBe(403);
      expect(r.json.error.code).toBe("forbidden");
      expect((await api("/api/alerts/schedules", { cookie })).status).toBe(403);
    }
    expect((await api<{ items: Schedule[] }>("/api/alerts/schedules", { cookie: admin })).json.items.length).toBe(before);
  });
});

describe("a partner's email with the users CLI", () => {
  it("adds a partner with --email, refuses an address that is none, changes it with `email NAME E`, and lists it", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "weex-http-users-email-"));
    try {
      // (the run's migrated database copied in: the CLI then migrates nothing and skips initdb)
      seedDataDir(dataDir);
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" };
      for (const k of MODE_ENV_VARS) env[k] = "";
      // (asynchronously: a blocked event loop would keep the shared server's closed keep-alive sockets for the next request)
      const users = (...args: string[]) =>
        new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
          execFile(process.execPath, [require.resolve("tsx/cli"), "scripts/users.ts", ...args], { env, encoding: "utf8", timeout: 150_000 }, (e, stdout, stderr) =>
            resolve({ status: e ? Number((e as { code?: unknown }).code ?? 1) : 0, stdout, stderr }),
          );
        });
      const add = await users("add", "kol1", "partner", "--password", PASSWORD, "--sub-uid", "1234567", "--email", "kol1@example.test");
      expect(add.status, `${add.stdout}\n${add.stderr}`).toBe(0);
      expect(add.stdout).toContain("Added kol1 (partner: sub-uid 1234567; email kol1@example.test).");
      const bad = await users("add", "kol2", "partner", "--password", PASSWORD, "--invite-code", "C2", "--email", "not an address");
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain("--email must be an email address.");
      const set = await users("email", "kol1", "kol1-new@example.test");
      expect(set.status, set.stderr).toBe(0);
      const list = await users("list");
      expect(list.stdout).toMatch(/kol1 +partner +enabled .*sub-uid 1234567; email kol1-new@example\.test/);
      expect(list.stdout).not.toContain("kol2");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
