import "server-only";
import { redirect } from "next/navigation";
import { getCurrentUser } from "@/lib/server/auth";
import type { ShellUser } from "@/components/shell/roles";

/**
 * The signed-in user for server components, or a redirect to /login. The role decides what
 * the navigation shows; the route handlers enforce it again on every request.
 */
export async function requireUser(): Promise<ShellUser> {
  const user = await getCurrentUser();
  if (!user) redirect("/login");
  return { name: user.username, role: user.role };
}
