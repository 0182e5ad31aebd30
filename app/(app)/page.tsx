import type { Metadata } from "next";
import { Suspense } from "react";
import { OverviewView } from "@/components/overview/overview-view";
import { PageHeader } from "@/components/ui/page-header";
import { ChartSkeleton } from "@/components/ui/skeleton";

export const metadata: Metadata = { title: "Overview · WEEX Affiliate" };

export default function OverviewPage() {
  return (
    <>
      <PageHeader title="Overview" description="How your network did in the period: volume, fees and commission by product, the invitee funnel and your top sub-affiliates, each against the period before." />
      <Suspense fallback={<ChartSkeleton label="Loading overview" />}>
        <OverviewView />
      </Suspense>
    </>
  );
}
