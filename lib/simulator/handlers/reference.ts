/**
 * Public reference data: exchangeInfo (GET /api/v3/exchangeInfo) and coins (GET /api/v3/coins).
 */
import { badRequest, CODES } from "../errors";
import { readFields } from "../params";
import type { Handler } from "./context";

export const exchangeInfo: Handler = ({ ep, raw, now, data }) => {
  // `symbols` may be a JSON array in the query string (the interface allows both forms).
  const rawSymbols = raw.symbols;
  const normalised = typeof rawSymbols === "string" && rawSymbols.trim().startsWith("[") ? parseArray(rawSymbols) : rawSymbols;
  const p = readFields<{ symbol?: string; symbols?: string; symbolStatus?: string }>(ep, { ...raw, symbols: normalised });
  if (p.symbol !== undefined && p.symbols !== undefined) {
    throw badRequest(CODES.invalidCombination, "Parameters 'symbol' and 'symbols' cannot be sent together.");
  }
  const wanted = p.symbol !== undefined ? [p.symbol] : p.symbols !== undefined ? p.symbols.split(",") : undefined;
  let pairs = data.pairs;
  if (wanted) {
    pairs = wanted.map((s) => {
      const pair = data.pairsBySymbol.get(s);
      if (!pair) throw badRequest(CODES.invalidSymbol, `Invalid symbol: ${s}`);
      return pair;
    });
  }
  if (p.symbolStatus === "TRADING") pairs = pairs.filter((x) => x.status === "TRADING");
  return { body: { timezone: "UTC", serverTime: now, symbols: pairs.map((x) => x.wire) } };
};

function parseArray(text: string): unknown {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v : text;
  } catch {
    throw badRequest(CODES.parameter, "Parameter 'symbols' is not a valid JSON array.");
  }
}

export const coins: Handler = ({ data }) => ({ body: data.coins });
