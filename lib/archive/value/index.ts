/**
 * GET /api/affiliate/invitees/value: one row per direct invitee with a commission
 * record, a deposit or a withdrawal in [startTime, endTime] — its volumes and commission per
 * coin from its commission records (sourceType 1, to the millisecond), its deposits and
 * withdrawals from WEEX's totals (by period: `resolution`), its invite code and registration
 * from the invitee records — sorted, paged, with the totals of every row of the filter.
 *
 * Each of the three datasets is split into parts by `source` as every answer splits it. The
 * archive's parts are summed in SQL (fragments.ts), the live parts here (live-input.ts) and
 * handed to the same statement as JSON. A page is found by one of two strategies: walking the
 * invitees by their all-archive bounds (walk.ts), or one statement that sums every row of the
 * filter (statement.ts); this entry picks which.
 */
import type { SQL } from "drizzle-orm";
import type { Scope } from "@/lib/contract/scope";
import type { DatasetsIo } from "../answers";
import type { Db } from "../db";
import type { SelectedSources } from "../sources";
import { planned } from "./live-input";
import { fullAnswer, listStatement } from "./statement";
import type { ArchiveInput, LiveInput, Paging, ValueAnswer, ValueQuery } from "./types";
import { WALK_LIMITS, walkApplies, walkedAnswer, type WalkLimits } from "./walk";

export { codeValues } from "./code-values";
export { valueItem, type StatementRow } from "./statement";
export type { ValueQuery } from "./types";
export { WALK_LIMITS, type WalkLimits } from "./walk";

/**
 * One page of the value list (`all`: every row in one answer). `limits` say when the page is
 * walked by bounds rather than summed by the one statement (tests pass others).
 */
export function inviteeValue(
  sources: SelectedSources,
  q: ValueQuery,
  paging: Paging,
  signal?: AbortSignal,
  limits: WalkLimits = WALK_LIMITS,
): Promise<ValueAnswer> {
  return sources.across(async (io) => {
    const { archive, live } = await planned(io, q, signal);
    return valueAnswer(io, q, archive, live, paging, limits);
  }, signal);
}

/**
 * Every row of the value list in its order, as one statement for the export to read a batch at
 * a time (value-export.ts). The live parts are read here, under the sources' fallback.
 */
export function inviteeValueStatement(sources: SelectedSources, q: ValueQuery, signal?: AbortSignal): Promise<{ db: Db; statement: SQL }> {
  return sources.across(async (io) => {
    const { archive, live } = await planned(io, q, signal);
    return listStatement(io, q, archive, live);
  }, signal);
}

/** The page walked by bounds where the walk applies and is cheaper, else by the one statement. */
async function valueAnswer(
  io: DatasetsIo,
  q: ValueQuery,
  archive: ArchiveInput,
  live: LiveInput,
  paging: Paging,
  limits: WalkLimits,
): Promise<ValueAnswer> {
  // (a code filter or a partner's codes walk the codes' invitees: their totals rows carry the code, 0540)
  if (paging !== "all" && walkApplies(q, archive)) {
    const walked = await walkedAnswer(io, { q, archive, live, paging, codes: codeFilter(q, io.scope), limits });
    if (walked) return walked;
  }
  return fullAnswer(io, q, archive, live, paging);
}

/**
 * The invite codes a list is filtered to (its `inviteCode`, among a partner's codes: rowsSql's
 * rule), or undefined when it is not.
 */
function codeFilter(q: ValueQuery, scope: Scope | undefined): string[] | undefined {
  if (q.inviteCode === undefined) return scope ? [...new Set(scope.inviteCodes)] : undefined;
  return !scope || scope.inviteCodes.includes(q.inviteCode) ? [q.inviteCode] : [];
}
