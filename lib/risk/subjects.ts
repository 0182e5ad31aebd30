/**
 * Which subjects a pass evaluates. A rule decides each subject on that subject's own rows alone
 * (an invitee's days, a code's invitees, a sub-affiliate's days), so a pass over some subjects
 * gives exactly the flags a full pass gives them (evaluate.ts). After a sync the pass takes the
 * subjects with rows in the range the sync read (`changed`), plus the rule's open flags' subjects
 * (rows a re-sync removed can end them); a full pass takes every subject with rows.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Interval } from "@/lib/archive/intervals";
import { DAY_MS } from "@/lib/time/calendar";
import { NO_CODE } from "./code-queries";

/** `col` within `changed` (ms), or TRUE for a full pass. */
const within = (col: SQL, changed: Interval | null, unit: "ms" | "date" = "ms") => {
  if (!changed) return sql`TRUE`;
  if (unit === "date") return sql`${col} BETWEEN ${new Date(changed.from).toISOString().slice(0, 10)}::date AND ${new Date(changed.to).toISOString().slice(0, 10)}::date`;
  return sql`${col} BETWEEN ${changed.from}::bigint AND ${changed.to}::bigint`;
};

/** The start of the UTC day of `changed.from` (the per-day rows of that day were rewritten). */
const dayOf = (changed: Interval | null) => (changed ? { from: Math.floor(changed.from / DAY_MS) * DAY_MS, to: changed.to } : null);

/**
 * An invitee's rows: its commission days and its deposit and withdrawal periods (a week's period
 * starts up to 6 days before the range it overlaps).
 */
export function inviteeSubjects(changed: Interval | null): SQL {
  const periods = changed ? { from: changed.from - 7 * DAY_MS, to: changed.to } : null;
  return sql`SELECT uid AS subject_id FROM archive_commission_invitee_day WHERE ${within(sql`day`, dayOf(changed))}
    UNION SELECT uid FROM archive_invitee_movement WHERE ${within(sql`period_from`, periods)}`;
}

/** The codes of the invitees registered in the range (the registrations' rules). */
export function codeSubjects(changed: Interval | null, opts: { noCode: boolean }): SQL {
  const code = opts.noCode ? sql`COALESCE(invite_code, ${NO_CODE})` : sql`invite_code`;
  return sql`SELECT DISTINCT ${code} AS subject_id FROM archive_invitee WHERE ${within(sql`register_time`, changed)}${opts.noCode ? sql`` : sql` AND invite_code IS NOT NULL`}`;
}

/** The codes of the invitees registered, or with deposits, in the range (twinDeposits). */
export function depositCodeSubjects(changed: Interval | null): SQL {
  const periods = changed ? { from: changed.from - 7 * DAY_MS, to: changed.to } : null;
  return sql`${codeSubjects(changed, { noCode: false })}
    UNION SELECT i.invite_code FROM archive_invitee_movement m JOIN archive_invitee i ON i.uid = m.uid
      WHERE ${within(sql`m.period_from`, periods)} AND i.invite_code IS NOT NULL`;
}

/** The sub-affiliates with days in the range. */
export function subAffiliateSubjects(changed: Interval | null): SQL {
  return sql`SELECT DISTINCT sub_affiliate_uid AS subject_id FROM archive_sub_affiliate_daily WHERE ${within(sql`day`, changed, "date")}`;
}
