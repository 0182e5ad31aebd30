import { changeUser, userChangesSchema } from "@/lib/server/services/user-admin";
import { route } from "@/lib/server/http/route";

/**
 * Change a user: { role?, scope?, password?, disabled?, email? } (email null removes it). A new
 * password or disabling ends their sessions, API tokens and share links; the answer's `revoked`
 * lists those tokens and links. From a signed-in session only: a change made with a token (a
 * new password, a raised role) would outlive the token's revocation.
 */
export const PATCH = route("PATCH /api/admin/users/[id]", {
  body: userChangesSchema,
  handler: async ({ params, body, user, ip }) => changeUser(params.id, body, user, ip),
});
