import { SpotOrdersView } from "@/components/orders/spot-orders-view";
import { TableSkeleton } from "@/components/ui/skeleton";
import { definePage } from "../define-page";

const page = definePage({
  path: "/orders",
  title: "Spot orders",
  description: "Find one spot order by its ID, or list the orders of a trading pair.",
  role: "trader",
  what: "Querying spot orders",
  fallback: <TableSkeleton label="Loading spot orders" />,
  render: () => <SpotOrdersView />,
});

export const metadata = page.metadata;
export default page.Page;
