import type { Metadata } from "next";
import { Suspense } from "react";
import { CohortsView } from "@/components/cohorts/cohorts-view";
import { PageHeader } from "@/components/ui/page-header";
import { TableSkeleton } from "@/components/ui/skeleton";

export const metadata: Metadata = { title: "Cohorts & invite codes · WEEX Affiliate" };

export default function CohortsPage() {
  return (
    <>
      <PageHeader title="Cohorts & invite codes" description="When the people you invited convert, which invite codes bring people who trade, and how long they take to trade." />
      <Suspense fallback={<TableSkeleton label="Loading cohorts" />}>
        <CohortsView />
      </Suspense>
    </>
  );
}
