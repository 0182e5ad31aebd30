import { ShellFrame } from "@/components/shell/shell-frame";
import { getConfig } from "@/lib/config/config";
import { requireUser } from "./session";

/** Every signed-in page: the shell (server-rendered with the session and the mode, so neither the nav nor the DEMO/LIVE badge flashes). */
export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const user = await requireUser();
  return <ShellFrame user={user} mode={getConfig().mode}>{children}</ShellFrame>;
}
