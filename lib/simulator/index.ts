/**
 * The simulated WEEX exchange (contract 1 in the team notes): `startSimulator(opts)` generates
 * the seeded data, starts the HTTP server and returns its handle. Both WEEX base URLs (spot
 * and contract) are the simulator's URL.
 *
 * This module is the embedded exchange of `npm run demo` and the upstream of every
 * integration test; it must not import from app/ or components/.
 */
import { CONTRACT_ORDER_CAP } from "../weex/limits";
import type { Account } from "./auth";
import { generateDataset } from "./data";
import { plantedSubjects } from "./data/risk-plants";
import { faultsFromEnv } from "./faults";
import { SimServer } from "./server";
import { SIM_DEFAULTS, type Simulator, type SimulatorOptions } from "./types";

export { SIM_DEFAULTS } from "./types";
export type { Faults, FaultSpec, SimRecentRequest, SimStats, Simulator, SimulatorOptions } from "./types";
export { generateDataset, type Dataset } from "./data";

/** The UID behind the simulator's API key (the key of the per-UID rate-limit window). */
export const SIM_UID = "7090000001";

export async function startSimulator(opts: SimulatorOptions = {}): Promise<Simulator> {
  const now = opts.now ?? Date.now;
  const seed = opts.seed ?? SIM_DEFAULTS.seed;
  const scale = opts.scale ?? SIM_DEFAULTS.scale;
  if (!(scale > 0)) throw new Error(`startSimulator: scale must be > 0, got ${scale}`);
  const host = opts.host ?? SIM_DEFAULTS.host;
  const quiet = opts.quiet ?? false;

  const account: Account = {
    apiKey: opts.apiKey ?? SIM_DEFAULTS.apiKey,
    apiSecret: opts.apiSecret ?? SIM_DEFAULTS.apiSecret,
    passphrase: opts.passphrase ?? SIM_DEFAULTS.passphrase,
    uid: SIM_UID,
  };
  const data = generateDataset({ seed, scale, now: now() });
  const server = new SimServer({
    data,
    accounts: new Map([[account.apiKey, account]]),
    ipWeightPer10s: opts.ipWeightPer10s ?? SIM_DEFAULTS.weightPer10s,
    uidWeightPer10s: opts.uidWeightPer10s ?? SIM_DEFAULTS.weightPer10s,
    ordersPerMinute: opts.ordersPerMinute ?? CONTRACT_ORDER_CAP.orders,
    now,
    quiet,
    logRequests: opts.logRequests ?? false,
    faults: opts.faults ?? faultsFromEnv(process.env.SIM_FAULTS),
  });
  const port = await server.listen(opts.port ?? SIM_DEFAULTS.port, host);
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  if (!quiet) console.log(`[sim] WEEX simulator on ${url} (seed ${seed}, scale ${scale}, data generated in ${data.generationMs} ms)`);
  if (!quiet) {
    const planted = Object.entries(plantedSubjects(data.invitees)).map(([rule, ids]) => `${rule} ${ids.join(" ")}`);
    console.log(`[sim] risk patterns planted (docs/simulator.md): ${planted.join("; ")}`);
  }

  return {
    url,
    port,
    data,
    close: () => server.close(),
    setFaults: (f) => server.setFaults(f),
    stats: () => server.stats(),
    resetStats: () => server.resetStats(),
  };
}
