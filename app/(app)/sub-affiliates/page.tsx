import { SubAffiliatesView } from "@/components/sub-affiliates/sub-affiliates-view";
import { TableSkeleton } from "@/components/ui/skeleton";
import { definePage } from "../define-page";

const page = definePage({
  path: "/sub-affiliates",
  title: "Sub-affiliates",
  description: "Daily trading volume, net trading fee and paid commission of your sub-affiliates, with a trend per sub-affiliate and a CSV export.",
  role: "viewer",
  archiveStatus: true,
  fallback: <TableSkeleton label="Loading sub-affiliates" />,
  render: () => <SubAffiliatesView />,
});

export const metadata = page.metadata;
export default page.Page;
