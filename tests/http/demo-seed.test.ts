/**
 * What `npm run demo` adds to a fresh demo database (scripts/demo-seed.ts, called by
 * scripts/demo.ts once the dashboard answers): an example partner the login page lists with
 * their scope and password, who signs in with that password and sees their scope's rows only; a few
 * example alert rules, which fire once the archive holds the history they compare. Added once:
 * a second run adds nothing, and a restart on the same database still offers the demo accounts
 * (the partner is one of them). On a dashboard and simulator of its own, the archive syncing.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSimulator, type Simulator } from "../../lib/simulator";
import { DEMO_PARTNER_PASSWORD, DEMO_RULES, seedDemo, type DemoSeed } from "../../scripts/demo-seed";
import { api as rawApi, login, type ApiInit } from "./helpers";
import { startNextServer, type NextServer } from "./server";

let sim: Simulator;
let server: NextServer;
let seed: DemoSeed;
const api = <T>(path: string, init: ApiInit = {}) => rawApi<T>(path, { ...init, base: server.url });
const env = () => ({
  WEEX_SPOT_BASE_URL: sim.url,
  WEEX_CONTRACT_BASE_URL: sim.url,
  WEEX_IP_WEIGHT_PER_10S: "1000000",
  WEEX_UID_WEIGHT_PER_10S: "1000000",
  ARCHIVE_SYNC: "on",
  // the weeks the example rules compare (7 days against the 28 before), not a year; the value
  // datasets play no part in them: a short stretch, so the sync is soon whole
  ARCHIVE_SUB_AFFILIATE_DAYS: "60",
  ARCHIVE_COMMISSION_DAYS: "7",
});

beforeAll(async () => {
  // the demo's own scale: at 0.05 (8 sub-affiliates) none of them falls or goes quiet this week
  sim = await startSimulator({ port: 0, quiet: true, scale: 1, ipWeightPer10s: 1e9, uidWeightPer10s: 1e9 });
  server = await startNextServer({ env: env() });
  seed = await seedDemo(server.url, sim.data);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await sim?.close();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

describe("npm run demo's example partner and alert rules", () => {
  it("adds a partner scoped to two sub-affiliates and an invite code of the simulator's data, and the login page lists them", async () => {
    expect(seed.partner?.subAffiliateUids).toHaveLength(2);
    expect(seed.partner?.inviteCodes).toHaveLength(1);
    const subs = new Set(sim.data.subAffiliates.subs.map((s) => s.uid));
    for (const uid of seed.partner!.subAffiliateUids) expect(subs.has(uid), uid).toBe(true);
    expect(sim.data.invitees.some((i) => i.inviteCode === seed.partner!.inviteCodes[0])).toBe(true);
    expect(seed.rulesAdded).toBe(DEMO_RULES.length);

    const page = await (await fetch(`${server.url}/login`)).text();
    expect(page).toContain('data-testid="demo-accounts"');
    expect(page).toContain(">partner</code>");
    for (const v of [...seed.partner!.subAffiliateUids, ...seed.partner!.inviteCodes]) expect(page).toContain(v);
    expect(page).toContain(`<code class="font-mono">${DEMO_PARTNER_PASSWORD}</code>`);
  });

  it("lets the partner sign in with the password the login page shows and see their scope's rows only", async () => {
    const partner = await login("partner", DEMO_PARTNER_PASSWORD, { base: server.url });
    const now = Date.now();
    const board = await api<{ items: { subAffiliateUid: string }[] }>(`/api/affiliate/sub-affiliates/leaderboard?startTime=${now - 30 * 86_400_000}&endTime=${now}&limit=50&source=live`, {
      cookie: partner,
    });
    expect(board.status, board.text.slice(0, 300)).toBe(200);
    expect(board.json.items.length).toBeGreaterThan(0);
    for (const i of board.json.items) expect(seed.partner!.subAffiliateUids).toContain(i.subAffiliateUid);
    expect((await api("/api/alerts", { cookie: partner })).status).toBe(403);
  });

  it("adds nothing a second time", async () => {
    const again = await seedDemo(server.url, sim.data);
    expect(again).toEqual({ partner: seed.partner, rulesAdded: 0 });
    const admin = await login("admin", "demo", { base: server.url });
    const rules = await api<{ items: { name: string }[] }>("/api/alerts/rules", { cookie: admin });
    expect(rules.json.items.map((r) => r.name).sort()).toEqual(DEMO_RULES.map((r) => r.name).sort());
  });

  it("fires an example rule once the archive holds the history", async () => {
    const admin = await login("admin", "demo", { base: server.url });
    let seen: { total: number; items: { ruleName?: string; title?: string }[] } = { total: 0, items: [] };
    for (const deadline = Date.now() + 420_000; Date.now() < deadline; ) {
      const r = await api<typeof seen>("/api/alerts?pageSize=20", { cookie: admin });
      expect(r.status, r.text.slice(0, 300)).toBe(200);
      seen = r.json;
      if (seen.total > 0) break;
      await new Promise((res) => setTimeout(res, 2_000));
    }
    expect(seen.total, "no example rule fired within 7 minutes of a syncing archive").toBeGreaterThan(0);
  }, 480_000);

  it("still offers the demo accounts, the partner among them, after a restart on the same database", async () => {
    const dataDir = server.dataDir;
    server.child.kill("SIGTERM");
    await server.exited;
    server = await startNextServer({ env: env(), dataDir });
    const page = await (await fetch(`${server.url}/login`)).text();
    expect(page).toContain('data-testid="demo-accounts"');
    expect(page).toContain(">partner</code>");
  }, 120_000);
});
