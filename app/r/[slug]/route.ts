/**
 * A tracked link's short URL: 302 to its destination, counted (lib/server/services/link-clicks.ts).
 * Public and outside the API (no session, no JSON): the proxy does not run for it (proxy.ts's
 * matcher), so a click costs no session check.
 */
import type { NextRequest } from "next/server";
import { redirectClick } from "@/lib/server/services/link-clicks";

type Ctx = { params: Promise<{ slug: string }> };

export async function GET(req: NextRequest, ctx: Ctx): Promise<Response> {
  return redirectClick(req, (await ctx.params).slug);
}

export async function HEAD(req: NextRequest, ctx: Ctx): Promise<Response> {
  return redirectClick(req, (await ctx.params).slug);
}
