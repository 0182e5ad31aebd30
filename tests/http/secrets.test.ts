/**
 * No key, secret or passphrase (nor the session secret) in any response, any log line, or any
 * file the browser can download (.next-test/static). Checked on the shared demo-mode server
 * (its simulator has credentials made up for this run) and on a second server in live mode
 * against a simulator with other made-up credentials. Also: the server refuses to start with
 * an incomplete key, in live mode without AUTH_SECRET, without any key unless the demo is asked
 * for (WEEX_MODE=demo), with a short AUTH_SECRET or a bootstrap admin that breaks the users'
 * rules, and says why; and demo mode opens no demo accounts in a database that has other users.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startSimulator, type Simulator } from "../../lib/simulator";
import { MODE_ENV_VARS } from "../../lib/test/next-server-env";
import { api, attemptLogin, clientOrderId, login, type ApiResponse } from "./helpers";
import { seedDataDir, startNextServer, waitForExit, type NextServer } from "./server";

const require = createRequire(import.meta.url);

/** Every text a client can receive from a set of requests: bodies and all header values. */
function exposed(responses: ApiResponse[]): string {
  return responses.map((r) => `${r.status}\n${[...r.headers.entries()].map(([k, v]) => `${k}: ${v}`).join("\n")}\n${r.text}`).join("\n---\n");
}

function expectNoneOf(text: string, secrets: string[], where: string) {
  for (const s of secrets) expect(text.includes(s), `${where} contains a secret (${s.slice(0, 6)}…)`).toBe(false);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/** A broad set of requests, as each role and anonymously: successes, 4xx, 5xx-mapped errors. */
async function exercise(base: string, cookies: Record<string, string>): Promise<ApiResponse[]> {
  const out: ApiResponse[] = [];
  const paths = [
    "/api/health",
    "/api/auth/session",
    "/api/auth/providers",
    "/api/auth/csrf",
    "/api/reference/symbols?symbol=BTCUSDT",
    "/api/reference/coins",
    "/api/affiliate/invitees?pageSize=3",
    "/api/affiliate/sub-affiliates?productType=FUTURES&pageSize=3",
    "/api/affiliate/withdrawals?pageSize=3",
    "/api/spot/orders?symbol=BTCUSDT&pageSize=3",
    "/api/spot/order?origClientOrderId=missing-one",
    "/api/spot/orders?symbol=NOSUCHPAIR",
    "/api/affiliate/withdrawals?pageSize=999",
    "/api/admin/users",
    "/api/admin/audit?pageSize=200",
    "/api/nothing-here",
    "/login",
    "/",
  ];
  for (const cookie of [undefined, ...Object.values(cookies)]) {
    for (const p of paths) out.push(await api(p, { base, cookie }));
    out.push(
      await api("/api/contract/orders", {
        base,
        cookie,
        method: "POST",
        body: { symbol: "cmt_btcusdt", side: "BUY", positionSide: "LONG", type: "MARKET", quantity: "0.01", newClientOrderId: clientOrderId("sec") },
      }),
    );
    out.push(await api("/api/contract/orders", { base, cookie, method: "POST", body: { symbol: "cmt_nosuch", side: "BUY", positionSide: "LONG", type: "MARKET", quantity: "1", newClientOrderId: clientOrderId("sec") } }));
  }
  return out;
}

describe("secrets on the demo-mode server", () => {
  it("appear in no response, no log line and no static file", async () => {
    const creds = inject("simCredentials");
    const authSecret = readFileSync(join(inject("dataDir"), "auth-secret"), "utf8").trim();
    const secrets = [creds.apiKey, creds.apiSecret, creds.passphrase, authSecret];
    const cookies = { viewer: await login("viewer"), trader: await login("trader"), admin: await login("admin") };
    const responses = await exercise(inject("baseUrl"), cookies);
    expect(responses.some((r) => r.status === 200)).toBe(true);
    expect(responses.some((r) => r.status >= 400)).toBe(true);
    expectNoneOf(exposed(responses), secrets, "a response");

    const log = readFileSync(inject("serverLog"), "utf8");
    expect(log.length).toBeGreaterThan(0);
    expectNoneOf(log, secrets, "the server log");
    // passwords typed at sign-in never reach the log either
    await attemptLogin("viewer", "typed-password-7f3a");
    expect(readFileSync(inject("serverLog"), "utf8")).not.toContain("typed-password-7f3a");
  });

  it("are not in any file under the build's static folder (what browsers download)", () => {
    const dir = join(process.cwd(), inject("distDir"), "static");
    const files = filesUnder(dir);
    expect(files.length).toBeGreaterThan(0);
    // The simulator's default credentials are literals in server code: if any server module
    // were bundled for the browser, they would show up here.
    const literals = ["sim-secret-0001", "sim-passphrase-0001", "sim-key-0001", "WEEX_API_SECRET", "AUTH_SECRET", "BOOTSTRAP_ADMIN_PASSWORD"];
    const creds = inject("simCredentials");
    for (const f of files) {
      const text = readFileSync(f, "latin1");
      expectNoneOf(text, [...literals, creds.apiSecret, creds.passphrase], f);
    }
  });
});

describe("a server in live mode", () => {
  const tag = randomBytes(6).toString("hex");
  const live = { apiKey: `live-key-${tag}`, apiSecret: `live-secret-${tag}`, passphrase: `live-pass-${tag}` };
  const authSecret = `live-auth-secret-${tag}-${randomBytes(16).toString("hex")}`;
  const adminPassword = `boot-admin-${tag}`;
  let sim: Simulator;
  let server: NextServer;

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, quiet: true, ...live });
    server = await startNextServer({
      env: {
        WEEX_API_KEY: live.apiKey,
        WEEX_API_SECRET: live.apiSecret,
        WEEX_API_PASSPHRASE: live.passphrase,
        WEEX_SPOT_BASE_URL: sim.url,
        WEEX_CONTRACT_BASE_URL: sim.url,
        AUTH_SECRET: authSecret,
        BOOTSTRAP_ADMIN_USERNAME: "root",
        BOOTSTRAP_ADMIN_PASSWORD: adminPassword,
      },
    });
  });

  afterAll(async () => {
    await server?.stop();
    await sim?.close();
  });

  it("has no demo accounts, only the bootstrap admin", async () => {
    const health = await api(`/api/health`, { base: server.url });
    expect(health.json).toEqual({ status: "ok", mode: "live", database: "embedded" });
    for (const role of ["viewer", "trader", "admin"]) expect((await attemptLogin(role, "demo", { base: server.url })).status).toBe(401);
    const page = await fetch(`${server.url}/login`);
    expect(await page.text()).not.toContain("Demo mode");
    expect((await attemptLogin("root", adminPassword, { base: server.url })).status).toBe(200);
  });

  it("leaks none of its credentials, even when WEEX fails", async () => {
    const admin = await login("root", adminPassword, { base: server.url });
    for (const role of ["viewer", "trader"] as const) {
      await api("/api/admin/users", { base: server.url, cookie: admin, method: "POST", body: { username: `${role}-${tag}`, password: `pw-${role}-${tag}`, role } });
    }
    const cookies = {
      admin,
      viewer: await login(`viewer-${tag}`, `pw-viewer-${tag}`, { base: server.url }),
      trader: await login(`trader-${tag}`, `pw-trader-${tag}`, { base: server.url }),
    };
    const responses = await exercise(server.url, cookies);
    expect(responses.filter((r) => r.status === 200).length).toBeGreaterThan(10);
    // WEEX down, slow-to-fail and answering garbage: the error responses carry no secret either
    sim.setFaults({ error5xx: { next: 3 } });
    responses.push(await api("/api/affiliate/invitees?pageSize=2", { base: server.url, cookie: cookies.viewer }));
    sim.setFaults({ malformed: { next: 1 }, endpoints: ["coins"] });
    responses.push(await api("/api/spot/orders?symbol=ETHUSDT&pageSize=2", { base: server.url, cookie: cookies.trader }));
    sim.setFaults({});
    const secrets = [live.apiKey, live.apiSecret, live.passphrase, authSecret, adminPassword];
    expectNoneOf(exposed(responses), secrets, "a live-mode response");
    expectNoneOf(readFileSync(server.logFile, "utf8"), secrets, "the live-mode server log");
  });
});

