"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { Badge } from "@/components/ui/badge";
import { mutedText } from "@/components/ui/styles";
import { useRouteQuery } from "@/components/ui/use-api-query";
import type { DeliveryView } from "@/lib/contract/alerts";
import type { Column } from "./alert-table";
import { deliveriesQuery } from "./query-options";
import { ListSection, when, type T } from "./section";

function deliveryColumns(t: T): Column<DeliveryView>[] {
  return [
    { header: t("deliveries.state"), cell: (d) => <Badge tone={d.state === "sent" ? "good" : d.state === "failed" ? "bad" : "warn"}>{t(`deliveries.states.${d.state}`)}</Badge> },
    { header: t("deliveries.to"), cell: (d) => (d.recipient ? t("deliveries.toPartner", { username: d.recipient.username }) : (d.destinationName ?? d.destinationId)) },
    { header: t("deliveries.message"), cell: (d) => `${t(`deliveries.purposes.${d.purpose}`)}: ${d.title}` },
    {
      header: t("deliveries.attempts"),
      cell: (d) => (
        <ol className="space-y-0.5">
          {d.attempts.map((a) => (
            <li key={a.attempt} className="whitespace-nowrap">
              #{a.attempt} {when(a.at)} {a.ok ? t("deliveries.ok") : t("deliveries.failed")}
              {a.status !== null ? ` (HTTP ${a.status})` : ""}
              {a.error && !a.ok ? ` — ${a.error}` : ""}
            </li>
          ))}
          {d.nextAttemptAt !== null ? <li className={mutedText}>{t("deliveries.nextTry", { at: when(d.nextAttemptAt) })}</li> : null}
        </ol>
      ),
    },
  ];
}

/** The delivery log (admins). */
export function DeliveryLog() {
  const t = useTranslations("alerts");
  const log = useRouteQuery(deliveriesQuery());
  const pending = (log.data?.items ?? []).some((d) => d.state === "pending" || d.state === "sending");
  const { refetch } = log;
  // While something waits to be sent (or retried), look again every 2 s.
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void refetch(), 2_000);
    return () => clearInterval(timer);
  }, [pending, refetch]);
  return <ListSection spec={{ key: "deliveries", testId: "delivery-log", columns: deliveryColumns(t) }} query={log} />;
}
