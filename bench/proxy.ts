/**
 * Proxy overhead bench: what a route handler adds to a request, measured against the same
 * request made directly to the (simulated) exchange, in one run, interleaved.
 *
 *   npx tsx bench/proxy.ts [--full] [--samples N] [--proxy other-proxy.ts]
 *   quick (default): 300 samples of each; --full: 2000
 *
 * Route: GET /api/reference/coins with a session (cached reference data: session check,
 * validation, the cache, the JSON text). Direct: GET /api/v3/coins on the simulator, the
 * request the route would make on a cache miss. The two alternate one by one over kept-alive
 * loopback connections, after a warm-up, so both see the same machine load.
 *
 * The simulator of this bench runs without a weight limit: the direct baseline makes far more
 * than the 100 coin requests per 10 s WEEX allows (weight 5 of 500). The route side makes one
 * upstream request per minute (its cache), so the limit would not change its figures.
 *
 * For scale, a third request is interleaved too: GET /api/no-such-route, the smallest route
 * there is (no session, a JSON 404), i.e. what Next itself costs before any code of ours.
 *
 * The route request is made as a browser makes it (Accept-Encoding: gzip, so `next start`
 * compresses the 44 kB answer to ~6 kB and the client inflates it); the target is checked on
 * that figure. A fourth request asks the route for no compression, the same bytes as the
 * direct request, to show how much of the difference compression is.
 *
 * Target: the route's p50 is at most 3 ms above the direct p50.
 *
 * The proxy's per-request work (proxy.ts: the session gate, the page's CSP nonce, HSTS), with
 * and without it, side by side in the same run. It runs for pages only (its matcher): an API
 * route such as the cached coins above never reaches it. Measured in this process, interleaved:
 * `proxy(request)` for a signed-in page (the session cookie decrypted), for the login page (no
 * session to read), and the page's policy alone (a nonce and the header), each against Next's
 * pass-through without a proxy (`NextResponse.next()`); the same signed-in cookie and secret as
 * the server's. And over HTTP, for scale, a signed-in page (/settings/tokens: no upstream
 * request, a small view) and /login, whole responses.
 *
 * Target: the proxy adds at most 0.5 ms at p50 to a request (with minus without).
 *
 * `--before DIR`: the wrapper's checks (who asks, a token's or a share link's limits, the
 * scope a link's filters make), now against the code before a change, side by side: DIR is a
 * checkout of the earlier commit with its own `npm run build` (`.next`), served by a second
 * stack beside this one, and the same cached route is asked of both, interleaved, signed in and
 * through a share link of the overview (whose view reads the reference data). Target: the
 * checks add at most 0.5 ms at p50 to a cached route (now minus before).
 *
 *   git worktree add /tmp/before <commit> && (cd /tmp/before && npm install && npm run build)
 *   npx tsx bench/proxy.ts --before /tmp/before
 */
import { register } from "node:module";
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { DIST_DIR, ensureBuilt, login, ms, percentile, printFigures, startStack, type Stack } from "./lib/stack";

// proxy.ts's modules start with `import "server-only"`, which resolves to an empty module only
// under the "react-server" condition (as inside Next): added for this process (scripts/users.ts).
register("data:text/javascript,export async function resolve(s,c,n){return n(s,{...c,conditions:[...c.conditions,'react-server']})}");

const { values: args } = parseArgs({ options: { full: { type: "boolean", default: false }, samples: { type: "string" }, proxy: { type: "string" }, before: { type: "string" } } });
const samples = Math.min(20_000, Math.max(50, Number(args.samples ?? (args.full ? 2000 : 300))));
const WARM_UP = 50;
const TARGET_MS = 3;
const PROXY_TARGET_MS = 0.5;

async function timed(url: string, headers: Record<string, string> = {}, expect = 200): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  const took = performance.now() - started;
  if (res.status !== expect) throw new Error(`${url} answered ${res.status}`);
  return took;
}

/** Interleaved samples of each kind, sorted (warm-up first; the order rotates each round). */
async function interleaved(kinds: (() => Promise<unknown>)[], n: number, warmUp: number): Promise<number[][]> {
  const out = kinds.map(() => [] as number[]);
  for (let i = 0; i < warmUp + n; i++) {
    for (let j = 0; j < kinds.length; j++) {
      const k = (i + j) % kinds.length;
      const started = performance.now();
      await kinds[k]!();
      if (i >= warmUp) out[k]!.push(performance.now() - started);
    }
  }
  return out.map((s) => s.sort((a, b) => a - b));
}