describe("start-up refusals", () => {
  it("refuses live mode without AUTH_SECRET, saying so", async () => {
    const s = await startNextServer({
      env: { WEEX_API_KEY: "k-1234", WEEX_API_SECRET: "s-1234", WEEX_API_PASSPHRASE: "p-1234" },
      waitReady: false,
    });
    try {
      const { code } = await waitForExit(s);
      expect(code).not.toBe(0);
      expect(readFileSync(s.logFile, "utf8")).toMatch(/AUTH_SECRET is required in live mode/);
    } finally {
      await s.stop();
    }
  });

  it("refuses an incomplete key, naming what is missing", async () => {
    const s = await startNextServer({ env: { WEEX_API_KEY: "k-1234", AUTH_SECRET: "x".repeat(40) }, waitReady: false });
    try {
      const { code } = await waitForExit(s);
      expect(code).not.toBe(0);
      const log = readFileSync(s.logFile, "utf8");
      expect(log).toMatch(/WEEX_API_SECRET, WEEX_API_PASSPHRASE are missing/);
      expect(log).not.toContain("k-1234");
    } finally {
      await s.stop();
    }
  });

  // Each start below fails before any database is opened: no data, no demo accounts, exit 1,
  // and the message ("Cannot start: …") names the variable to fix.
  const refusals: { what: string; env: Record<string, string>; message: RegExp; hidden?: string[] }[] = [
    {
      what: "a start without keys that did not ask for the demo",
      env: { WEEX_MODE: "" },
      message: /Cannot start: No WEEX key: WEEX_API_KEY, WEEX_API_SECRET and WEEX_API_PASSPHRASE are not set\..*`npm run demo` \(or WEEX_MODE=demo\)/,
    },
    {
      what: "WEEX_MODE=live without a key",
      env: { WEEX_MODE: "live", AUTH_SECRET: "x".repeat(40) },
      message: /Cannot start: WEEX_MODE=live needs the affiliate key: set WEEX_API_KEY, WEEX_API_SECRET and WEEX_API_PASSPHRASE/,
    },
    {
      what: "WEEX_MODE=demo beside a live key",
      env: { WEEX_MODE: "demo", WEEX_API_KEY: "k-5678", WEEX_API_SECRET: "s-5678", WEEX_API_PASSPHRASE: "p-5678" },
      message: /Cannot start: WEEX_MODE=demo runs against the built-in simulator, but WEEX_API_KEY, WEEX_API_SECRET and WEEX_API_PASSPHRASE are set/,
      hidden: ["k-5678", "s-5678", "p-5678"],
    },
    {
      what: "an AUTH_SECRET shorter than 32 bytes",
      env: { AUTH_SECRET: "short-secret-2345" },
      message: /Cannot start: AUTH_SECRET is too short: 17 bytes, at least 32 are needed\. Generate one with `openssl rand -base64 32`/,
      hidden: ["short-secret-2345"],
    },
    {
      what: "a bootstrap admin password that breaks the password rules",
      env: { BOOTSTRAP_ADMIN_USERNAME: "root", BOOTSTRAP_ADMIN_PASSWORD: "pw-3456" },
      message: /Cannot start: BOOTSTRAP_ADMIN_PASSWORD must be at least 8 characters/,
      hidden: ["pw-3456"],
    },
    {
      what: "a bootstrap admin username that breaks the username rules",
      env: { BOOTSTRAP_ADMIN_USERNAME: "Root Admin!", BOOTSTRAP_ADMIN_PASSWORD: "a long password" },
      message: /Cannot start: BOOTSTRAP_ADMIN_USERNAME must be 1-64 characters: lower-case letters/,
    },
  ];

  // Concurrently: each start only loads Next and exits, so six of them share the wait.
  it.concurrent.for(refusals)(
    "refuses $what, naming the variable",
    { timeout: 180_000 },
    async ({ env, message, hidden }, { expect }) => {
      const s = await startNextServer({ env, waitReady: false });
      try {
        const { code } = await waitForExit(s, 150_000);
        expect(code).toBe(1);
        const log = readFileSync(s.logFile, "utf8");
        expect(log).toMatch(message);
        for (const value of hidden ?? []) expect(log).not.toContain(value);
        expect(existsSync(join(s.dataDir, "pgdata"))).toBe(false);
      } finally {
        await s.stop();
      }
    },
  );
});

