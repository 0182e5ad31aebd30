import { PATH_PARAMS } from "@/lib/contract/queries";
import { changeUser, userChangesSchema } from "@/lib/server/user-admin";
import { route } from "@/lib/server/route";

/** Change a user: { role?, scope?, password?, disabled?, email? } (email null removes it). A new password or disabling ends their sessions. */
export const PATCH = route({
  role: "admin",
  params: PATH_PARAMS["/api/admin/users/[id]"],
  body: userChangesSchema,
  handler: async ({ params, body, user, ip }) => ({ user: await changeUser(params.id, body, user, ip) }),
});
