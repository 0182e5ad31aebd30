/**
 * Budget bench: how much of WEEX's weight budget one client uses under saturating load, and
 * whether the exchange ever had to say 429.
 *
 *   npx tsx bench/budget.ts [--seconds 30] [--workers 8] [--clickers 2] [--priority background|interactive]
 *   (or BENCH_SECONDS / BENCH_WORKERS / BENCH_CLICKERS / BENCH_PRIORITY)
 *
 * Starts the simulator on a free port (500 IP + 500 UID weight per rolling 10 s) and drives
 * all ten endpoints through one WeexClient for the given time (20-120 s, default 30):
 * - `workers` backfill loops page through the affiliate data and spot orders as fast as the
 *   budget allows (priority background by default, as the archive sync will);
 * - `clickers` people look things up and place an order now and then (interactive, 1-2 s
 *   think time).
 * Then it prints the weight sent in each 10 s window against the allowed 500 (IP and UID),
 * the busiest exact rolling window as the simulator counted it, the simulator's 429 count, and
 * how long each priority waited for budget. Target: >= 90 % used with zero 429s.
 */
import { setMaxListeners } from "node:events";
import { parseArgs } from "node:util";
import { startSimulator } from "../lib/simulator/index";
import { DEFAULT_LIMITS, MemoryBudget, MemoryLedger, type Priority, type WeightBudget, type WeightCost, type WeightLedger } from "../lib/weex/budget";
import { WeexClient } from "../lib/weex/client";

import { isWeexError } from "../lib/weex/errors";
import { DAY_MS } from "../lib/time/calendar";

// WEEX's weight limit and its window, as the budget holds them
const { ipPer10s: LIMIT, windowMs: WINDOW_MS } = DEFAULT_LIMITS;

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: process.env.BENCH_SECONDS ?? "30" },
    workers: { type: "string", default: process.env.BENCH_WORKERS ?? "8" },
    clickers: { type: "string", default: process.env.BENCH_CLICKERS ?? "2" },
    priority: { type: "string", default: process.env.BENCH_PRIORITY ?? "background" },
  },
});
const bounded = (v: string | undefined, min: number, max: number, dflt: number) => Math.min(max, Math.max(min, Number.isFinite(Number(v)) ? Number(v) : dflt));
const seconds = bounded(args.seconds, 20, 120, 30);
const workers = bounded(args.workers, 1, 64, 8);
const clickers = bounded(args.clickers, 0, 16, 2);
const backfillPriority = args.priority as Priority;
if (backfillPriority !== "background" && backfillPriority !== "interactive") throw new Error(`--priority must be background or interactive, not ${args.priority}`);

// ---------------------------------------------------------------------------------------------
// Instruments: a ledger that records every admitted charge, a budget that times each wait.

interface Sent {
  at: number;
  cost: WeightCost;
}
const sent: Sent[] = [];
const waits: Record<Priority, number[]> = { order: [], interactive: [], background: [] };

function recording(ledger: MemoryLedger): WeightLedger {
  return {
    tryCharge: (now, cost, share, promised) => {
      const r = ledger.tryCharge(now, cost, share, promised);
      if (r.ok) sent.push({ at: now, cost });
      return r;
    },
    hold: (now, ref, forMs) => ledger.hold(now, ref, forMs),
    pause: (until) => ledger.pause(until),
    usage: (now) => ledger.usage(now),
  };
}

function timed(budget: WeightBudget): WeightBudget {
  return {
    acquire: async (cost, opts) => {
      const t0 = performance.now();
      const lease = await budget.acquire(cost, opts);
      waits[opts.priority].push(performance.now() - t0);
      return lease; // the client reports through it when each answer arrived
    },
    pause: (until) => budget.pause(until),
  };
}

// ---------------------------------------------------------------------------------------------

/** HTTP round-trip times per endpoint, from the client's log lines. */
const latency: Record<string, number[]> = {};
const logger = {
  info: (o: object) => {
    const { endpoint, durationMs } = o as { endpoint?: string; durationMs?: number };
    if (endpoint && durationMs !== undefined) (latency[endpoint] ??= []).push(durationMs);
  },
  // A 429 should never happen; if one does, show what WEEX (the simulator) said it counted.
  warn: (o: object) => {
    if ((o as { status?: number }).status === 429) console.log("429 from the simulator:", JSON.stringify(o));
  },
  error: () => {},
};

