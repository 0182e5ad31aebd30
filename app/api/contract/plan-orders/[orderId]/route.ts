import { WEEX_LOCALE_TAG } from "@/lib/i18n/locales";
import { localeOfRequest } from "@/lib/server/http/locale";
import { sendOrder } from "@/lib/server/services/orders";
import { route } from "@/lib/server/http/route";

/**
 * Modify a plan order (modifyTpSlOrder): the order id from the path, the rest from the body;
 * WEEX's optional `locale` header carries the person's language.
 */
export const PATCH = route("PATCH /api/contract/plan-orders/[orderId]", {
  handler: ({ params, body, user, ip, req }) =>
    sendOrder("modifyTpSl", { orderId: params.orderId, ...body }, { user, ip }, { locale: WEEX_LOCALE_TAG[localeOfRequest(req, user)] }),
});
