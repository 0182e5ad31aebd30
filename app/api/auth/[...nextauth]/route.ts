import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { authOptions } from "@/lib/server/identity/auth";
import { readBodyText } from "@/lib/server/http/body";
import { ApiError, errorResponse, fieldError } from "@/lib/server/http/errors";
import { localizeErrorBody } from "@/lib/server/http/error-messages";
import { localeOfRequest } from "@/lib/server/http/locale";
import { HSTS, isHttps } from "@/lib/server/http/request-info";
import { withSignInRefusal } from "@/lib/server/identity/throttle";

/**
 * next-auth's own endpoints (csrf, session, sign-in callback, sign-out). Additions: a sign-in
 * refused by the throttle (or because the server is checking too many at once) gets 429 with
 * Retry-After here instead of next-auth's 401, so the login page can say "try again in N
 * minutes"; a POST's body is read once, within the limit every route has (body.ts: 413 past it,
 * the rest never read), and next-auth is given that text, never the connection to read from;
 * HSTS under HTTPS (proxy.ts does not run for these routes).
 */
type Ctx = { params: Promise<{ nextauth: string[] }> };

const nextAuth = NextAuth(authOptions) as (req: NextRequest, ctx: Ctx) => Promise<Response>;

export async function GET(req: NextRequest, ctx: Ctx): Promise<Response> {
  const bad = badInput(req, null);
  if (bad) return finish(req, bad);
  return finish(req, await nextAuth(req, ctx));
}

export async function POST(received: NextRequest, ctx: Ctx): Promise<Response> {
  let text: string;
  try {
    text = await readBodyText(received);
  } catch (e) {
    if (e instanceof ApiError) return finish(received, e.toResponse(localeOfRequest(received, null)));
    throw e;
  }
  // The same request with the body as read, for next-auth (which reads it again itself).
  const req = new NextRequest(received.url, { method: received.method, headers: received.headers, body: text });
  const bad = badInput(req, text);
  if (bad) return finish(req, bad);
  const { nextauth } = await ctx.params;
  if (nextauth?.[0] === "callback" && nextauth[1] === "credentials") {
    // authorize() decides (throttle.ts); a refused attempt is a 429 with Retry-After here.
    const { response, refusal } = await withSignInRefusal(() => nextAuth(req, ctx));
    if (!refusal) return finish(req, response);
    return finish(req, errorResponse(429, localizeErrorBody({ error: { code: "rate_limited", message: refusal.message } }, localeOfRequest(req, null)), refusal.retryAfterSeconds));
  }
  return finish(req, await nextAuth(req, ctx));
}

/** No caching; HSTS under HTTPS. */
function finish(req: NextRequest, res: Response): Response {
  if (!res.headers.has("Cache-Control")) res.headers.set("Cache-Control", "no-store");
  if (isHttps(req.headers)) res.headers.set("Strict-Transport-Security", HSTS);
  return res;
}

/**
 * next-auth answers 500 ("server configuration") when a callbackUrl it cannot parse arrives in
 * the query, the body or its callback-url cookie, or when a JSON body is unreadable: anyone
 * could fill the error log that way. Those are bad input, answered 400 in the contract's shape.
 */
function badInput(req: NextRequest, text: string | null): Response | null {
  const urls: unknown[] = [req.nextUrl.searchParams.get("callbackUrl")];
  for (const c of req.cookies.getAll()) if (c.name.endsWith("next-auth.callback-url")) urls.push(c.value);
  if (text !== null) {
    const type = req.headers.get("content-type") ?? "";
    if (type.includes("application/json")) {
      try {
        urls.push((JSON.parse(text) as { callbackUrl?: unknown } | null)?.callbackUrl);
      } catch {
        return invalid(req, "(body)", "is not valid JSON");
      }
    } else if (type.includes("application/x-www-form-urlencoded")) {
      urls.push(new URLSearchParams(text).get("callbackUrl"));
    }
  }
  for (const u of urls) {
    if (u === null || u === undefined || u === "") continue;
    if (typeof u !== "string" || !isHttpUrl(u, req.nextUrl.origin)) return invalid(req, "callbackUrl", "must be a path on this site or an http(s) URL");
  }
  return null;
}

/** next-auth's own test (core/lib/assert.js): a path, or an absolute http(s) URL. */
function isHttpUrl(url: string, base: string): boolean {
  try {
    return /^https?:/.test(new URL(url, url.startsWith("/") ? base : undefined).protocol);
  } catch {
    return false;
  }
}

function invalid(req: NextRequest, path: string, message: string): Response {
  return fieldError(path, message).toResponse(localeOfRequest(req, null));
}
