/**
 * WEEX's rebate reads beyond the interface document (weex-facts.md, last section), served
 * from the invitees' activity (data/activity.ts): getChannelUserTradeAndAsset (totals per
 * direct invitee), getAffiliateCommission (commission records), verifyReferrals, getAssert and
 * getDealData. Each answers the flat V3 object; amounts are decimal strings, Long ids raw JSON
 * numbers, the invitee `uid` of the totals a String, as WEEX's tables type them.
 *
 * Choices where WEEX says nothing (docs/simulator.md, "WEEX's rebate reads"):
 * - the totals list the direct invitees with a deposit, a withdrawal or a trade in the window
 *   (with `uid`: that invitee, zeros included), newest registration first; their `commission`
 *   is the USDT commission (amounts in different coins are never added);
 * - commission records come newest first (then uid descending), one product type per call;
 * - getAssert of a uid that is not a direct invitee answers -1140; getDealData leaves such ids
 *   out, and without `userIds` lists every direct invitee that traded in the days asked;
 *   `spotProDealAmountUsdtTemp` (meaning undocumented) repeats the spot volume.
 */
import { WINDOWS } from "../../weex/endpoints";
import { jsonNumber } from "../../weex/wire";
import { HISTORY_DAYS, type Dataset } from "../data";
import type { Commission, ProductType, Totals } from "../data/activity-records";
import { badRequest, CODES } from "../errors";
import { checkTimeWindow, effectiveDays, effectiveWindow, readFields, readPaging } from "../params";
import { formatUnits } from "../units";
import { pageCount, pageOf, type Handler } from "./context";
import { DAY_MS } from "../../time/calendar";

/** The start of the first day of the network's history: no invitee or sub-affiliate record is older. */
const networkStart = (data: Dataset) => data.anchor - (Math.max(HISTORY_DAYS.invitees, HISTORY_DAYS.subAffiliates) - 1) * DAY_MS;

interface Range {
  startTime?: number;
  endTime?: number;
}

interface DayRange {
  startTime?: string;
  endTime?: string;
}

/** A commission record on the wire (getAffiliateCommission's field order). */
export function commissionWire(r: Commission): Record<string, unknown> {
  return {
    uid: jsonNumber(r.uid),
    date: r.time,
    coin: r.coin,
    productType: r.productType,
    fee: formatUnits(r.feeUnits, 8),
    commission: formatUnits(BigInt(r.feeUnits) * BigInt(r.ratePct), 10),
    rate: formatUnits(r.ratePct, 2),
    symbol: r.symbol,
    sourceType: r.sourceType,
    takerAmount: formatUnits(r.takerCents, 2),
    makerAmount: formatUnits(r.makerCents, 2),
  };
}

/** One invitee's totals on the wire (getChannelUserTradeAndAsset). */
export function totalsWire(t: Totals): Record<string, unknown> {
  return {
    uid: t.uid,
    depositAmount: formatUnits(t.depositCents, 2),
    withdrawalAmount: formatUnits(t.withdrawalCents, 2),
    spotTradingAmount: formatUnits(t.spotCents, 2),
    futuresTradingAmount: formatUnits(t.futuresCents, 2),
    commission: formatUnits(t.commissionUnits, 10),
  };
}

export const inviteeTotals: Handler = ({ ep, raw, now, data }) => {
  const p = readFields<Range & { uid?: string }>(ep, raw);
  const { page, size } = readPaging(ep, raw);
  checkTimeWindow(ep.window!, p, now);
  const { from, to } = effectiveWindow(ep.window!, p, now);
  const activity = data.activity;
  let rows: Totals[];
  if (p.uid !== undefined) {
    const inv = activity.directInvitee(p.uid, now);
    rows = inv ? [activity.totalsOf(inv, from, to)] : [];
  } else {
    rows = from <= to ? activity.totals(from, to) : [];
  }
  return {
    body: {
      records: pageOf(rows, page, size).map(totalsWire),
      pages: pageCount(rows.length, size),
      pageSize: size,
      total: rows.length,
    },
  };
};

