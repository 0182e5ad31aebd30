"use client";

import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import { SelectField } from "@/components/ui/field";
import { browserTimeZone, UTC, zoneLabel } from "@/lib/time/calendar";

const noop = () => () => {};

/**
 * UTC (the upstream's own day boundaries) or the browser's zone. A zone from a shared link
 * that is neither stays selectable, so the view it describes is kept.
 */
export function ZoneSelect({ value, onChange }: { value: string; onChange: (tz: string) => void }) {
  const t = useTranslations("period.zone");
  // The browser's zone is only known after hydration; the server renders UTC and the URL's zone.
  const browser = useSyncExternalStore(noop, browserTimeZone, () => null);
  const zones = [UTC];
  if (browser && browser !== UTC) zones.push(browser);
  if (!zones.includes(value)) zones.push(value);
  const options = zones.map((z) => ({
    value: z,
    label: z === UTC ? t("utc") : z === browser ? t("browser", { zone: zoneLabel(z) }) : zoneLabel(z),
  }));
  return (
    <SelectField
      label={t("label")}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={options}
      hint={t("hint")}
    />
  );
}
