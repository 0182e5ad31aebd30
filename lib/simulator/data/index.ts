/**
 * The simulator's data: generated once at start from (seed, scale, clock), deterministic for
 * the same inputs. Every data set is anchored to the start of the UTC day of `now` at start,
 * so two simulators started on the same day with the same seed serve the same records.
 * A few days ahead are generated too: they appear while the simulator runs (responses only
 * show what has happened by the exchange's current time).
 */
import { rngFor } from "../prng";
import { InviteeActivity } from "./activity";
import { symbolLists } from "./activity-seeds";
import { buildAssets, STABLES } from "./assets";
import { buildCoins } from "./coins";
import { buildInvitees, type Invitee } from "./invitees";
import { buildSpotOrders, orderPairs, SPOT_ORDER_DAYS, type SpotOrder } from "./spotOrders";
import { buildSubAffiliates, type SubAffiliateData } from "./subAffiliates";
import { buildContractSymbols, buildSpotPairs, type ContractSymbol, type SpotPair } from "./symbols";
import { buildTransfers, type Transfer } from "./withdrawals";
import { PLANTED_SUBS, plantedRegistrations, plantedTransfers } from "./risk-plants";
import { DAY_MS, utcDayStart } from "../../time/calendar";

/** Days generated beyond the start day, which appear as the clock moves. */
export const DAYS_AHEAD = 14;
/** History lengths: a year of invitees and sub-affiliate records, a month of transfers. */
export const HISTORY_DAYS = { invitees: 365, subAffiliates: 365, transfers: 30 } as const;

export interface Dataset {
  seed: number;
  scale: number;
  /** start of the UTC day of `now` at start */
  anchor: number;
  pairs: SpotPair[];
  pairsBySymbol: Map<string, SpotPair>;
  contracts: Map<string, ContractSymbol>;
  coins: Record<string, unknown>[];
  /** newest first */
  invitees: Invitee[];
  inviteesByUid: Map<string, Invitee>;
  subAffiliates: SubAffiliateData;
  /**
   * what invitees do after registering (deposits, withdrawals, commission records) and the
   * commission earned on sub-affiliates' own invitees: generated per invitee and day on demand
   */
  activity: InviteeActivity;
  /** newest first */
  transfers: Transfer[];
  /** newest first, all pairs */
  spotOrders: SpotOrder[];
  spotOrdersBySymbol: Map<string, SpotOrder[]>;
  spotOrdersById: Map<string, SpotOrder>;
  spotOrdersByClientId: Map<string, SpotOrder>;
  /** milliseconds the generation took */
  generationMs: number;
}

/** Day 0 of a history, chosen so that its last history day is the start day. */
const dayZero = (anchor: number, history: number) => anchor - (history - 1) * DAY_MS;

/**
 * The affiliate's network alone — invitees, sub-affiliates and what they do — as the dataset
 * holds it (the same records), without the reference data, transfers and spot orders: what
 * the rebate reads serve, for measuring them at larger scales.
 */
export function generateNetwork(opts: { seed: number; scale: number; now: number }): Pick<Dataset, "invitees" | "inviteesByUid" | "subAffiliates" | "activity"> {
  const { seed, scale } = opts;
  const anchor = utcDayStart(opts.now);
  const assets = buildAssets(rngFor(seed, "assets"), 84);
  const pairs = buildSpotPairs(rngFor(seed, "pairs"), assets);
  const contracts = buildContractSymbols(pairs);
  return network(seed, scale, anchor, pairs, contracts);
}

function network(seed: number, scale: number, anchor: number, pairs: SpotPair[], contracts: Iterable<ContractSymbol>) {
  // Each kind's own generator, its first day, its days of history and the days it runs ahead.
  const span = (kind: "invitees" | "subAffiliates") =>
    [rngFor(seed, kind), scale, dayZero(anchor, HISTORY_DAYS[kind]), HISTORY_DAYS[kind], HISTORY_DAYS[kind] + DAYS_AHEAD] as const;
  // The risk patterns are planted among the ordinary population (risk-plants.ts).
  const invitees = buildInvitees(...span("invitees"), plantedRegistrations(anchor));
  const subAffiliates = buildSubAffiliates(...span("subAffiliates"), PLANTED_SUBS);
  const inviteesByUid = new Map(invitees.map((i) => [i.uid, i]));
  const activity = new InviteeActivity(seed, invitees, inviteesByUid, subAffiliates, symbolLists(pairs, contracts));
  return { invitees, inviteesByUid, subAffiliates, activity };
}

export function generateDataset(opts: { seed: number; scale: number; now: number }): Dataset {
  const started = performance.now();
  const { seed, scale } = opts;
  const anchor = utcDayStart(opts.now);

  const assets = buildAssets(rngFor(seed, "assets"), 84);
  const pairs = buildSpotPairs(rngFor(seed, "pairs"), assets);
  const contracts = new Map(buildContractSymbols(pairs).map((c) => [c.symbol, c]));
  const coins = buildCoins(rngFor(seed, "coins"), [...STABLES, ...assets.slice(0, 64)]);
  const { invitees, inviteesByUid, subAffiliates, activity } = network(seed, scale, anchor, pairs, contracts.values());
  // Transfers start one day inside the month so the first day is still queryable at start.
  const transfers = plantedTransfers(
    buildTransfers(rngFor(seed, "transfers"), scale, dayZero(anchor, HISTORY_DAYS.transfers - 1), HISTORY_DAYS.transfers - 1 + DAYS_AHEAD),
    invitees,
  );
  const spotOrders = buildSpotOrders(
    rngFor(seed, "spotOrders"),
    scale,
    orderPairs(pairs),
    dayZero(anchor, SPOT_ORDER_DAYS),
    SPOT_ORDER_DAYS + DAYS_AHEAD,
    SPOT_ORDER_DAYS,
  );

  const spotOrdersBySymbol = new Map<string, SpotOrder[]>();
  for (const o of spotOrders) {
    const list = spotOrdersBySymbol.get(o.pair.symbol) ?? [];
    list.push(o);
    spotOrdersBySymbol.set(o.pair.symbol, list);
  }

  return {
    seed,
    scale,
    anchor,
    pairs,
    pairsBySymbol: new Map(pairs.map((p) => [p.symbol, p])),
    contracts,
    coins,
    invitees,
    inviteesByUid,
    subAffiliates,
    activity,
    transfers,
    spotOrders,
    spotOrdersBySymbol,
    spotOrdersById: new Map(spotOrders.map((o) => [o.orderId, o])),
    spotOrdersByClientId: new Map(spotOrders.map((o) => [o.clientOrderId, o])),
    generationMs: Math.round(performance.now() - started),
  };
}
