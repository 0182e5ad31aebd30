/**
 * Reference data (trading pairs, coins): public, the same for everyone, and asked for by most
 * pages. Kept for a minute and coalesced, so a burst of page loads makes one upstream call.
 * The cache holds the response text, so a hit costs no JSON serialisation either.
 */
import "server-only";
import type { ParsedParamsOf } from "@/lib/weex/endpoints";
import { TtlCache } from "@/lib/cache/ttl-cache";
import { getWeex } from "./weex";

export const REFERENCE_TTL_MS = 60_000;

const g = globalThis as typeof globalThis & { __weexReferenceCache?: TtlCache<string> };
const cache = (g.__weexReferenceCache ??= new TtlCache<string>(REFERENCE_TTL_MS));

/** exchangeInfo for a filter (symbol / symbols / symbolStatus), as JSON text. */
export function symbolsJson(filter: ParsedParamsOf<"exchangeInfo">): Promise<string> {
  const key = `exchangeInfo?${new URLSearchParams(Object.entries(filter).filter(([, v]) => v !== undefined) as [string, string][]).toString()}`;
  return cache.get(key, async () => JSON.stringify(await getWeex().call("exchangeInfo", filter)));
}

/** The coin list, as JSON text. */
export function coinsJson(): Promise<string> {
  return cache.get("coins", async () => JSON.stringify(await getWeex().call("coins", {})));
}
