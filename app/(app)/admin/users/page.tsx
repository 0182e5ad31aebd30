import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AdminOnly } from "@/components/admin/admin-only";
import { UsersAdmin } from "@/components/admin/users-admin";
import { PageHeader } from "@/components/ui/page-header";
import { getCurrentUser } from "@/lib/server/auth";

export const metadata: Metadata = { title: "Users · WEEX Affiliate Dashboard" };

export default async function UsersPage() {
  const user = await getCurrentUser();
  if (!user) redirect("/login?callbackUrl=/admin/users");
  if (user.role !== "admin") return <AdminOnly what="User management" role={user.role} />;
  return (
    <>
      <PageHeader
        title="Users"
        description="Who can sign in, and with which role: viewer (reports), trader (+ orders), admin (+ users, audit log, archive)."
      />
      <UsersAdmin currentUsername={user.username} />
    </>
  );
}