/** proxy.ts's work per request, with and without it (see above), in this process. */
async function proxyWork(stack: Stack, cookie: string): Promise<Record<string, string>> {
  // the server's environment for what the proxy reads (its secret decrypts the server's cookie)
  Object.assign(process.env, { NODE_ENV: "production", WEEX_MODE: "demo", DATA_DIR: stack.dataDir });
  // (--proxy: another version of it, e.g. `git show <commit>:proxy.ts > proxy-before.ts`, for before/after)
  const { proxy } = (await import(args.proxy ? resolve(args.proxy) : "../proxy")) as typeof import("../proxy");
  const { newNonce, pagePolicy } = await import("../lib/server/http/csp");
  const { NextRequest, NextResponse } = await import("next/server");
  // (the headers `next start` hands its proxy: the request's host and protocol, plain http here)
  const host = new URL(stack.url).host;
  const forwarded = { host, "x-forwarded-host": host, "x-forwarded-proto": "http" };
  const page = () => new NextRequest(`${stack.url}/settings/tokens`, { headers: { ...forwarded, cookie } });
  const signedIn = await proxy(page());
  if (signedIn.headers.get("location")) throw new Error("the in-process proxy did not accept the server's session cookie");
  const n = samples * 10;
  const [withPage, withLogin, policyOnly, without] = await interleaved(
    [() => proxy(page()), () => proxy(new NextRequest(`${stack.url}/login`, { headers: forwarded })), async () => pagePolicy(newNonce()), async () => NextResponse.next()],
    n,
    WARM_UP * 10,
  );
  const over = (s: number[]) => percentile(s, 50) - percentile(without, 50);
  const p = (s: number[]) => `${ms(percentile(s, 50))} / ${ms(percentile(s, 99))}`;
  return {
    "proxy, in process": `${n} samples each after ${WARM_UP * 10} warm-up, interleaved`,
    "without a proxy (NextResponse.next()) p50 / p99": p(without),
    "proxy(signed-in page) p50 / p99": p(withPage),
    "proxy(/login) p50 / p99": p(withLogin),
    "the page's policy alone (nonce + header) p50 / p99": p(policyOnly),
    "proxy adds to a signed-in page p50": ms(over(withPage)),
    "proxy adds to /login p50": ms(over(withLogin)),
    [`target (proxy adds ≤ ${PROXY_TARGET_MS} ms at p50)`]: Math.max(over(withPage), over(withLogin)) <= PROXY_TARGET_MS ? "met" : "not met",
  };
}

/** A share link of the overview, made by the signed-in `cookie`: its token. */
async function shareToken(base: string, cookie: string): Promise<string> {
  const res = await fetch(`${base}/api/share-links`, {
    method: "POST",
    headers: { cookie, origin: base, "content-type": "application/json" },
    body: JSON.stringify({ page: "overview", expiresAt: new Date(Date.now() + 86_400_000).toISOString() }),
  });
  if (res.status !== 201) throw new Error(`making a share link answered ${res.status}: ${await res.text()}`);
  return new URL(((await res.json()) as { url: string }).url).pathname.split("/").pop()!;
}

/** The same cached route asked of this build and of the one before, signed in and by a share link. */
async function checksAgainstBefore(stack: Stack, cookie: string, dir: string): Promise<Record<string, string>> {
  const before = await startStack({ cwd: resolve(dir), distDir: ".next", sim: { ipWeightPer10s: 1e9, uidWeightPer10s: 1e9 } });
  try {
    const cookieBefore = await login(before.url, "viewer");
    const [token, tokenBefore] = [await shareToken(stack.url, cookie), await shareToken(before.url, cookieBefore)];
    const coins = (base: string, headers: Record<string, string>) => () => timed(`${base}/api/reference/coins`, headers);
    const [now, then, sharedNow, sharedThen] = await interleaved(
      [coins(stack.url, { cookie }), coins(before.url, { cookie: cookieBefore }), coins(stack.url, { "x-share-token": token }), coins(before.url, { "x-share-token": tokenBefore })],
      samples,
      WARM_UP,
    );
    const p = (s: number[]) => `${ms(percentile(s, 50))} / ${ms(percentile(s, 99))}`;
    const added = (a: number[], b: number[]) => percentile(a, 50) - percentile(b, 50);
    return {
      "checks, now against before": `${samples} samples each after ${WARM_UP} warm-up, interleaved, two servers side by side (before: ${dir})`,
      "GET /api/reference/coins signed in, now p50 / p99": p(now!),
      "GET /api/reference/coins signed in, before p50 / p99": p(then!),
      "GET /api/reference/coins by a share link, now p50 / p99": p(sharedNow!),
      "GET /api/reference/coins by a share link, before p50 / p99": p(sharedThen!),
      "the checks add, signed in p50": ms(added(now!, then!)),
      "the checks add, by a share link p50": ms(added(sharedNow!, sharedThen!)),
      [`target (checks add ≤ ${PROXY_TARGET_MS} ms at p50)`]: Math.max(added(now!, then!), added(sharedNow!, sharedThen!)) <= PROXY_TARGET_MS ? "met" : "not met",
    };
  } finally {
    await before.stop();
  }
}

