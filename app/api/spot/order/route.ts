import { route } from "@/lib/server/http/route";
import { getWeex } from "@/lib/server/services/weex";

/** One spot order by orderId or origClientOrderId; an unknown order is a 404. */
export const GET = route("GET /api/spot/order", {
  handler: ({ input }) => getWeex().call("spotOrder", input),
});
