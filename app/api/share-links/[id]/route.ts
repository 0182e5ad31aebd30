import { deleteShareLink } from "@/lib/server/identity/share-links";
import { route } from "@/lib/server/http/route";

/** Revoke a link (its creator, or an admin): it opens nothing from the next request on. */
export const DELETE = route("DELETE /api/share-links/[id]", {
  partners: "open",
  handler: async ({ params, user, ip }) => ({ link: await deleteShareLink(params.id, user, ip) }),
});