export const commissions: Handler = ({ ep, raw, now, data, widenMs = 0 }) => {
  const p = readFields<Range & { uid?: string; coin?: string; productType?: ProductType }>(ep, raw);
  const { page, size } = readPaging(ep, raw);
  checkTimeWindow(ep.window!, p, now);
  const asked = effectiveWindow(ep.window!, p, now);
  // The `outOfWindow` data mode reads the window wider (validation checked the one asked for),
  // never before the network's first day (no record is older) nor beyond now.
  const from = widenMs > 0 ? Math.max(asked.from - widenMs, networkStart(data)) : asked.from;
  const to = Math.min(asked.to + widenMs, now);
  const filter = { productType: p.productType ?? "SPOT", coin: p.coin?.toUpperCase() };
  const { total, items } =
    from <= to ? data.activity.commissions(from, to, filter, { offset: (page - 1) * size, size }, p.uid) : { total: 0, items: [] };
  return {
    body: {
      channelCommissionInfoItems: items.map(commissionWire),
      pages: pageCount(total, size),
      pageSize: size,
      total,
    },
  };
};

export const verifyReferrals: Handler = ({ ep, raw, now, data }) => {
  // (the table's schema refuses more than ID_LIST_LIMITS.verifyReferrals ids: -1140)
  const ids = readFields<{ userIds: string }>(ep, raw).userIds.split(",");
  return { body: ids.map((id) => ({ uid: jsonNumber(id), isRefferal: data.activity.directInvitee(id, now) !== undefined })) };
};

export const memberAssets: Handler = ({ ep, raw, now, data }) => {
  const p = readFields<DayRange & { userId: string }>(ep, raw);
  checkTimeWindow(ep.window!, p, now);
  const inv = data.activity.directInvitee(p.userId, now);
  if (!inv) throw badRequest(CODES.validation, `userId ${p.userId} is not a direct invitee of this account.`);
  const { from, to } = effectiveDays(WINDOWS.memberAssets, p, now);
  const { deposits, equityCents } = data.activity.assets(inv, from, to, now);
  // Equity split across the accounts: contract half, spot 30 %, funding the rest; 80 % of spot is free.
  const unimargin = Math.floor(equityCents / 2);
  const spot = Math.floor((equityCents * 3) / 10);
  const funding = equityCents - unimargin - spot;
  return {
    body: {
      availableBalance: formatUnits(Math.floor((spot * 8) / 10), 2),
      fundingTotalUsdt: formatUnits(funding, 2),
      spotProTotalUsdt: formatUnits(spot, 2),
      unimarginTotalUsdt: formatUnits(unimargin, 2),
      // undocumented, as WEEX sends it
      contractTotalUsdt: formatUnits(unimargin, 2),
      depositTotalAmount: formatUnits(
        deposits.reduce((sum, d) => sum + d.cents, 0),
        2,
      ),
      depositList: deposits.map((d) => ({ coin: "USDT", amount: formatUnits(d.cents, 2), time: d.time })),
    },
  };
};

export const memberDeals: Handler = ({ ep, raw, now, data }) => {
  const p = readFields<DayRange & { userIds?: string[] }>(ep, raw);
  checkTimeWindow(ep.window!, p, now);
  const { from, to, startDay, endDay } = effectiveDays(WINDOWS.memberDeals, p, now);
  const activity = data.activity;
  let rows: Array<{ uid: string; spotCents: number; futuresCents: number }>;
  if (p.userIds !== undefined) {
    rows = [...new Set(p.userIds)].flatMap((id) => {
      const inv = activity.directInvitee(id, now);
      if (!inv) return [];
      const t = from <= to ? activity.totalsOf(inv, from, to) : { spotCents: 0, futuresCents: 0 };
      return [{ uid: id, spotCents: t.spotCents, futuresCents: t.futuresCents }];
    });
  } else {
    rows = from <= to ? activity.deals(from, to) : [];
  }
  return {
    body: {
      data: rows.map((r) => ({
        userId: jsonNumber(r.uid),
        spotDealAmountUsdt: formatUnits(r.spotCents, 2),
        futuresProDealAmountUsdt: formatUnits(r.futuresCents, 2),
        spotProDealAmountUsdtTemp: formatUnits(r.spotCents, 2),
      })),
      startTime: startDay,
      endTime: endDay,
    },
  };
};
