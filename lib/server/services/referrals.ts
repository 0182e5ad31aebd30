/**
 * POST /api/affiliate/referrals/verify: which of up to 10,000 uids are the
 * affiliate's direct invitees. WEEX answers 100 ids a call (verifyReferrals, weight 20), so a
 * full list is 100 calls, 2,000 weight: 40 s of WEEX's whole physical budget (50 weight/s),
 * longer when others read too. The calls are made one after the other, each taking this
 * person's fair turn in the budget like any other request (lib/weex/budget.ts), so one long
 * check never starves anyone else; a person runs one such walk at a time (the export turn: a
 * second gets 429 at once). A call that cannot be made (WEEX down, no budget within a person's
 * wait) fails the whole answer with that error: never a partial list that looks complete.
 *
 * With `source=auto` (the default) the uids the archive holds as invitees are known to be
 * referrals without asking (an invitee stays one); only the rest are asked. `live` asks WEEX
 * about every one.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { rows } from "@/lib/archive/db";
import { heldByArchive } from "@/lib/archive/part-reader";
import type { ReferralCheck } from "@/lib/contract/responses";
import { getDb } from "@/lib/db";
import { ID_LIST_LIMITS } from "@/lib/weex/limits";
import { takeExportTurn } from "../http/export-turns";
import { getWeex } from "./weex";

export async function verifyReferrals(input: { uids: string[]; source: "auto" | "live" }, signal?: AbortSignal): Promise<ReferralCheck> {
  const uids = [...new Set(input.uids)];
  const giveBack = takeExportTurn("A referral check of yours");
  try {
    const known = new Set<string>();
    let syncedAt: number | null = null;
    if (input.source === "auto") {
      const db = await getDb();
      for (const r of await rows<{ uid: string }>(db, sql`SELECT uid FROM archive_invitee WHERE uid = ANY (${toArray(uids)})`)) known.add(r.uid);
      syncedAt = (await heldByArchive(db, "invitees")).syncedAt;
    }
    const asked = new Map<string, boolean>();
    const rest = uids.filter((u) => !known.has(u));
    const size = ID_LIST_LIMITS.verifyReferrals;
    for (let i = 0; i < rest.length; i += size) {
      signal?.throwIfAborted();
      const batch = rest.slice(i, i + size);
      for (const r of await getWeex().call("verifyReferrals", { userIds: batch }, { signal })) asked.set(r.uid, r.isRefferal);
    }
    // (an id WEEX left out of its answer is not known to be a referral)
    const items = uids.map((uid) => ({ uid, referral: known.has(uid) || asked.get(uid) === true }));
    const referrals = items.filter((i) => i.referral).length;
    const freshness = known.size > 0 ? { source: rest.length > 0 ? ("mixed" as const) : ("archive" as const), syncedAt } : { source: "live" as const, syncedAt: null };
    return { items, referrals, others: items.length - referrals, freshness, warnings: { count: 0, example: null } };
  } finally {
    giveBack();
  }
}

/** A text[] parameter (one parameter whatever the length). */
function toArray(uids: string[]) {
  return sql`${`{${uids.join(",")}}`}::text[]`;
}
