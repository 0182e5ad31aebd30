/**
 * Identical concurrent requests share one answer: while a GET of one of the routes below is
 * being answered, the same route with the same query (after validation, so `?a=1&b=2` and
 * `?b=2&a=1` are one) joins that answer instead of walking the upstream again. Ten people
 * opening the transfer list at once cost one upstream call, not ten.
 *
 * Keyed by route and normalised query, not by user: every user sees the same affiliate
 * account — except a partner, who sees their scope's rows only: their key names the scope, so
 * answers are shared within one scope and never across scopes or with anyone unscoped. Each request is still authenticated, authorised and validated on its own before it
 * joins (lib/server/http/route.ts). Nothing is kept after the answer (the caches do that:
 * lib/cache/ttl-cache.ts for reference data, the live cache for lists); this only merges the
 * requests in flight.
 *
 * The shared work is cancelled only when every request that joined it has gone away; one
 * person leaving does not fail the others.
 */
import "server-only";

/**
 * The routes whose GETs coalesce: JSON answers that depend on the query alone. Exports are not
 * here: each download is its own stream.
 */
export const COALESCED_ROUTES: readonly RegExp[] = [
  /^\/api\/affiliate\/(invitees|sub-affiliates|withdrawals)$/,
  /^\/api\/affiliate\/invitees\/funnel$/,
  /^\/api\/affiliate\/sub-affiliates\/(series|leaderboard)$/,
  /^\/api\/spot\/orders?$/,
  /^\/api\/reference\/(symbols|coins)$/,
];

export function coalesces(method: string, pathname: string): boolean {
  return method === "GET" && COALESCED_ROUTES.some((re) => re.test(pathname));
}

/** The key of a request: its path, its validated query with the keys in order, and a partner's scope (scope.ts `scopeKey`). */
export function coalesceKey(pathname: string, query: unknown, scope?: string): string {
  return `${pathname}?${stableJson(query ?? {})}${scope === undefined ? "" : `#scope=${scope}`}`;
}

function stableJson(v: unknown): string {
  if (v === null || typeof v !== "object") return JSON.stringify(v) ?? "null";
  if (Array.isArray(v)) return `[${v.map(stableJson).join(",")}]`;
  const entries = Object.entries(v as Record<string, unknown>)
    .filter(([, x]) => x !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${stableJson(x)}`).join(",")}}`;
}

interface InFlight {
  result: Promise<unknown>;
  /** ends the shared work once nobody waits for it */
  ctrl: AbortController;
  waiting: number;
}

export class Coalescer {
  private readonly inFlight = new Map<string, InFlight>();

  /** How many distinct answers are being worked on (tests). */
  get size(): number {
    return this.inFlight.size;
  }

  /**
   * `run`'s result for `key`, shared with every concurrent caller of the same key. `run` gets a
   * signal that aborts when all callers' signals have aborted.
   */
  join<T>(key: string, run: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    let entry = this.inFlight.get(key);
    if (!entry) {
      const ctrl = new AbortController();
      const created: InFlight = { result: Promise.resolve().then(() => run(ctrl.signal)), ctrl, waiting: 0 };
      created.result
        .catch(() => undefined)
        .finally(() => {
          if (this.inFlight.get(key) === created) this.inFlight.delete(key);
        });
      this.inFlight.set(key, created);
      entry = created;
    }
    const shared = entry;
    shared.waiting++;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        leave();
        reject(signal!.reason);
      };
      let left = false;
      const leave = () => {
        if (left) return;
        left = true;
        signal?.removeEventListener("abort", onAbort);
        if (--shared.waiting === 0 && signal?.aborted) {
          // the last one waiting went away: stop the upstream walk, and let the next request start afresh
          if (this.inFlight.get(key) === shared) this.inFlight.delete(key);
          shared.ctrl.abort(signal.reason);
        }
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      shared.result.then(
        (v) => {
          leave();
          resolve(v as T);
        },
        (e: unknown) => {
          leave();
          reject(e);
        },
      );
    });
  }
}
