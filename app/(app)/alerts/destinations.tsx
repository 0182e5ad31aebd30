"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { ErrorBanner } from "@/components/ui/error-banner";
import { SelectField, TextField } from "@/components/ui/field";
import { Section } from "@/components/ui/page-header";
import { buttonSecondary, mutedText } from "@/components/ui/styles";
import { useRouteQuery } from "@/components/ui/use-api-query";
import { useFormat } from "@/components/i18n/use-format";
import { LOCALES, LOCALE_NAMES, type Locale } from "@/lib/i18n/locales";
import type { DestinationView } from "@/lib/contract/alerts";
import { apiSend, isApiError } from "@/lib/ui/api";
import { ALERT_PATHS, destinationsQuery } from "./query-options";
import { FormFoot, NamedItem, fieldMessage, useSend, type Done } from "./section";

/** Where messages go (admins): webhooks (their secret shown once) and email addresses. */
export function Destinations({ onDone }: { onDone: Done }) {
  const t = useTranslations("alerts");
  const f = useFormat();
  const destinations = useRouteQuery(destinationsQuery());
  const [kind, setKind] = useState<"webhook" | "email">("webhook");
  // A new destination's messages: in the page's language unless another is chosen.
  const [locale, setLocale] = useState<Locale>(f.locale);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const { error, run } = useSend(onDone);

  function add(form: FormData) {
    const name = String(form.get("name") ?? "");
    const target = String(form.get("target") ?? "");
    const body = kind === "webhook" ? { kind, name, url: target, locale } : { kind, name, email: target, locale };
    return run(
      () => apiSend<{ destination: DestinationView; secret: string | null }>("POST", ALERT_PATHS.destinations, JSON.stringify(body)),
      (r) => {
        setSecret(r.secret ? { name: r.destination.name, secret: r.secret } : null);
        return t("notices.destinationAdded", { name: r.destination.name });
      },
    );
  }

  function act(d: DestinationView, what: "test" | "delete") {
    return run(
      () => (what === "test" ? apiSend("POST", `${ALERT_PATHS.destinations}/${d.id}/test`, "{}") : apiSend("DELETE", `${ALERT_PATHS.destinations}/${d.id}`, "")),
      () => t(what === "test" ? "notices.testQueued" : "notices.destinationRemoved", { name: d.name }),
    );
  }

  return (
    <Section title={t("destinations.title")} id="destinations" description={t("destinations.description")}>
      {secret ? (
        <div role="alert" className="mb-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50" data-testid="webhook-secret">
          {t("destinations.secret", { name: secret.name })} <code className="break-all font-mono">{secret.secret}</code>
        </div>
      ) : null}
      {destinations.isError ? <ErrorBanner error={destinations.error} onRetry={() => destinations.refetch()} /> : null}
      <ul className="space-y-2" data-testid="alert-destinations">
        {(destinations.data?.items ?? []).map((d) => (
          <NamedItem key={d.id} name={d.name}>
            <Badge>{t(`destinations.${d.kind}`)}</Badge>
            <span lang={d.locale} translate="no" className={mutedText}>
              {LOCALE_NAMES[d.locale]}
            </span>
            <span className={`break-all ${mutedText}`} translate="no">
              {d.target}
            </span>
            <button type="button" className={buttonSecondary} onClick={() => void act(d, "test")}>
              {t("destinations.sendTest")}
            </button>
            <button type="button" className={buttonSecondary} onClick={() => void act(d, "delete")}>
              {t("destinations.remove")}
            </button>
          </NamedItem>
        ))}
      </ul>
      <form action={add} className="mt-4 grid gap-3 sm:grid-cols-3" aria-label={t("destinations.form")}>
        <SelectField
          label={t("destinations.channel")}
          name="kind"
          value={kind}
          options={[
            { value: "webhook", label: t("destinations.webhook") },
            { value: "email", label: t("destinations.email") },
          ]}
          onChange={(e) => setKind(e.target.value as "webhook" | "email")}
        />
        <TextField label={t("destinations.name")} name="name" required error={fieldMessage(error, "name")} />
        <TextField label={kind === "webhook" ? t("destinations.url") : t("destinations.address")} name="target" required error={fieldMessage(error, kind === "webhook" ? "url" : "email")} />
        <SelectField
          label={t("destinations.language")}
          name="locale"
          value={locale}
          options={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
          onChange={(e) => setLocale(e.target.value as Locale)}
        />
        <FormFoot error={isApiError(error) ? null : error} label={t("destinations.add")} errorClass="text-sm text-red-700" />
      </form>
    </Section>
  );
}
