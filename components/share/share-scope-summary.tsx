"use client";

/**
 * What a share link's reader will see, in words, for the share dialog: each filter of the page
 * that the link fixes (lib/ui/share-scope.ts, the same reading the server holds the reader to),
 * its period (rolling or fixed, and its comparison) or that it has none, and what the reader may
 * still change.
 */
import { useTranslations } from "next-intl";
import { mutedText } from "@/components/ui/styles";
import type { SharePageKey } from "@/lib/contract/share";
import { linkFilters, SHARE_DIMENSION_KEYS, type LinkPeriod } from "@/lib/ui/share-scope";

function usePeriodWords(): (p: LinkPeriod | null) => string {
  const t = useTranslations("share.create.scope");
  const presets = useTranslations("period.presets");
  return (p) => {
    if (p === null) return t("anyPeriod");
    if (p.kind === "registration") return t("registration", { from: p.from ?? "…", to: p.to ?? "…" });
    const against = p.compare === "custom" ? `${p.compareStart ?? "…"} – ${p.compareEnd ?? "…"}` : t(p.compare);
    if (p.preset === "custom") return t("fixed", { from: p.from ?? "…", to: p.to ?? "…", against });
    return t("rolling", { preset: presets(p.preset), against });
  };
}

export function ShareScopeSummary({ page, query }: { page: SharePageKey; query: string }) {
  const t = useTranslations("share.create.scope");
  const periodWords = usePeriodWords();
  const filters = linkFilters(page, query);
  return (
    <div data-testid="share-scope">
      <h2 className="font-medium">{t("title")}</h2>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {SHARE_DIMENSION_KEYS.filter((d) => filters.values[d] !== undefined).map((d) => (
          <li key={d} data-dimension={d}>
            {t(d, { value: filters.values[d]! })}
          </li>
        ))}
        <li data-dimension="period">{periodWords(filters.period)}</li>
      </ul>
      <p className={`mt-1 ${mutedText}`}>
        {t("open")} {t("presentation")} {t("never")}
      </p>
    </div>
  );
}
