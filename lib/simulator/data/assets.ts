/**
 * The asset universe the data sets are built from: real tickers with a rough USD reference
 * price (to give believable magnitudes), padded with made-up tickers to reach the sizes the
 * simulator promises. Order matters: earlier entries are the larger markets.
 */
import type { Rng } from "../prng";

export interface Asset {
  ticker: string;
  name: string;
  /** rough USD price, only for magnitudes */
  usd: number;
  /** runs its own chain (no token contract address) */
  native?: boolean;
  /** withdrawals need a tag/memo */
  tag?: boolean;
}

// ticker, name, usd, flags (n = native chain, t = needs tag)
const KNOWN: ReadonlyArray<readonly [string, string, number, string?]> = [
  ["BTC", "Bitcoin", 68900, "n"], ["ETH", "Ethereum", 3520, "n"], ["SOL", "Solana", 162, "n"],
  ["BNB", "BNB", 585, "n"], ["XRP", "XRP", 0.52, "nt"], ["DOGE", "Dogecoin", 0.155, "n"],
  ["TON", "Toncoin", 6.9, "nt"], ["ADA", "Cardano", 0.45, "n"], ["AVAX", "Avalanche", 34.5, "n"],
  ["TRX", "TRON", 0.121, "n"], ["LINK", "Chainlink", 16.4], ["DOT", "Polkadot", 7.1, "n"],
  ["MATIC", "Polygon", 0.71], ["SHIB", "Shiba Inu", 0.0000238], ["LTC", "Litecoin", 82.3, "n"],
  ["BCH", "Bitcoin Cash", 468, "n"], ["NEAR", "NEAR Protocol", 6.8, "n"], ["UNI", "Uniswap", 9.9],
  ["APT", "Aptos", 8.9, "n"], ["ICP", "Internet Computer", 12.1, "n"], ["ETC", "Ethereum Classic", 27.2, "n"],
  ["FIL", "Filecoin", 5.9, "n"], ["ATOM", "Cosmos", 8.4, "nt"], ["XLM", "Stellar", 0.108, "nt"],
  ["ARB", "Arbitrum", 1.02], ["OP", "Optimism", 2.41], ["INJ", "Injective", 26.4],
  ["SUI", "Sui", 1.05, "n"], ["SEI", "Sei", 0.49, "n"], ["TIA", "Celestia", 9.8, "n"],
  ["PEPE", "Pepe", 0.0000121], ["WIF", "dogwifhat", 2.85], ["BONK", "Bonk", 0.0000271],
  ["FLOKI", "Floki", 0.000198], ["RNDR", "Render", 9.2], ["FET", "Fetch.ai", 2.05],
  ["AAVE", "Aave", 92.5], ["MKR", "Maker", 2650], ["LDO", "Lido DAO", 2.12],
  ["IMX", "Immutable", 2.18], ["GRT", "The Graph", 0.28], ["SAND", "The Sandbox", 0.44],
  ["MANA", "Decentraland", 0.46], ["AXS", "Axie Infinity", 7.4], ["APE", "ApeCoin", 1.28],
  ["CRV", "Curve DAO", 0.47], ["SNX", "Synthetix", 2.9], ["COMP", "Compound", 52.1],
  ["ALGO", "Algorand", 0.18, "n"], ["VET", "VeChain", 0.034, "n"], ["HBAR", "Hedera", 0.098, "nt"],
  ["EGLD", "MultiversX", 38.2, "n"], ["XTZ", "Tezos", 0.98, "n"], ["EOS", "EOS", 0.82, "nt"],
  ["THETA", "Theta Network", 2.1, "n"], ["FTM", "Fantom", 0.71, "n"], ["KAS", "Kaspa", 0.161, "n"],
  ["STX", "Stacks", 2.21, "n"], ["RUNE", "THORChain", 5.6, "n"], ["KAVA", "Kava", 0.72, "n"],
  ["ORDI", "ORDI", 41.3], ["JUP", "Jupiter", 1.12], ["PYTH", "Pyth Network", 0.52],
  ["WLD", "Worldcoin", 5.4], ["STRK", "Starknet", 1.31], ["ENA", "Ethena", 0.82],
  ["ONDO", "Ondo", 1.05], ["PENDLE", "Pendle", 5.7], ["GALA", "Gala", 0.041],
  ["CHZ", "Chiliz", 0.12], ["ENS", "Ethereum Name Service", 18.6], ["1INCH", "1inch", 0.43],
  ["DYDX", "dYdX", 2.1], ["GMX", "GMX", 33.9], ["MINA", "Mina", 0.88, "n"],
  ["ROSE", "Oasis", 0.11, "n"], ["ZIL", "Zilliqa", 0.025, "n"], ["IOTA", "IOTA", 0.23, "n"],
  ["NEO", "NEO", 14.2, "n"], ["QTUM", "Qtum", 3.6, "n"], ["ZEC", "Zcash", 24.1, "n"],
  ["DASH", "Dash", 29.3, "n"], ["XMR", "Monero", 128, "nt"], ["CAKE", "PancakeSwap", 2.7],
  ["SUSHI", "SushiSwap", 1.05], ["YFI", "yearn.finance", 7100], ["BAT", "Basic Attention Token", 0.25],
  ["ZRX", "0x", 0.48], ["ANKR", "Ankr", 0.041], ["CELO", "Celo", 0.78, "n"],
  ["ONE", "Harmony", 0.021, "n"], ["KSM", "Kusama", 31.4, "n"], ["FLOW", "Flow", 0.92, "n"],
  ["ICX", "ICON", 0.21, "n"], ["WOO", "WOO", 0.28], ["BLUR", "Blur", 0.31],
  ["MEME", "Memecoin", 0.021], ["TRB", "Tellor", 98.5], ["LPT", "Livepeer", 17.8],
  ["JASMY", "JasmyCoin", 0.021], ["NOT", "Notcoin", 0.0162], ["PEOPLE", "ConstitutionDAO", 0.072],
  ["BOME", "BOOK OF MEME", 0.0098], ["AEVO", "Aevo", 0.92], ["ALT", "AltLayer", 0.29],
  ["MANTA", "Manta Network", 1.62], ["ZK", "ZKsync", 0.19], ["ZRO", "LayerZero", 3.6],
  ["W", "Wormhole", 0.39], ["ETHFI", "ether.fi", 3.4], ["OM", "MANTRA", 0.92],
  ["AR", "Arweave", 31.5, "n"], ["AKT", "Akash Network", 3.4, "n"], ["TAO", "Bittensor", 420, "n"],
];

