import type { Metadata } from "next";
import { Suspense } from "react";
import { InviteesView } from "@/components/invitees/invitees-view";
import { PageHeader } from "@/components/ui/page-header";
import { TableSkeleton } from "@/components/ui/skeleton";

export const metadata: Metadata = { title: "Invited users · WEEX Affiliate" };

export default function InviteesPage() {
  return (
    <>
      <PageHeader title="Invited users" description="Users who registered with your invitation codes and how far each got: KYC, first deposit, first trade." />
      <Suspense fallback={<TableSkeleton label="Loading invited users" />}>
        <InviteesView />
      </Suspense>
    </>
  );
}
