/**
 * The Content-Security-Policy's directives, written once for both policies that use them:
 * the pages' (csp.ts, made per request by proxy.ts, whose inline scripts run by the response's
 * nonce) and the one next.config.mjs sets on every response the proxy does not see (API routes,
 * static files: no inline script at all). Plain JavaScript, so next.config.mjs can import it
 * as Node loads the config.
 *
 * Scripts: the app's own files ('self'), plus with a nonce the inline scripts carrying it.
 * 'unsafe-eval' only in development, for React's dev tooling. Styles keep 'unsafe-inline': the
 * charts and the API reference set style attributes, which a nonce cannot allow.
 *
 * @param {{ nonce?: string; dev: boolean }} opts
 * @returns {string}
 */
export function contentSecurityPolicy({ nonce, dev }) {
  const script = ["script-src 'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...(dev ? ["'unsafe-eval'"] : [])].join(" ");
  return [
    "default-src 'self'",
    script,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
