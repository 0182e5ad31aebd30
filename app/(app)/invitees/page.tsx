import { InviteesView } from "@/components/invitees/invitees-view";
import { TableSkeleton } from "@/components/ui/skeleton";
import { definePage } from "../define-page";

const page = definePage({
  path: "/invitees",
  title: "Invited users",
  description: "Users who registered with your invitation codes and how far each got: KYC, first deposit, first trade.",
  role: "viewer",
  archiveStatus: true,
  fallback: <TableSkeleton label="Loading invited users" />,
  render: () => <InviteesView />,
});

export const metadata = page.metadata;
export default page.Page;
