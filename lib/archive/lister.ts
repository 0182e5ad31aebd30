/**
 * The WEEX client seen as the page walkers' narrow `PageLister` (lib/affiliate/pages.ts). The
 * client's own parameter types are per endpoint; it validates the params itself (nothing is
 * sent when they are wrong), so the walkers' generic record of params is handed through.
 */
import type { PageLister } from "@/lib/affiliate/pages";
import type { WeexClient } from "@/lib/weex/client";

export function pageLister(client: WeexClient): PageLister {
  return { list: (key, params, opts) => client.list(key, params as never, opts) };
}
