import { WEEX_LOCALE_TAG } from "@/lib/i18n/locales";
import type { ParsedParamsOf } from "@/lib/weex/endpoints";
import { localeOfRequest } from "@/lib/server/http/locale";
import { sendOrder } from "@/lib/server/services/orders";
import { route } from "@/lib/server/http/route";

/**
 * Place a take-profit / stop-loss plan order (placeTpSlOrder). Never retried; audited. WEEX's
 * optional `locale` header carries the person's language.
 */
export const POST = route("POST /api/contract/plan-orders", {
  handler: ({ input, user, ip, req }) =>
    sendOrder("placeTpSl", input as ParsedParamsOf<"placeTpSl">, { user, ip }, { locale: WEEX_LOCALE_TAG[localeOfRequest(req, user)] }),
});
