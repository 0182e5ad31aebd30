import { addShareLink, shareLinksOf } from "@/lib/server/identity/share-links";
import { publicOrigin } from "@/lib/server/http/request-info";
import { json, route } from "@/lib/server/http/route";

/** Your share links (an admin: everyone's), newest first; never their tokens. */
export const GET = route("GET /api/share-links", {
  // (a partner lists the links they made)
  partners: "open",
  handler: async ({ user }) => ({ items: await shareLinksOf(user) }),
});

/** A read-only link to a view: { page, query?, expiresAt, password?, allowExport? } → { id, url }. */
export const POST = route("POST /api/share-links", {
  // (a partner shares a view of their own scope: share-links.ts checks the page against it)
  partners: "open",
  // A link is a credential of its own: made from a signed-in session, never by an API token (a
  // leaked token could outlive its revocation in a link it made): the entry's `tokens: false`.
  handler: async ({ body, user, ip, req }) => json(await addShareLink(body, user, ip, publicOrigin(req.headers)), 201),
});
