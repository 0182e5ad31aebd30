/**
 * What each WEEX endpoint answers: the whole answer's schema, after lossless JSON parsing and
 * envelope unwrapping. A list's records are parsed one by one by the codec
 * (`EndpointDef.items`, records.ts), so these hold them as `unknown`.
 */
import { z } from "zod";
import { wBool, wDay, wIdOptional, wInt, wText, wTime } from "./wire";
import { symbolDefinition } from "./records";

export const placeOrderResult = z.looseObject({
  orderId: wIdOptional.optional().transform((v) => v ?? null),
  clientOrderId: wText.optional(),
  success: wBool,
  errorCode: wText.nullish().transform((v) => v ?? ""),
  errorMessage: z.string().nullish().transform((v) => v ?? ""),
});

export const placeTpSlResult = z.array(
  z.looseObject({
    success: wBool,
    // 0 on failure
    orderId: wIdOptional.optional().transform((v) => v ?? "0"),
  }),
);

export const modifyTpSlResult = z.looseObject({
  code: wText,
  msg: z.string().nullish().transform((v) => v ?? ""),
  requestTime: wTime.optional(),
  data: z.unknown().optional(),
});

export const exchangeInfoResult = z.looseObject({
  timezone: z.string().optional(),
  serverTime: wTime.optional(),
  symbols: z.array(symbolDefinition),
});

// The lists' records are parsed one by one by the codec (`EndpointDef.items`): a record that
// cannot be used is set aside and reported, never allowed to fail the page.
const records = z.array(z.unknown());

/** A page as most of WEEX's lists answer it: the records under `field`, then pages, pageSize and total. */
function usualPage<F extends string>(field: F) {
  return z.looseObject({
    ...({ [field]: records } as Record<F, typeof records>),
    pages: wInt.optional(),
    pageSize: wInt.optional(),
    total: wInt.optional(),
  });
}

export const withdrawalsResult = z.looseObject({
  items: records,
  total: wInt.optional(),
  pageSize: wInt.optional(),
  page: wInt.optional(),
  pages: wInt.optional(),
  hasNextPage: wBool.optional(),
});

export const subAffiliatesResult = z.looseObject({
  records,
  total: wInt.optional(),
  size: wInt.optional(),
  current: wInt.optional(),
  pages: wInt.optional(),
});

export const inviteesResult = usualPage("channelUserInfoItemList");

// The rebate reads beyond the interface document answer the flat V3 object; their V2 copies
// wrap it in {code: "200", data} (the codec unwraps).
export const inviteeTotalsResult = usualPage("records");

export const commissionsResult = usualPage("channelCommissionInfoItems");

export const memberDealsResult = z.looseObject({
  data: records,
  // the days WEEX applied
  startTime: wDay.optional(),
  endTime: wDay.optional(),
});
