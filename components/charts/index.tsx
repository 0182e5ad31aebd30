"use client";

/**
 * Charts load on demand: Recharts is a large bundle that only the overview and the
 * sub-affiliate pages need, and charts draw nothing useful before the browser measures them.
 *
 * A chart mounts once it comes near the viewport, and then at its own idle moment, in a
 * transition: the page's text, figures and controls become interactive first, several charts
 * arriving at once render one after another instead of in one long main-thread task, and a
 * chart below the fold (on a phone, all of the overview's) costs nothing until the reader
 * scrolls towards it. Drawing one takes a Recharts chart ~100 ms of a phone's main thread.
 */
import dynamic from "next/dynamic";
import { memo, startTransition, useEffect, useRef, useState, type ComponentType, type RefObject } from "react";
import { ChartSkeleton } from "@/components/ui/skeleton";

const LazySeriesItemsChart = dynamic(() => import("./series-chart").then((m) => m.SeriesItemsChart), {
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

/** How far outside the viewport a chart starts to mount, so it is drawn by the time it scrolls in. */
const NEAR_VIEWPORT = "200px 0px";

/** Resolves once the element is within `NEAR_VIEWPORT` of the viewport (at once without IntersectionObserver). */
function nearViewport(el: Element, signal: AbortSignal): Promise<void> {
  if (typeof IntersectionObserver !== "function") return Promise.resolve();
  return new Promise<void>((resolve) => {
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          resolve();
        }
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    io.observe(el);
    signal.addEventListener("abort", () => io.disconnect(), { once: true });
  });
}

type Stage = "far" | "near" | "ready";

/**
 * "far" until the element comes near the viewport, "near" while it waits for its idle turn,
 * then "ready".
 */
function useStage(ref: RefObject<HTMLDivElement | null>): Stage {
  const [stage, setStage] = useState<Stage>("far");
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const stop = new AbortController();
    void nearViewport(el, stop.signal)
      .then(() => {
        if (stop.signal.aborted) return;
        setStage("near");
        return nextIdleTurn();
      })
      .then(() => {
        if (!stop.signal.aborted) startTransition(() => setStage("ready"));
      });
    return () => stop.abort();
  }, [ref]);
  return stage;
}

/**
 * Until then: far from view, a quiet placeholder of the chart's size (nothing is loading, so
 * nothing is announced); near, the loading skeleton.
 */
function Placeholder({ stage, height }: { stage: Stage; height: number }) {
  return stage === "far" ? <div aria-hidden="true" className="rounded bg-slate-100 dark:bg-slate-800/40" style={{ height }} /> : <ChartSkeleton height={height} />;
}

/**
 * A lazy chart that mounts in its turn (useStage), behind a placeholder of its height.
 * Memoised: a Recharts chart recomputes its whole layout on every render, and the pages
 * re-render whenever one of their several queries settles. Pass the response's own arrays.
 */
function staged<P extends object>(Chart: ComponentType<P>, heightOf: (props: P) => number) {
  return memo(function StagedChart(props: P) {
    const ref = useRef<HTMLDivElement>(null);
    const stage = useStage(ref);
    return <div ref={ref}>{stage === "ready" ? <Chart {...props} /> : <Placeholder stage={stage} height={heightOf(props)} />}</div>;
  });
}

/** A series chart of one metric, given the series' items (its rows are built in the chart's chunk). */
export const SeriesItemsChart = staged(LazySeriesItemsChart, (p) => p.height ?? 260);
export const FunnelChart = staged(LazyFunnelChart, () => 200);
