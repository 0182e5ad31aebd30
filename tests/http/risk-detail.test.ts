/**
 * A flag's detail (GET /api/risk/flags/{id}) and the tables' badges (GET /api/risk/subjects)
 * over HTTP with real sessions, on PGlite and on PostgreSQL (when TEST_DATABASE_URL is set):
 * the archive rows and flags are written into the server's database here, so the series the
 * route answers is checked against figures chosen by the test, day by day (the padding either
 * side, zeros where nothing moved, volume summed over coins and product types, days outside the
 * range left out), a sub-affiliate's days with records and the median, the badges' highest
 * severity, rules and count of open flags only; a partner and a share link never get them.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type OpenTarget } from "../../lib/db/connection";
import { freshSchema, TEST_DATABASE_URL } from "../../lib/db/test-support";
import { startSimulator, type Simulator } from "../../lib/simulator";
import { DAY_MS } from "../../lib/time/calendar";
import { api as rawApi, login, type ApiInit } from "./helpers";
import { seedDataDir, startNextServer, type NextServer } from "./server";

const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
/** the last day of the invitee's in-and-out window, 20 days ago: the chart's padding after it is whole */
const d0 = today - 20 * DAY_MS;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const at = (n: number) => d0 + n * DAY_MS;

/** The archive rows and flags the suite reads back: chosen figures, some outside every range asked for. */
function seedSql(): string {
  const periods = Array.from({ length: 60 }, (_, i) => at(i - 40)).map((p) => `(${p}, ${p + DAY_MS - 1}, 'day')`);
  const flag = (rule: string, severity: string, type: string, id: string, evidence: object, state = "open") =>
    `('${rule}', '${severity}', '${type}', '${id}', ${d0}, '${JSON.stringify(evidence)}'::jsonb, ${today}, ${today}, '${state}')`;
  return `
    INSERT INTO archive_movement_period (period_from, period_to, kind) VALUES ${periods.join(", ")} ON CONFLICT DO NOTHING;
    INSERT INTO archive_invitee_movement (period_from, uid, deposit_amount, withdrawal_amount, synced_at) VALUES
      (${at(-2)}, '7001', 1000.50, NULL, ${today}), (${at(0)}, '7001', NULL, 950.25, ${today}), (${at(-30)}, '7001', 77, 0, ${today}),
      (${at(0)}, '7002', 5, 5, ${today});
    INSERT INTO archive_commission_invitee_day (day, uid, coin, records, commission, spot_volume, futures_volume) VALUES
      (${at(-1)}, '7001', 'USDT', 2, 1.5, 100.1, 20), (${at(-1)}, '7001', 'BTC', 1, 0.0001, 5, 0), (${at(-30)}, '7001', 'USDT', 1, 1, 999, 0);
    INSERT INTO archive_sub_affiliate_daily (sub_affiliate_uid, product_type, day, trading_volume, net_trading_fee, paid_commission, synced_at) VALUES
      ('8001', 'SPOT', '${day(at(-10))}', 900, 0, 9, ${today}), ('8001', 'FUTURES', '${day(at(-10))}', 100, 0, 1, ${today}),
      ('8001', 'SPOT', '${day(at(-5))}', 1200, 0, 12, ${today}), ('8001', 'FUTURES', '${day(at(0))}', 50000, 0, 500, ${today}),
      ('8001', 'SPOT', '${day(at(-40))}', 3, 0, 0.1, ${today});
    INSERT INTO risk_flag (rule, severity, subject_type, subject_id, episode_at, evidence, first_seen_at, last_seen_at, state) VALUES
      ${flag("inAndOut", "high", "invitee", "7001", { from: at(-2), to: at(1), deposits: "1000.5", withdrawals: "950.25", volume: "125.1" })},
      ${flag("churn", "medium", "invitee", "7001", { from: at(-29), to: at(1), volume: "200000", deposits: "1000.5", withdrawals: "950.25" })},
      ${flag("inAndOut", "high", "invitee", "7002", { from: at(-2), to: at(1), deposits: "5", withdrawals: "5", volume: "0" }, "dismissed")},
      ${flag("subSpike", "medium", "subAffiliate", "8001", { day: day(at(0)), volume: "50000", commission: "500", medianVolume: "1100", medianCommission: "11", baselineDays: 2, baselineFrom: day(at(-28)) })},
      ${flag("hollowSignups", "medium", "inviteCode", "HOLLOW1", { from: at(-6), to: at(1), registrations: 60, kycPassed: 1, deposited: 0 })};`;
}

