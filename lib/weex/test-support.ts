/**
 * Shared by the exchange client's and the simulator's tests: a valid LIMIT contract order
 * (the interface document's example) and the WeexError a failing call throws.
 */
import { expect } from "vitest";
import { WeexError } from "./errors";

export const LIMIT_ORDER = {
  symbol: "cmt_btcusdt",
  side: "BUY",
  positionSide: "LONG",
  type: "LIMIT",
  timeInForce: "GTC",
  quantity: "0.01",
  price: "68900",
  newClientOrderId: "dash-0001",
} as const;

/** The WeexError a call fails with (the test fails if it succeeds or throws anything else). */
export async function failure(p: Promise<unknown>): Promise<WeexError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(WeexError);
  return e as WeexError;
}
