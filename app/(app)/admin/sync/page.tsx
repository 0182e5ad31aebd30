import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AdminOnly } from "@/components/admin/admin-only";
import { SyncAdmin } from "@/components/archive/sync-admin";
import { PageHeader } from "@/components/ui/page-header";
import { getCurrentUser } from "@/lib/server/auth";

export const metadata: Metadata = { title: "Archive sync · WEEX Affiliate Dashboard" };

export default async function SyncPage() {
  const user = await getCurrentUser();
  if (!user) redirect("/login?callbackUrl=/admin/sync");
  if (user.role !== "admin") return <AdminOnly what="The archive sync" role={user.role} />;
  return (
    <>
      <PageHeader
        title="Archive sync"
        description="The dashboard keeps its own copy of your sub-affiliate records, invited users and internal transfers: charts draw from it in milliseconds, and it keeps what WEEX forgets (transfers after a month, invitees after a year). It syncs every minute."
      />
      <SyncAdmin />
    </>
  );
}
