/**
 * Who asks for WEEX weight: the "party" a request runs for. The budget shares the
 * people's part of every window fairly between parties (budget.ts), so one person's script
 * with many distinct lists cannot make everyone else wait. A party is an opaque string: the
 * signed-in user's id for their pages, `tokens:<user id>` for all of their API tokens together
 * (lib/server/identity/principal.ts says why). Background work has none.
 *
 * Why a request context (AsyncLocalStorage) and not a parameter: a request's WEEX calls are
 * made deep down, in page walkers, sources, the archive's live parts, caches and coalesced
 * walks, and a parameter threaded through every one of their signatures would be forgotten in
 * the next one added. The route wrapper (lib/server/http/route.ts) is the one place that knows who
 * asks, and the client (client.ts) the one place weight is taken, so the first sets the party
 * and the second reads it. Whatever a request starts inherits it, including a walk other
 * requests then join (lib/server/http/coalesce.ts): it runs as the party that started it.
 */
import { AsyncLocalStorage } from "node:async_hooks";

const context = new AsyncLocalStorage<string>();

/** Run `fn` (and everything it starts) as `party`; no party: as no one in particular. */
export function asParty<T>(party: string | undefined, fn: () => T): T {
  return party === undefined ? context.exit(fn) : context.run(party, fn);
}

/** The party the current request runs for, if any. */
export function currentParty(): string | undefined {
  return context.getStore();
}

/**
 * `source` iterated as the current party, whoever pulls it. A streamed answer (a CSV export)
 * is pulled by the server's response writer after the handler has returned, outside the
 * request's context: each step runs in the party's context again.
 */
export function inPartyOf<T>(source: AsyncIterable<T>): AsyncIterable<T> {
  const party = currentParty();
  return {
    [Symbol.asyncIterator]() {
      const it = asParty(party, () => source[Symbol.asyncIterator]());
      return {
        next: (...args: [] | [unknown]) => asParty(party, () => it.next(...args)),
        return: (value?: unknown) => asParty(party, () => it.return?.(value) ?? Promise.resolve({ done: true as const, value: value as T })),
        throw: (e?: unknown) => asParty(party, () => it.throw?.(e) ?? Promise.reject(e)),
      };
    },
  };
}
