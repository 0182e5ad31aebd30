/**
 * The credential of an API request: an API token when it sends one, else its session
 * cookie. See principal.ts for what a request acts as.
 */
import "server-only";
import { TOKEN_QUERY_PARAM } from "@/lib/contract/token-limits";
import { tokenPrincipal } from "./api-tokens";
import { getRequestUser } from "./auth";
import { ApiError } from "../http/errors";
import { sessionPrincipal, type Principal } from "./principal";
import { clientIp } from "../http/request-info";

/** A Bearer credential in the Authorization header (another scheme, e.g. a proxy's Basic, is not ours). */
function bearer(req: Request): string | null {
  const m = /^\s*Bearer(?:\s+(.*))?$/i.exec(req.headers.get("authorization") ?? "");
  return m ? (m[1] ?? "").trim() : null;
}

const URL_TOKEN_ONLY_ON_EXPORTS = `Send an API token in the Authorization header (Bearer). Only a token made for URLs is taken from ?${TOKEN_QUERY_PARAM}=, and only by the CSV exports.`;

/**
 * The request's principal: its API token when it sends one (a token that is not valid is a
 * 401, never a fall-back to the cookie), else its session, else null. `urlToken`: the route
 * also takes a token made for URLs as ?access_token= (the CSV exports).
 */
export async function requestPrincipal(req: Request, opts: { urlToken: boolean }): Promise<Principal | null> {
  const header = bearer(req);
  const inUrl = new URL(req.url).searchParams.get(TOKEN_QUERY_PARAM);
  if (header !== null) return tokenPrincipal(header, clientIp(req.headers), { fromUrl: false });
  if (inUrl !== null) {
    if (!opts.urlToken) throw new ApiError("unauthorized", URL_TOKEN_ONLY_ON_EXPORTS);
    return tokenPrincipal(inUrl, clientIp(req.headers), { fromUrl: true });
  }
  const user = await getRequestUser(req);
  return user ? sessionPrincipal(user) : null;
}

