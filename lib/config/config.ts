/**
 * The server's configuration, read from the environment once (dashboard-api.md, "Configuration").
 *
 * - Demo mode (against the simulator) only when asked for: WEEX_MODE=demo (`npm run demo` sets
 *   it). Otherwise all three WEEX_API_* are live mode; none, or some, refuse to start: a
 *   production start that lost its keys must not quietly open demo accounts.
 * - Live mode needs AUTH_SECRET; demo mode makes one and keeps it in DATA_DIR. A given one has
 *   at least 32 bytes. The bootstrap admin follows the users' rules (user-rules.ts).
 * - Nothing here runs at import time: `next build` imports route modules with the build
 *   machine's environment, which is not the one the server runs with.
 *
 * Secrets stay in this process: the credential objects redact themselves when serialised or
 * inspected, so an accidental `log.info({ config })` prints no key.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { inspect } from "node:util";
import { CONTRACT_ORDER_CAP } from "@/lib/weex/limits";
import type { Credentials } from "@/lib/weex/sign";
import { parseTrustedProxies, type TrustedProxy } from "./trusted-proxies";
import { normalizeUsername, passwordProblem, usernameProblem } from "./user-rules";

export type Mode = "demo" | "live";

export type DatabaseTarget = { kind: "embedded"; dataDir: string } | { kind: "postgres"; url: string; /** DATABASE_READ_TIMEOUT_MS */ readTimeoutMs?: number };

export interface Config {
  mode: Mode;
  spotBaseUrl: string;
  contractBaseUrl: string;
  /** the affiliate key (signed endpoints) */
  credentials: Credentials;
  /** the key for order endpoints; the main key unless WEEX_TRADE_API_* are set */
  tradeCredentials: Credentials;
  ipWeightPer10s: number;
  uidWeightPer10s: number;
  /** new contract and plan orders allowed per rolling minute (WEEX_ORDERS_PER_MINUTE, default WEEX's ~50) */
  ordersPerMinute: number;
  /** how long one WEEX request may take before it fails upstream_timeout (WEEX_TIMEOUT_MS, default 10 000) */
  timeoutMs: number;
  /** where the embedded database and the demo session secret live */
  dataDir: string;
  database: DatabaseTarget;
  bootstrapAdmin: { username: string; password: string } | null;
  /** the reverse proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES; default none) */
  trustedProxies: TrustedProxy[];
  /** requests one person's API tokens together may make in any minute, per instance (API_TOKEN_RATE_PER_MIN, default 60) */
  apiTokenRatePerMinute: number;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** The simulator's default credentials (weex-facts.md, contract 1); demo mode only. */
const SIM_DEFAULTS = { apiKey: "sim-key-0001", apiSecret: "sim-secret-0001", passphrase: "sim-passphrase-0001" };
const LIVE_SPOT_URL = "https://api-spot.weex.com";
const LIVE_CONTRACT_URL = "https://api-contract.weex.com";
const AUTH_SECRET_FILE = "auth-secret";
/**
 * next-auth derives the session cookie's 256-bit encryption key from AUTH_SECRET (HKDF-SHA256),
 * and the alert CSV links are signed with a key derived from it: a secret under 32 bytes gives
 * both less than their 32. `openssl rand -base64 32` gives 44 characters.
 */
const AUTH_SECRET_MIN_BYTES = 32;
const KEY_PREFIXES = ["WEEX_API", "WEEX_TRADE_API"] as const;
const KEY_PARTS = ["KEY", "SECRET", "PASSPHRASE"] as const;

type Env = Record<string, string | undefined>;

function value(env: Env, name: string): string | undefined {
  const v = env[name]?.trim();
  return v ? v : undefined;
}

/** Credentials that print as "[redacted]" in JSON and in util.inspect (console.log, pino). */
export function redactedCredentials(c: Credentials): Credentials {
  const out = { ...c };
  Object.defineProperties(out, {
    toJSON: { value: () => "[redacted]", enumerable: false },
    [inspect.custom]: { value: () => "[redacted credentials]", enumerable: false },
  });
  return out;
}

/** All three or none of a key's variables; some-but-not-all is a configuration error. */
function readKey(env: Env, prefix: string): Credentials | null {
  const names = { apiKey: `${prefix}_KEY`, apiSecret: `${prefix}_SECRET`, passphrase: `${prefix}_PASSPHRASE` } as const;
  const got = { apiKey: value(env, names.apiKey), apiSecret: value(env, names.apiSecret), passphrase: value(env, names.passphrase) };
  const missing = (Object.keys(names) as (keyof typeof names)[]).filter((k) => got[k] === undefined).map((k) => names[k]);
  if (missing.length === 3) return null;
  if (missing.length > 0) {
    const set = (Object.keys(names) as (keyof typeof names)[]).filter((k) => got[k] !== undefined).map((k) => names[k]);
    throw new ConfigError(
      `Incomplete WEEX key: ${set.join(", ")} ${set.length === 1 ? "is" : "are"} set but ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} missing. ` +
        `Set all three ${prefix}_* variables, or none of them.`,
    );
  }
  return redactedCredentials(got as Credentials);
}

function positiveInt(env: Env, name: string, fallback: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) <= 0) throw new ConfigError(`${name} must be a positive integer, got "${raw}".`);
  return Number(raw);
}

