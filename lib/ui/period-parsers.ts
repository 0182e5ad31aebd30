/**
 * The period URL state's parsers (`period`, `from`, `to`, `granularity`, `compare`,
 * `compareStart`, `compareEnd`, `tz`), declared once over the parser builders: the pages build
 * them with "nuqs" (url-state.ts) and the server with "nuqs/server" (whose builders a server
 * component can call; those of "nuqs" are client references there), so a prefetch on the server
 * reads a URL exactly as the page will.
 */
import type { parseAsString, parseAsStringLiteral } from "nuqs";
import { COMPARES, GRANULARITIES, PRESETS } from "./period";
import { UTC } from "@/lib/time/calendar";

export interface ParserBuilders {
  parseAsString: typeof parseAsString;
  parseAsStringLiteral: typeof parseAsStringLiteral;
}

export function periodParsersOf({ parseAsString, parseAsStringLiteral }: ParserBuilders) {
  return {
    period: parseAsStringLiteral(PRESETS).withDefault("30d"),
    from: parseAsString,
    to: parseAsString,
    granularity: parseAsStringLiteral(GRANULARITIES).withDefault("day"),
    // what the period is compared with (lib/ui/period.ts comparisonPeriod)
    compare: parseAsStringLiteral(COMPARES).withDefault("previous"),
    compareStart: parseAsString,
    compareEnd: parseAsString,
    tz: parseAsString.withDefault(UTC),
  };
}
