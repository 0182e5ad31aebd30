/** The audit page's URL state: the filters and paging under the API's names. */
import { createLoader, parseAsString } from "nuqs/server";
import { pagingParsers } from "@/lib/ui/url-state";

export const auditSearch = {
  username: parseAsString.withDefault(""),
  action: parseAsString.withDefault(""),
  ...pagingParsers("audit"),
};

export const loadAuditSearch = createLoader(auditSearch);