const sim = await startSimulator({ port: 0, quiet: true });
const budget = new MemoryBudget({ ledger: recording(new MemoryLedger()) });
const client = new WeexClient({
  spotBaseUrl: sim.url,
  contractBaseUrl: sim.url,
  credentials: { apiKey: "sim-key-0001", apiSecret: "sim-secret-0001", passphrase: "sim-passphrase-0001" },
  budget: timed(budget),
  logger,
});

const stop = new AbortController();
setMaxListeners(0, stop.signal); // every waiting request listens to it
const errors: Record<string, number> = {};
let calls = 0;

// Reference data the mix needs: a spot pair with orders, a contract symbol, a spot order id.
const info = await client.call("exchangeInfo", {});
const spotSymbol = info.symbols.find((s) => s.symbol === "BTCUSDT")?.symbol ?? info.symbols[0].symbol;
const contractSymbol = `cmt_${spotSymbol.toLowerCase()}`;
const someOrders = await client.call("allOrders", { symbol: spotSymbol, pageSize: 50 });
const orderIds = someOrders.map((o) => o.orderId);
sim.resetStats();
sent.length = 0;
waits.interactive.length = 0;
waits.background.length = 0;

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];
let orderSeq = 0;

/** A background backfill step: the next page of one of the affiliate data sets. */
const cursors = { subAffiliates: 1, invitees: 1, withdrawals: 1, allOrders: 1 };
async function backfillStep(priority: Priority) {
  // A backfill is in no hurry: it queues for budget as long as it takes.
  const opts = { priority, signal: stop.signal, budgetWaitMs: 600_000 };
  // Roughly what the archive sync fetches: mostly daily sub-affiliate pages, some
  // invitee pages, few transfer pages (past month only, but 100 weight each).
  const r = Math.random();
  const set = r < 0.7 ? "subAffiliates" : r < 0.9 ? "invitees" : r < 0.95 ? "allOrders" : "withdrawals";
  const page = cursors[set]++;
  let hasNextPage: boolean;
  if (set === "subAffiliates") hasNextPage = (await client.list("subAffiliates", { productType: pick(["SPOT", "FUTURES"] as const), startTime: Date.now() - 365 * DAY_MS, endTime: Date.now(), page }, opts)).hasNextPage;
  else if (set === "invitees") hasNextPage = (await client.list("invitees", { startTime: Date.now() - 80 * DAY_MS, page }, opts)).hasNextPage;
  else if (set === "withdrawals") hasNextPage = (await client.list("withdrawals", { page, pageSize: 200 }, opts)).hasNextPage;
  else hasNextPage = (await client.list("allOrders", { symbol: spotSymbol, page, pageSize: 100 }, opts)).hasNextPage;
  if (!hasNextPage) cursors[set] = 1;
}

/** What a person does: look something up, now and then place an order. */
async function clickStep(priority: Priority) {
  const opts = { priority, signal: stop.signal, budgetWaitMs: 30_000 };
  const r = Math.random();
  if (r < 0.25) await client.call("spotOrder", { orderId: pick(orderIds) }, opts);
  else if (r < 0.4) await client.list("invitees", { page: 1 }, opts);
  else if (r < 0.55) await client.list("subAffiliates", { productType: "FUTURES", startTime: Date.now() - 30 * DAY_MS, endTime: Date.now(), page: 1 }, opts);
  else if (r < 0.65) await client.call("coins", {}, opts);
  else if (r < 0.72) await client.call("exchangeInfo", { symbol: spotSymbol }, opts);
  else if (r < 0.8) await client.list("allOrders", { symbol: spotSymbol, page: 1, pageSize: 20 }, opts);
  else if (r < 0.9) {
    const id = `bench-${process.pid}-${++orderSeq}`;
    await client.call("placeOrder", { symbol: contractSymbol, side: "BUY", positionSide: "LONG", type: "MARKET", quantity: "0.01", newClientOrderId: id }, opts);
  } else {
    const placed = await client.call(
      "placeTpSl",
      { symbol: contractSymbol, clientOrderId: `bench-tp-${process.pid}-${++orderSeq}`, planType: "profit_plan", triggerPrice: "1000000", size: "0.01", positionSide: "long" },
      opts,
    );
    const orderId = placed[0]?.orderId;
    if (placed[0]?.success && orderId !== "0") await client.call("modifyTpSl", { orderId, triggerPrice: "1100000" }, opts);
  }
}

