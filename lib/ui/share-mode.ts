/**
 * A shared view in the browser (/share/{token}): its API requests carry the link's
 * token instead of a session (SHARE_TOKEN_HEADER; the server lets them through to that view's
 * routes only: lib/server/identity/share-links.ts). Set once by the share page's client component
 * before its view asks for anything; never on the server, where one module serves everyone.
 */
import { SHARE_TOKEN_HEADER, SHARE_TZ_HEADER } from "@/lib/contract/share";
import type { ShareDimension } from "./share-scope";
import { isValidTimeZone, UTC } from "@/lib/time/calendar";

let token: string | null = null;
let fixed: Partial<Record<ShareDimension, string>> = {};

/** `linkFilters`: the values the link fixes (lib/ui/share-scope.ts), which every request of the view must keep. */
export function enterShareMode(shareToken: string, linkFixed: Partial<Record<ShareDimension, string>> = {}): void {
  if (typeof window === "undefined") return;
  token = shareToken;
  fixed = linkFixed;
}

/**
 * The value a shared view's link fixes for a filter, if any: a part of the view that otherwise
 * asks for every value (the sub-affiliate trend stacks both product types) asks for this one,
 * since the server refuses a request wider than the link.
 */
export function sharedFilter(dimension: ShareDimension): string | undefined {
  return token === null ? undefined : fixed[dimension];
}

/**
 * The headers a request of this page adds: in a shared view the link's token and the zone the
 * view shows now (its URL's `tz`, as usePeriod reads it), in which the server resolves the
 * link's period; else none.
 */
export function shareHeaders(): Record<string, string> {
  if (token === null) return {};
  const tz = new URLSearchParams(window.location.search).get("tz");
  return { [SHARE_TOKEN_HEADER]: token, [SHARE_TZ_HEADER]: tz !== null && isValidTimeZone(tz) ? tz : UTC };
}
