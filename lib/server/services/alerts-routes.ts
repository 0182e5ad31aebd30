/**
 * The shapes the alerts routes share: a collection (GET its items; an admin POSTs a new one,
 * answered 201) and the removal of one by id. Each route file says what is listed and created.
 */
import "server-only";
import { z } from "zod";
import type { API_ROUTES } from "@/lib/contract/api-routes";
import { getDb } from "@/lib/db";
import type { Db } from "@/lib/db";
import type { SessionUser } from "@/lib/server/identity/principal";
import { json, route } from "@/lib/server/http/route";
import type { Locale } from "@/lib/i18n/locales";
import { localeOfRequest } from "@/lib/server/http/locale";

/** who asks: the user, their address, and the language of their request */
type Who = { user: SessionUser; ip: string; locale: Locale };

/** The alerts' collections: GET lists, POST (admin) makes one; roles and bodies are the contract's entries. */
type Collection = "/api/alerts/rules" | "/api/alerts/destinations" | "/api/alerts/schedules";
type NewItem<P extends Collection> = z.output<(typeof API_ROUTES)[P]["POST"]["body"]>;

export function collectionRoutes<P extends Collection>(path: P, opts: { list: (db: Db) => Promise<unknown[]>; create: (input: NewItem<P>, who: Who) => Promise<unknown> }) {
  return {
    // (alerts are about the whole account: never a partner's; an admin-only GET has no partner entry)
    GET: route(`GET ${path}` as `GET ${Collection}`, { partners: "denied", handler: async () => ({ items: await opts.list(await getDb()) }) }),
    POST: route(`POST ${path}` as `POST ${Collection}`, {
      handler: async ({ body, user, ip, req }) => json(await opts.create(body as NewItem<P>, { user, ip, locale: localeOfRequest(req, user) }), 201),
    }),
  };
}

export function removalRoute(key: "DELETE /api/alerts/rules/[id]" | "DELETE /api/alerts/destinations/[id]" | "DELETE /api/alerts/schedules/[id]", remove: (id: string, who: Who) => Promise<void>) {
  return route(key, {
    handler: async ({ params, user, ip, req }) => {
      await remove(params.id, { user, ip, locale: localeOfRequest(req, user) });
      return { deleted: params.id };
    },
  });
}
