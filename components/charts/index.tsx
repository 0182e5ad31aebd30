"use client";

/**
 * Charts load on demand: Recharts is a large bundle that only the overview and the
 * sub-affiliate pages need, and charts draw nothing useful before the browser measures them.
 */
import dynamic from "next/dynamic";
import { ChartSkeleton } from "@/components/ui/skeleton";

export const SeriesChart = dynamic(() => import("./series-chart").then((m) => m.SeriesChart), {
  ssr: false,
  loading: () => <ChartSkeleton />,
});

export const FunnelChart = dynamic(() => import("./funnel-chart").then((m) => m.FunnelChart), {
  ssr: false,
  loading: () => <ChartSkeleton height={200} />,
});
