import { QUERIES } from "@/lib/contract/queries";
import type { ParsedParamsOf } from "@/lib/weex/endpoints";
import { symbolsJson } from "@/lib/server/services/reference";
import { jsonText, route } from "@/lib/server/http/route";

/** Trading pairs (exchangeInfo), cached for a minute and coalesced. */
export const GET = route({
  role: "viewer",
  // (the exchange's markets and coins: nobody's rows)
  partners: "open",
  query: QUERIES["/api/reference/symbols"],
  handler: async ({ input }) => jsonText(await symbolsJson(input as ParsedParamsOf<"exchangeInfo">)),
});
