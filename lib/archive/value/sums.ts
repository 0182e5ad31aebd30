/**
 * The range's sums of a batch of invitees: their sort keys alone (what the walk orders by), or
 * their full sums (a page's rows, the corrections of a code's totals).
 */
import { sql } from "drizzle-orm";
import { rows, type Tx } from "../db";
import { rowsSql } from "./rows";
import type { ArchiveInput, LiveInput, ValueQuery } from "./types";

/** What a sort's key is summed from: one row per invitee with anything of the key's dataset in the range. */
export interface KeyRow {
  uid: string;
  spot: string;
  futures: string;
  dep: string;
  k1: string;
  k2: string;
}

/** An invitee's full sums: its key's, withdrawals, and commission per coin (JSON). */
export interface BatchRow extends KeyRow {
  wd: string;
  coins: string | null;
}

/** The live parts' rows of these invitees. */
export function liveOf(live: LiveInput, uids: string[]): LiveInput {
  const set = new Set(uids);
  return { ...live, commission: live.commission.filter((r) => set.has(r.uid)), movements: live.movements.filter((r) => set.has(r.uid)) };
}

/**
 * The range's keys of a batch of invitees: only the dataset the sort orders by (the commission
 * records for commission and volume, the totals for deposits), about half the statement of the
 * full sums. An invitee with nothing of that dataset in the range has no row.
 */
export function keySums(db: Tx, q: ValueQuery, archive: ArchiveInput, live: LiveInput, uids: string[]): Promise<KeyRow[]> {
  const byDeposits = q.sort === "deposits";
  const theirs = liveOf(live, uids);
  const part: LiveInput = { ...theirs, commission: byDeposits ? [] : theirs.commission, movements: byDeposits ? theirs.movements : [] };
  const only: ArchiveInput = { ...archive, commission: byDeposits ? [] : archive.commission, movements: byDeposits ? archive.movements : [] };
  return rows<KeyRow>(
    db,
    sql`WITH ${rowsSql(q, only, part, { withInvitees: false, only: uids })}
        SELECT f.uid, f.spot::text AS spot, f.futures::text AS futures, f.dep::text AS dep, f.k1::text AS k1, f.k2::text AS k2 FROM f`,
  );
}

/** The range's sums of a batch of invitees (their live parts' rows too), with their coins. */
export function batchSums(db: Tx, q: ValueQuery, archive: ArchiveInput, live: LiveInput, uids: string[]): Promise<BatchRow[]> {
  return rows<BatchRow>(
    db,
    sql`WITH ${rowsSql(q, archive, liveOf(live, uids), { withInvitees: false, only: uids })},
        pc AS (SELECT uid, json_object_agg(coin, commission::text) AS coins FROM c GROUP BY uid)
        SELECT f.uid, f.spot::text AS spot, f.futures::text AS futures, f.dep::text AS dep, f.wd::text AS wd,
               f.k1::text AS k1, f.k2::text AS k2, pc.coins::text AS coins
        FROM f LEFT JOIN pc USING (uid)`,
  );
}
