import { BODIES } from "@/lib/contract/queries";
import type { ParsedParamsOf } from "@/lib/weex/endpoints";
import { sendOrder } from "@/lib/server/orders";
import { route } from "@/lib/server/route";

/** Place a take-profit / stop-loss plan order (placeTpSlOrder). Never retried; audited. */
export const POST = route({
  role: "trader",
  body: BODIES["/api/contract/plan-orders"],
  handler: ({ input, user, ip }) => sendOrder("placeTpSl", input as ParsedParamsOf<"placeTpSl">, { user, ip }),
});
