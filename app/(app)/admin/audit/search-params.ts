/** The audit page's URL state: the filters and paging under the API's names. */
import { parseAsInteger, parseAsString } from "nuqs";
import { LISTS } from "@/lib/contract/params";

export const auditSearch = {
  username: parseAsString.withDefault(""),
  action: parseAsString.withDefault(""),
  // the page and its size, defaulting to what the route answers without them (one number: LISTS)
  page: parseAsInteger.withDefault(1),
  pageSize: parseAsInteger.withDefault(LISTS.audit.defaultSize),
};
