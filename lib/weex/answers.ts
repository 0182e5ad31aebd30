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
export const withdrawalsResult = z.looseObject({
  items: z.array(z.unknown()),
  total: wInt.optional(),
  pageSize: wInt.optional(),
  page: wInt.optional(),
  pages: wInt.optional(),
  hasNextPage: wBool.optional(),
});

export const subAffiliatesResult = z.looseObject({
  records: z.array(z.unknown()),
  total: wInt.optional(),
  size: wInt.optional(),
  current: wInt.optional(),
  pages: wInt.optional(),
});

export const inviteesResult = z.looseObject({
  channelUserInfoItemList: z.array(z.unknown()),
  pages: wInt.optional(),
  pageSize: wInt.optional(),
  total: wInt.optional(),
});

// The rebate reads beyond the interface document answer the flat V3 object; their V2 copies wrap it in {code: "200", data}
// (the codec unwraps). List records are parsed one by one (`items`).
export const inviteeTotalsResult = z.looseObject({
  records: z.array(z.unknown()),
  pages: wInt.optional(),
  pageSize: wInt.optional(),
  total: wInt.optional(),
});

export const commissionsResult = z.looseObject({
  channelCommissionInfoItems: z.array(z.unknown()),
  pages: wInt.optional(),
  pageSize: wInt.optional(),
  total: wInt.optional(),
});

export const memberDealsResult = z.looseObject({
  data: z.array(z.unknown()),
  // the days WEEX applied
  startTime: wDay.optional(),
  endTime: wDay.optional(),
});