function baseUrl(env: Env, name: string, fallback: string): string {
  const raw = value(env, name) ?? fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got "${raw}".`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ConfigError(`${name} must be an http(s) URL, got "${raw}".`);
  return raw.replace(/\/+$/, "");
}

function trustedProxies(env: Env): TrustedProxy[] {
  try {
    return parseTrustedProxies(env.TRUSTED_PROXIES);
  } catch (e) {
    throw new ConfigError((e as Error).message);
  }
}

/** WEEX_MODE: "demo" or "live" asks for that mode; unset lets the keys decide (live, or refuse). */
function askedMode(env: Env): Mode | undefined {
  const raw = value(env, "WEEX_MODE");
  if (raw === undefined || raw === "demo" || raw === "live") return raw;
  throw new ConfigError(`WEEX_MODE must be "demo" or "live" (or unset: live when the WEEX_API_* keys are set), got "${raw}".`);
}

/** "A", "A and B", "A, B and C" */
function andList(names: string[]): string {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** Parse a configuration from an environment (no side effects); throws ConfigError. */
export function parseConfig(env: Env = process.env): Config {
  const asked = askedMode(env);
  if (asked === "demo") {
    const keys = KEY_PREFIXES.flatMap((p) => KEY_PARTS.map((k) => `${p}_${k}`)).filter((name) => value(env, name) !== undefined);
    if (keys.length > 0) {
      throw new ConfigError(
        `WEEX_MODE=demo runs against the built-in simulator, but ${andList(keys)} ${keys.length === 1 ? "is" : "are"} set (a live WEEX key). ` +
          "Unset them for the demo, or unset WEEX_MODE to run in live mode with them.",
      );
    }
  }
  const main = asked === "demo" ? null : readKey(env, "WEEX_API");
  const trade = asked === "demo" ? null : readKey(env, "WEEX_TRADE_API");
  const mainNames = KEY_PARTS.map((k) => `WEEX_API_${k}`);
  if (!main && asked === "live") {
    throw new ConfigError(`WEEX_MODE=live needs the affiliate key: set ${andList(mainNames)}.`);
  }
  if (!main && asked === undefined) {
    throw new ConfigError(
      `No WEEX key: ${andList(mainNames)} are not set. Set all three to run in live mode. ` +
        "The demo against the built-in simulator is `npm run demo` (or WEEX_MODE=demo).",
    );
  }
  const mode: Mode = main ? "live" : "demo";

  const authSecret = value(env, "AUTH_SECRET");
  if (mode === "live" && !authSecret) {
    throw new ConfigError(
      "AUTH_SECRET is required in live mode (WEEX_API_* are set). Generate one with `openssl rand -base64 32` and set AUTH_SECRET.",
    );
  }
  // Measured as given (the bytes next-auth derives its key from), not decoded from base64.
  const secretBytes = authSecret ? Buffer.byteLength(authSecret, "utf8") : 0;
  if (authSecret && secretBytes < AUTH_SECRET_MIN_BYTES) {
    throw new ConfigError(
      `AUTH_SECRET is too short: ${secretBytes} bytes, at least ${AUTH_SECRET_MIN_BYTES} are needed. ` +
        "Generate one with `openssl rand -base64 32` and set AUTH_SECRET.",
    );
  }

  let credentials: Credentials;
  let spotFallback = LIVE_SPOT_URL;
  let contractFallback = LIVE_CONTRACT_URL;
  if (main) {
    credentials = main;
  } else {
    // Demo mode: the simulator, on SIM_PORT, with its own (non-secret) credentials.
    const sim = `http://127.0.0.1:${positiveInt(env, "SIM_PORT", 4010)}`;
    spotFallback = sim;
    contractFallback = sim;
    credentials = redactedCredentials({
      apiKey: value(env, "SIM_API_KEY") ?? SIM_DEFAULTS.apiKey,
      apiSecret: value(env, "SIM_API_SECRET") ?? SIM_DEFAULTS.apiSecret,
      passphrase: value(env, "SIM_API_PASSPHRASE") ?? SIM_DEFAULTS.passphrase,
    });
  }

  const { dataDir, database } = parseDatabaseTarget(env);
  const bootstrapAdmin = readBootstrapAdmin(env);

  return {
    mode,
    spotBaseUrl: baseUrl(env, "WEEX_SPOT_BASE_URL", spotFallback),
    contractBaseUrl: baseUrl(env, "WEEX_CONTRACT_BASE_URL", contractFallback),
    credentials,
    // Affiliate keys often carry no trade permission: a separate key may be given for orders.
    tradeCredentials: trade ?? credentials,
    ipWeightPer10s: positiveInt(env, "WEEX_IP_WEIGHT_PER_10S", 500),
    uidWeightPer10s: positiveInt(env, "WEEX_UID_WEIGHT_PER_10S", 500),
    ordersPerMinute: positiveInt(env, "WEEX_ORDERS_PER_MINUTE", CONTRACT_ORDER_CAP.orders),
    timeoutMs: positiveInt(env, "WEEX_TIMEOUT_MS", 10_000),
    dataDir,
    database,
    bootstrapAdmin,
    trustedProxies: trustedProxies(env),
    apiTokenRatePerMinute: positiveInt(env, "API_TOKEN_RATE_PER_MIN", 60),
  };
}

