/**
 * An alert episode's one-line summary in any language, from its rule's kind and its detail
 * (conditions.ts writes both). Client-safe and pure: the /alerts page and the messages sent to
 * a destination (message.ts) say the same thing. English is stored with the episode as
 * conditions.ts wrote it; other languages are rendered here from the `alerts.summary` messages.
 */
import type { Format } from "@/lib/i18n/format";

/** A translator of the `alerts` namespace (useTranslations("alerts") or createTranslator). */
export type AlertsTranslate = (key: string, values?: Record<string, string | number>) => string;

type Detail = Record<string, unknown>;
/** "-50" → "-50.0": one fraction digit always, as the stored English says it (no decimal.js on the page). */
const oneDecimal = (n: string) => (/\D\d$/.test(n) ? n : `${n}.0`);
const text = (v: unknown): v is string => typeof v === "string";
const int = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
/** whole days from a to b (YYYY-MM-DD) */
const daysBetween = (a: string, b: string) => Math.round((dayMs(b) - dayMs(a)) / 86_400_000);

const RENDER: Record<string, (d: Detail, t: AlertsTranslate, f: Format) => string | null> = {
  drop(d, t, f) {
    const { subAffiliateUid: uid, metric, productType, recentFrom, recentTo, baselineFrom, changePercent } = d;
    if (![uid, metric, productType, recentFrom, recentTo, baselineFrom, changePercent].every(text)) return null;
    return t("summary.drop", {
      uid: uid as string,
      metric: t(`summary.metrics.${metric as string}`),
      productType: t(`summary.products.${productType as string}`),
      change: oneDecimal(f.decimal(changePercent as string, { maxFractionDigits: 1 })),
      days: daysBetween(recentFrom as string, recentTo as string) + 1,
      baselineDays: daysBetween(baselineFrom as string, recentFrom as string),
    });
  },
  silent(d, t) {
    const { subAffiliateUid: uid, productType, lastActiveDay, days } = d;
    if (!text(uid) || !text(productType) || !text(lastActiveDay) || !int(days)) return null;
    const values = { uid, lastDay: lastActiveDay, days };
    return productType === "both" ? t("summary.silent", values) : t("summary.silentProduct", { ...values, productType: t(`summary.products.${productType}`) });
  },
  dormant(d, t, f) {
    const { count, days, threshold } = d;
    if (!int(count) || !int(days) || !int(threshold)) return null;
    return t("summary.dormant", { count: f.count(count), days, threshold: f.count(threshold) });
  },
  daily(d, t, f) {
    const { day, timeZone, metric, value, direction, threshold } = d;
    if (![day, timeZone, metric, value, direction, threshold].every(text)) return null;
    return t("summary.daily", {
      metric: t(`summary.metrics.${metric as string}`),
      day: day as string,
      timeZone: timeZone as string,
      value: f.decimal(value as string),
      direction: t(`summary.directions.${direction as string}`),
      threshold: f.decimal(threshold as string),
    });
  },
  riskFlag(d, t) {
    const { flagId, rule, severity, subjectType, subject } = d;
    if (![flagId, rule, severity, subjectType, subject].every(text)) return null;
    return t("summary.riskFlag", {
      flag: flagId as string,
      rule: rule as string,
      severity: t(`summary.severities.${severity as string}`),
      subjectType: t(`summary.subjectTypes.${subjectType as string}`),
      subject: subject as string,
    });
  },
};

/**
 * The summary in `f.locale`: English as stored; another language rendered from the detail (the
 * stored English when the detail is not what this kind writes, e.g. an episode from before).
 */
export function episodeSummary(e: { ruleKind: string | null; summary: string; detail: Detail }, t: AlertsTranslate, f: Format): string {
  if (f.locale === "en" || !e.ruleKind) return e.summary;
  try {
    return RENDER[e.ruleKind]?.(e.detail, t, f) ?? e.summary;
  } catch {
    return e.summary;
  }
}
