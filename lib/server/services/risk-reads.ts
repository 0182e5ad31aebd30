/**
 * What the /risk page's own reads do: one flag with the daily figures behind it, and the open
 * flags of the subjects a table shows (its badges). Both read the archive and the flags only.
 */
import "server-only";
import { getDb } from "@/lib/db";
import { ApiError } from "@/lib/server/http/errors";
import type { Locale } from "@/lib/i18n/locales";
import type { RiskFlagDetail, RiskSubjectFlags, RiskSubjectsQuery } from "@/lib/contract/risk";
import { getFlag } from "@/lib/risk/flags";
import { flagSeries } from "@/lib/risk/series";
import { openFlagsOf } from "@/lib/risk/subjects";
import { withSummaries } from "./risk";

export async function flagDetail(id: string, locale: Locale): Promise<RiskFlagDetail> {
  const db = await getDb();
  const flag = await getFlag(db, id);
  if (!flag) throw new ApiError("not_found", `There is no risk flag ${id}.`);
  return { flag: withSummaries(locale)(flag), series: await flagSeries(db, flag, Date.now()) };
}

export async function subjectsFlags(q: RiskSubjectsQuery): Promise<{ items: RiskSubjectFlags[] }> {
  return { items: await openFlagsOf(await getDb(), q.subjectType, q.ids) };
}
