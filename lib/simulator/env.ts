/**
 * Simulator options from the environment, shared by `npm run sim` and `npm run demo`:
 * SIM_PORT (4010), SIM_HOST (127.0.0.1), SIM_API_KEY / SIM_API_SECRET / SIM_API_PASSPHRASE
 * (the defaults in SIM_DEFAULTS), SIM_SEED (42), SIM_SCALE (1), SIM_FAULTS (JSON, see
 * faults.ts), SIM_IP_WEIGHT_PER_10S / SIM_UID_WEIGHT_PER_10S (500), SIM_ORDERS_PER_MINUTE (50),
 * SIM_LOG_REQUESTS=1.
 */
import { faultsFromEnv } from "./faults";
import { CONTRACT_ORDER_CAP } from "../weex/limits";
import { SIM_DEFAULTS, type SimulatorOptions } from "./types";

type Env = Record<string, string | undefined>;

function get(env: Env, name: string): string | undefined {
  const v = env[name]?.trim();
  return v ? v : undefined;
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = get(env, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!/^-?\d+$/.test(raw) || n < min || n > max) throw new Error(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  return n;
}

/** Throws an Error naming the variable when a value is invalid. */
export function simOptionsFromEnv(env: Env = process.env): Required<Pick<SimulatorOptions, "port" | "host" | "seed" | "scale" | "apiKey" | "apiSecret" | "passphrase">> &
  SimulatorOptions {
  const scaleText = get(env, "SIM_SCALE");
  const scale = scaleText === undefined ? SIM_DEFAULTS.scale : Number(scaleText);
  if (!(scale > 0 && scale <= 20)) throw new Error(`SIM_SCALE must be a number in (0, 20], got "${scaleText}"`);
  return {
    port: int(env, "SIM_PORT", SIM_DEFAULTS.port, 0, 65_535),
    host: get(env, "SIM_HOST") ?? SIM_DEFAULTS.host,
    seed: int(env, "SIM_SEED", SIM_DEFAULTS.seed, 0, 2 ** 32 - 1),
    scale,
    apiKey: get(env, "SIM_API_KEY") ?? SIM_DEFAULTS.apiKey,
    apiSecret: get(env, "SIM_API_SECRET") ?? SIM_DEFAULTS.apiSecret,
    passphrase: get(env, "SIM_API_PASSPHRASE") ?? SIM_DEFAULTS.passphrase,
    ipWeightPer10s: int(env, "SIM_IP_WEIGHT_PER_10S", SIM_DEFAULTS.weightPer10s, 1, 1_000_000_000),
    uidWeightPer10s: int(env, "SIM_UID_WEIGHT_PER_10S", SIM_DEFAULTS.weightPer10s, 1, 1_000_000_000),
    ordersPerMinute: int(env, "SIM_ORDERS_PER_MINUTE", CONTRACT_ORDER_CAP.orders, 1, 1_000_000_000),
    faults: faultsFromEnv(env.SIM_FAULTS),
    logRequests: get(env, "SIM_LOG_REQUESTS") === "1",
  };
}
