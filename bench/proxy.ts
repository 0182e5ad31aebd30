/**
 * Proxy overhead bench: what a route handler adds to a request, measured against the same
 * request made directly to the (simulated) exchange, in one run, interleaved.
 *
 *   npx tsx bench/proxy.ts [--full] [--samples N]
 *   quick (default): 300 samples of each; --full: 2000
 *
 * Route: GET /api/reference/coins with a session (cached reference data: session check,
 * validation, the cache, the JSON text). Direct: GET /api/v3/coins on the simulator, the
 * request the route would make on a cache miss. The two alternate one by one over kept-alive
 * loopback connections, after a warm-up, so both see the same machine load.
 *
 * The simulator of this bench runs without a weight limit: the direct baseline makes far more
 * than the 100 coin requests per 10 s WEEX allows (weight 5 of 500). The route side makes one
 * upstream request per minute (its cache), so the limit would not change its figures.
 *
 * For scale, a third request is interleaved too: GET /api/no-such-route, the smallest route
 * there is (no session, a JSON 404), i.e. what Next itself costs before any code of ours.
 *
 * The route request is made as a browser makes it (Accept-Encoding: gzip, so `next start`
 * compresses the 44 kB answer to ~6 kB and the client inflates it); the target is checked on
 * that figure. A fourth request asks the route for no compression, the same bytes as the
 * direct request, to show how much of the difference compression is.
 *
 * Target: the route's p50 is at most 3 ms above the direct p50.
 */
import { parseArgs } from "node:util";
import { DIST_DIR, ensureBuilt, login, ms, percentile, printFigures, startStack } from "./lib/stack";

const { values: args } = parseArgs({ options: { full: { type: "boolean", default: false }, samples: { type: "string" } } });
const samples = Math.min(20_000, Math.max(50, Number(args.samples ?? (args.full ? 2000 : 300))));
const WARM_UP = 50;
const TARGET_MS = 3;

async function timed(url: string, headers: Record<string, string> = {}, expect = 200): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  const took = performance.now() - started;
  if (res.status !== expect) throw new Error(`${url} answered ${res.status}`);
  return took;
}

async function main() {
  ensureBuilt(DIST_DIR);
  const stack = await startStack({ sim: { ipWeightPer10s: 1e9, uidWeightPer10s: 1e9 } });
  try {
    const cookie = await login(stack.url, "viewer");
    const route = `${stack.url}/api/reference/coins`;
    const direct = `${stack.sim.url}/api/v3/coins`;
    const floor = `${stack.url}/api/no-such-route`;
    const kinds = [
      { samples: [] as number[], run: () => timed(route, { cookie }) },
      { samples: [] as number[], run: () => timed(direct) },
      { samples: [] as number[], run: () => timed(floor, {}, 404) },
      { samples: [] as number[], run: () => timed(route, { cookie, "accept-encoding": "identity" }) },
    ];
    for (let i = 0; i < WARM_UP; i++) for (const k of kinds) await k.run();
    for (let i = 0; i < samples; i++) {
      // rotate which goes first, so none always follows another
      for (let j = 0; j < kinds.length; j++) {
        const k = kinds[(i + j) % kinds.length]!;
        k.samples.push(await k.run());
      }
    }
    const [viaRoute, viaDirect, viaFloor, viaIdentity] = kinds.map((k) => k.samples.sort((a, b) => a - b)) as [number[], number[], number[], number[]];
    const r50 = percentile(viaRoute, 50);
    const d50 = percentile(viaDirect, 50);
    const r99 = percentile(viaRoute, 99);
    const d99 = percentile(viaDirect, 99);
    const coinsCalls = stack.sim.stats().byEndpoint.coins ?? 0;
    printFigures("proxy", {
      settings: `${samples} samples each after ${WARM_UP} warm-up, interleaved, loopback keep-alive; simulator without weight limit (direct baseline only)`,
      "route GET /api/reference/coins (gzip, as browsers ask) p50 / p99": `${ms(r50)} / ${ms(r99)}`,
      "direct GET /api/v3/coins p50 / p99": `${ms(d50)} / ${ms(d99)}`,
      "overhead p50": ms(r50 - d50),
      "overhead p99": ms(r99 - d99),
      "route without compression (Accept-Encoding: identity) p50 / p99": `${ms(percentile(viaIdentity, 50))} / ${ms(percentile(viaIdentity, 99))}`,
      "overhead p50 without compression": ms(percentile(viaIdentity, 50) - d50),
      "for scale, Next's own JSON 404 (GET /api/no-such-route, no session, compressed), p50 above direct": ms(percentile(viaFloor, 50) - d50),
      "target (overhead p50 ≤ 3 ms)": r50 - d50 <= TARGET_MS ? "met" : "not met",
      "upstream coins requests made by the route": `${coinsCalls - samples - WARM_UP} (the cache)`,
    });
  } finally {
    await stack.stop();
  }
}

await main();
