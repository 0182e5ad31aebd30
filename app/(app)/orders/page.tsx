import type { Metadata } from "next";
import { Suspense } from "react";
import { SpotOrdersView } from "@/components/orders/spot-orders-view";
import { hasRole } from "@/components/shell/roles";
import { PageHeader } from "@/components/ui/page-header";
import { TableSkeleton } from "@/components/ui/skeleton";
import { ForbiddenNotice } from "../forbidden-notice";
import { requireUser } from "../session";

export const metadata: Metadata = { title: "Spot orders · WEEX Affiliate" };

export default async function OrdersPage() {
  const user = await requireUser();
  if (!hasRole(user, "trader")) return <ForbiddenNotice what="Querying spot orders" role={user.role} />;
  return (
    <>
      <PageHeader title="Spot orders" description="Find one spot order by its ID, or list the orders of a trading pair." />
      <Suspense fallback={<TableSkeleton label="Loading spot orders" />}>
        <SpotOrdersView />
      </Suspense>
    </>
  );
}