describe("demo mode on a database that already has other users", () => {
  const alicePassword = `alice-${randomBytes(6).toString("hex")}`;
  const dataDir = mkdtempSync(join(tmpdir(), "weex-http-alice-"));
  let server: NextServer;

  beforeAll(async () => {
    // alice, added with the users CLI to a new data directory, as an operator would before a first
    // start (the run's migrated database copied in first: the CLI then migrates nothing, as on a
    // later start, and skips initdb's ~9 s of CPU)
    seedDataDir(dataDir);
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" };
    for (const k of MODE_ENV_VARS) env[k] = "";
    const cli = spawnSync(process.execPath, [require.resolve("tsx/cli"), "scripts/users.ts", "add", "alice", "admin", "--password", alicePassword], {
      env,
      encoding: "utf8",
      timeout: 150_000,
    });
    expect(cli.status, `${cli.stdout}\n${cli.stderr}`).toBe(0);
    const creds = inject("simCredentials");
    server = await startNextServer({
      env: {
        WEEX_MODE: "demo",
        WEEX_SPOT_BASE_URL: inject("simUrl"),
        WEEX_CONTRACT_BASE_URL: inject("simUrl"),
        SIM_API_KEY: creds.apiKey,
        SIM_API_SECRET: creds.apiSecret,
        SIM_API_PASSPHRASE: creds.passphrase,
      },
      dataDir,
      timeoutMs: 150_000,
    });
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("creates no demo accounts, offers none on the login page and says why in the log", async () => {
    for (const role of ["viewer", "trader", "admin"]) expect((await attemptLogin(role, "demo", { base: server.url })).status).toBe(401);
    expect((await attemptLogin("alice", alicePassword, { base: server.url })).status).toBe(200);

    const page = await (await fetch(`${server.url}/login`)).text();
    expect(page).not.toContain('data-testid="demo-accounts"');
    expect(page).not.toContain("Demo mode: simulated exchange");
    // the shared demo server, on its own empty database, does offer them: the check above can fail
    expect(await (await fetch(`${inject("baseUrl")}/login`)).text()).toContain('data-testid="demo-accounts"');

    expect(readFileSync(server.logFile, "utf8")).toMatch(/Demo mode: the database already has users other than the demo accounts, so this start creates none of viewer, trader, admin/);
    expect((await api("/api/health", { base: server.url })).json).toEqual({ status: "ok", mode: "demo", database: "embedded" });
  });
});