interface Backend {
  name: string;
  /** a server on a database holding seedSql() */
  start(sim: Simulator): Promise<{ server: NextServer; cleanUp(): Promise<void> }>;
}

const simEnv = (sim: Simulator) => ({ WEEX_SPOT_BASE_URL: sim.url, WEEX_CONTRACT_BASE_URL: sim.url });
async function seed(target: OpenTarget): Promise<void> {
  const db = await openDatabase(target);
  await db.withSession((s) => s.exec(seedSql()));
  await db.close();
}

const BACKENDS: Backend[] = [
  {
    name: "pglite",
    async start(sim) {
      // the embedded database has one owner at a time: written here before the server opens it
      const dataDir = mkdtempSync(join(tmpdir(), "weex-risk-detail-"));
      seedDataDir(dataDir);
      await seed({ kind: "embedded", dataDir });
      const server = await startNextServer({ env: simEnv(sim), dataDir });
      return { server, cleanUp: async () => rmSync(dataDir, { recursive: true, force: true }) };
    },
  },
  ...(TEST_DATABASE_URL
    ? [
        {
          name: "postgres",
          async start(sim: Simulator) {
            const url = TEST_DATABASE_URL!;
            const schema = await freshSchema(url);
            const server = await startNextServer({ env: { ...simEnv(sim), DATABASE_URL: `${url}${url.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema.schema}`)}` } });
            // the server migrated the schema on start: the rows go in after it
            await seed({ kind: "postgres", url, schema: schema.schema, max: 1 });
            return { server, cleanUp: () => schema.drop() };
          },
        },
      ]
    : []),
];

type Detail = { flag: { id: string; rule: string; summary: string; subject: { type: string; id: string } }; series: { kind: string; days: Record<string, string>[]; median?: { volume: string; commission: string } } };
type Flags = { items: { id: string; rule: string; subject: { id: string } }[] };
type Subjects = { items: { subject: { type: string; id: string }; severity: string; rules: string[]; count: number }[] };

describe.each(BACKENDS)("a flag's series and the badges ($name)", (backend) => {
  let sim: Simulator;
  let started: Awaited<ReturnType<Backend["start"]>>;
  let viewer = "";
  const api = <T>(path: string, init: ApiInit = {}) => rawApi<T>(path, { cookie: viewer, ...init, base: started.server.url });
  const flagOf = async (rule: string, subject: string) => {
    const list = await api<Flags>(`/api/risk/flags?rule=${rule}&subject=${subject}&state=open`);
    expect(list.status, list.text).toBe(200);
    return list.json.items[0]!.id;
  };

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, quiet: true, scale: 0.05 });
    started = await backend.start(sim);
    viewer = await login("viewer", "demo", { base: started.server.url });
  }, 240_000);

  afterAll(async () => {
    await started?.server.stop();
    await sim?.close();
    await started?.cleanUp();
  });

  it("answers an invitee's flag with its days: the period and 7 days either side, zeros where nothing moved, volume over coins", async () => {
    const id = await flagOf("inAndOut", "7001");
    const res = await api<Detail>(`/api/risk/flags/${id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.json.flag).toMatchObject({ id, rule: "inAndOut", subject: { type: "invitee", id: "7001" } });
    expect(res.json.flag.summary).toBe("Invitee 7001 deposited 1000.5 USDT and withdrew 950.25 USDT within 3 days, trading 125.1 USDT.");
    const { kind, days } = res.json.series;
    expect(kind).toBe("invitee");
    expect(days.map((d) => d.day)).toEqual(Array.from({ length: 17 }, (_, i) => day(at(i - 9))));
    const moved = days.filter((d) => d.deposits !== "0" || d.withdrawals !== "0" || d.volume !== "0");
    expect(moved).toEqual([
      { day: day(at(-2)), deposits: "1000.5", withdrawals: "0", volume: "0" },
      { day: day(at(-1)), deposits: "0", withdrawals: "0", volume: "125.1" },
      { day: day(at(0)), deposits: "0", withdrawals: "950.25", volume: "0" },
    ]);
  });

  it("answers a sub-affiliate's flag with its days with records over the baseline and the spike, and the median", async () => {
    const id = await flagOf("subSpike", "8001");
    const res = await api<Detail>(`/api/risk/flags/${id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.json.series).toEqual({
      kind: "subAffiliate",
      days: [
        { day: day(at(-10)), volume: "1000", commission: "10" },
        { day: day(at(-5)), volume: "1200", commission: "12" },
        { day: day(at(0)), volume: "50000", commission: "500" },
      ],
      median: { volume: "1100", commission: "11" },
    });
  });

  it("answers an invite code's flag without a series, the summary in the reader's language, and 404 for no such flag", async () => {
    const id = await flagOf("hollowSignups", "HOLLOW1");
    const res = await api<Detail>(`/api/risk/flags/${id}`, { headers: { "accept-language": "zh-CN" } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.series).toEqual({ kind: "none", days: [] });
    expect(res.json.flag.summary).toMatch(/HOLLOW1/);
    expect(res.json.flag.summary).not.toMatch(/Invite code/);
    expect((await api("/api/risk/flags/999999999")).status).toBe(404);
    const bad = await api<{ error: { fields: { path: string }[] } }>("/api/risk/flags/x1");
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields.map((f) => f.path)).toEqual(["id"]);
  });

  it("gives the badges of the subjects named: open flags only, the highest severity, each rule once", async () => {
    const res = await api<Subjects>("/api/risk/subjects?subjectType=invitee&ids=7002,7001,7003");
    expect(res.status, res.text).toBe(200);
    expect(res.json.items).toEqual([{ subject: { type: "invitee", id: "7001" }, severity: "high", rules: ["inAndOut", "churn"], count: 2 }]);
    const subs = await api<Subjects>("/api/risk/subjects?subjectType=subAffiliate&ids=8001");
    expect(subs.json.items).toEqual([{ subject: { type: "subAffiliate", id: "8001" }, severity: "medium", rules: ["subSpike"], count: 1 }]);
    const none = await api<{ error: { fields: { path: string }[] } }>("/api/risk/subjects?subjectType=invitee");
    expect(none.status).toBe(400);
    expect(none.json.error.fields.map((f) => f.path)).toEqual(["ids"]);
    const tooMany = await api("/api/risk/subjects?subjectType=invitee&ids=" + Array.from({ length: 201 }, (_, i) => i + 1).join(","));
    expect(tooMany.status).toBe(400);
  });

  it("never answers a partner or a share link", async () => {
    const admin = await login("admin", "demo", { base: started.server.url });
    const username = `risk-detail-${randomBytes(3).toString("hex")}`;
    const made = await api("/api/admin/users", { cookie: admin, method: "POST", body: { username, password: "partner-password", role: "partner", scope: { inviteCodes: ["HOLLOW1"] } } });
    expect(made.status, made.text).toBe(201);
    const partner = await login(username, "partner-password", { base: started.server.url });
    const id = await flagOf("inAndOut", "7001");
    for (const path of [`/api/risk/flags/${id}`, "/api/risk/subjects?subjectType=invitee&ids=7001"]) {
      expect((await api(path, { cookie: partner })).status, path).toBe(403);
    }
    const link = await api<{ url: string }>("/api/share-links", { method: "POST", body: { page: "invitees", expiresAt: new Date(Date.now() + DAY_MS).toISOString() } });
    expect(link.status, link.text).toBe(201);
    const token = new URL(link.json.url).pathname.split("/").pop()!;
    for (const path of [`/api/risk/flags/${id}`, "/api/risk/subjects?subjectType=invitee&ids=7001"]) {
      expect((await api(path, { cookie: "", headers: { "x-share-token": token } })).status, path).toBe(403);
    }
  });
});
