/**
 * A shared view in the browser (issue 28, /share/{token}): its API requests carry the link's
 * token instead of a session (SHARE_TOKEN_HEADER; the server lets them through to that view's
 * routes only: lib/server/share-links.ts). Set once by the share page's client component
 * before its view asks for anything; never on the server, where one module serves everyone.
 */
import { SHARE_TOKEN_HEADER } from "@/lib/contract/share";

let token: string | null = null;

export function enterShareMode(shareToken: string): void {
  if (typeof window !== "undefined") token = shareToken;
}

/** The headers a request of this page adds: the link's token in a shared view, else none. */
export function shareHeaders(): Record<string, string> {
  return token === null ? {} : { [SHARE_TOKEN_HEADER]: token };
}
