import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inspect } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { getAuthSecret, getConfig, parseConfig, resetConfigForTests, scrubSecrets } from "./config";

const LIVE = { WEEX_API_KEY: "live-key-aaaa", WEEX_API_SECRET: "live-secret-bbbb", WEEX_API_PASSPHRASE: "live-pass-cccc" };

describe("parseConfig", () => {
  it("is demo mode against the simulator when no WEEX_API_* is set", () => {
    const c = parseConfig({});
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
    const c = parseConfig({ SIM_PORT: "4555", SIM_API_KEY: "k", SIM_API_SECRET: "s", SIM_API_PASSPHRASE: "p" });
    expect(c.spotBaseUrl).toBe("http://127.0.0.1:4555");
    expect(c.credentials).toMatchObject({ apiKey: "k", apiSecret: "s", passphrase: "p" });
    const d = parseConfig({ WEEX_SPOT_BASE_URL: "http://127.0.0.1:9/", WEEX_CONTRACT_BASE_URL: "http://127.0.0.1:8" });
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
    const c = parseConfig({ WEEX_IP_WEIGHT_PER_10S: "400", WEEX_UID_WEIGHT_PER_10S: "300", DATABASE_URL: "postgres://u:p@h/db", BOOTSTRAP_ADMIN_USERNAME: "root", BOOTSTRAP_ADMIN_PASSWORD: "pw" });
    expect([c.ipWeightPer10s, c.uidWeightPer10s]).toEqual([400, 300]);
    expect(parseConfig({ WEEX_ORDERS_PER_MINUTE: "20" }).ordersPerMinute).toBe(20);
    expect(() => parseConfig({ WEEX_ORDERS_PER_MINUTE: "0" })).toThrow(/WEEX_ORDERS_PER_MINUTE must be a positive integer/);
    expect(c.database).toEqual({ kind: "postgres", url: "postgres://u:p@h/db" });
    expect(c.bootstrapAdmin).toEqual({ username: "root", password: "pw" });
    expect(() => parseConfig({ WEEX_IP_WEIGHT_PER_10S: "-5" })).toThrow(/WEEX_IP_WEIGHT_PER_10S must be a positive integer/);
    expect(() => parseConfig({ WEEX_SPOT_BASE_URL: "ftp://x" })).toThrow(/WEEX_SPOT_BASE_URL must be an http\(s\) URL/);
    expect(() => parseConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL must start with postgres/);
    expect(() => parseConfig({ BOOTSTRAP_ADMIN_USERNAME: "root" })).toThrow(/BOOTSTRAP_ADMIN_PASSWORD is missing/);
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
    process.env.DATA_DIR = dataDir;
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
