import { route } from "@/lib/server/http/route";
import { getWeex } from "@/lib/server/services/weex";

/** Spot orders of one symbol (allOrders); pageSize ≤ 1000 goes upstream as `limit`. */
export const GET = route("GET /api/spot/orders", {
  handler: ({ input }) => getWeex().list("allOrders", input as never),
});
