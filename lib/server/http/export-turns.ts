/**
 * One export walk in flight per person. An export walks every page of its filter
 * from WEEX (a year of invitees is hundreds of pages), so a script that starts exports in
 * parallel would take the people's part of the budget page after page, and fair turns between
 * people (lib/weex/budget.ts) would still give it one turn per export. A second concurrent
 * export of the same party (lib/weex/party.ts: the signed-in user, or all of their API tokens
 * together) is answered at once
 * `429 rate_limited` with Retry-After, rather than made to wait: the first may take minutes,
 * and a connection held open without a byte for that long is cut by browsers and proxies
 * alike. Exports of different people do not limit each other; the readers of a share link
 * take one turn of the link's own (Principal.exportTurn), not their creator's. Per process, like
 * the budget's waiting room.
 */
import "server-only";
import { currentParty } from "@/lib/weex/party";
import { ApiError } from "./errors";
import { currentPrincipal } from "../identity/principal";

/**
 * How long we suggest waiting: how long the running export still takes cannot be told, so
 * about one budget window, within which it has made progress and often finished.
 */
export const EXPORT_RETRY_AFTER_SECONDS = 10;

const g = globalThis as typeof globalThis & { __weexExportsInFlight?: Set<string> };
const inFlight = () => (g.__weexExportsInFlight ??= new Set());

/**
 * Take the current party's export turn, or throw `rate_limited` when it has an export running.
 * Answers the function that gives the turn back (idempotent): call it when the download is
 * over, however it ends. Outside a party (no one signed in) nothing is held. `what` names the
 * walk in the 429 (a referral check takes the same turn: it is a walk of up to 100 WEEX calls).
 */
export function takeExportTurn(what = "An export of yours"): () => void {
  // (a share link's readers: the link's own turn, so they never hold up its creator's exports)
  const party = currentPrincipal()?.exportTurn ?? currentParty();
  if (party === undefined) return () => {};
  const running = inFlight();
  if (running.has(party)) {
    throw new ApiError("rate_limited", `${what} is still running; start the next one when it has finished.`, { retryAfterSeconds: EXPORT_RETRY_AFTER_SECONDS });
  }
  running.add(party);
  let given = false;
  return () => {
    if (given) return;
    given = true;
    running.delete(party);
  };
}
