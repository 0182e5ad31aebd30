/**
 * The invited-users page's URL state: the uid, stage, activity and invite-code filters and paging under the API's names, and the
 * registration dates (days in the chosen zone, turned into startTime/endTime for the API).
 */
import { parseAsInteger, parseAsString, parseAsStringLiteral } from "nuqs";
import { LISTS, ACTIVITIES, STAGES } from "@/lib/contract/params";

export const inviteesSearch = {
  uid: parseAsString,
  regFrom: parseAsString,
  regTo: parseAsString,
  // the furthest stage, the trading activity over activeDays, the invite code
  stage: parseAsStringLiteral(STAGES),
  activity: parseAsStringLiteral(ACTIVITIES),
  activeDays: parseAsInteger,
  inviteCode: parseAsString,
  // the page and its size, defaulting to what the route answers without them (one number: LISTS)
  page: parseAsInteger.withDefault(1),
  pageSize: parseAsInteger.withDefault(LISTS.invitees.defaultSize),
};
