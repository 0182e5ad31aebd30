/**
 * The cohorts page's URL state: the shared period (preset or dates, zone) and `by`, the
 * cohorts' length under the API's name.
 */
import { parseAsStringLiteral } from "nuqs";
import { COHORT_BY } from "@/lib/contract/params";

export const cohortsSearch = { by: parseAsStringLiteral(COHORT_BY).withDefault("week") };
