"use client";

import { useMemo } from "react";
import { useApiQuery } from "@/components/ui/use-api-query";

/** A trading pair definition (interface document field names; decimals as exact strings). */
export interface SymbolDef {
  symbol: string;
  status: string;
  baseAsset: string;
  baseAssetPrecision?: number;
  quoteAsset: string;
  quoteAssetPrecision?: number;
  tickSize?: string;
  stepSize?: string;
  minTradeAmount?: string;
  maxTradeAmount?: string;
  takerFeeRate?: string;
  makerFeeRate?: string;
  buyLimitPriceRatio?: string;
  sellLimitPriceRatio?: string;
  marketBuyLimitSize?: string;
  marketSellLimitSize?: string;
  marketFallbackPriceRatio?: string;
  enableTrade?: boolean;
  enableDisplay?: boolean;
  displayDigitMerge?: string;
  displayNew?: boolean;
  displayHot?: boolean;
}

export interface NetworkDef {
  network: string;
  isDefault?: boolean;
  depositEnable: boolean;
  withdrawEnable: boolean;
  withdrawFee?: string | null;
  withdrawMin?: string | null;
  withdrawIntegerMultiple?: string | null;
  minConfirm?: number;
  withdrawTag?: boolean;
  depositDust?: string | null;
  contractAddress?: string | null;
  contractAddressUrl?: string | null;
  depositDesc?: string | null;
  withdrawDesc?: string | null;
}

export interface CoinDef {
  coin: string;
  name?: string;
  depositAllEnable: boolean;
  withdrawAllEnable: boolean;
  trading?: boolean;
  brokered?: boolean;
  networkList: NetworkDef[];
}

// Reference data changes rarely: one fetch serves every page for ten minutes.
const REFERENCE_STALE_MS = 10 * 60_000;

/** The trading pairs (the route mirrors exchangeInfo: `{ timezone, serverTime, symbols }`). */
export function useSymbols() {
  const q = useApiQuery<{ symbols: SymbolDef[] } | SymbolDef[]>("/api/reference/symbols", {}, { staleTime: REFERENCE_STALE_MS });
  const symbols = useMemo(() => (q.data ? (Array.isArray(q.data) ? q.data : q.data.symbols) : undefined), [q.data]);
  return { ...q, symbols };
}

/** The coins (the route mirrors the upstream array, tolerating an `{ items }` wrapper). */
export function useCoins() {
  const q = useApiQuery<CoinDef[] | { items: CoinDef[] }>("/api/reference/coins", {}, { staleTime: REFERENCE_STALE_MS });
  const coins = useMemo(() => (q.data ? (Array.isArray(q.data) ? q.data : q.data.items) : undefined), [q.data]);
  return { ...q, coins };
}