async function worker(kind: "backfill" | "click", priority: Priority) {
  while (!stop.signal.aborted) {
    try {
      await (kind === "backfill" ? backfillStep(priority) : clickStep(priority));
      calls++;
    } catch (e) {
      if (stop.signal.aborted) return;
      const key = isWeexError(e) ? `${e.kind}${e.upstream?.code ? ` ${e.upstream.code}` : ""}` : String(e);
      errors[key] = (errors[key] ?? 0) + 1;
    }
    // People think between clicks; the backfill does not. Orders stay under ~50 per minute.
    if (kind === "click") await new Promise((r) => setTimeout(r, 1000 + Math.random() * 1000));
  }
}

console.log(`budget bench: ${seconds} s, ${workers} ${backfillPriority} backfill workers + ${clickers} interactive clickers, simulator ${sim.url}`);
const started = Date.now();
const running = [
  ...Array.from({ length: workers }, () => worker("backfill", backfillPriority)),
  ...Array.from({ length: clickers }, () => worker("click", "interactive")),
];
await new Promise((r) => setTimeout(r, seconds * 1000));
stop.abort(new Error("bench over"));
await Promise.allSettled(running);
const stats = sim.stats();
await sim.close();

// ---------------------------------------------------------------------------------------------
// Report

const pct = (w: number) => `${((100 * w) / LIMIT).toFixed(1)} %`;
const uidOf = (s: Sent) => (s.cost.uidKey === "public" ? 0 : s.cost.uid);
console.log("\nweight sent per 10 s window (allowed: 500 IP, 500 UID)");
console.log("window          IP weight          UID weight");
const fullWindows = Math.floor((Date.now() - started) / WINDOW_MS);
for (let w = 0; w < fullWindows; w++) {
  const from = started + w * WINDOW_MS;
  const inside = sent.filter((s) => s.at >= from && s.at < from + WINDOW_MS);
  const ip = inside.reduce((a, s) => a + s.cost.ip, 0);
  const uid = inside.reduce((a, s) => a + uidOf(s), 0);
  console.log(`${String(w * 10).padStart(3)}-${String(w * 10 + 10).padEnd(3)} s     ${String(ip).padStart(4)}  ${pct(ip).padStart(7)}     ${String(uid).padStart(4)}  ${pct(uid).padStart(7)}`);
}
// The run starts with an empty budget: a free burst at once, then a lull until the burst's
// weight expires after one window. The steady state is every 10 s window that ends at a whole
// second from 20 s on, so the figure does not depend on where the table's windows fall.
const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const rolling: { ip: number; uid: number }[] = [];
for (let end = started + 2 * WINDOW_MS; end <= started + seconds * 1000; end += 1000) {
  const inside = sent.filter((s) => s.at > end - WINDOW_MS && s.at <= end);
  rolling.push({ ip: inside.reduce((a, s) => a + s.cost.ip, 0), uid: inside.reduce((a, s) => a + uidOf(s), 0) });
}
const steadyIp = avg(rolling.map((w) => w.ip));
if (rolling.length) {
  const range = (xs: number[]) => `${pct(Math.min(...xs))}-${pct(Math.max(...xs))}`;
  console.log(
    `steady state, ${rolling.length} rolling 10 s windows ending 20 s and later: IP ${pct(steadyIp)} (${range(rolling.map((w) => w.ip))}), ` +
      `UID ${pct(avg(rolling.map((w) => w.uid)))} (${range(rolling.map((w) => w.uid))}) of 500`,
  );
}
const quantile = (xs: number[], q: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] : NaN);
for (const p of ["order", "interactive", "background"] as const) {
  const w = waits[p];
  if (w.length) console.log(`budget wait, ${p.padEnd(11)}: ${w.length} requests, p50 ${quantile(w, 0.5).toFixed(0)} ms, p99 ${quantile(w, 0.99).toFixed(0)} ms, max ${Math.max(...w).toFixed(0)} ms`);
}
const lat = Object.entries(latency)
  .map(([k, v]) => `${k} ${quantile(v, 0.5)}/${quantile(v, 0.99)}`)
  .join(", ");
console.log(`round trip p50/p99 ms: ${lat}`);
console.log(`simulator: ${stats.requests} requests, busiest rolling 10 s window IP ${stats.maxWeightIn10s.ip} / UID ${stats.maxWeightIn10s.uid} of 500, 429s: ${stats.count429}, orders executed: ${stats.ordersPlaced}`);
console.log(`client: ${calls} calls completed, errors: ${Object.keys(errors).length ? JSON.stringify(errors) : "none"}`);
const ok = rolling.length > 0 && steadyIp >= 0.9 * LIMIT && stats.count429 === 0;
console.log(ok ? "target met: >= 90 % of the IP budget with zero 429s" : "target NOT met (>= 90 % of the IP budget with zero 429s)");
process.exitCode = ok ? 0 : 1;
