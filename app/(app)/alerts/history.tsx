"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { useRouteQuery } from "@/components/ui/use-api-query";
import { useFormat } from "@/components/i18n/use-format";
import { episodeSummary, type AlertsTranslate } from "@/lib/alerts/summary";
import type { EpisodeView } from "@/lib/contract/alerts";
import type { Column } from "./alert-table";
import { historyQuery } from "./query-options";
import { ListSection, when, type T } from "./section";

function historyColumns(t: T, summary: (e: EpisodeView) => string): Column<EpisodeView>[] {
  return [
    { header: t("history.state"), cell: (e) => (e.resolvedAt === null ? <Badge tone="bad">{t("history.open")}</Badge> : <Badge tone="good">{t("history.resolved")}</Badge>) },
    { header: t("history.rule"), cell: (e) => e.ruleName },
    { header: t("history.what"), cell: summary },
    { header: t("history.fired"), cell: (e) => when(e.openedAt), nowrap: true },
    { header: t("history.resolvedAt"), cell: (e) => when(e.resolvedAt), nowrap: true },
  ];
}

/** What fired (everyone). */
export function History() {
  const t = useTranslations("alerts");
  const f = useFormat();
  const history = useRouteQuery(historyQuery());
  // The summary in the page's language, from the episode's detail (English as stored).
  const summary = (e: EpisodeView) => episodeSummary(e, t as unknown as AlertsTranslate, f);
  return <ListSection spec={{ key: "history", testId: "alert-history", columns: historyColumns(t, summary) }} query={history} />;
}
