/**
 * Where invitees' activity gets its randomness and its markets (activity.ts): a generator per
 * (seed, integers), so one invitee's one day reads the same whatever was asked before; each
 * invitee's habits from its own seed; the symbols records are traded on.
 */
import { logNormal, mulberry32, type Rng } from "../prng";
import type { ProductType } from "./activity-records";
import type { ContractSymbol, SpotPair } from "./symbols";

export function mix(h: number, v: number): number {
  h = Math.imul(h ^ (v >>> 0), 0x9e3779b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

/** A generator seeded by the simulator's seed and some integers (uids above 2^32 included). */
export function rngOf(base: number, ...parts: number[]): Rng {
  let h = base;
  for (const p of parts) h = mix(mix(h, p % 4_294_967_296), Math.floor(p / 4_294_967_296));
  return mulberry32(h);
}

/** An invitee's habits, from its own seed. */
export interface Habits {
  /** share of the days between its first and last trade on which it trades */
  tradeDays: number;
  /** median volume of a trading day, USDT cents */
  dayCents: number;
  futuresShare: number;
  /** share of its spot records on BTC-quoted pairs (commission in BTC) */
  btcShare: number;
  /** the affiliate's rate on this invitee, hundredths */
  ratePct: Record<ProductType, number>;
  depositCents: number;
  /** share of the days between the first and last deposit with another deposit */
  depositDays: number;
  withdrawalDays: number;
  /** equity now against net deposits, in per cent (profit and loss) */
  pnlPct: number;
}

/** An invitee's habits, from its own seed (`base`: the activity's seed). */
export function habitsOf(base: number, uid: string): Habits {
  const rng = rngOf(base, Number(uid), 0x7fffffff);
  const spotRates = [20, 30, 40];
  const futuresRates = [30, 40, 50];
  const tier = Math.floor(rng() * 3);
  return {
    tradeDays: 0.15 + rng() * 0.6,
    dayCents: Math.round(logNormal(rng, 150_000, 1.3)),
    futuresShare: 0.3 + rng() * 0.6,
    btcShare: rng() < 0.3 ? rng() * 0.4 : 0,
    ratePct: { SPOT: spotRates[tier], FUTURES: futuresRates[tier] },
    depositCents: Math.round(logNormal(rng, 60_000, 1.2)),
    depositDays: 0.04 + rng() * 0.1,
    withdrawalDays: 0.02 + rng() * 0.06,
    pnlPct: 60 + Math.floor(rng() * 71),
  };
}

/** The symbols records are traded on, from the simulator's pairs and contracts. */
export interface SymbolLists {
  futures: string[];
  spotUsdt: string[];
  spotBtc: string[];
}

export function symbolLists(pairs: readonly SpotPair[], contracts: Iterable<ContractSymbol>): SymbolLists {
  const trading = pairs.filter((p) => p.status === "TRADING");
  return {
    futures: [...contracts].map((c) => c.symbol).slice(0, 40),
    spotUsdt: trading.filter((p) => p.quote === "USDT").slice(0, 30).map((p) => p.symbol),
    spotBtc: trading.filter((p) => p.quote === "BTC").slice(0, 10).map((p) => p.symbol),
  };
}

/** The larger markets more often: index ~ r² of the list. */
export function pickSkewed(rng: Rng, list: readonly string[]): string {
  const r = rng();
  return list[Math.floor(r * r * list.length)];
}
