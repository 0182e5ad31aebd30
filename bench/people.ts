/**
 * People-first bench: the archive's first backfill runs at full speed
 * while simulated people click through the dashboard's pages and place orders, all through
 * the route handlers of the built dashboard (demo mode, empty database, ARCHIVE_SYNC on).
 * Each person opens a random page (its API requests in parallel, as the page does) and reads
 * it for 3-8 s. While the archive is empty, the overview's aggregates are live walks of
 * hundreds of pages: people's own demand can then take most of the budget, and the backfill
 * gets only what they leave.
 *
 *   npx tsx bench/people.ts [--scale 1] [--people 4] [--minutes 20]
 *   (or BENCH_SCALE / BENCH_PEOPLE / BENCH_MINUTES)
 *
 * Prints, once the backfill has finished:
 * - the people's wait: each route handler's answer time, p50/p99 (and per page);
 * - how many of their requests were refused 429 (goal 0) and any other failure;
 * - the background's share of the WEEX budget while it ran (weight it sent ÷ 500 per 10 s)
 *   and the people's share;
 * - the backfill's duration against its physical minimum (its total weight ÷ 50 per second);
 * - the simulator's 429 count (must be 0: we never exceed WEEX's limits).
 * Who sent what upstream comes from the dashboard's log: one line per WEEX request, with its
 * priority (LOG_LEVEL=info).
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { ENDPOINTS, type EndpointKey } from "../lib/weex/endpoints";
import { ensureBuilt, login, percentile, printFigures, sleep, startStack } from "./lib/stack";
import { DAY_MS } from "../lib/time/calendar";

const { values: args } = parseArgs({
  options: {
    scale: { type: "string", default: process.env.BENCH_SCALE ?? "1" },
    people: { type: "string", default: process.env.BENCH_PEOPLE ?? "4" },
    minutes: { type: "string", default: process.env.BENCH_MINUTES ?? "20" },
  },
});
const scale = Number(args.scale);
const people = Math.max(1, Math.min(32, Number(args.people) || 4));
const minutes = Number(args.minutes) || 20;

const LIMIT = 500;
const WINDOW_MS = 10_000;

ensureBuilt();
const stack = await startStack({ sim: { scale }, env: { ARCHIVE_SYNC: "on", LOG_LEVEL: "info" } });
const started = Date.now();
console.log(`people bench: simulator scale ${scale}, ${people} people clicking while the first backfill runs (dashboard ${stack.url})`);

// ---------------------------------------------------------------------------------------------
// The people: each opens a page (its API requests in parallel, as the page does), reads 3-8 s.

interface Answer {
  page: string;
  status: number;
  ms: number;
}
const answers: Answer[] = [];
let orderSeq = 0;

type Req = { path: string; method?: string; body?: unknown };
const PAGES: { name: string; role: "viewer" | "trader"; requests: (now: number) => Req[] }[] = [
  {
    name: "overview",
    role: "viewer",
    // the "last 30 days" preset in UTC, as the page asks it: whole days, so the live cache and
    // coalescing see the same query from every viewer that day
    requests: (now) => {
      const end = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS - 1;
      const start = end + 1 - 30 * DAY_MS;
      return [
        { path: `/api/affiliate/sub-affiliates/series?startTime=${start}&endTime=${end}&granularity=day&tz=UTC` },
        { path: `/api/affiliate/sub-affiliates/leaderboard?startTime=${start}&endTime=${end}&by=commission&limit=10` },
        { path: `/api/affiliate/invitees/funnel?startTime=${start}&endTime=${end}` },
      ];
    },
  },
  { name: "invitees (live)", role: "viewer", requests: () => [{ path: `/api/affiliate/invitees?source=live&pageSize=20` }] },
  { name: "invitees", role: "viewer", requests: () => [{ path: `/api/affiliate/invitees?pageSize=20` }] },
  { name: "transfers", role: "viewer", requests: () => [{ path: `/api/affiliate/withdrawals?pageSize=20` }] },
  { name: "transfers (live)", role: "viewer", requests: () => [{ path: `/api/affiliate/withdrawals?source=live&pageSize=20` }] },
  { name: "sub-affiliates", role: "viewer", requests: () => [{ path: `/api/affiliate/sub-affiliates?productType=FUTURES&pageSize=20` }] },
  { name: "markets", role: "viewer", requests: () => [{ path: `/api/reference/symbols` }, { path: `/api/reference/coins` }] },
  {
    name: "contract order",
    role: "trader",
    requests: () => [
      {
        path: "/api/contract/orders",
        method: "POST",
        body: { symbol: "cmt_btcusdt", side: "BUY", positionSide: "LONG", type: "MARKET", quantity: "0.01", newClientOrderId: `bp-${process.pid}-${++orderSeq}` },
      },
    ],
  },
  {
    name: "plan order",
    role: "trader",
    requests: () => [
      {
        path: "/api/contract/plan-orders",
        method: "POST",
        body: { symbol: "cmt_btcusdt", clientOrderId: `bpp-${process.pid}-${++orderSeq}`, planType: "profit_plan", triggerPrice: "95000", size: "0.01", positionSide: "long" },
      },
    ],
  },
];

async function call(cookie: string, page: string, r: Req): Promise<string> {
  const t0 = performance.now();
  const res = await fetch(`${stack.url}${r.path}`, {
    method: r.method ?? "GET",
    headers: { cookie, ...(r.body ? { "content-type": "application/json", origin: stack.url } : {}) },
    body: r.body ? JSON.stringify(r.body) : undefined,
  });
  const text = await res.text();
  answers.push({ page, status: res.status, ms: performance.now() - t0 });
  return text;
}

let backfillDone = false;
async function person(i: number) {
  const cookies = { viewer: await login(stack.url, "viewer"), trader: await login(stack.url, "trader") };
  while (!backfillDone) {
    const page = PAGES[Math.floor(Math.random() * PAGES.length)]!;
    const cookie = cookies[page.role];
    const texts = await Promise.all(page.requests(Date.now()).map((r) => call(cookie, page.name, r).catch(() => "")));
    if (page.name === "plan order") {
      // then modify it, as on the trading page
      const id = (() => {
        try {
          return (JSON.parse(texts[0]!) as { orderId?: string }[])[0]?.orderId;
        } catch {
          return undefined;
        }
      })();
      if (id && id !== "0") await call(cookie, "modify plan order", { path: `/api/contract/plan-orders/${id}`, method: "PATCH", body: { triggerPrice: "96000" } });
    }
    await sleep(3000 + Math.random() * 5000 + i);
  }
}

// ---------------------------------------------------------------------------------------------
// The backfill: done when every dataset has synced once and is idle.

async function waitForBackfill(): Promise<number> {
  const admin = await login(stack.url, "admin");
  const deadline = started + minutes * 60_000;
  for (;;) {
    const res = await fetch(`${stack.url}/api/admin/sync`, { headers: { cookie: admin } });
    const status = (await res.json()) as { datasets: { state: string; syncedAt: number | null; lastError: string | null }[] };
    if (status.datasets.every((d) => d.syncedAt !== null && d.state === "idle")) return Date.now();
    if (Date.now() > deadline) throw new Error(`the backfill did not finish within ${minutes} min: ${JSON.stringify(status.datasets)}`);
    await sleep(1000);
  }
}

let endedAt = 0;
try {
  const crowd = Array.from({ length: people }, (_, i) => person(i));
  endedAt = await waitForBackfill();
  backfillDone = true;
  await Promise.all(crowd);
} finally {
  backfillDone = true;
  const stats = stack.sim.stats();
  const log = readFileSync(stack.logFile, "utf8");
  await stack.stop();
  report(stats, log);
}

function report(stats: ReturnType<typeof stack.sim.stats>, log: string) {
  // WEEX requests by priority, from the dashboard's log
  const sent: { at: number; priority: string; weight: number }[] = [];
  for (const line of log.split("\n")) {
    if (!line.includes('"WEEX request"')) continue;
    try {
      const o = JSON.parse(line) as { time: number; endpoint: EndpointKey; priority?: string; status?: number };
      const ep = ENDPOINTS[o.endpoint];
      if (ep) sent.push({ at: o.time, priority: o.priority ?? "unknown", weight: ep.ipWeight });
    } catch {
      // not a JSON line
    }
  }
  const background = sent.filter((s) => s.priority === "background");
  const firstBg = background[0]?.at ?? started;
  const lastBg = background.at(-1)?.at ?? endedAt;
  const durationMs = Math.max(1, lastBg - firstBg);
  const bgWeight = background.reduce((a, s) => a + s.weight, 0);
  const peopleWeight = sent.filter((s) => s.priority !== "background" && s.at >= firstBg && s.at <= lastBg).reduce((a, s) => a + s.weight, 0);
  const budget = (LIMIT * durationMs) / WINDOW_MS;
  const minimumMs = (bgWeight / (LIMIT / (WINDOW_MS / 1000))) * 1000;

  const waits = answers.map((a) => a.ms).sort((a, b) => a - b);
  const refused = answers.filter((a) => a.status === 429).length;
  const failed = answers.filter((a) => a.status !== 200 && a.status !== 429);
  const perPage = [...new Set(answers.map((a) => a.page))]
    .map((p) => {
      const xs = answers.filter((a) => a.page === p).map((a) => a.ms).sort((a, b) => a - b);
      return `${p} ${xs.length}× p50 ${percentile(xs, 50).toFixed(0)} / p99 ${percentile(xs, 99).toFixed(0)} ms`;
    })
    .join("; ");
  console.log(`\nper page: ${perPage}`);
  if (failed.length) console.log(`other failures: ${JSON.stringify(failed.slice(0, 10))}`);

  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  const s = (x: number) => `${(x / 1000).toFixed(0)} s`;
  printFigures("people", {
    "simulator scale": scale,
    "backfill finished": endedAt > 0 ? "yes" : `no (stopped after ${minutes} min)`,
    "people clicking": people,
    "people's requests": answers.length,
    "people's wait p50 / p99": `${percentile(waits, 50).toFixed(0)} ms / ${percentile(waits, 99).toFixed(0)} ms`,
    "people's 429s (goal 0)": refused,
    "people's other failures": failed.length,
    "background share of the budget": `${pct(bgWeight / budget)} (${bgWeight} weight in ${s(durationMs)})`,
    "people's share of the budget": pct(peopleWeight / budget),
    "budget used in total": pct((bgWeight + peopleWeight) / budget),
    "backfill duration vs physical minimum": `${s(durationMs)} vs ${s(minimumMs)} (total weight ${bgWeight} ÷ 50/s): ${(durationMs / minimumMs).toFixed(2)}×`,
    "simulator 429s (must be 0)": stats.count429,
    "busiest rolling 10 s window (IP)": `${stats.maxWeightIn10s.ip} of ${LIMIT}`,
  });
  const ok = refused === 0 && stats.count429 === 0 && failed.length === 0;
  console.log(ok ? "target met: no 429 for people, none from WEEX" : "target NOT met");
  process.exitCode = ok ? 0 : 1;
}
