/**
 * Spot orders (GET /api/v3/order, GET /api/v3/allOrders) across the ~20 busiest pairs over
 * the last 120 days. Quantities and prices are integers of the pair's step and tick, so
 * executedQty, cummulativeQuoteQty (price × executed, exact) and isWorking always agree
 * with the status.
 *
 * Open orders move with the clock: most recent NEW and PARTIALLY_FILLED orders (and those
 * created while the simulator runs) get a later life — a partial fill, then filled or
 * cancelled, hours after they were placed — so a status looked up twice can differ. The others
 * stay on the book. Each order's later life comes from its own seed (its id), so it does not
 * reshuffle the generated data.
 */
import { jsonNumber } from "../../weex/wire";
import { intBetween, logNormal, mulberry32, normal, pickWeighted, subSeed, type Rng } from "../prng";
import { formatUnits } from "../units";
import type { SpotPair } from "./symbols";
import { DAY_MS } from "../../time/calendar";

export type SpotStatus = "NEW" | "PARTIALLY_FILLED" | "FILLED" | "CANCELED";

export interface SpotOrder {
  /** digits above 2^53 */
  orderId: string;
  clientOrderId: string;
  pair: SpotPair;
  type: "LIMIT" | "MARKET";
  side: "BUY" | "SELL";
  timeInForce: "GTC" | "IOC" | "FOK";
  status: SpotStatus;
  /** order price in ticks (0 for MARKET) */
  priceTicks: number;
  /** average fill price in ticks (what cummulativeQuoteQty is computed from) */
  fillTicks: number;
  origSteps: number;
  executedSteps: number;
  time: number;
  updateTime: number;
  /** what happens to an open order later (time order); absent: nothing more */
  later?: SpotEvent[];
}

export interface SpotEvent {
  at: number;
  status: SpotStatus;
  executedSteps: number;
}

/** Orders at scale 1 (≥ 50,000 promised). */
export const SPOT_ORDERS = 52_000;
export const SPOT_ORDER_DAYS = 120;

/** Decimal places of amounts on the wire. */
const MAX_DP = 8;
const CLIENT_PREFIXES = ["web_", "app_", "api-", "grid."];

/** The ~20 pairs with order history: the largest USDT markets plus a few USDC/BTC ones. */
export function orderPairs(pairs: readonly SpotPair[]): SpotPair[] {
  const trading = pairs.filter((p) => p.status === "TRADING");
  return [
    ...trading.filter((p) => p.quote === "USDT").slice(0, 15),
    ...trading.filter((p) => p.quote === "USDC").slice(0, 3),
    ...trading.filter((p) => p.quote === "BTC").slice(0, 2),
  ];
}

function statusFor(rng: Rng, type: "LIMIT" | "MARKET", tif: string, ageDays: number): SpotStatus {
  if (type === "MARKET") return "FILLED";
  if (tif !== "GTC") return rng() < 0.7 ? "FILLED" : "CANCELED";
  // Open orders are mostly recent; old ones have filled or been cancelled.
  const open = ageDays < 2 ? 0.3 : 0.04;
  const r = rng();
  if (r < open * 0.62) return "NEW";
  if (r < open) return "PARTIALLY_FILLED";
  return rng() < 0.63 ? "FILLED" : "CANCELED";
}

