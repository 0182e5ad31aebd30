import { unlockShare } from "@/lib/server/identity/share-links";
import { route } from "@/lib/server/http/route";

/** A share link's password (no login): throttled as sign-ins are; a right one sets the cookie that opens the link in this browser. */
export const POST = route("POST /api/share-links/unlock", {
  handler: async ({ body, req, ip }) => unlockShare(body.token, body.password, req, ip),
});