async function main() {
  ensureBuilt(DIST_DIR);
  // (one secret for the server and this process: proxyWork decrypts the server's session cookie)
  process.env.AUTH_SECRET ??= randomBytes(32).toString("base64url");
  const stack = await startStack({ sim: { ipWeightPer10s: 1e9, uidWeightPer10s: 1e9 }, env: { AUTH_SECRET: process.env.AUTH_SECRET } });
  try {
    const cookie = await login(stack.url, "viewer");
    const route = `${stack.url}/api/reference/coins`;
    const direct = `${stack.sim.url}/api/v3/coins`;
    const floor = `${stack.url}/api/no-such-route`;
    const kinds = [
      { samples: [] as number[], run: () => timed(route, { cookie }) },
      { samples: [] as number[], run: () => timed(direct) },
      { samples: [] as number[], run: () => timed(floor, {}, 404) },
      { samples: [] as number[], run: () => timed(route, { cookie, "accept-encoding": "identity" }) },
    ];
    for (let i = 0; i < WARM_UP; i++) for (const k of kinds) await k.run();
    for (let i = 0; i < samples; i++) {
      // rotate which goes first, so none always follows another
      for (let j = 0; j < kinds.length; j++) {
        const k = kinds[(i + j) % kinds.length]!;
        k.samples.push(await k.run());
      }
    }
    const [viaRoute, viaDirect, viaFloor, viaIdentity] = kinds.map((k) => k.samples.sort((a, b) => a - b)) as [number[], number[], number[], number[]];
    const r50 = percentile(viaRoute, 50);
    const d50 = percentile(viaDirect, 50);
    const r99 = percentile(viaRoute, 99);
    const d99 = percentile(viaDirect, 99);
    const coinsCalls = stack.sim.stats().byEndpoint.coins ?? 0;
    const [pageHttp, loginHttp] = await interleaved([() => timed(`${stack.url}/settings/tokens`, { cookie }), () => timed(`${stack.url}/login`)], Math.min(samples, 200), 20);
    printFigures("proxy", {
      settings: `${samples} samples each after ${WARM_UP} warm-up, interleaved, loopback keep-alive; simulator without weight limit (direct baseline only)`,
      "route GET /api/reference/coins (gzip, as browsers ask) p50 / p99": `${ms(r50)} / ${ms(r99)}`,
      "direct GET /api/v3/coins p50 / p99": `${ms(d50)} / ${ms(d99)}`,
      "overhead p50": ms(r50 - d50),
      "overhead p99": ms(r99 - d99),
      "route without compression (Accept-Encoding: identity) p50 / p99": `${ms(percentile(viaIdentity, 50))} / ${ms(percentile(viaIdentity, 99))}`,
      "overhead p50 without compression": ms(percentile(viaIdentity, 50) - d50),
      "for scale, Next's own JSON 404 (GET /api/no-such-route, no session, compressed), p50 above direct": ms(percentile(viaFloor, 50) - d50),
      "target (overhead p50 ≤ 3 ms)": r50 - d50 <= TARGET_MS ? "met" : "not met",
      "upstream coins requests made by the route": `${coinsCalls - samples - WARM_UP} (the cache)`,
      ...(await proxyWork(stack, cookie)),
      ...(args.before ? await checksAgainstBefore(stack, cookie, args.before) : {}),
      "for scale, over HTTP: GET /settings/tokens signed in p50 / p99": `${ms(percentile(pageHttp!, 50))} / ${ms(percentile(pageHttp!, 99))}`,
      "for scale, over HTTP: GET /login p50 / p99": `${ms(percentile(loginHttp!, 50))} / ${ms(percentile(loginHttp!, 99))}`,
    });
  } finally {
    await stack.stop();
  }
}

await main();
