import type { Metadata } from "next";
import { hasRole } from "@/components/shell/roles";
import { TradingView } from "@/components/trading";
import { PageHeader } from "@/components/ui/page-header";
import { ForbiddenNotice } from "../forbidden-notice";
import { requireUser } from "../session";

export const metadata: Metadata = { title: "Place orders · WEEX Affiliate" };

export default async function TradingPage() {
  const user = await requireUser();
  if (!hasRole(user, "trader")) return <ForbiddenNotice what="Placing and modifying orders" role={user.role} />;
  return (
    <>
      <PageHeader
        title="Place orders"
        description="Contract orders and TP/SL plan orders. Every request is checked here first, shown to you exactly as it will be sent, and sent once: nothing is retried automatically."
      />
      <TradingView />
    </>
  );
}
