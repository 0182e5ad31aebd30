import type { ParsedParamsOf } from "@/lib/weex/endpoints";
import { symbolsJson } from "@/lib/server/services/reference";
import { jsonText, route } from "@/lib/server/http/route";

/** Trading pairs (exchangeInfo), cached for a minute and coalesced. */
export const GET = route("GET /api/reference/symbols", {
  // (the exchange's markets and coins: nobody's rows)
  partners: "open",
  handler: async ({ input }) => jsonText(await symbolsJson(input as ParsedParamsOf<"exchangeInfo">)),
});
