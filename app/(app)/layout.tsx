import { ShellFrame } from "@/components/shell/shell-frame";
import { unreadCount } from "@/lib/alerts/store";
import { getConfig } from "@/lib/config/config";
import { getDb } from "@/lib/db";
import type { ShellUser } from "@/lib/contract/roles";
import { requireUser } from "./session";

/** The bell's count for the signed-in user, and when it was counted (a partner has no bell: alerts are about the whole account). */
async function unreadNow(user: ShellUser) {
  return { unread: user.role === "partner" ? 0 : await unreadCount(await getDb(), user.name), at: Date.now() };
}

/**
 * Every signed-in page: the shell, server-rendered with the session, the mode and the bell's
 * unread count, so neither the nav, the DEMO/LIVE badge nor the bell waits for a request.
 */
export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const user = await requireUser();
  return <ShellFrame user={user} mode={getConfig().mode} unread={await unreadNow(user)}>{children}</ShellFrame>;
}
