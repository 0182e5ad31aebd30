import { coinsJson } from "@/lib/server/services/reference";
import { jsonText, route } from "@/lib/server/http/route";

/** Coins and their networks, cached for a minute and coalesced. */
export const GET = route("GET /api/reference/coins", {
  // (the exchange's markets and coins: nobody's rows)
  partners: "open",
  handler: async () => jsonText(await coinsJson()),
});
