import "server-only";
import { createLoader, parseAsString, parseAsStringLiteral } from "nuqs/server";
import { periodParsersOf } from "@/lib/ui/period-parsers";

/** The period pages' URL state read on the server, with the same parsers the pages use (periodSearch, lib/ui/url-state.ts). */
export const loadPeriodSearch = createLoader(periodParsersOf({ parseAsString, parseAsStringLiteral }));
