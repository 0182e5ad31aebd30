import { ENDPOINTS, requestSchema } from "@/lib/weex/endpoints";
import { coinsJson } from "@/lib/server/reference";
import { jsonText, route } from "@/lib/server/route";

/** Coins and their networks, cached for a minute and coalesced. */
export const GET = route({
  role: "viewer",
  query: requestSchema(ENDPOINTS.coins),
  handler: async () => jsonText(await coinsJson()),
});
