"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { SelectField, TextField } from "@/components/ui/field";
import { Section } from "@/components/ui/page-header";
import { buttonPrimary, buttonSecondary, mutedText } from "@/components/ui/styles";
import { useRouteQuery } from "@/components/ui/use-api-query";
import { AUDIENCES, CADENCES, type Audience } from "@/lib/contract/alert-kinds";
import type { ScheduleView } from "@/lib/contract/alerts";
import { apiSend } from "@/lib/ui/api";
import { ALERT_PATHS, destinationsQuery, schedulesQuery } from "./query-options";
import { DestinationChoices, NamedItem, fieldMessage, useSend, when, type Done } from "./section";

/** Scheduled reports (admins): to destinations, or to each partner's own email. */
export function Schedules({ onDone }: { onDone: Done }) {
  const t = useTranslations("alerts");
  const schedules = useRouteQuery(schedulesQuery());
  const destinations = useRouteQuery(destinationsQuery());
  const { error, run } = useSend(onDone);
  const [audience, setAudience] = useState<Audience>("destinations");

  function add(form: FormData) {
    const common = { name: String(form.get("name") ?? ""), cadence: String(form.get("cadence")), timeZone: String(form.get("timeZone") || "UTC") };
    // (each partner's report goes to their own email: no destinations)
    const body = audience === "each-partner" ? { ...common, audience } : { ...common, destinationIds: form.getAll("destinationIds").map(String) };
    return run(
      () => apiSend<{ schedule: ScheduleView }>("POST", ALERT_PATHS.schedules, JSON.stringify(body)),
      (r) => t("notices.scheduled", { name: r.schedule.name, at: when(r.schedule.nextDueAt) }),
    );
  }

  const remove = (s: ScheduleView) => run(() => apiSend("DELETE", `${ALERT_PATHS.schedules}/${s.id}`, ""), () => t("notices.stopped", { name: s.name }));

  return (
    <Section title={t("schedules.title")} id="schedules" description={t("schedules.description")}>
      <ul className="space-y-2" data-testid="alert-schedules">
        {(schedules.data?.items ?? []).map((s) => (
          <NamedItem key={s.id} name={s.name}>
            <Badge>{t(`schedules.cadences.${s.cadence}`)}</Badge>
            {s.audience === "each-partner" ? <Badge>{t("schedules.eachPartner")}</Badge> : null}
            <span className={mutedText}>{t("schedules.next", { timeZone: s.timeZone, at: when(s.nextDueAt) })}</span>
            {s.skippedPartners.length ? (
              <span className={mutedText} data-testid="schedule-skipped">
                {t("schedules.skipped", { list: s.skippedPartners.join(", ") })}
              </span>
            ) : null}
            <button type="button" className={buttonSecondary} onClick={() => void remove(s)}>
              {t("schedules.stop")}
            </button>
          </NamedItem>
        ))}
      </ul>
      <form action={add} className="mt-4 grid gap-3 sm:grid-cols-3" aria-label={t("schedules.form")}>
        <TextField label={t("schedules.name")} name="name" required error={fieldMessage(error, "name")} />
        <SelectField label={t("schedules.every")} name="cadence" defaultValue="weekly" options={CADENCES.map((c) => ({ value: c, label: t(`schedules.cadences.${c}`) }))} />
        <TextField label={t("schedules.timeZone")} name="timeZone" defaultValue="UTC" error={fieldMessage(error, "timeZone")} />
        <SelectField
          label={t("schedules.audience")}
          name="audience"
          value={audience}
          onChange={(e) => setAudience(e.target.value as Audience)}
          options={AUDIENCES.map((a) => ({ value: a, label: t(`schedules.audiences.${a}`) }))}
          error={fieldMessage(error, "audience")}
        />
        <DestinationChoices destinations={destinations.data?.items ?? []} legend={t("schedules.sendTo")} hidden={audience === "each-partner"} className="sm:col-span-3">
          {fieldMessage(error, "destinationIds") ? <p className="text-xs text-red-700 dark:text-red-400">{fieldMessage(error, "destinationIds")}</p> : null}
        </DestinationChoices>
        <div>
          <button type="submit" className={buttonPrimary}>
            {t("schedules.add")}
          </button>
        </div>
      </form>
    </Section>
  );
}
