import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/server/auth";
import { errorResponse, fieldError } from "@/lib/server/errors";
import { localizeErrorBody } from "@/lib/server/error-messages";
import { localeOfRequest } from "@/lib/server/locale";
import { withSignInRefusal } from "@/lib/server/throttle";

/**
 * next-auth's own endpoints (csrf, session, sign-in callback, sign-out). One addition: a
 * sign-in refused by the throttle (or because the server is checking too many at once) gets
 * 429 with Retry-After here instead of next-auth's 401, so the login page can say "try again
 * in N minutes".
 */
type Ctx = { params: Promise<{ nextauth: string[] }> };

const nextAuth = NextAuth(authOptions) as (req: NextRequest, ctx: Ctx) => Promise<Response>;

export async function GET(req: NextRequest, ctx: Ctx): Promise<Response> {
  const bad = await badInput(req);
  if (bad) return bad;
  return withNoStore(await nextAuth(req, ctx));
}

export async function POST(req: NextRequest, ctx: Ctx): Promise<Response> {
  const bad = await badInput(req);
  if (bad) return bad;
  const { nextauth } = await ctx.params;
  if (nextauth?.[0] === "callback" && nextauth[1] === "credentials") {
    // authorize() decides (throttle.ts); a refused attempt is a 429 with Retry-After here.
    const { response, refusal } = await withSignInRefusal(() => nextAuth(req, ctx));
    if (!refusal) return withNoStore(response);
    return errorResponse(429, localizeErrorBody({ error: { code: "rate_limited", message: refusal.message } }, localeOfRequest(req, null)), refusal.retryAfterSeconds);
  }
  return withNoStore(await nextAuth(req, ctx));
}

function withNoStore(res: Response): Response {
  if (!res.headers.has("Cache-Control")) res.headers.set("Cache-Control", "no-store");
  return res;
}

/**
 * next-auth answers 500 ("server configuration") when a callbackUrl it cannot parse arrives in
 * the query, the body or its callback-url cookie, or when a JSON body is unreadable: anyone
 * could fill the error log that way. Those are bad input, answered 400 in the contract's shape.
 */
async function badInput(req: NextRequest): Promise<Response | null> {
  const urls: unknown[] = [req.nextUrl.searchParams.get("callbackUrl")];
  for (const c of req.cookies.getAll()) if (c.name.endsWith("next-auth.callback-url")) urls.push(c.value);
  if (req.method === "POST") {
    const type = req.headers.get("content-type") ?? "";
    const text = await req.clone().text();
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
