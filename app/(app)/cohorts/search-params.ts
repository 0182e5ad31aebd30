/**
 * The cohorts page's URL state: the shared period (preset or dates, zone) and `by`, the
 * cohorts' length under the API's name; what the heat map shows (`show`: conversion, or the
 * commission per invitee by cohort age) and in which coin.
 */
import { parseAsString, parseAsStringLiteral } from "nuqs";
import { COHORT_BY } from "@/lib/contract/params";

export const COHORT_SHOWS = ["conversion", "value"] as const;

export const cohortsSearch = {
  by: parseAsStringLiteral(COHORT_BY).withDefault("week"),
  show: parseAsStringLiteral(COHORT_SHOWS).withDefault("conversion"),
  coin: parseAsString,
};
