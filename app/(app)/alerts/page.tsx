import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AlertsView } from "@/components/alerts/alerts-view";
import { PageHeader } from "@/components/ui/page-header";
import { getCurrentUser } from "@/lib/server/auth";

export const metadata: Metadata = { title: "Alerts · WEEX Affiliate Dashboard" };

export default async function AlertsPage() {
  const user = await getCurrentUser();
  if (!user) redirect("/login?callbackUrl=/alerts");
  return (
    <>
      <PageHeader title="Alerts" description="Sub-affiliates that stop trading or earn less, invitees going dormant, daily totals: fired once per episode, delivered by webhook or email, plus scheduled reports." />
      <AlertsView isAdmin={user.role === "admin"} />
    </>
  );
}
