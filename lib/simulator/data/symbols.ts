/**
 * Spot trading pairs (exchangeInfo) and the contract symbols derived from them
 * (`cmt_btcusdt`, weex-facts.md "Contract side notes"), used to validate orders.
 */
import { pick, type Rng } from "../prng";
import { formatUnits } from "../units";
import type { Asset } from "./assets";

export interface SpotPair {
  symbol: string;
  base: string;
  quote: string;
  /** rough USD price of the base asset, for believable order sizes */
  baseUsd: number;
  status: string;
  /** price precision: tickSize = 10^-tickDp */
  tickDp: number;
  /** quantity precision: stepSize = 10^-stepDp */
  stepDp: number;
  /** reference price in quote units, as a number of ticks */
  priceTicks: number;
  minQtySteps: number;
  maxQtySteps: number;
  /** the exchangeInfo element, built once */
  wire: Record<string, unknown>;
}

export interface ContractSymbol {
  /** cmt_btcusdt */
  symbol: string;
  pair: SpotPair;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Price precision leaves ~6 significant digits; quantity steps are worth about 1-10 cents. */
function precision(priceInQuote: number, usd: number) {
  return {
    tickDp: clamp(6 - Math.ceil(Math.log10(priceInQuote)), 0, 8),
    stepDp: clamp(Math.ceil(Math.log10(usd)) + 1, 0, 8),
  };
}

const NOT_TRADING_STATUSES = ["HALT", "BREAK", "PRE_TRADING"];

export function buildSpotPairs(rng: Rng, assets: readonly Asset[]): SpotPair[] {
  const btc = assets.find((a) => a.ticker === "BTC")!;
  const eth = assets.find((a) => a.ticker === "ETH")!;
  const plan: Array<{ base: Asset; quote: string; quoteUsd: number }> = [];
  for (const a of assets) plan.push({ base: a, quote: "USDT", quoteUsd: 1 });
  for (const a of assets.slice(0, 60)) plan.push({ base: a, quote: "USDC", quoteUsd: 1 });
  for (const a of assets.slice(1, 31)) plan.push({ base: a, quote: "BTC", quoteUsd: btc.usd });
  for (const a of assets.slice(2, 22)) plan.push({ base: a, quote: "ETH", quoteUsd: eth.usd });
  plan.push({ base: { ticker: "USDC", name: "USD Coin", usd: 1 }, quote: "USDT", quoteUsd: 1 });

  // A few pairs of the small made-up assets are not trading (halted, delisted, upcoming).
  const tail = plan.map((_, i) => i).filter((i) => i >= 130 && plan[i].quote === "USDT");
  const notTrading = new Map<number, string>();
  while (notTrading.size < 8) notTrading.set(pick(rng, tail), pick(rng, NOT_TRADING_STATUSES));

  const usdtCount = assets.length;
  return plan.map(({ base, quote, quoteUsd }, i) => {
    const priceInQuote = base.usd / quoteUsd;
    const { tickDp, stepDp } = precision(priceInQuote, base.usd);
    const priceTicks = Math.max(1, Math.round(priceInQuote * 10 ** tickDp));
    const minQtySteps = Math.max(1, Math.ceil((5 / base.usd) * 10 ** stepDp));
    const maxQty = 10 ** Math.ceil(Math.log10(2_000_000 / base.usd));
    const maxQtySteps = Math.max(minQtySteps * 10, Math.round(maxQty * 10 ** stepDp));
    const status = notTrading.get(i) ?? "TRADING";
    const symbol = `${base.ticker}${quote}`;
    const feeTier = rng() < 0.7;
    // WEEX sends baseAssetPrecision as a number one day and a string the next (weex-facts.md).
    const baseAssetPrecision = i % 9 === 4 ? String(stepDp) : stepDp;
    const wire: Record<string, unknown> = {
      symbol,
      status,
      baseAsset: base.ticker,
      baseAssetPrecision,
      quoteAsset: quote,
      quoteAssetPrecision: tickDp,
      tickSize: formatUnits(1, tickDp),
      stepSize: formatUnits(1, stepDp),
      minTradeAmount: formatUnits(minQtySteps, stepDp),
      maxTradeAmount: formatUnits(maxQtySteps, stepDp),
      takerFeeRate: "0.001",
      makerFeeRate: feeTier ? "0.001" : "0.0008",
      buyLimitPriceRatio: i < 40 ? "0.05" : "0.1",
      sellLimitPriceRatio: i < 40 ? "0.05" : "0.1",
      marketBuyLimitSize: formatUnits(Math.round(maxQtySteps / 2), stepDp),
      marketSellLimitSize: formatUnits(Math.round(maxQtySteps / 2), stepDp),
      marketFallbackPriceRatio: "0.03",
      enableTrade: status === "TRADING",
      enableDisplay: status !== "BREAK",
      displayDigitMerge: [1, 10, 100].map((n) => formatUnits(n, tickDp)).join(","),
      displayNew: quote === "USDT" && i >= usdtCount - 12,
      displayHot: i < 8,
    };
    return { symbol, base: base.ticker, quote, baseUsd: base.usd, status, tickDp, stepDp, priceTicks, minQtySteps, maxQtySteps, wire };
  });
}

/** Perpetual contracts exist for the 80 largest USDT markets that are trading. */
export function buildContractSymbols(pairs: readonly SpotPair[]): ContractSymbol[] {
  return pairs
    .filter((p) => p.quote === "USDT" && p.status === "TRADING")
    .slice(0, 80)
    .map((pair) => ({ symbol: `cmt_${pair.base.toLowerCase()}usdt`, pair }));
}
