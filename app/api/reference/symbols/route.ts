import { ENDPOINTS, requestSchema, type ParsedParamsOf } from "@/lib/weex/endpoints";
import { symbolsJson } from "@/lib/server/reference";
import { jsonText, route } from "@/lib/server/route";

/** Trading pairs (exchangeInfo), cached for a minute and coalesced. */
export const GET = route({
  role: "viewer",
  query: requestSchema(ENDPOINTS.exchangeInfo),
  handler: async ({ input }) => jsonText(await symbolsJson(input as ParsedParamsOf<"exchangeInfo">)),
});