/**
 * Where the database is: DATABASE_URL, else the embedded one in DATA_DIR. All the users CLI
 * needs of the configuration: it manages users whatever mode a server would run in.
 */
export function parseDatabaseTarget(env: Env = process.env): { dataDir: string; database: DatabaseTarget } {
  const dataDir = resolve(/*turbopackIgnore: true*/ value(env, "DATA_DIR") ?? ".data");
  const databaseUrl = value(env, "DATABASE_URL");
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError("DATABASE_URL must start with postgres:// or postgresql://.");
  }
  // (how long a statement of a person's archive read may run on PostgreSQL; unset: connection.ts's default)
  const readTimeoutMs = value(env, "DATABASE_READ_TIMEOUT_MS") === undefined ? undefined : positiveInt(env, "DATABASE_READ_TIMEOUT_MS", 1);
  return { dataDir, database: databaseUrl ? { kind: "postgres", url: databaseUrl, ...(readTimeoutMs ? { readTimeoutMs } : {}) } : { kind: "embedded", dataDir } };
}

/**
 * BOOTSTRAP_ADMIN_*: both or neither, and by the rules every user's name and password follow,
 * checked now rather than when a start first finds an empty user table (maybe months later).
 * The password is taken as given (spaces count) and never repeated in a message.
 */
