/**
 * Refused openings of share links (`/share/{token}` for a link that is unknown, revoked,
 * expired or whose creator may no longer show it): they need no login, so they are bounded per
 * client address (its key, address-key.ts: an IPv6 client by its /64).
 *
 * - Recorded: one audit row (`share.open`, outcome "rejected") per address and UTC hour, with
 *   the hour's count and the count of each reason, instead of a row per request.
 * - Throttled: an address with `perHour` refused openings in this hour has every further
 *   opening refused ("throttled", and counted) without the link being looked up, valid or not,
 *   until the hour ends. A guess at a token is hopeless anyway (256 bits); the bound is on the
 *   work and the writes anyone may cause.
 *
 * The limit is read before the opening and counted after it: openings racing at the limit can
 * pass it by as many as run at once, all of them counted.
 */
import "server-only";
import { getDb } from "@/lib/db";
import { refusedOpenings, tallyRefusedOpening, type RefusalReason } from "@/lib/db/share-refusals";
import { logger } from "@/lib/log/log";
import { addressKey } from "./address-key";

export type { RefusalReason };

export const SHARE_REFUSALS = { perHour: 30 } as const;

/** Whether the address has no refused opening left in this hour. */
export async function refusalsSpent(ip: string): Promise<boolean> {
  return (await refusedOpenings(await getDb(), addressKey(ip))) >= SHARE_REFUSALS.perHour;
}

/** Count a refused opening. A failure to write is logged, as the audit log's are (audit.ts), never the reader's error. */
export async function noteRefusedOpening(ip: string, reason: RefusalReason): Promise<void> {
  try {
    await tallyRefusedOpening(await getDb(), addressKey(ip), reason);
  } catch (e) {
    logger("audit").error({ err: e, action: "share.open", reason }, "could not count a refused share opening");
  }
}