const SYLLABLES = ["ZA", "KO", "RI", "NU", "VE", "LO", "MI", "TA", "QU", "XI", "DE", "BA", "FU", "SO", "PY", "GE"];

/** The known assets followed by `extra` made-up ones (deterministic for the rng). */
export function buildAssets(rng: Rng, extra: number): Asset[] {
  const assets: Asset[] = KNOWN.map(([ticker, name, usd, flags = ""]) => ({
    ticker,
    name,
    usd,
    native: flags.includes("n"),
    tag: flags.includes("t"),
  }));
  const taken = new Set(assets.map((a) => a.ticker));
  while (assets.length < KNOWN.length + extra) {
    const len = 2 + Math.floor(rng() * 2);
    let ticker = "";
    for (let i = 0; i < len; i++) ticker += SYLLABLES[Math.floor(rng() * SYLLABLES.length)];
    if (rng() < 0.3) ticker += "X";
    if (taken.has(ticker)) continue;
    taken.add(ticker);
    const name = ticker.charAt(0) + ticker.slice(1).toLowerCase() + (rng() < 0.5 ? " Protocol" : " Token");
    // Small caps: 0.0001 .. 5 USD.
    const usd = Number((10 ** (-4 + rng() * 4.7)).toPrecision(3));
    assets.push({ ticker, name, usd });
  }
  return assets;
}

export const STABLES: readonly Asset[] = [
  { ticker: "USDT", name: "Tether USD", usd: 1 },
  { ticker: "USDC", name: "USD Coin", usd: 1 },
];
