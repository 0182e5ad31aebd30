import { OverviewView } from "@/components/overview/overview-view";
import { ChartSkeleton } from "@/components/ui/skeleton";
import { definePage } from "./define-page";

const page = definePage({
  path: "/",
  title: "Overview",
  description:
    "How your network did in the period: volume, fees and commission by product, the invitee funnel and your top sub-affiliates, each against the period before.",
  role: "viewer",
  archiveStatus: true,
  fallback: <ChartSkeleton label="Loading overview" />,
  render: () => <OverviewView />,
});

export const metadata = page.metadata;
export default page.Page;
