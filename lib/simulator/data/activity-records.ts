/**
 * The records of invitees' activity as the simulator holds them (activity.ts generates them):
 * a commission record, a deposit or withdrawal, one invitee's day, an invitee's totals, and a
 * whole UTC day of the network packed into typed arrays (`DayBook`). Amounts are integers of a
 * fixed unit (cents; 1e-8 of a coin; 1e-10 for commission) and become decimal text only on the
 * wire (units.ts).
 */
import type { Rng } from "../prng";
import { DAY_MS } from "../../time/calendar";

export type ProductType = "SPOT" | "FUTURES";
export type Coin = "USDT" | "BTC";

/** One commission record (getAffiliateCommission). */
export interface Commission {
  /** digits (a Long) */
  uid: string;
  time: number;
  productType: ProductType;
  coin: Coin;
  symbol: string;
  sourceType: 1 | 2;
  /** 1e-8 of `coin` */
  feeUnits: number;
  /** rate in hundredths: 40 = "0.4" */
  ratePct: number;
  /** USDT cents */
  takerCents: number;
  makerCents: number;
}

/** A deposit or a withdrawal of a direct invitee, in USDT cents. */
export interface Movement {
  time: number;
  cents: number;
}

export interface InviteeDay {
  deposits: Movement[];
  withdrawals: Movement[];
  trades: Commission[];
}

/** Totals of one direct invitee over a window (getChannelUserTradeAndAsset). */
export interface Totals {
  uid: string;
  depositCents: number;
  withdrawalCents: number;
  spotCents: number;
  futuresCents: number;
  /**
   * USDT commission, 1e-10 USDT (commission paid in other coins is not in it). A number: a
   * record's is at most 2e11 fee units × 50 = 1e13 and an invitee has at most 3 a day, so
   * a window of the totals' 90 days stays below 2^53 (`addTrade` checks).
   */
  commissionUnits: number;
}

/** The UTC day number of a time (days since 1970-01-01). */
export const dayOf = (t: number) => Math.floor(t / DAY_MS);

/**
 * One UTC day of the whole network, packed: commission records sorted by (time, uid, order
 * generated), and the direct invitees' deposits and withdrawals. Read-only once built.
 */
export class DayBook {
  readonly n: number;
  readonly uid: Float64Array;
  readonly time: Float64Array;
  readonly fee: Float64Array;
  readonly taker: Float64Array;
  readonly maker: Float64Array;
  readonly symbol: Uint16Array;
  readonly rate: Uint8Array;
  /** bit 0: FUTURES, bit 1: BTC, bit 2: sourceType 2 */
  readonly flags: Uint8Array;
  readonly moves: { uid: Float64Array; time: Float64Array; cents: Float64Array; withdrawal: Uint8Array };

  constructor(
    records: Commission[],
    moves: Array<Movement & { uid: string; withdrawal: boolean }>,
    private readonly symbols: string[],
    symbolIndex: Map<string, number>,
  ) {
    records.sort((a, b) => a.time - b.time || Number(a.uid) - Number(b.uid));
    const n = (this.n = records.length);
    this.uid = new Float64Array(n);
    this.time = new Float64Array(n);
    this.fee = new Float64Array(n);
    this.taker = new Float64Array(n);
    this.maker = new Float64Array(n);
    this.symbol = new Uint16Array(n);
    this.rate = new Uint8Array(n);
    this.flags = new Uint8Array(n);
    records.forEach((r, i) => {
      this.uid[i] = Number(r.uid);
      this.time[i] = r.time;
      this.fee[i] = r.feeUnits;
      this.taker[i] = r.takerCents;
      this.maker[i] = r.makerCents;
      this.symbol[i] = symbolIndex.get(r.symbol)!;
      this.rate[i] = r.ratePct;
      this.flags[i] = (r.productType === "FUTURES" ? 1 : 0) | (r.coin === "BTC" ? 2 : 0) | (r.sourceType === 2 ? 4 : 0);
    });
    const m = moves.length;
    this.moves = { uid: new Float64Array(m), time: new Float64Array(m), cents: new Float64Array(m), withdrawal: new Uint8Array(m) };
    moves.forEach((x, i) => {
      this.moves.uid[i] = Number(x.uid);
      this.moves.time[i] = x.time;
      this.moves.cents[i] = x.cents;
      this.moves.withdrawal[i] = x.withdrawal ? 1 : 0;
    });
  }

  get size(): number {
    return this.n + this.moves.uid.length;
  }

  record(i: number): Commission {
    const f = this.flags[i];
    return {
      uid: String(this.uid[i]),
      time: this.time[i],
      productType: f & 1 ? "FUTURES" : "SPOT",
      coin: f & 2 ? "BTC" : "USDT",
      symbol: this.symbols[this.symbol[i]],
      sourceType: f & 4 ? 2 : 1,
      feeUnits: this.fee[i],
      ratePct: this.rate[i],
      takerCents: this.taker[i],
      makerCents: this.maker[i],
    };
  }
}

/** What a commission query selects besides its window. */
export interface CommissionFilter {
  productType: ProductType;
  coin?: string;
}

/** A page of a query: the matches on it, and how many there are in all. */
export interface Counted<T> {
  total: number;
  items: T[];
}

/** BTC's price in whole USDT, for fees charged in BTC (1e-8 USDT ÷ this = 1e-8 BTC). */
export const BTC_USDT = 68_900;

/** The commission record of one trade of `cents` volume: its taker part drawn from `rng`, its fee at `ppm` in `coin`. */
export function tradeRecord(
  rng: Rng,
  uid: string,
  time: number,
  productType: ProductType,
  coin: Coin,
  symbol: string,
  sourceType: 1 | 2,
  cents: number,
  ppm: { taker: number; maker: number },
  ratePct: number,
): Commission {
  const takerCents = Math.round(cents * (0.2 + rng() * 0.7));
  const makerCents = cents - takerCents;
  // cents × ppm = 1e-8 USDT
  const feeUsdt = takerCents * ppm.taker + makerCents * ppm.maker;
  const feeUnits = coin === "BTC" ? Math.floor(feeUsdt / BTC_USDT) : feeUsdt;
  return { uid, time, productType, coin, symbol, sourceType, feeUnits, ratePct, takerCents, makerCents };
}

export function emptyTotals(uid: string): Totals {
  return { uid, depositCents: 0, withdrawalCents: 0, spotCents: 0, futuresCents: 0, commissionUnits: 0 };
}

/** Add one direct record: volume always; commission only when paid in USDT (coins are never added). */
export function addTrade(t: Totals, futures: boolean, btc: boolean, cents: number, feeUnits: number, ratePct: number): void {
  if (futures) t.futuresCents += cents;
  else t.spotCents += cents;
  if (btc) return;
  t.commissionUnits += feeUnits * ratePct;
  if (!Number.isSafeInteger(t.commissionUnits)) throw new RangeError(`commission of ${t.uid} is beyond exact integer arithmetic`);
}
