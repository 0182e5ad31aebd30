"use client";

/**
 * "Updated 2 min ago": how fresh an affiliate answer is, from the `freshness` field every
 * affiliate route returns (lib/archive/sources.ts), in plain words with the details (archive
 * or live, exact sync time) on hover. While the first backfill runs nothing is synced yet, so
 * the note says how far the history is built instead (GET /api/archive/status, polled while
 * it builds). An aggregate answered meanwhile from what the history holds so far (`pending`
 * set: pending.ts) says that its charts fill in as it goes, and which days are not in yet.
 * One wording for every page.
 */
import type { Freshness } from "@/lib/contract/responses";
import { useArchiveStatus } from "./use-archive-status";
import { agoText } from "./ago";
import { pendingText } from "./pending";

export type { Freshness };

const utcMinute = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** The short line (`text`) and its details (`title`); `building` is the first backfill's overall percent, if it runs. */
export function freshnessText(f: Freshness, now = Date.now(), building: number | null = null): { text: string; title: string } {
  if (f.pending) {
    const progress = building !== null ? `Building your history — ${building} %` : "Building your history";
    const title = [
      "The dashboard is building its own copy of your WEEX history, newest days first. Figures show what it holds so far; days not loaded yet are left out, never counted as zero.",
      pendingText(f.pending),
    ].filter(Boolean).join(" ");
    return { text: f.pending.length ? `${progress}; charts fill in as it goes` : `${progress}; this period is complete`, title };
  }
  if (f.source === "live") return { text: "Updated just now", title: "Read live from WEEX for this request." };
  if (f.syncedAt === null) {
    const title = "The dashboard keeps its own copy of your WEEX history and is still building it; until then figures are read live from WEEX, which is slower.";
    return building !== null
      ? { text: `Building your history — ${building} %; figures come live from WEEX meanwhile`, title }
      : { text: "History not built yet; figures come live from WEEX", title };
  }
  const detail =
    f.source === "archive"
      ? `From the dashboard's archive, synced with WEEX at ${utcMinute(f.syncedAt)}.`
      : `From the dashboard's archive (synced with WEEX at ${utcMinute(f.syncedAt)}) plus the newest records read live from WEEX.`;
  return { text: `Updated ${agoText(f.syncedAt, now)}`, title: detail };
}

export function FreshnessNote({ freshness, now }: { freshness: Freshness | undefined; now?: number }) {
  const unsynced = !!freshness && ((freshness.source !== "live" && freshness.syncedAt === null) || !!freshness.pending);
  const status = useArchiveStatus(unsynced);
  if (!freshness) return null;
  const building = unsynced && status.data?.building ? status.data.percent : null;
  const { text, title } = freshnessText(freshness, now, building);
  const missing = pendingText(freshness.pending);
  return (
    <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="freshness" data-source={freshness.source} data-partial={missing ? "true" : undefined} title={title}>
      {text}
      <span className="sr-only"> ({title})</span>
      {missing ? (
        <span className="block" aria-hidden="true" data-testid="pending-days">
          {missing}
        </span>
      ) : null}
    </p>
  );
}
