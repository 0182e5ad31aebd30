import { ShellFrame } from "@/components/shell/shell-frame";
import { requireUser } from "./session";

/** Every signed-in page: the shell (server-rendered with the session, so the nav never flashes). */
export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const user = await requireUser();
  return <ShellFrame user={user}>{children}</ShellFrame>;
}
