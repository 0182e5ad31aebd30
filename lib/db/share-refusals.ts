/**
 * Refused openings of share links, in the audit log as one row per client address (its key:
 * an IPv6 client's /64) and UTC hour with their count (migration 0551), not one row per request:
 * a refused opening needs no login. Policy in lib/server/identity/share-refusals.ts.
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "./connection";

/** Why an opening was refused: the link's state, or the address being over its limit. */
export type RefusalReason = "unknown" | "revoked" | "expired" | "creator" | "throttled";

/** The hour a time is in, as the row's `detail.hour` says it ("2026-11-29T06:00:00Z"). */
const HOUR = (at: SQL) => sql`to_char(date_trunc('hour', ${at} AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"HH24":00:00Z"')`;

function clock(now?: Date) {
  return sql`coalesce(${now ? now.toISOString() : null}::timestamptz, clock_timestamp())`;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Count one refused opening from `key` in this hour (in one statement: the hour's row is made
 * or added to), and answer the hour's count so far. `now` for tests only: otherwise the
 * database's clock decides the hour (every instance agrees).
 */
export async function tallyRefusedOpening(db: Db, key: string, reason: RefusalReason, now?: Date): Promise<number> {
  const at = clock(now);
  const result = await db.execute(sql`
    WITH t AS (SELECT ${at} AS at)
    INSERT INTO audit_log (at, username, action, ip, outcome, detail)
    SELECT t.at, NULL, 'share.open', ${key}, 'rejected',
           jsonb_build_object('hour', ${HOUR(sql`t.at`)}, 'count', 1, 'reasons', jsonb_build_object(${reason}::text, 1), 'last', t.at)
      FROM t
    ON CONFLICT (ip, (detail->>'hour')) WHERE action = 'share.open' AND outcome = 'rejected'
    DO UPDATE SET detail = audit_log.detail || jsonb_build_object(
      'count', coalesce((audit_log.detail->>'count')::bigint, 0) + 1,
      'reasons', coalesce(audit_log.detail->'reasons', '{}'::jsonb)
                 || jsonb_build_object(${reason}::text, coalesce((audit_log.detail->'reasons'->>${reason}::text)::bigint, 0) + 1),
      'last', EXCLUDED.detail->'last')
    RETURNING (detail->>'count')::bigint AS count`);
  return Number(rowsOf<{ count: unknown }>(result)[0]!.count);
}

/** How many openings from `key` were refused in this hour so far. */
export async function refusedOpenings(db: Db, key: string, now?: Date): Promise<number> {
  const result = await db.execute(sql`
    SELECT (detail->>'count')::bigint AS count FROM audit_log
     WHERE action = 'share.open' AND outcome = 'rejected' AND ip = ${key} AND detail->>'hour' = ${HOUR(clock(now))}`);
  const row = rowsOf<{ count: unknown }>(result)[0];
  return row ? Number(row.count) : 0;
}
