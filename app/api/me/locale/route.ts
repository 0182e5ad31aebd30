import { NextResponse } from "next/server";
import type { LocaleResponse } from "@/lib/contract/preferences";
import { getDb } from "@/lib/db";
import { setUserLocale } from "@/lib/db/users";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from "@/lib/i18n/locales";
import { forgetUser } from "@/lib/server/identity/auth";
import { isHttps } from "@/lib/server/http/request-info";
import { route } from "@/lib/server/http/route";

/**
 * The language switch. Signed in: saved with the user (it follows them to other browsers) and
 * in the cookie (so the login page keeps it after sign-out). Signed out: the cookie only.
 */
export const PUT = route("PUT /api/me/locale", {
  handler: async ({ body, user, req }) => {
    const saved = user ? await setUserLocale(await getDb(), user.id, body.locale) : false;
    if (user) forgetUser(user.id);
    const res = NextResponse.json({ locale: body.locale, saved } satisfies LocaleResponse, { headers: { "Cache-Control": "no-store" } });
    res.cookies.set(LOCALE_COOKIE, body.locale, { path: "/", maxAge: LOCALE_COOKIE_MAX_AGE_S, sameSite: "lax", secure: isHttps(req.headers) });
    return res;
  },
});
