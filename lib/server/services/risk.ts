/**
 * Risk wired into the server (lib/risk holds the rules, their evaluation and the flags): the
 * evaluation after each archive run (`afterRun`, the archive scheduler's `onRun` in the process that syncs),
 * and what the /api/risk routes do (the list, its CSV, a flag with the daily figures behind it,
 * the tables' badges, reviews and the rules' settings), each change audit-logged. The evaluation reads the archive
 * only, never WEEX; passes run one at a time, one short statement per rule.
 */
import "server-only";
import { createTranslator } from "next-intl";
import { getDb } from "@/lib/db";
import { logger } from "@/lib/log/log";
import { audit } from "@/lib/server/identity/audit";
import { ApiError, fieldError } from "@/lib/server/http/errors";
import type { SessionUser } from "@/lib/server/identity/principal";
import type { Locale } from "@/lib/i18n/locales";
import type { RiskFlagDetail, RiskFlagItem, RiskFlagPatch, RiskFlagsFilter, RiskFlagsPage, RiskFlagsQuery, RiskRuleKey, RiskRulePatch, RiskSubjectFlags, RiskSubjectsQuery } from "@/lib/contract/risk";
import { riskFlagsFilename, RISK_FLAG_COLUMNS } from "@/lib/export/datasets";
import { exportResponse } from "@/lib/export/server";
import { takeExportTurn } from "@/lib/server/http/export-turns";
import { riskRunner } from "@/lib/risk/after-sync";
import { atRisk } from "@/lib/risk/at-risk";
import { countFlags, flagBatches, getFlag, listFlags, reviewFlag, type RiskFlag } from "@/lib/risk/flags";
import { RISK_RULES } from "@/lib/risk/rules";
import { flagSeries } from "@/lib/risk/series";
import { openFlagsOf } from "@/lib/risk/subjects";
import { checkParams, ruleSettings, saveRuleSetting } from "@/lib/risk/settings";
import { flagSummary } from "@/lib/risk/summary";
import { CATALOGUES } from "@/lib/i18n/catalogues";


const runner = riskRunner({ db: getDb, onError: (e, dataset) => logger("risk").warn({ err: e, dataset }, "risk evaluation after a sync failed") });

/** The archive scheduler's `onRun` (archive.ts): a run that ended well re-evaluates the rules that read its dataset. */
export const afterRun = runner.onRun;

type Who = { user: SessionUser; ip: string };

/** Flags as answered: each with its sentence in the reader's language. */
function withSummaries(locale: Locale): (f: RiskFlag) => RiskFlagItem {
  const t = createTranslator({ locale, messages: CATALOGUES[locale], namespace: "risk" }) as unknown as Parameters<typeof flagSummary>[1];
  return (f) => ({ ...f, summary: flagSummary(f, t) });
}

export async function flagsPage(q: RiskFlagsQuery, locale: Locale): Promise<RiskFlagsPage> {
  const db = await getDb();
  const [{ items, total }, counts, risk] = await Promise.all([listFlags(db, q), countFlags(db, q), atRisk(db, q, Date.now())]);
  const pages = Math.max(1, Math.ceil(total / q.pageSize));
  return { items: items.map(withSummaries(locale)), page: q.page, pageSize: q.pageSize, total, pages, hasNextPage: q.page < pages, counts, atRisk: risk };
}

/** Flags per batch of the CSV export: one short statement each. */
const EXPORT_BATCH = 500;

/** GET /api/risk/flags/export: every flag of the filter as CSV, streamed a batch at a time (one export at a time per person). */
export async function flagsExport(q: RiskFlagsFilter, locale: Locale, req: Request): Promise<Response> {
  const giveBack = takeExportTurn();
  try {
    const db = await getDb();
    const item = withSummaries(locale);
    return await exportResponse(req, {
      filename: riskFlagsFilename(q),
      columns: RISK_FLAG_COLUMNS,
      rows: async function* (signal) {
        for await (const batch of flagBatches(db, q, EXPORT_BATCH, signal)) yield batch.map(item);
      },
      onSettled: giveBack,
    });
  } catch (e) {
    giveBack();
    throw e;
  }
}

export async function changeFlag(id: string, patch: RiskFlagPatch, w: Who): Promise<{ flag: RiskFlag }> {
  const db = await getDb();
  const before = await getFlag(db, id);
  if (!before) throw new ApiError("not_found", `There is no risk flag ${id}.`);
  const flag = (await reviewFlag(db, id, patch, w.user.username, Date.now()))!;
  await audit({ username: w.user.username, ip: w.ip, action: "risk.flag.review", outcome: "success", detail: { id, rule: flag.rule, subject: flag.subject, from: before.state, to: flag.state } });
  return { flag };
}

/** The rules with their settings, parameters' bounds and defaults. */
export async function rulesList() {
  const settings = await ruleSettings(await getDb());
  return {
    items: settings.map((s) => {
      const def = RISK_RULES[s.rule];
      return { rule: s.rule, enabled: s.enabled, params: s.params, severity: def.severity, subjectType: def.subjectType, paramSpecs: def.params, reads: def.reads };
    }),
  };
}

/** Change a rule (parameters within their bounds: else a 400 naming `params.<name>`), then re-evaluate it over the whole archive. */
export async function changeRule(rule: RiskRuleKey, patch: RiskRulePatch, w: Who) {
  const checked = patch.params ? checkParams(rule, patch.params) : { params: undefined };
  if ("field" in checked) throw fieldError(checked.field, checked.message);
  const setting = await saveRuleSetting(await getDb(), rule, { enabled: patch.enabled, params: checked.params }, w.user.username, Date.now());
  await audit({ username: w.user.username, ip: w.ip, action: "risk.rule.update", outcome: "success", detail: { rule, changed: Object.keys(patch), params: setting.params, enabled: setting.enabled } });
  const outcome = setting.enabled ? await runner.run({ since: 0, rules: [rule] }) : [];
  return { rule: setting, evaluated: outcome[0] ?? null };
}

export async function flagDetail(id: string, locale: Locale): Promise<RiskFlagDetail> {
  const db = await getDb();
  const flag = await getFlag(db, id);
  if (!flag) throw new ApiError("not_found", `There is no risk flag ${id}.`);
  return { flag: withSummaries(locale)(flag), series: await flagSeries(db, flag, Date.now()) };
}

/** The open flags of the subjects a table shows (its badges). */
export async function subjectsFlags(q: RiskSubjectsQuery): Promise<{ items: RiskSubjectFlags[] }> {
  return { items: await openFlagsOf(await getDb(), q.subjectType, q.ids) };
}
