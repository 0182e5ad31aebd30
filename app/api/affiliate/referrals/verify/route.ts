import { VERIFY_MAX_UIDS } from "@/lib/contract/params";
import { verifyReferrals } from "@/lib/server/services/referrals";
import { route } from "@/lib/server/http/route";

const VERIFY_MAX_BODY_BYTES = VERIFY_MAX_UIDS * 24 + 1024;

/**
 * POST /api/affiliate/referrals/verify — which of up to 10,000 uids are direct invitees, asked
 * of WEEX 100 at a time (lib/server/services/referrals.ts says how long that takes and why it is safe).
 * A read: viewer, like the other affiliate reads. Not a partner's: its answer says of
 * any uid whether it is an invitee of the whole network — anyone's, whatever the code — and WEEX
 * cannot be asked by invite code; a partner's invitees are on their own invitee and value pages.
 */
export const POST = route("POST /api/affiliate/referrals/verify", {
  partners: "denied",
  // 10,000 ids of up to 19 digits, quoted and separated: ~220 KB at most
  maxBodyBytes: VERIFY_MAX_BODY_BYTES,
  handler: ({ body, req }) => verifyReferrals(body, req.signal),
});
