import type { Metadata } from "next";
import { Suspense } from "react";
import { CoinsView } from "@/components/coins/coins-view";
import { PageHeader } from "@/components/ui/page-header";
import { TableSkeleton } from "@/components/ui/skeleton";

export const metadata: Metadata = { title: "Coins · WEEX Affiliate" };

export default function CoinsPage() {
  return (
    <>
      <PageHeader title="Coins" description="Coins and their networks: withdrawal fees and minimums, deposit confirmations, and what is enabled." />
      <Suspense fallback={<TableSkeleton label="Loading coins" />}>
        <CoinsView />
      </Suspense>
    </>
  );
}
