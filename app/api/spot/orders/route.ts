import { ENDPOINTS, requestSchema } from "@/lib/weex/endpoints";
import { route } from "@/lib/server/route";
import { getWeex } from "@/lib/server/weex";

/** Spot orders of one symbol (allOrders); pageSize ≤ 1000 goes upstream as `limit`. */
export const GET = route({
  role: "trader",
  query: requestSchema(ENDPOINTS.allOrders),
  handler: ({ input }) => getWeex().list("allOrders", input as never),
});
