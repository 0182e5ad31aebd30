/**
 * The invited-users page's URL state: the uid filter and paging under the API's names, and the
 * registration dates (days in the chosen zone, turned into startTime/endTime for the API).
 */
import { parseAsString } from "nuqs";
import { pagingParsers } from "@/lib/ui/url-state";

export const inviteesSearch = { uid: parseAsString, regFrom: parseAsString, regTo: parseAsString, ...pagingParsers("invitees") };
