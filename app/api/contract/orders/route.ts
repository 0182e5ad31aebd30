import type { ParsedParamsOf } from "@/lib/weex/endpoints";
import { sendOrder } from "@/lib/server/services/orders";
import { route } from "@/lib/server/http/route";

/**
 * Place a contract order (POST /capi/v3/order); the body uses the interface document's field
 * names verbatim. Never retried; audited. `success:false` is a 200 mirroring WEEX.
 */
export const POST = route("POST /api/contract/orders", {
  handler: ({ input, user, ip }) => sendOrder("placeOrder", input as ParsedParamsOf<"placeOrder">, { user, ip }),
});
