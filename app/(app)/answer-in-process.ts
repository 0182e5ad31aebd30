import "server-only";
import { headers } from "next/headers";
import { NextRequest } from "next/server";
import { GET as commissionSeries } from "@/app/api/affiliate/commissions/series/route";
import { GET as funnel } from "@/app/api/affiliate/invitees/funnel/route";
import { GET as leaderboard } from "@/app/api/affiliate/sub-affiliates/leaderboard/route";
import { GET as series } from "@/app/api/affiliate/sub-affiliates/series/route";
import { logger } from "@/lib/log/log";
import { queryString, type QueryParams } from "@/lib/ui/api";

const log = logger("prefetch");

/**
 * The GET routes a page may answer on the server while it renders, by the path of their
 * routeQuery key ([path, params]). Only aggregates the archive answers: a list page's request
 * stays the browser's own (cancelled when the person leaves).
 */
const PREFETCHABLE = {
  "/api/affiliate/sub-affiliates/series": series,
  "/api/affiliate/sub-affiliates/leaderboard": leaderboard,
  "/api/affiliate/invitees/funnel": funnel,
  "/api/affiliate/commissions/series": commissionSeries,
} as const;

export type PrefetchableKey = readonly [keyof typeof PREFETCHABLE, object];

/**
 * The answer the browser would get for a routeQuery key, computed in this process for the page
 * being rendered: the same route handler with the person's own request headers (session,
 * language), so the same checks, sources and budget apply. Undefined when the route answers
 * with an error (the browser then asks itself, and shows the error as usual).
 */
export async function answerInProcess([path, params]: PrefetchableKey, signal: AbortSignal): Promise<unknown> {
  const incoming = await headers();
  const url = new URL(path + queryString(params as QueryParams), `http://${incoming.get("host") ?? "localhost"}`);
  const res = await PREFETCHABLE[path](new NextRequest(url, { headers: incoming, signal }), { params: Promise.resolve({}) });
  if (res.ok) return await res.json();
  log.info({ path, status: res.status }, "server prefetch answered with an error: the browser asks itself");
  return undefined;
}
