import type { Metadata } from "next";
import { Suspense } from "react";
import { TransfersView } from "@/components/transfers/transfers-view";
import { PageHeader } from "@/components/ui/page-header";
import { TableSkeleton } from "@/components/ui/skeleton";

export const metadata: Metadata = { title: "Internal transfers · WEEX Affiliate" };

export default function TransfersPage() {
  return (
    <>
      <PageHeader title="Internal transfers" description="Transfers between WEEX accounts (internal withdrawals) of the past month, with their status." />
      <Suspense fallback={<TableSkeleton label="Loading internal transfers" />}>
        <TransfersView />
      </Suspense>
    </>
  );
}
