import { createLinkFor, linksWithCounts } from "@/lib/server/services/links";
import { publicOrigin } from "@/lib/server/http/request-info";
import { route } from "@/lib/server/http/route";

/** The links with their clicks, unique visitors and registrations over a range; a partner's: of their own codes. */
export const GET = route("GET /api/links", {
  partners: "invitees",
  handler: async ({ query, scope, req }) => linksWithCounts(query, scope, publicOrigin(req.headers)),
});

/** Make a link (an admin any, a partner for their own codes): 201 with its short URL; audit-logged. */
export const POST = route("POST /api/links", {
  partners: "invitees",
  handler: async ({ body, user, ip, req }) => createLinkFor(body, { user, ip, origin: publicOrigin(req.headers) }),
});
