import { QUERIES } from "@/lib/contract/queries";
import { coinsJson } from "@/lib/server/services/reference";
import { jsonText, route } from "@/lib/server/http/route";

/** Coins and their networks, cached for a minute and coalesced. */
export const GET = route({
  role: "viewer",
  // (the exchange's markets and coins: nobody's rows)
  partners: "open",
  query: QUERIES["/api/reference/coins"],
  handler: async () => jsonText(await coinsJson()),
});
