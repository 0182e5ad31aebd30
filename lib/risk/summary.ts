/**
 * A flag's one-sentence summary in the reader's language, from its rule and evidence (the
 * `risk.summary.<rule>` messages): the periods' lengths are said in days or minutes, the
 * figures as the evidence holds them (exact decimal strings).
 */
import { DAY_MS } from "@/lib/time/calendar";
import type { RiskFlag } from "./flags";

export type RiskTranslate = (key: string, values?: Record<string, string | number>) => string;

export function flagSummary(flag: RiskFlag, t: RiskTranslate): string {
  const e = flag.evidence;
  const values: Record<string, string | number> = { subject: flag.subject.id };
  for (const [k, v] of Object.entries(e)) if (typeof v === "string" || typeof v === "number") values[k] = v;
  const length = typeof e.from === "number" && typeof e.to === "number" ? e.to - e.from : 0;
  values.days = Math.round(length / DAY_MS);
  values.minutes = Math.round(length / 60_000);
  return t(`summary.${flag.rule}`, values);
}
