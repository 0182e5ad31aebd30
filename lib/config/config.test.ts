import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inspect } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { getAuthSecret, getConfig, parseConfig, parseDatabaseTarget, resetConfigForTests, scrubSecrets } from "./config";

const LIVE = { WEEX_API_KEY: "live-key-aaaa", WEEX_API_SECRET: "live-secret-bbbb", WEEX_API_PASSPHRASE: "live-pass-cccc" };
/** Demo mode is only ever asked for (a start without keys refuses). */
const DEMO = { WEEX_MODE: "demo" };

/** The ConfigError message parseConfig throws for an environment (a test fails if it does not throw). */
function refusal(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error("parseConfig accepted the environment");
}

describe("parseConfig", () => {
  it("is demo mode against the simulator when asked for with WEEX_MODE=demo and no WEEX_API_* is set", () => {
    const c = parseConfig(DEMO);
    expect(c.mode).toBe("demo");
    expect(c.spotBaseUrl).toBe("http://127.0.0.1:4010");
    expect(c.contractBaseUrl).toBe("http://127.0.0.1:4010");
    expect(c.credentials).toMatchObject({ apiKey: "sim-key-0001", apiSecret: "sim-secret-0001", passphrase: "sim-passphrase-0001" });
    expect(c.tradeCredentials).toBe(c.credentials);
    expect(c.database).toEqual({ kind: "embedded", dataDir: c.dataDir });
    expect(c.ipWeightPer10s).toBe(500);
    expect(c.uidWeightPer10s).toBe(500);
    expect(c.ordersPerMinute).toBe(50);
  });

  it("follows SIM_PORT and SIM_* credentials in demo mode, and explicit base URLs", () => {
    const c = parseConfig({ ...DEMO, SIM_PORT: "4555", SIM_API_KEY: "k", SIM_API_SECRET: "s", SIM_API_PASSPHRASE: "p" });
    expect(c.spotBaseUrl).toBe("http://127.0.0.1:4555");
    expect(c.credentials).toMatchObject({ apiKey: "k", apiSecret: "s", passphrase: "p" });
    const d = parseConfig({ ...DEMO, WEEX_SPOT_BASE_URL: "http://127.0.0.1:9/", WEEX_CONTRACT_BASE_URL: "http://127.0.0.1:8" });
    expect([d.spotBaseUrl, d.contractBaseUrl]).toEqual(["http://127.0.0.1:9", "http://127.0.0.1:8"]);
  });

  it("is live mode with all three keys, WEEX's hosts by default, and needs AUTH_SECRET", () => {
    expect(() => parseConfig(LIVE)).toThrow(/AUTH_SECRET is required in live mode/);
    const c = parseConfig({ ...LIVE, AUTH_SECRET: "x".repeat(32) });
    expect(c.mode).toBe("live");
    expect(c.spotBaseUrl).toBe("https://api-spot.weex.com");
    expect(c.contractBaseUrl).toBe("https://api-contract.weex.com");
    expect(c.credentials.apiSecret).toBe("live-secret-bbbb");
  });

  it("refuses an incomplete key, naming what is set and what is missing (never the values)", () => {
    const err = (() => {
      try {
        parseConfig({ WEEX_API_KEY: "live-key-aaaa", WEEX_API_PASSPHRASE: "pp-1234" });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(err?.message).toMatch(/WEEX_API_KEY, WEEX_API_PASSPHRASE are set but WEEX_API_SECRET is missing/);
    expect(err?.message).not.toContain("live-key-aaaa");
    expect(() => parseConfig({ ...LIVE, AUTH_SECRET: "x".repeat(32), WEEX_TRADE_API_KEY: "t" })).toThrow(
      /WEEX_TRADE_API_SECRET, WEEX_TRADE_API_PASSPHRASE are missing/,
    );
  });

  it("uses a separate trade key when given, else the main key", () => {
    const c = parseConfig({ ...LIVE, AUTH_SECRET: "x".repeat(32), WEEX_TRADE_API_KEY: "tk", WEEX_TRADE_API_SECRET: "ts", WEEX_TRADE_API_PASSPHRASE: "tp" });
    expect(c.tradeCredentials).toMatchObject({ apiKey: "tk", apiSecret: "ts", passphrase: "tp" });
    expect(c.credentials.apiKey).toBe("live-key-aaaa");
  });

  it("reads weights, the database and the bootstrap admin, and rejects nonsense", () => {
    const c = parseConfig({ ...DEMO, WEEX_IP_WEIGHT_PER_10S: "400", WEEX_UID_WEIGHT_PER_10S: "300", DATABASE_URL: "postgres://u:p@h/db", BOOTSTRAP_ADMIN_USERNAME: "root", BOOTSTRAP_ADMIN_PASSWORD: "pw-of-root" });
    expect([c.ipWeightPer10s, c.uidWeightPer10s]).toEqual([400, 300]);
    expect(parseConfig({ ...DEMO, WEEX_ORDERS_PER_MINUTE: "20" }).ordersPerMinute).toBe(20);
    expect(() => parseConfig({ ...DEMO, WEEX_ORDERS_PER_MINUTE: "0" })).toThrow(/WEEX_ORDERS_PER_MINUTE must be a positive integer/);
    expect(c.database).toEqual({ kind: "postgres", url: "postgres://u:p@h/db" });
    expect(parseDatabaseTarget({ DATABASE_URL: "postgres://u:p@h/db", DATABASE_READ_TIMEOUT_MS: "5000" }).database).toEqual({ kind: "postgres", url: "postgres://u:p@h/db", readTimeoutMs: 5000 });
    expect(() => parseDatabaseTarget({ DATABASE_URL: "postgres://u:p@h/db", DATABASE_READ_TIMEOUT_MS: "soon" })).toThrow(/DATABASE_READ_TIMEOUT_MS/);
    expect(c.bootstrapAdmin).toEqual({ username: "root", password: "pw-of-root" });
    expect(() => parseConfig({ ...DEMO, WEEX_IP_WEIGHT_PER_10S: "-5" })).toThrow(/WEEX_IP_WEIGHT_PER_10S must be a positive integer/);
    expect(() => parseConfig({ ...DEMO, WEEX_SPOT_BASE_URL: "ftp://x" })).toThrow(/WEEX_SPOT_BASE_URL must be an http\(s\) URL/);
    expect(() => parseConfig({ ...DEMO, DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL must start with postgres/);
    expect(() => parseConfig({ ...DEMO, BOOTSTRAP_ADMIN_USERNAME: "root" })).toThrow(/BOOTSTRAP_ADMIN_PASSWORD is missing/);
  });

  it("refuses to start without keys unless the demo is asked for, naming the keys and the demo", () => {
    const keys = /WEEX_API_KEY, WEEX_API_SECRET and WEEX_API_PASSPHRASE/;
    for (const env of [{}, { DATABASE_URL: "postgres://u:p@h/db" }, { WEEX_MODE: "  " }] as Record<string, string>[]) {
      const message = refusal(env);
      expect(message).toMatch(/^No WEEX key: /);
      expect(message).toMatch(keys);
      expect(message).toMatch(/`npm run demo` \(or WEEX_MODE=demo\)/);
    }
    // live mode asked for: the same keys are named
    expect(refusal({ WEEX_MODE: "live", AUTH_SECRET: "x".repeat(32) })).toMatch(/WEEX_MODE=live needs the affiliate key: set WEEX_API_KEY, WEEX_API_SECRET and WEEX_API_PASSPHRASE/);
    expect(refusal({ ...LIVE, WEEX_API_SECRET: "", WEEX_MODE: "live", AUTH_SECRET: "x".repeat(32) })).toMatch(/WEEX_API_SECRET is missing/);
    expect(parseConfig({ ...LIVE, WEEX_MODE: "live", AUTH_SECRET: "x".repeat(32) }).mode).toBe("live");
    expect(refusal({ WEEX_MODE: "production" })).toMatch(/WEEX_MODE must be "demo" or "live"/);
  });

  it("refuses the demo asked for beside a live key, naming the variables (never the values)", () => {
    const message = refusal({ ...LIVE, ...DEMO, AUTH_SECRET: "x".repeat(32) });
    expect(message).toMatch(/WEEX_MODE=demo runs against the built-in simulator, but WEEX_API_KEY, WEEX_API_SECRET and WEEX_API_PASSPHRASE are set/);
    for (const v of Object.values(LIVE)) expect(message).not.toContain(v);
    expect(refusal({ ...DEMO, WEEX_TRADE_API_KEY: "trade-key-dddd" })).toMatch(/but WEEX_TRADE_API_KEY is set \(a live WEEX key\)/);
  });

  it("refuses an AUTH_SECRET shorter than 32 bytes, in either mode, saying how to make one", () => {
    const short = "short-secret-0123456789-abcdef"; // 30 bytes
    for (const env of [{ ...LIVE, AUTH_SECRET: short }, { ...DEMO, AUTH_SECRET: short }]) {
      const message = refusal(env);
      expect(message).toMatch(/AUTH_SECRET is too short: 30 bytes, at least 32 are needed\. Generate one with `openssl rand -base64 32`/);
      expect(message).not.toContain(short);
    }
    // bytes of the string as given: 16 two-byte characters are enough, 31 bytes are not
    expect(parseConfig({ ...LIVE, AUTH_SECRET: "é".repeat(16) }).mode).toBe("live");
    expect(refusal({ ...LIVE, AUTH_SECRET: `${"é".repeat(15)}x` })).toMatch(/31 bytes/);
    // what the README suggests (44 characters), and surrounding blanks do not count
    expect(parseConfig({ ...LIVE, AUTH_SECRET: randomBytes(32).toString("base64") }).mode).toBe("live");
    expect(refusal({ ...LIVE, AUTH_SECRET: ` ${"x".repeat(31)} ` })).toMatch(/31 bytes/);
  });

  it("refuses a bootstrap admin that breaks the users' rules at once, not at the first empty database", () => {
    const admin = (username: string, password: string) => ({ ...DEMO, BOOTSTRAP_ADMIN_USERNAME: username, BOOTSTRAP_ADMIN_PASSWORD: password });
    const weak = refusal(admin("root", "pw-7"));
    expect(weak).toMatch(/^BOOTSTRAP_ADMIN_PASSWORD must be at least 8 characters \(the rule for every user's password\)\.$/);
    expect(refusal({ ...admin("root", "pw-7"), ...LIVE, WEEX_MODE: "", AUTH_SECRET: "x".repeat(32) })).toBe(weak);
    expect(refusal(admin("root", "x".repeat(73)))).toMatch(/BOOTSTRAP_ADMIN_PASSWORD must be at most 72 bytes/);
    expect(refusal(admin("Bad Name!", "a long password"))).toMatch(/^BOOTSTRAP_ADMIN_USERNAME must be 1-64 characters: lower-case letters/);
    expect(refusal({ ...DEMO, BOOTSTRAP_ADMIN_PASSWORD: "a long password" })).toMatch(/BOOTSTRAP_ADMIN_PASSWORD is set but BOOTSTRAP_ADMIN_USERNAME is missing/);
    // the users' rules as the CLI and the admin API apply them: names are compared lower-case
    expect(parseConfig(admin(" Root ", "a long password")).bootstrapAdmin).toEqual({ username: "Root", password: "a long password" });
  });

  it("credentials print as redacted in JSON and in console/inspect output", () => {
    const c = parseConfig({ ...LIVE, AUTH_SECRET: "x".repeat(32) });
    const printed = `${JSON.stringify(c)}\n${inspect(c, { depth: 5 })}`;
    for (const v of Object.values(LIVE)) expect(printed).not.toContain(v);
    expect(printed).toContain("redacted");
  });
});

describe("getAuthSecret and scrubSecrets", () => {
  const saved = { ...process.env };
  const dirs: string[] = [];
  afterEach(() => {
    process.env = { ...saved };
    resetConfigForTests();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it("generates a demo secret once, private to the owner, and keeps it across restarts", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "weex-cfg-"));
    dirs.push(dataDir);
    for (const k of Object.keys(process.env)) if (k.startsWith("WEEX_") || k === "AUTH_SECRET") delete process.env[k];
    Object.assign(process.env, DEMO, { DATA_DIR: dataDir });
    const first = getAuthSecret();
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, "auth-secret");
    expect(readFileSync(file, "utf8")).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
    resetConfigForTests();
    expect(getAuthSecret()).toBe(first);
  });

  it("uses AUTH_SECRET when set, and scrubs configured credentials from outside text", () => {
    Object.assign(process.env, LIVE, { AUTH_SECRET: "s".repeat(40), DATA_DIR: join(tmpdir(), "weex-unused") });
    expect(getAuthSecret()).toBe("s".repeat(40));
    expect(getConfig().mode).toBe("live");
    expect(scrubSecrets("bad key live-key-aaaa, sig live-secret-bbbb")).toBe("bad key [redacted], sig [redacted]");
  });
});
