/**
 * The /risk page's URL state: the list's filters under the API's names (state, rule, severity,
 * subjectType, subject, page, pageSize), the days the flags were seen in (UTC days, turned into
 * startTime/endTime for the API) and the flag whose detail is open.
 */
import { parseAsInteger, parseAsString, parseAsStringLiteral } from "nuqs";
import { LISTS } from "@/lib/contract/params";
import { RISK_FLAG_STATES, RISK_RULE_KEYS, RISK_SEVERITIES, RISK_SUBJECT_TYPES } from "@/lib/contract/risk";

export const riskSearch = {
  state: parseAsStringLiteral(RISK_FLAG_STATES).withDefault("open"),
  rule: parseAsStringLiteral(RISK_RULE_KEYS),
  severity: parseAsStringLiteral(RISK_SEVERITIES),
  subjectType: parseAsStringLiteral(RISK_SUBJECT_TYPES),
  subject: parseAsString,
  /** the first and last UTC day (YYYY-MM-DD) the flags were seen in */
  seenFrom: parseAsString,
  seenTo: parseAsString,
  /** the flag whose detail is open */
  flag: parseAsString,
  // the page and its size, defaulting to what the route answers without them (one number: LISTS)
  page: parseAsInteger.withDefault(1),
  pageSize: parseAsInteger.withDefault(LISTS.riskFlags.defaultSize),
};
