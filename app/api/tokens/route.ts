import { createToken, tokensOf } from "@/lib/server/identity/api-tokens";
import { json, route } from "@/lib/server/http/route";

/** Your API tokens (an admin: everyone's), newest first; never a token itself. */
export const GET = route("GET /api/tokens", {
  // (a partner makes and lists their own tokens, which carry their scope)
  partners: "open",
  handler: async ({ principal }) => ({ items: await tokensOf(principal) }),
});

/**
 * Make a token: { name, expiresAt, role?, write?, inUrl? } → 201 with the token, this once.
 * From a signed-in session only: a token cannot make another (a leaked one could outlive its
 * revocation that way).
 */
export const POST = route("POST /api/tokens", {
  // (a partner makes and lists their own tokens, which carry their scope)
  partners: "open",
  handler: async ({ body, principal, ip }) => json(await createToken(body, principal, ip), 201),
});
