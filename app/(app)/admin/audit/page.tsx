import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Suspense } from "react";
import { AdminOnly } from "@/components/admin/admin-only";
import { AuditLog } from "@/components/admin/audit-log";
import { PageHeader } from "@/components/ui/page-header";
import { getCurrentUser } from "@/lib/server/auth";

export const metadata: Metadata = { title: "Audit log · WEEX Affiliate Dashboard" };

export default async function AuditPage() {
  const user = await getCurrentUser();
  if (!user) redirect("/login?callbackUrl=/admin/audit");
  if (user.role !== "admin") return <AdminOnly what="The audit log" role={user.role} />;
  return (
    <>
      <PageHeader title="Audit log" description="Sign-ins, order placements and changes, and user management: who, when, from where, and what came of it." />
      <Suspense>
        <AuditLog />
      </Suspense>
    </>
  );
}
