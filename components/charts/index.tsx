"use client";

/**
 * Charts load on demand: Recharts is a large bundle that only the overview and the
 * sub-affiliate pages need, and charts draw nothing useful before the browser measures them.
 *
 * Each chart also waits for its own idle moment before it mounts, in a transition: the page's
 * text, figures and controls become interactive first, and several charts arriving at once
 * render one after another instead of in one long main-thread task.
 */
import dynamic from "next/dynamic";
import { memo, startTransition, useEffect, useState, type ComponentProps } from "react";
import { ChartSkeleton } from "@/components/ui/skeleton";

const LazySeriesChart = dynamic(() => import("./series-chart").then((m) => m.SeriesChart), {
  ssr: false,
  loading: () => <ChartSkeleton />,
});

const LazyFunnelChart = dynamic(() => import("./funnel-chart").then((m) => m.FunnelChart), {
  ssr: false,
  loading: () => <ChartSkeleton height={200} />,
});

/** At the latest this long after its turn comes a chart renders, even on a busy main thread. */
const IDLE_TIMEOUT_MS = 1500;

/** The last chart's turn: charts take turns, one per idle period, in the order they mounted. */
let lastTurn: Promise<void> = Promise.resolve();

function nextIdleTurn(): Promise<void> {
  lastTurn = lastTurn.then(
    () =>
      new Promise<void>((resolve) => {
        if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
        else window.setTimeout(resolve, 1);
      }),
  );
  return lastTurn;
}

/** True once this chart's idle turn has come (charts mounted together then render one by one). */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let mounted = true;
    void nextIdleTurn().then(() => {
      if (mounted) startTransition(() => setIdle(true));
    });
    return () => {
      mounted = false;
    };
  }, []);
  return idle;
}

// Memoised: a Recharts chart recomputes its whole layout on every render, and the pages
// re-render whenever one of their several queries settles. Pass memoised rows.
export const SeriesChart = memo(function SeriesChart(props: ComponentProps<typeof LazySeriesChart>) {
  return useIdle() ? <LazySeriesChart {...props} /> : <ChartSkeleton height={props.height} />;
});

export const FunnelChart = memo(function FunnelChart(props: ComponentProps<typeof LazyFunnelChart>) {
  return useIdle() ? <LazyFunnelChart {...props} /> : <ChartSkeleton height={200} />;
});
