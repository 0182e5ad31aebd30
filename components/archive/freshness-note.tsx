"use client";

/**
 * "Updated 2 min ago": how fresh an affiliate answer is, from the `freshness` field every
 * affiliate route returns (lib/archive/sources.ts), in plain words with the details (archive
 * or live, exact sync time) on hover. While the first backfill runs nothing is synced yet, so
 * the note says how far the history is built instead (GET /api/archive/status, polled while
 * it builds). An aggregate answered meanwhile from what the history holds so far (`pending`
 * set: pending.ts) says that its charts fill in as it goes, and which days are not in yet.
 * One wording for every page, in the page's language (archive.freshness.*).
 */
import { useTranslations } from "next-intl";
import { useFormat } from "@/components/i18n/use-format";
import type { Freshness } from "@/lib/contract/responses";
import type { Format } from "@/lib/i18n/format";
import { useArchiveStatus } from "./use-archive-status";
import { pendingText, type SayPending } from "./pending";

export type { Freshness };

type FreshnessKey =
  | "live"
  | "liveTitle"
  | "buildingTitle"
  | "notBuilt"
  | "updated"
  | "archive"
  | "mixed"
  | "building"
  | "pendingTitle"
  | "filling"
  | "complete"
  | "buildingShort"
  | "buildingPlain";
/** The archive namespace's translator (useTranslations("archive"), or createTranslator in a test). */
type Say = ((key: `freshness.${FreshnessKey}`, values?: Record<string, string | number>) => string) & SayPending;

const utcMinute = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** The short line (`text`) and its details (`title`); `building` is the first backfill's overall percent, if it runs. */
export function freshnessText(say: Say, format: Pick<Format, "ago">, f: Freshness, now = Date.now(), building: number | null = null): { text: string; title: string } {
  if (f.pending) {
    const progress = building !== null ? say("freshness.buildingShort", { percent: building }) : say("freshness.buildingPlain");
    const title = [say("freshness.pendingTitle"), pendingText(say, f.pending)].filter(Boolean).join(" ");
    return { text: say(f.pending.length ? "freshness.filling" : "freshness.complete", { progress }), title };
  }
  if (f.source === "live") return { text: say("freshness.live"), title: say("freshness.liveTitle") };
  if (f.syncedAt === null) {
    const title = say("freshness.buildingTitle");
    return building !== null ? { text: say("freshness.building", { percent: building }), title } : { text: say("freshness.notBuilt"), title };
  }
  const detail = say(f.source === "archive" ? "freshness.archive" : "freshness.mixed", { at: utcMinute(f.syncedAt) });
  return { text: say("freshness.updated", { ago: format.ago(f.syncedAt, now) }), title: detail };
}

export function FreshnessNote({ freshness, now }: { freshness: Freshness | undefined; now?: number }) {
  const t = useTranslations("archive");
  const format = useFormat();
  const unsynced = !!freshness && ((freshness.source !== "live" && freshness.syncedAt === null) || !!freshness.pending);
  const status = useArchiveStatus(unsynced);
  if (!freshness) return null;
  const building = unsynced && status.data?.building ? status.data.percent : null;
  const { text, title } = freshnessText(t, format, freshness, now, building);
  const missing = pendingText(t, freshness.pending);
  return (
    // (suppressHydrationWarning: a note rendered by the server says "N min ago" of the server's
    // clock; the browser's first render may be a minute later, which is not an error)
    <p className="text-xs text-slate-600 dark:text-slate-400" suppressHydrationWarning data-testid="freshness" data-source={freshness.source} data-partial={missing ? "true" : undefined} title={title}>
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
