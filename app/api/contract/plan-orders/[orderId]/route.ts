import { z } from "zod";
import { ENDPOINTS } from "@/lib/weex/endpoints";
import { inId } from "@/lib/weex/wire";
import { sendOrder } from "@/lib/server/orders";
import { route } from "@/lib/server/route";

/** Modify a plan order (modifyTpSlOrder): the order id from the path, the rest from the body. */
export const PATCH = route({
  role: "trader",
  params: z.object({ orderId: inId }),
  body: ENDPOINTS.modifyTpSl.params.omit({ orderId: true }),
  handler: ({ params, body, user, ip }) => sendOrder("modifyTpSl", { orderId: params.orderId, ...body }, { user, ip }),
});
