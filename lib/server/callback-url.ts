import "server-only";

/**
 * Where to go after signing in: only a path on this dashboard. An absolute URL is accepted only
 * for our own origin (next-auth sends those), anything else (another site, `//host`, the login
 * page itself, an API route) becomes "/": no open redirect.
 */
export function safeCallbackUrl(raw: string | string[] | undefined, ownOrigin: string): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return "/";
  let url: URL;
  try {
    url = new URL(value, ownOrigin);
  } catch {
    return "/";
  }
  if (url.origin !== ownOrigin) return "/";
  if (url.pathname === "/login" || url.pathname.startsWith("/api/")) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}
