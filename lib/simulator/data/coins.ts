/**
 * Coin and network definitions (GET /api/v3/coins). Some networks have deposits or
 * withdrawals disabled (with depositDesc/withdrawDesc), some coins lack `brokered`, and some
 * numeric fields come as JSON numbers, others as strings, as weex-facts.md says WEEX does.
 */
import { jsonNumber } from "../../weex/wire";
import { intBetween, pick, type Rng } from "../prng";
import { formatUnits } from "../units";
import type { Asset } from "./assets";

const TOKEN_NETWORKS = ["ERC20", "TRC20", "BEP20", "ARBITRUM", "OPTIMISM", "POLYGON", "BASE", "SOL"];
const EXPLORERS: Record<string, string> = {
  ERC20: "https://etherscan.io/token/",
  TRC20: "https://tronscan.org/#/token20/",
  BEP20: "https://bscscan.com/token/",
  ARBITRUM: "https://arbiscan.io/token/",
  OPTIMISM: "https://optimistic.etherscan.io/token/",
  POLYGON: "https://polygonscan.com/token/",
  BASE: "https://basescan.org/token/",
  SOL: "https://solscan.io/token/",
};
const DEPOSIT_DESC = ["Deposits are suspended during a network upgrade.", "Deposits are paused: wallet maintenance."];
const WITHDRAW_DESC = ["Withdrawals are suspended during a network upgrade.", "Withdrawals are paused: wallet maintenance."];

function hex(rng: Rng, n: number): string {
  let s = "";
  for (let i = 0; i < n; i++) s += "0123456789abcdef"[Math.floor(rng() * 16)];
  return s;
}

export function buildCoins(rng: Rng, assets: readonly Asset[]): Record<string, unknown>[] {
  return assets.map((asset, i) => {
    const networks: string[] = asset.native ? [asset.ticker] : [];
    const tokenCount = asset.native ? (rng() < 0.3 ? 1 : 0) : intBetween(rng, 1, 3);
    while (networks.length < (asset.native ? 1 : 0) + tokenCount) {
      const n = pick(rng, TOKEN_NETWORKS);
      if (!networks.includes(n)) networks.push(n);
    }
    // ~1 coin in 8 has a network with deposits and/or withdrawals switched off.
    const troubled = i > 3 && rng() < 0.13;
    const feeDp = Math.max(0, Math.min(8, Math.ceil(-Math.log10(asset.usd)) + 3));
    const networkList = networks.map((network, j) => {
      const isToken = network !== asset.ticker;
      const depositEnable = !(troubled && j === 0 && rng() < 0.7);
      const withdrawEnable = !(troubled && j === 0 && (!depositEnable ? rng() < 0.6 : true));
      const fee = Math.max(1, Math.round((0.2 + rng() * 3) / asset.usd * 10 ** feeDp));
      const multipleDp = Math.min(8, feeDp);
      const confirms = isToken ? intBetween(rng, 12, 64) : intBetween(rng, 1, 30);
      const address = isToken ? (network === "TRC20" ? `T${hex(rng, 33)}` : `0x${hex(rng, 40)}`) : "";
      const entry: Record<string, unknown> = {
        network,
        isDefault: j === 0,
        depositEnable,
        withdrawEnable,
        withdrawFee: formatUnits(fee, feeDp),
        withdrawMin: formatUnits(fee * 2, feeDp),
        // Number on some coins ("1E-8" as a raw JSON number), string on others.
        withdrawIntegerMultiple: i % 3 === 0 ? jsonNumber(`1E-${multipleDp}`) : formatUnits(1, multipleDp),
        minConfirm: i % 4 === 1 ? String(confirms) : confirms,
        withdrawTag: Boolean(asset.tag) && !isToken,
        depositDust: formatUnits(Math.max(1, Math.round(fee / 10)), feeDp),
        contractAddress: address,
        contractAddressUrl: address ? `${EXPLORERS[network]}${address}` : "",
      };
      if (!depositEnable) entry.depositDesc = pick(rng, DEPOSIT_DESC);
      if (!withdrawEnable) entry.withdrawDesc = pick(rng, WITHDRAW_DESC);
      return entry;
    });
    const coin: Record<string, unknown> = {
      coin: asset.ticker,
      name: asset.name,
      depositAllEnable: networkList.some((n) => n.depositEnable),
      withdrawAllEnable: networkList.some((n) => n.withdrawEnable),
      trading: true,
    };
    // `brokered` is documented but absent from some answers.
    if (i % 5 !== 2) coin.brokered = i % 7 !== 0;
    coin.networkList = networkList;
    return coin;
  });
}
