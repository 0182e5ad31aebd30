import { changeLinkFor, deleteLinkFor } from "@/lib/server/services/links";
import { publicOrigin } from "@/lib/server/http/request-info";
import { route } from "@/lib/server/http/route";

/** Change a link (never its slug); audit-logged. */
export const PATCH = route("PATCH /api/links/[id]", {
  partners: "invitees",
  handler: async ({ params, body, user, ip, req }) => changeLinkFor(params.id, body, { user, ip, origin: publicOrigin(req.headers) }),
});

/** Delete a link: its short URL answers 410, its slug stays taken; audit-logged. */
export const DELETE = route("DELETE /api/links/[id]", {
  partners: "invitees",
  handler: async ({ params, user, ip, req }) => deleteLinkFor(params.id, { user, ip, origin: publicOrigin(req.headers) }),
});
