/**
 * Which subjects a pass evaluates (the tables' badges read open flags in subjects.ts). A rule
 * decides each subject on that subject's own rows alone (an invitee's days, a code's invitees, a sub-affiliate's days), so a pass over some subjects
 * gives exactly the flags a full pass gives them (evaluate.ts). After a sync the pass takes the
 * subjects of the rows the sync wrote (`changed`: in the range its slices read, written since
 * its start), plus, when the run may have removed rows, the rule's open flags' subjects (a
 * removed row can end a flag); a full pass takes every subject with rows.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Interval } from "@/lib/archive/intervals";
import { DAY_MS, utcDate } from "@/lib/time/calendar";
import { NO_CODE } from "./code-queries";

/** What a sync changed: the range its slices read, and when it started writing. */
export interface Changed extends Interval {
  /** rows written at or after this instant (ms: their `synced_at`) are the run's */
  writtenSince: number;
  /** the run may have removed rows (a re-sync's sweep, a period replaced) */
  removals: boolean;
}

/** Rows of `table` the sync wrote: `col` within the range, written since the run started; TRUE for a full pass. */
const written = (table: string, col: string, changed: Changed | null, unit: "ms" | "date" = "ms") => {
  if (!changed) return sql`TRUE`;
  const [c, s] = [sql.raw(`${table}.${col}`), sql.raw(`${table}.synced_at`)];
  const range =
    unit === "date"
      ? sql`${c} BETWEEN ${utcDate(changed.from)}::date AND ${utcDate(changed.to)}::date`
      : sql`${c} BETWEEN ${changed.from}::bigint AND ${changed.to}::bigint`;
  return sql`${range} AND ${s} >= ${changed.writtenSince}::bigint`;
};

/** A week's deposits period starts up to 6 days before the range it overlaps. */
const periods = (changed: Changed | null) => (changed ? { ...changed, from: changed.from - 7 * DAY_MS } : null);

/** An invitee's rows: its commission records and its deposit and withdrawal periods. */
export function inviteeSubjects(changed: Changed | null): SQL {
  if (!changed) return sql`SELECT uid AS subject_id FROM archive_commission_invitee_day UNION SELECT uid FROM archive_invitee_movement`;
  return sql`SELECT uid AS subject_id FROM archive_commission c WHERE ${written("c", "time", changed)}
    UNION SELECT uid FROM archive_invitee_movement m WHERE ${written("m", "period_from", periods(changed))}`;
}

/** The codes of the invitees written (the registrations' rules). */
export function codeSubjects(changed: Changed | null, opts: { noCode: boolean }): SQL {
  const code = opts.noCode ? sql`COALESCE(i.invite_code, ${NO_CODE})` : sql`i.invite_code`;
  return sql`SELECT DISTINCT ${code} AS subject_id FROM archive_invitee i WHERE ${written("i", "register_time", changed)}${opts.noCode ? sql`` : sql` AND i.invite_code IS NOT NULL`}`;
}

/** The codes of the invitees written, or with deposits written (twinDeposits). */
export function depositCodeSubjects(changed: Changed | null): SQL {
  return sql`${codeSubjects(changed, { noCode: false })}
    UNION SELECT i.invite_code FROM archive_invitee_movement m JOIN archive_invitee i ON i.uid = m.uid
      WHERE ${written("m", "period_from", periods(changed))} AND i.invite_code IS NOT NULL`;
}

/** The sub-affiliates with days written. */
export function subAffiliateSubjects(changed: Changed | null): SQL {
  return sql`SELECT DISTINCT d.sub_affiliate_uid AS subject_id FROM archive_sub_affiliate_daily d WHERE ${written("d", "day", changed, "date")}`;
}

/** The receivers of the transfers written, and the invitees with trades written (fundedInvitee). */
export function fundedSubjects(changed: Changed | null): SQL {
  if (!changed) return sql`SELECT DISTINCT to_user_id AS subject_id FROM archive_transfer`;
  return sql`SELECT t.to_user_id AS subject_id FROM archive_transfer t WHERE ${written("t", "create_time", changed)}
    UNION SELECT c.uid FROM archive_commission c WHERE ${written("c", "time", changed)} AND c.uid IN (SELECT to_user_id FROM archive_transfer)`;
}

/**
 * The scopes of the commission written (concentration): the account's in each coin (its subject
 * id is the coin) and each invitee's code's in that coin (`<code>/<coin>`). A full pass: every
 * coin of the commission, and every code with invitees, in each.
 */
export function concentrationSubjects(changed: Changed | null): SQL {
  return sql`SELECT DISTINCT c.coin AS subject_id FROM archive_commission c WHERE ${written("c", "time", changed)}
    UNION SELECT DISTINCT i.invite_code || '/' || c.coin FROM archive_commission c JOIN archive_invitee i ON i.uid = c.uid
      WHERE ${written("c", "time", changed)} AND i.invite_code IS NOT NULL`;
}
