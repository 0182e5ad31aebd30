/**
 * What the server knows about where a request comes from: its public origin (for cookies and
 * the cross-site check) and the client's IP (for throttling and the audit log).
 */
import "server-only";

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(h: HeaderSource, name: string): string | undefined {
  if (h instanceof Headers) return h.get(name) ?? undefined;
  const v = h[name] ?? h[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * The origin browsers use for this dashboard. NEXTAUTH_URL when set; otherwise the request's
 * Host and X-Forwarded-Proto (Next sets both). This mirrors next-auth's own rule, so the session
 * cookie's name (`__Secure-` under HTTPS) is the same for next-auth and for us.
 */
export function publicOrigin(h: HeaderSource): string {
  const configured = process.env.NEXTAUTH_URL;
  if (configured) return new URL(configured).origin;
  const host = header(h, "x-forwarded-host")?.split(",")[0]?.trim() ?? header(h, "host") ?? "localhost";
  const proto = header(h, "x-forwarded-proto")?.split(",")[0]?.trim();
  return `${proto === "http" ? "http" : "https"}://${host}`;
}

/** Strict-Transport-Security for answers under HTTPS (pages: proxy.ts; API routes: route.ts). */
export const HSTS = "max-age=63072000; includeSubDomains";

export function isHttps(h: HeaderSource): boolean {
  return publicOrigin(h).startsWith("https://");
}

/**
 * The client's IP: the first X-Forwarded-For entry (Next fills it with the socket address when
 * no proxy set it), else "unknown". Behind a reverse proxy, the proxy must overwrite the header
 * with the real client address (nginx: `proxy_set_header X-Forwarded-For $remote_addr`).
 */
export function clientIp(h: HeaderSource): string {
  const xff = header(h, "x-forwarded-for")?.split(",")[0]?.trim();
  return (xff || header(h, "x-real-ip") || "unknown").slice(0, 64);
}

/**
 * Whether a state-changing request comes from this dashboard's own pages. Browsers send
 * `Sec-Fetch-Site` and `Origin` on every POST/PATCH/DELETE; a request with neither is not
 * from a browser (a script with its own cookie), which cross-site forgery cannot produce.
 */
export function isSameOrigin(h: HeaderSource): boolean {
  const site = header(h, "sec-fetch-site");
  if (site !== undefined && site !== "same-origin" && site !== "none") return false;
  const origin = header(h, "origin");
  if (origin === undefined) return true;
  if (origin === "null") return false;
  return origin === publicOrigin(h);
}
