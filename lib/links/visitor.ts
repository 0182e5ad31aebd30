/**
 * Who clicked, without keeping who: a visitor key is an HMAC of the client's address and user
 * agent under a secret of the UTC day, derived from the server's secret. No address is stored,
 * and the keys of two days cannot be joined (a person cannot be followed across days). The
 * address comes as the throttles count it (lib/server/identity/address-key.ts: an IPv6 client by
 * its /64, which one customer is given whole).
 */
import { createHmac } from "node:crypto";
import { utcDate, utcDayStart } from "@/lib/time/calendar";

/** Clicks are counted per 15 minutes: every zone's hour and half or quarter hour is a whole number of buckets. */
export const BUCKET_MS = 15 * 60_000;

/** The start of the bucket an instant falls in (epoch ms). */
export const bucketOf = (at: number): number => at - (at % BUCKET_MS);


/** Makes visitor keys under the server's secret; the day's secret is derived once a day. */
export function visitorKeys(serverSecret: string) {
  let day = -1;
  let secret = Buffer.alloc(0);
  return (addressKey: string, userAgent: string, at: number): string => {
    const d = utcDayStart(at);
    if (d !== day) {
      secret = createHmac("sha256", serverSecret).update(`link visitor ${utcDate(d)}`).digest();
      day = d;
    }
    // 128 bits: collisions among a link's visitors of one day are out of reach.
    return createHmac("sha256", secret).update(`${addressKey}\n${userAgent}`).digest("base64url").slice(0, 22);
  };
}
