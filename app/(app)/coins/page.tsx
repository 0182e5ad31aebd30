import { CoinsView } from "@/components/coins/coins-view";
import { TableSkeleton } from "@/components/ui/skeleton";
import { definePage } from "../define-page";

const page = definePage({
  path: "/coins",
  title: "Coins",
  description: "Coins and their networks: withdrawal fees and minimums, deposit confirmations, and what is enabled.",
  role: "viewer",
  fallback: <TableSkeleton label="Loading coins" />,
  render: () => <CoinsView />,
});

export const metadata = page.metadata;
export default page.Page;
