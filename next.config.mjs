import createNextIntlPlugin from "next-intl/plugin";
import { contentSecurityPolicy } from "./lib/server/http/csp-directives.mjs";

// Languages: next-intl reads each request's locale and catalogue from here.
// The catalogues are compiled at build time (precompile): pages then carry a small formatter
// instead of an ICU message parser.
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: ["en", "zh-CN"], precompile: true } },
});

// Security headers live here so they apply to every response, pages and API alike. A page's
// Content-Security-Policy is proxy.ts's, which replaces this one: its inline scripts run by the
// response's nonce (lib/server/http/csp.ts). This one is for what the proxy does not see (API routes,
// static files): the same directives (lib/server/http/csp-directives.mjs) without a nonce, so no
// inline script at all.
const isDev = process.env.NODE_ENV !== "production";
const https = (process.env.NEXTAUTH_URL ?? "").startsWith("https://");

const csp = contentSecurityPolicy({ dev: isDev });

const securityHeaders = [
  { key: "Content-Security-Policy", value: csp },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  ...(https ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }] : []),
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Separate build dirs let tests and a running demo coexist (NEXT_DIST_DIR=.next-test).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // For profiling a page's main-thread work against the sources (not for deployment).
  productionBrowserSourceMaps: process.env.BROWSER_SOURCE_MAPS === "1",
  reactStrictMode: true,
  // `npm test` type-checks the whole project (tsc, its first step) before it builds; the build's
  // own check of the same files was ~50 s more of a fresh-clone CI run. Only scripts/test.ts sets
  // this: `npm run build` and `npm run demo` check as before.
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === "1" },
  experimental: {
    // Turbopack keeps a cache for the next build (~27 s of writing in a fresh-clone CI run); a
    // CI run starts from a clean clone and builds once, so nothing would read it.
    ...(process.env.CI ? { turbopackFileSystemCacheForBuild: false } : {}),
    // Next copies a request's body for proxy.ts, which runs for pages only (and reads no body);
    // pages take none (no server actions). So a copy of at most this much per request, not the
    // default 10 MB; API routes read their own bodies within 64 KB (lib/server/http/body.ts).
    proxyClientMaxBodySize: "64kb",
  },
  serverExternalPackages: ["@electric-sql/pglite", "pg", "pino", "bcryptjs"],
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default withNextIntl(nextConfig);
