/**
 * Load bench: many signed-in people browsing the overview and the lists at once, against demo
 * mode (the simulator with WEEX's limits of 500 IP + 500 UID weight per 10 s).
 *
 *   npx tsx bench/load.ts [--full] [--seconds N] [--sessions N]
 *   quick (default): 15 s, 20 sessions; --full: 60 s, 50 sessions
 *
 * 1. Prepare the archive, as a demo that has run for a few minutes has it (prepareArchive in
 *    lib/stack.ts: DATA_DIR bench/out/data, kept between runs).
 * 2. Measure: a fresh simulator with the real limits and the dashboard in demo mode on the same
 *    DATA_DIR (sync on, as in `npm run demo`). N sessions sign in; autocannon (loopback, one
 *    connection per session, each with its own cookie) loops through the API calls the
 *    overview page makes (health, the period's series, funnel, the previous period, the
 *    leaderboard, reference data) and the first page of each list, for the given time:
 *    once exactly as the pages ask (today's sub-affiliate records come live from WEEX), once
 *    with source=archive (no WEEX at all: the dashboard's own capacity).
 *
 * Prints requests/s, latency p50/p99, errors (non-2xx answers and connection errors), the
 * answers per route and status, the simulator's 429 count (must be 0: the dashboard's budget
 * keeps WEEX's limit) and the dashboard's resident memory after the run (VmRSS from /proc).
 */
import autocannon from "autocannon";
import { parseArgs } from "node:util";
import type { SimStats } from "../lib/simulator/index";
import { archiveReady, BENCH_DATA_DIR, DIST_DIR, ensureBuilt, login, percentile, prepareArchive, printFigures, residentMemory, startStack, type Stack } from "./lib/stack";
import { DAY_MS } from "../lib/time/calendar";

const { values: args } = parseArgs({
  options: {
    full: { type: "boolean", default: false },
    seconds: { type: "string" },
    sessions: { type: "string" },
  },
});
const seconds = Math.min(300, Math.max(5, Number(args.seconds ?? (args.full ? 60 : 15))));
const sessions = Math.min(100, Math.max(1, Number(args.sessions ?? (args.full ? 50 : 20))));

/** The overview's requests for the default period (last 30 UTC days) and the lists' first pages. */
function browsingRequests(now: number): { name: string; path: string }[] {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const start = today - 29 * DAY_MS;
  const end = today + DAY_MS - 1;
  const prevStart = start - 30 * DAY_MS;
  const prevEnd = start - 1;
  const range = `startTime=${start}&endTime=${end}`;
  const prev = `startTime=${prevStart}&endTime=${prevEnd}`;
  return [
    { name: "health", path: "/api/health" },
    { name: "series (30 days, by day)", path: `/api/affiliate/sub-affiliates/series?${range}&granularity=day&tz=UTC` },
    { name: "funnel (30 days)", path: `/api/affiliate/invitees/funnel?${range}` },
    { name: "series (previous 30 days)", path: `/api/affiliate/sub-affiliates/series?${prev}&granularity=month&tz=UTC` },
    { name: "leaderboard", path: `/api/affiliate/sub-affiliates/leaderboard?${range}&by=commission&limit=10` },
    { name: "funnel (previous 30 days)", path: `/api/affiliate/invitees/funnel?${prev}` },
    { name: "symbols", path: "/api/reference/symbols" },
    { name: "coins", path: "/api/reference/coins" },
    { name: "invitees page", path: "/api/affiliate/invitees?page=1&pageSize=50" },
    { name: "sub-affiliates page", path: `/api/affiliate/sub-affiliates?productType=FUTURES&${range}&page=1&pageSize=50` },
    { name: "transfers page", path: "/api/affiliate/withdrawals?page=1&pageSize=50" },
  ];
}

interface RouteStats {
  statuses: Record<string, number>;
  latencies: number[];
}

interface Phase {
  result: autocannon.Result;
  sim: SimStats;
  byRoute: string[];
}

