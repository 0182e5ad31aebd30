import "server-only";
import { redirect } from "next/navigation";
import type { ShellUser } from "@/lib/contract/roles";
import { getCurrentUser } from "@/lib/server/identity/auth";

/**
 * The signed-in user for server components, or a redirect to /login (back to `returnTo`
 * afterwards). The role decides what the navigation shows; the route handlers enforce it again
 * on every request.
 */
export async function requireUser(returnTo?: string): Promise<ShellUser> {
  const user = await getCurrentUser();
  if (!user) redirect(returnTo ? `/login?callbackUrl=${returnTo}` : "/login");
  return { name: user.username, role: user.role, scope: user.scope };
}
