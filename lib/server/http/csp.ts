/**
 * The pages' Content-Security-Policy, made per request by proxy.ts.
 *
 * Scripts: the app's own files ('self') and the inline scripts of this response only — those
 * carrying its nonce (Next's bootstrap and the page's data, which Next marks with the nonce it
 * reads from the request's policy; the root layout's own scripts, which read it from `x-nonce`).
 * No 'unsafe-inline': a script injected into a page has no nonce and does not run. A nonce is
 * 128 random bits, fresh for every response, so a page carrying one is rendered per request
 * (every page is: the root layout reads the request's language).
 *
 * The directives are csp-directives.mjs's, which next.config.mjs uses too, without a nonce and
 * so without inline scripts, for every response the proxy does not see (API routes, static files).
 */
import "server-only";
import { contentSecurityPolicy } from "./csp-directives.mjs";

/** The request header the root layout reads the response's nonce from. */
export const NONCE_HEADER = "x-nonce";

/** A fresh nonce: 128 random bits, base64. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/** The pages' policy with `nonce` as the one way an inline script runs. */
export function pagePolicy(nonce: string, dev = process.env.NODE_ENV !== "production"): string {
  return contentSecurityPolicy({ nonce, dev });
}
