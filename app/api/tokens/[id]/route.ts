import { revokeToken } from "@/lib/server/identity/api-tokens";
import { route } from "@/lib/server/http/route";

/** Revoke a token (your own; an admin any): refused at once here, within 5 s on every instance. */
export const DELETE = route("DELETE /api/tokens/[id]", {
  partners: "open",
  handler: async ({ params, principal, ip }) => {
    await revokeToken(params.id, principal, ip);
    return { deleted: params.id };
  },
});
