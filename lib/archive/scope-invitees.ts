/**
 * Which commission records a partner's scope holds: those of the direct
 * invitees the archive holds under one of the scope's invite codes. A record names its invitee
 * (`uid`) but not the code they registered with, so the invitee's row says whose they are —
 * the same rule as the route wrapper's check of a `uid` (lib/server/identity/partner-access.ts): an
 * invitee the archive does not hold yet (registered since the last sync, or on a server that
 * does not sync) is in no partner's answer, since nothing says whose they are. Records of
 * sub-agents' clients (sourceType 2) name no direct invitee and are in none either.
 *
 * Two readings of one rule: in SQL for the archive's rows, and batch by batch (one indexed
 * lookup per batch) for a live part's records, which WEEX cannot filter by invite code.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Scope } from "@/lib/contract/scope";
import { rows, type Db } from "./db";

/** SQL: `column` is the uid of an invitee the archive holds under one of the scope's invite codes. */
export function inviteeOfScopeSql(column: SQL, scope: Scope): SQL {
  if (scope.inviteCodes.length === 0) return sql`FALSE`;
  return sql`${column} IN (SELECT uid FROM archive_invitee WHERE ${codesSql(scope)})`;
}

const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);
const codesSql = (scope: Scope) => sql`invite_code IN (${list(scope.inviteCodes)})`;

/** The batches with only the records whose `uid` is an invitee of the scope (all of them without a scope). */
export async function* ofScopeInvitees<R extends { uid: string }>(db: () => Promise<Db>, scope: Scope | undefined, batches: AsyncIterable<R[]>): AsyncGenerator<R[]> {
  if (!scope) return yield* batches;
  for await (const batch of batches) {
    const uids = [...new Set(batch.map((r) => r.uid))];
    if (uids.length === 0 || scope.inviteCodes.length === 0) continue;
    const held = await rows<{ uid: string }>(
      await db(),
      sql`SELECT uid FROM archive_invitee WHERE uid IN (${list(uids)}) AND ${codesSql(scope)}`,
    );
    const mine = new Set(held.map((r) => r.uid));
    const kept = batch.filter((r) => mine.has(r.uid));
    if (kept.length > 0) yield kept;
  }
}
