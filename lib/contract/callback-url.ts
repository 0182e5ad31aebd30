/**
 * Where a browser may be sent after signing in (or out): only a path on this dashboard. The one
 * rule for every place that produces such a destination: the login page (its redirect of a
 * signed-in person and the form's prop), the form's navigation after signing in, next-auth's
 * `redirect` callback (its JSON answer, its redirects and its callback-url cookie) and proxy.ts's
 * redirect to /login. Shared by browser and server, so it has no server imports.
 *
 * A path that starts with `//` or `/\` is not a path to a browser but another host
 * ("protocol-relative"): `/.//evil.example`, `/x/..//evil.example` and `/./\evil.example` all
 * resolve to the pathname `//evil.example`, as does `https://<own host>//evil.example`. So the
 * rule looks at what the URL resolves to, never at the text as given.
 */

/**
 * The path (with query and fragment) that `raw` stands for on `ownOrigin`, or null when it is
 * on another origin, does not parse, or would be read as another host.
 */
export function ownPath(raw: string, ownOrigin: string): string | null {
  let url: URL;
  try {
    url = new URL(raw, ownOrigin);
  } catch {
    return null;
  }
  if (url.origin !== ownOrigin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // (the URL parser turns `\` into `/` in an http(s) path; both are checked all the same)
  return /^\/(?![/\\])/.test(path) ? path : null;
}

/**
 * Where to go after signing in: `ownPath`, except the login page itself and API routes; anything
 * else (another site, `//host`, a path that resolves to one) becomes "/": no open redirect.
 */
export function safeCallbackUrl(raw: string | string[] | undefined, ownOrigin: string): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return "/";
  const path = ownPath(value, ownOrigin);
  if (path === null) return "/";
  const { pathname } = new URL(path, ownOrigin);
  if (pathname === "/login" || pathname.startsWith("/api/")) return "/";
  return path;
}
