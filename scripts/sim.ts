/**
 * `npm run sim`: the simulated WEEX exchange on its own (SIM_* variables, see
 * lib/simulator/env.ts). Point the dashboard at it with WEEX_SPOT_BASE_URL and
 * WEEX_CONTRACT_BASE_URL, or just run `npm run demo`.
 */
import { startSimulator } from "../lib/simulator";
import { simOptionsFromEnv } from "../lib/simulator/env";

let opts;
try {
  opts = simOptionsFromEnv();
} catch (e) {
  console.error(`[sim] ${(e as Error).message}`);
  process.exit(2);
}

const sim = await startSimulator(opts).catch((e: NodeJS.ErrnoException) => {
  console.error(`[sim] cannot start on ${opts.host}:${opts.port}: ${e.code === "EADDRINUSE" ? "the port is in use (set SIM_PORT)" : e.message}`);
  process.exit(1);
});

console.log(`
WEEX simulator running at ${sim.url}   (spot and contract base URL)
  ACCESS-KEY         ${opts.apiKey}
  secret             ${opts.apiSecret}
  ACCESS-PASSPHRASE  ${opts.passphrase}
  seed ${opts.seed}, scale ${opts.scale}, budgets ${opts.ipWeightPer10s} IP / ${opts.uidWeightPer10s} UID weight per 10 s
  control: GET ${sim.url}/__sim/stats   POST ${sim.url}/__sim/faults   POST ${sim.url}/__sim/reset-stats
Ctrl-C to stop.`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void sim.close().then(() => process.exit(0));
  });
}