function readBootstrapAdmin(env: Env): Config["bootstrapAdmin"] {
  const username = value(env, "BOOTSTRAP_ADMIN_USERNAME");
  const password = env.BOOTSTRAP_ADMIN_PASSWORD || undefined;
  if (!username && !password) return null;
  if (!password) throw new ConfigError("BOOTSTRAP_ADMIN_USERNAME is set but BOOTSTRAP_ADMIN_PASSWORD is missing.");
  if (!username) throw new ConfigError("BOOTSTRAP_ADMIN_PASSWORD is set but BOOTSTRAP_ADMIN_USERNAME is missing.");
  const nameProblem = usernameProblem(normalizeUsername(username));
  if (nameProblem) throw new ConfigError(`BOOTSTRAP_ADMIN_USERNAME ${nameProblem}, got "${username}".`);
  const problem = passwordProblem(password);
  if (problem) throw new ConfigError(`BOOTSTRAP_ADMIN_PASSWORD ${problem} (the rule for every user's password).`);
  return { username, password };
}

// Singletons live on globalThis: Next may load this module once per route bundle, and a dev
// server reloads modules, but the process must have one configuration and one secret.
const g = globalThis as typeof globalThis & { __weexConfig?: Config; __weexAuthSecret?: string };

/** The process's configuration; throws ConfigError (with a message for a person) when invalid. */
export function getConfig(): Config {
  if (!g.__weexConfig) {
    const config = parseConfig(process.env);
    // next-auth derives its own URL from NEXTAUTH_URL; without it, from the request's Host and
    // X-Forwarded-Proto (which Next sets). Either way the browser's origin is what counts.
    if (!process.env.NEXTAUTH_URL) process.env.AUTH_TRUST_HOST ??= "true";
    g.__weexConfig = config;
  }
  return g.__weexConfig;
}

/**
 * The session signing secret. Live mode: AUTH_SECRET. Demo mode: AUTH_SECRET if set, else one
 * generated on first start and kept in DATA_DIR/auth-secret (mode 0600), so sessions survive
 * restarts. Kept out of Config so that printing the configuration cannot print it.
 */
export function getAuthSecret(): string {
  if (g.__weexAuthSecret) return g.__weexAuthSecret;
  // `next build` evaluates next-auth's options while it tries to prerender pages; it never
  // checks a session. A throwaway value there: no file written, no secret needed on the build machine.
  if (process.env.NEXT_PHASE === "phase-production-build") return randomBytes(32).toString("base64url");
  const config = getConfig();
  const fromEnv = value(process.env, "AUTH_SECRET");
  g.__weexAuthSecret = fromEnv ?? demoSecret(config.dataDir);
  return g.__weexAuthSecret;
}

function demoSecret(dataDir: string): string {
  const file = join(dataDir, AUTH_SECRET_FILE);
  mkdirSync(dataDir, { recursive: true });
  // Write a private temp file and link it into place: link() fails if the file exists, so when
  // several processes start at once exactly one secret wins and nobody reads a half-written file.
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(tmp, randomBytes(32).toString("base64url"), { mode: 0o600 });
  try {
    linkSync(tmp, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  } finally {
    unlinkSync(tmp);
  }
  const secret = readFileSync(file, "utf8").trim();
  if (secret.length < 32) throw new ConfigError(`${file} is damaged (too short); delete it to generate a new one.`);
  return secret;
}

/**
 * Replace any configured credential in a text with "[redacted]". For text that comes from
 * outside (an upstream error message) on its way into a response or log: should WEEX ever echo
 * a key back, it goes no further.
 */
export function scrubSecrets(text: string): string {
  const config = g.__weexConfig;
  if (!config) return text;
  let out = text;
  for (const c of [config.credentials, config.tradeCredentials]) {
    for (const v of [c.apiKey, c.apiSecret, c.passphrase]) if (v.length >= 4) out = out.split(v).join("[redacted]");
  }
  return out;
}

/** For tests: forget the cached configuration so the next call re-reads the environment. */
export function resetConfigForTests(): void {
  delete g.__weexConfig;
  delete g.__weexAuthSecret;
}
