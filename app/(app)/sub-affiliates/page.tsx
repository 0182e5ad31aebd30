import type { Metadata } from "next";
import { Suspense } from "react";
import { SubAffiliatesView } from "@/components/sub-affiliates/sub-affiliates-view";
import { PageHeader } from "@/components/ui/page-header";
import { TableSkeleton } from "@/components/ui/skeleton";

export const metadata: Metadata = { title: "Sub-affiliates · WEEX Affiliate" };

export default function SubAffiliatesPage() {
  return (
    <>
      <PageHeader title="Sub-affiliates" description="Daily trading volume, net trading fee and paid commission of your sub-affiliates, with a trend per sub-affiliate and a CSV export." />
      <Suspense fallback={<TableSkeleton label="Loading sub-affiliates" />}>
        <SubAffiliatesView />
      </Suspense>
    </>
  );
}
