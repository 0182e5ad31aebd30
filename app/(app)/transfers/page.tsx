import { TransfersView } from "@/components/transfers/transfers-view";
import { TableSkeleton } from "@/components/ui/skeleton";
import { definePage } from "../define-page";

const page = definePage({
  path: "/transfers",
  title: "Internal transfers",
  description: "Transfers between WEEX accounts (internal withdrawals) of the past month, with their status.",
  role: "viewer",
  archiveStatus: true,
  fallback: <TableSkeleton label="Loading internal transfers" />,
  render: () => <TransfersView />,
});

export const metadata = page.metadata;
export default page.Page;
