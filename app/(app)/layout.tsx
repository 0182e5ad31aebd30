import { ShellFrame } from "@/components/shell/shell-frame";
import { unreadCount } from "@/lib/alerts/store";
import { getConfig } from "@/lib/config/config";
import { getDb } from "@/lib/db";
import { requireUser } from "./session";

/** The bell's count for the signed-in user, and when it was counted. */
async function unreadNow(username: string) {
  return { unread: await unreadCount(await getDb(), username), at: Date.now() };
}

/**
 * Every signed-in page: the shell, server-rendered with the session, the mode and the bell's
 * unread count, so neither the nav, the DEMO/LIVE badge nor the bell waits for a request.
 */
export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const user = await requireUser();
  return <ShellFrame user={user} mode={getConfig().mode} unread={await unreadNow(user.name)}>{children}</ShellFrame>;
}