/** One autocannon run over `requests`, each connection a session of its own. */
async function phase(stack: Stack, cookies: string[], requests: { name: string; path: string }[]): Promise<Phase> {
  stack.sim.resetStats();
  const perRoute = new Map<string, RouteStats>(requests.map((r) => [r.name, { statuses: {}, latencies: [] }]));
  let client = 0;
  const result = await autocannon({
    url: stack.url,
    connections: sessions,
    duration: seconds,
    timeout: 30,
    requests: requests.map((r) => ({
      method: "GET",
      path: r.path,
      setupRequest: (req: autocannon.Request, context: Record<string, unknown>) => {
        context.sentAt = performance.now();
        return req;
      },
      onResponse: (status: number, _body: string, context: Record<string, unknown>) => {
        const s = perRoute.get(r.name)!;
        s.statuses[status] = (s.statuses[status] ?? 0) + 1;
        s.latencies.push(performance.now() - (context.sentAt as number));
      },
    })),
    setupClient: (c: autocannon.Client) => {
      c.setHeaders({ cookie: cookies[client++ % cookies.length]! });
    },
  });
  console.log(autocannon.printResult(result));
  const byRoute = [...perRoute].map(([name, s]) => {
    const sorted = [...s.latencies].sort((a, b) => a - b);
    const statuses = Object.entries(s.statuses).map(([k, v]) => `${k}×${v}`).join(" ");
    return `${name}: ${statuses || "none"} (p50 ${Math.round(percentile(sorted, 50))} ms, p99 ${Math.round(percentile(sorted, 99))} ms)`;
  });
  for (const line of byRoute) console.log(`[load] ${line}`);
  return { result, sim: stack.sim.stats(), byRoute };
}

function figures(label: string, p: Phase): Record<string, string | number> {
  const r = p.result;
  const codes = Object.entries(r.statusCodeStats ?? {}).map(([k, v]) => `${k}×${v.count}`).join(" ");
  return {
    [`${label}: requests/s (mean)`]: r.requests.average.toFixed(1),
    [`${label}: requests`]: r.requests.total,
    [`${label}: latency p50 / p99 / max`]: `${r.latency.p50} / ${r.latency.p99} / ${r.latency.max} ms`,
    [`${label}: errors (non-2xx answers)`]: `${r.non2xx} (${codes})`,
    [`${label}: connection errors / timeouts`]: `${r.errors} / ${r.timeouts}`,
    [`${label}: simulator 429s`]: p.sim.count429,
    [`${label}: upstream requests`]: `${p.sim.requests} (max weight in a 10 s window: IP ${p.sim.maxWeightIn10s.ip}, UID ${p.sim.maxWeightIn10s.uid} of 500)`,
    ...Object.fromEntries(p.byRoute.map((l, i) => [`${label}: route ${i + 1}`, l])),
  };
}

async function main() {
  ensureBuilt(DIST_DIR);

  // 1. The archive, filled quickly from an unlimited simulator.
  await prepareArchive();

  // 2. The measured run: WEEX's real limits, demo defaults.
  const stack = await startStack({ dataDir: BENCH_DATA_DIR, env: { ARCHIVE_SYNC: "on" } });
  try {
    await archiveReady(stack, 120_000);
    const users = ["viewer", "trader", "admin"];
    const cookies: string[] = [];
    for (let i = 0; i < sessions; i += 5) {
      cookies.push(...(await Promise.all(users.concat(users).slice(0, Math.min(5, sessions - i)).map((u) => login(stack.url, u)))));
    }
    // one warm-up pass, so first-request compilation and caches do not count
    const requests = browsingRequests(Date.now());
    for (const r of requests) await (await fetch(`${stack.url}${r.path}`, { headers: { cookie: cookies[0]! } })).arrayBuffer();

    // A: the calls exactly as the pages make them (today's sub-affiliate records are live).
    // B: the same calls answered from the archive alone (source=archive): what the dashboard
    //    serves when WEEX's weight budget is not the limit.
    const asPages = await phase(stack, cookies, requests);
    const archiveOnly = await phase(
      stack,
      cookies,
      requests.map((r) => (r.path.startsWith("/api/affiliate/") ? { ...r, path: `${r.path}&source=archive` } : r)),
    );
    const memory = residentMemory(stack.child.pid!);

    printFigures("load", {
      settings: `${seconds} s per mix, ${sessions} signed-in sessions (1 connection each), ${requests.length} overview + list API calls in a loop, demo mode (WEEX limits 500/10 s), archive synced`,
      ...figures("as the pages ask", asPages),
      ...figures("archive only (source=archive)", archiveOnly),
      "dashboard resident memory after the runs": `${memory.rssMiB} MiB (VmRSS of next start and its children, pids ${memory.pids.join(",")})`,
    });
    if (asPages.sim.count429 + archiveOnly.sim.count429 > 0) process.exitCode = 1;
  } finally {
    await stack.stop();
  }
}

await main();
