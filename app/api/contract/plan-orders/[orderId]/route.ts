import { BODIES, PATH_PARAMS } from "@/lib/contract/queries";
import { sendOrder } from "@/lib/server/orders";
import { route } from "@/lib/server/route";

/** Modify a plan order (modifyTpSlOrder): the order id from the path, the rest from the body. */
export const PATCH = route({
  role: "trader",
  params: PATH_PARAMS["/api/contract/plan-orders/[orderId]"],
  body: BODIES["/api/contract/plan-orders/[orderId]"],
  handler: ({ params, body, user, ip }) => sendOrder("modifyTpSl", { orderId: params.orderId, ...body }, { user, ip }),
});
