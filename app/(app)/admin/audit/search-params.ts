/** The audit page's URL state: the filters and paging under the API's names. */
import { parseAsString } from "nuqs";
import { pagingParsers } from "@/lib/ui/url-state";

export const auditSearch = {
  username: parseAsString.withDefault(""),
  action: parseAsString.withDefault(""),
  ...pagingParsers("audit"),
};
