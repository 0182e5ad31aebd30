import { MarketsView } from "@/components/markets/markets-view";
import { TableSkeleton } from "@/components/ui/skeleton";
import { definePage } from "../define-page";

const page = definePage({
  path: "/markets",
  title: "Markets",
  description: "WEEX spot trading pairs: status, precision, price and quantity steps, order limits and fee rates.",
  role: "viewer",
  fallback: <TableSkeleton label="Loading trading pairs" />,
  render: () => <MarketsView />,
});

export const metadata = page.metadata;
export default page.Page;
