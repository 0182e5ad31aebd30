/**
 * "Synced 3 min ago": how fresh an affiliate answer is, from the `freshness` field every
 * affiliate route returns (lib/archive/sources.ts). One wording for every page.
 */
import { agoText } from "./ago";

export interface Freshness {
  source: "archive" | "live" | "mixed";
  syncedAt: number | null;
}

export function freshnessText(f: Freshness, now = Date.now()): string {
  if (f.source === "live") return "Live from WEEX";
  const synced = f.syncedAt === null ? "not synced yet" : `synced ${agoText(f.syncedAt, now)}`;
  return f.source === "archive" ? `From the archive · ${synced}` : `Archive + live · ${synced}`;
}

export function FreshnessNote({ freshness, now }: { freshness: Freshness | undefined; now?: number }) {
  if (!freshness) return null;
  return (
    <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="freshness" data-source={freshness.source}>
      {freshnessText(freshness, now)}
    </p>
  );
}
