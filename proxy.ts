/**
 * Runs before every request (Next 16's name for middleware; Node.js runtime).
 *
 * - Pages without a session token go to /login?callbackUrl=… (not /login itself, nor a share
 *   link's /share/{token}). This is the cheap first gate
 *   (token signature and expiry only); the pages and every API route check the user in the
 *   database again, so a disabled user gets nothing even with a valid-looking token.
 * - It does not run for API routes (see `config.matcher`): the route wrapper answers 401/403 as
 *   JSON and adds HSTS itself, and skipping this pass saves every API request its cost.
 *   Nor for next-auth's own routes (/api/auth/*), which add HSTS themselves: Next reads the
 *   whole body of a request this runs for before the route sees it (it keeps a copy of up to
 *   `proxyClientMaxBodySize` for the proxy and discards the rest, next.config.mjs), so the
 *   route could not refuse a body too large until all of it had arrived (body.ts).
 * - Under HTTPS, responses get Strict-Transport-Security (decided per request, since the same
 *   build may run behind TLS or on plain http://localhost).
 * - Every page gets a Content-Security-Policy with a fresh nonce (lib/server/http/csp.ts): on the
 *   response, and on the request, where Next reads it to mark its own inline scripts and the
 *   root layout reads `x-nonce` for its scripts. Only scripts carrying it run inline.
 */
import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { getAuthSecret } from "@/lib/config/config";
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from "@/lib/i18n/locales";
import { safeCallbackUrl } from "@/lib/contract/callback-url";
import { HSTS, isHttps, publicOrigin } from "@/lib/server/http/request-info";
import { NONCE_HEADER, newNonce, pagePolicy } from "@/lib/server/http/csp";

const PUBLIC_PAGES = ["/login"];
/** Pages under these open without a session: a share link's view (its token is its own check: lib/server/identity/share-links.ts). */
const PUBLIC_PREFIXES = ["/share/"];

export async function proxy(req: NextRequest): Promise<NextResponse> {
  const https = isHttps(req.headers);
  const { pathname, search } = req.nextUrl;
  const isPage = !pathname.startsWith("/api/") && pathname !== "/api" && !PUBLIC_PAGES.includes(pathname) && !PUBLIC_PREFIXES.some((p) => pathname.startsWith(p));

  const nonce = newNonce();
  const policy = pagePolicy(nonce);
  let res: NextResponse;
  const token = isPage ? await getToken({ req, secret: getAuthSecret(), secureCookie: https }) : null;
  if (isPage && !token) {
    const origin = publicOrigin(req.headers);
    const login = new URL("/login", origin);
    login.searchParams.set("callbackUrl", safeCallbackUrl(`${pathname}${search}`, origin));
    res = NextResponse.redirect(login);
  } else {
    const headers = new Headers(req.headers);
    headers.set(NONCE_HEADER, nonce);
    headers.set("Content-Security-Policy", policy);
    res = NextResponse.next({ request: { headers } });
  }
  res.headers.set("Content-Security-Policy", policy);
  // A user who chose a language elsewhere and signs in here: this browser remembers it too, so
  // the login page after sign-out speaks it (the switch sets the cookie itself; never overwrite).
  if (isLocale(token?.locale) && !req.cookies.has(LOCALE_COOKIE)) {
    res.cookies.set(LOCALE_COOKIE, token.locale, { path: "/", maxAge: LOCALE_COOKIE_MAX_AGE_S, sameSite: "lax", secure: https });
  }
  if (https) res.headers.set("Strict-Transport-Security", HSTS);
  return res;
}

export const config = {
  // Pages only: not API routes (next-auth's included), a tracked link's short URL /r/{slug}
  // (public, answered by its route alone: a click costs no session check), Next's static assets
  // and image optimiser, or files like /favicon.ico.
  matcher: ["/((?!api/|r/|_next/static|_next/image|.*\\.[a-zA-Z0-9]+$).*)"],
};
