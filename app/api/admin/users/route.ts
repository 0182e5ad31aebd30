import { allUsers, addUser, newUserSchema } from "@/lib/server/services/user-admin";
import { json, route } from "@/lib/server/http/route";

/** The dashboard's users (never their password hashes). */
export const GET = route("GET /api/admin/users", {
  handler: async () => ({ items: await allUsers() }),
});

/** Add a user: { username, password, role }. From a signed-in session only: a user made with a token would outlive the token's revocation. */
export const POST = route("POST /api/admin/users", {
  body: newUserSchema,
  handler: async ({ body, user, ip }) => json({ user: await addUser(body, user, ip) }, 201),
});
