import type { Metadata } from "next";
import { Suspense } from "react";
import { MarketsView } from "@/components/markets/markets-view";
import { PageHeader } from "@/components/ui/page-header";
import { TableSkeleton } from "@/components/ui/skeleton";

export const metadata: Metadata = { title: "Markets · WEEX Affiliate" };

export default function MarketsPage() {
  return (
    <>
      <PageHeader title="Markets" description="WEEX spot trading pairs: status, precision, price and quantity steps, order limits and fee rates." />
      <Suspense fallback={<TableSkeleton label="Loading trading pairs" />}>
        <MarketsView />
      </Suspense>
    </>
  );
}
