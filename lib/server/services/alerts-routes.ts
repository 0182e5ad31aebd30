/**
 * The shapes the alerts routes share: a collection (GET its items; an admin POSTs a new one,
 * answered 201) and the removal of one by id. Each route file says what is listed and created.
 */
import "server-only";
import { z } from "zod";
import { alertIdParams } from "@/lib/contract/alerts";
import { getDb } from "@/lib/db";
import type { Db } from "@/lib/db";
import type { SessionUser } from "@/lib/server/identity/principal";
import { json, route } from "@/lib/server/http/route";
import type { Locale } from "@/lib/i18n/locales";
import { localeOfRequest } from "@/lib/server/http/locale";

/** who asks: the user, their address, and the language of their request */
type Who = { user: SessionUser; ip: string; locale: Locale };

export function collectionRoutes<B extends z.ZodType>(opts: { readRole: "viewer" | "admin"; list: (db: Db) => Promise<unknown[]>; body: B; create: (input: z.output<B>, who: Who) => Promise<unknown> }) {
  return {
    // (alerts are about the whole account: never a partner's)
    GET: route({ role: opts.readRole, partners: "denied", handler: async () => ({ items: await opts.list(await getDb()) }) }),
    POST: route({
      role: "admin",
      body: opts.body,
      handler: async ({ body, user, ip, req }) => json(await opts.create(body as z.output<B>, { user, ip, locale: localeOfRequest(req, user) }), 201),
    }),
  };
}

export function removalRoute(remove: (id: string, who: Who) => Promise<void>) {
  return route({
    role: "admin",
    params: alertIdParams,
    handler: async ({ params, user, ip, req }) => {
      await remove(params.id, { user, ip, locale: localeOfRequest(req, user) });
      return { deleted: params.id };
    },
  });
}