export function buildSpotOrders(rng: Rng, scale: number, pairs: readonly SpotPair[], firstDay: number, days: number, historyDays: number): SpotOrder[] {
  const weights = pairs.map((_, i) => 1 / (i + 1.5));
  // A smoothed daily price path per pair, in ticks.
  const paths = pairs.map((p) => {
    const path: number[] = [];
    let x = 0;
    for (let d = 0; d < days; d++) {
      x = x * 0.98 + normal(rng) * 0.025;
      path.push(Math.max(1, Math.round(p.priceTicks * Math.exp(x))));
    }
    return path;
  });
  const total = Math.round(SPOT_ORDERS * scale * (days / historyDays));
  const span = days * DAY_MS;
  const times: number[] = [];
  for (let i = 0; i < total; i++) times.push(firstDay + Math.floor(rng() * span));
  times.sort((a, b) => a - b);

  const historyEnd = firstDay + historyDays * DAY_MS;
  const out: SpotOrder[] = [];
  let id = 1_450_000_000_000_000_000n;
  times.forEach((time, i) => {
    const pi = pairs.indexOf(pickWeighted(rng, pairs, weights));
    const pair = pairs[pi];
    const day = Math.floor((time - firstDay) / DAY_MS);
    const market = paths[pi][day];
    const type = rng() < 0.8 ? "LIMIT" : "MARKET";
    const timeInForce = type === "MARKET" ? "GTC" : pickWeighted(rng, ["GTC", "IOC", "FOK"] as const, [85, 10, 5]);
    const side = rng() < 0.52 ? "BUY" : "SELL";
    const status = statusFor(rng, type, timeInForce, (historyEnd - time) / DAY_MS);
    const priceTicks = type === "MARKET" ? 0 : Math.max(1, Math.round(market * (1 + normal(rng) * 0.004)));
    const fillTicks = type === "MARKET" ? Math.max(1, Math.round(market * (1 + normal(rng) * 0.001))) : priceTicks;
    const usd = logNormal(rng, 180, 1.3);
    let origSteps = Math.max(pair.minQtySteps, Math.round((usd / pair.baseUsd) * 10 ** pair.stepDp));
    origSteps = Math.min(origSteps, pair.maxQtySteps);
    let executedSteps = 0;
    let final: SpotStatus = status;
    if (status === "FILLED") executedSteps = origSteps;
    else if (status === "PARTIALLY_FILLED" || (status === "CANCELED" && timeInForce !== "FOK" && rng() < 0.2)) {
      if (origSteps < 2) final = status === "PARTIALLY_FILLED" ? "NEW" : status;
      else executedSteps = intBetween(rng, 1, origSteps - 1);
    }
    id += BigInt(intBetween(rng, 1_000, 900_000));
    const working = final === "NEW" || final === "PARTIALLY_FILLED";
    const later = working && time >= historyEnd - 2 * DAY_MS ? laterLife(id.toString(), time, final, executedSteps, origSteps) : undefined;
    out.push({
      orderId: id.toString(),
      clientOrderId: `${CLIENT_PREFIXES[i % CLIENT_PREFIXES.length]}${i.toString(36)}${Math.floor(rng() * 1e6).toString(36)}`,
      pair,
      type,
      side,
      timeInForce,
      status: final,
      priceTicks,
      fillTicks,
      origSteps,
      executedSteps,
      time,
      updateTime: working && executedSteps === 0 ? time : time + Math.round(logNormal(rng, 40_000, 2)),
      ...(later ? { later } : {}),
    });
  });
  // Newest first, then orderId descending.
  out.reverse();
  return out;
}

const HOUR_MS = 3_600_000;

/**
 * The later life of an open order: 7 in 10 settle, a median of 8 hours after they were placed
 * (filled 3 times in 4, else cancelled), half of the unfilled ones with a partial fill first.
 */
function laterLife(orderId: string, time: number, status: SpotStatus, executedSteps: number, origSteps: number): SpotEvent[] | undefined {
  const life = mulberry32(subSeed(0x5107, orderId));
  if (life() >= 0.7) return undefined;
  const settleAt = time + Math.max(60_000, Math.round(logNormal(life, 8 * HOUR_MS, 1.2)));
  const events: SpotEvent[] = [];
  let executed = executedSteps;
  if (status === "NEW" && origSteps >= 2 && life() < 0.5) {
    executed = intBetween(life, 1, origSteps - 1);
    events.push({ at: time + Math.round((settleAt - time) * (0.2 + 0.6 * life())), status: "PARTIALLY_FILLED", executedSteps: executed });
  }
  events.push(life() < 0.75 ? { at: settleAt, status: "FILLED", executedSteps: origSteps } : { at: settleAt, status: "CANCELED", executedSteps: executed });
  return events;
}

/** An order as it stands at `now`: the generated state, then every later event that has happened. */
export function spotOrderAt(o: SpotOrder, now: number): { status: SpotStatus; executedSteps: number; updateTime: number } {
  // Before its generated update the order is as it was placed (not a FILLED order whose
  // updateTime follows the clock: the same record must read the same twice).
  let state: { status: SpotStatus; executedSteps: number; updateTime: number } =
    o.updateTime <= now ? { status: o.status, executedSteps: o.executedSteps, updateTime: o.updateTime } : { status: "NEW", executedSteps: 0, updateTime: o.time };
  for (const e of o.later ?? []) {
    if (e.at > now) break;
    state = { status: e.status, executedSteps: e.executedSteps, updateTime: e.at };
  }
  return state;
}

/** The wire record; an update still ahead of `now` is not shown yet. */
export function spotOrderWire(o: SpotOrder, now: number): Record<string, unknown> {
  const { tickDp, stepDp } = o.pair;
  const { status, executedSteps, updateTime } = spotOrderAt(o, now);
  // price × quantity has tickDp + stepDp decimals; the quote amount keeps at most 8 (rounded down).
  const excess = Math.max(0, tickDp + stepDp - MAX_DP);
  const quoteUnits = (BigInt(o.fillTicks) * BigInt(executedSteps)) / 10n ** BigInt(excess);
  return {
    symbol: o.pair.symbol,
    orderId: jsonNumber(o.orderId),
    clientOrderId: o.clientOrderId,
    price: formatUnits(o.priceTicks, tickDp),
    origQty: formatUnits(o.origSteps, stepDp),
    executedQty: formatUnits(executedSteps, stepDp),
    cummulativeQuoteQty: formatUnits(quoteUnits, tickDp + stepDp - excess),
    status,
    timeInForce: o.timeInForce,
    type: o.type,
    side: o.side,
    time: o.time,
    updateTime,
    isWorking: status === "NEW" || status === "PARTIALLY_FILLED",
  };
}
