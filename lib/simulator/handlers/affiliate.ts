/**
 * Affiliate reporting: invited users (getAffiliateUIDs), sub-affiliate daily data
 * (querySubChannelTransactions) and internal transfers (getInternalWithdrawalStatus).
 * Each answers the bare V3 object with its own paging fields. Lists are ordered newest
 * first, then by identifier, so paging through a fixed data set never loses or repeats a
 * record. With the `outOfWindow` data mode (`widenMs`) each reads its time window that much
 * wider on each side than asked (validation still checks the window asked for), never
 * beyond now.
 */
import { WINDOWS } from "../../weex/endpoints";
import { inviteeWire } from "../data/invitees";
import { subAffiliateWire, type ProductType } from "../data/subAffiliates";
import { transferWire, type AccountType } from "../data/withdrawals";
import { checkTimeWindow, readFields, readPaging } from "../params";
import { pageCount, pageOf, rangeDesc, type Handler } from "./context";
import { DAY_MS, utcDayStart } from "../../time/calendar";

interface Range {
  startTime?: number;
  endTime?: number;
}

/**
 * The registration window of an invitee query. WEEX allows at most 90 days per query and a
 * start no older than a year; when bounds are missing the simulator picks (docs/simulator.md):
 *   none        → the 90 days ending now
 *   only end    → the 90 days ending at endTime (not reaching back more than a year)
 *   only start  → the 90 days starting at startTime
 *   a `uid` and no bounds → the whole year (looking one user up should not need a date).
 */
function inviteeWindow(p: Range & { uid?: string }, now: number): { from: number; to: number } {
  const span = WINDOWS.invitees.maxSpanMs;
  const oldest = now - WINDOWS.invitees.maxAgeMs;
  const { startTime: s, endTime: e } = p;
  if (s !== undefined && e !== undefined) return { from: s, to: e };
  if (s !== undefined) return { from: s, to: s + span };
  if (e !== undefined) return { from: Math.max(e - span, oldest), to: e };
  if (p.uid !== undefined) return { from: oldest, to: now };
  return { from: now - span, to: now };
}

export const invitees: Handler = ({ ep, raw, now, data, widenMs = 0 }) => {
  const p = readFields<Range & { uid?: string }>(ep, raw);
  const { page, size } = readPaging(ep, raw);
  checkTimeWindow(ep.window!, p, now);
  const asked = inviteeWindow(p, now);
  const from = asked.from - widenMs;
  const to = asked.to + widenMs;
  let matches;
  if (p.uid !== undefined) {
    const one = data.inviteesByUid.get(p.uid);
    matches = one && one.registerTime >= from && one.registerTime <= Math.min(to, now) ? [one] : [];
  } else {
    const [i, j] = rangeDesc(data.invitees, (x) => x.registerTime, from, Math.min(to, now));
    matches = data.invitees.slice(i, j);
  }
  return {
    body: {
      channelUserInfoItemList: pageOf(matches, page, size).map((x) => inviteeWire(x, now)),
      pages: pageCount(matches.length, size),
      pageSize: size,
      total: matches.length,
    },
  };
};

export const subAffiliates: Handler = ({ ep, raw, now, data, widenMs = 0 }) => {
  const p = readFields<Required<Range> & { subUid?: string; productType: ProductType }>(ep, raw);
  const { page, size } = readPaging(ep, raw);
  // As WEEX's production service: both bounds or -1141 (the window is `bounded`; only WEEX's
  // test environment picks a window of its own).
  checkTimeWindow(ep.window!, p, now);
  const { firstDay, records } = data.subAffiliates;
  const dayOf = (t: number) => Math.floor((utcDayStart(t) - firstDay) / DAY_MS);
  // A day is in the range when its UTC date is between the dates of startTime and endTime;
  // today's record exists from 00:00 and grows during the day.
  const widenDays = Math.round(widenMs / DAY_MS);
  const fromDay = dayOf(p.startTime) - widenDays;
  const toDay = Math.min(dayOf(p.endTime) + widenDays, dayOf(now));
  const list = records[p.productType];
  const [i, j] = rangeDesc(list, (r) => r.day, fromDay, toDay);
  let matches = list.slice(i, j);
  if (p.subUid !== undefined) matches = matches.filter((r) => r.sub.uid === p.subUid);
  return {
    body: {
      records: pageOf(matches, page, size).map((r) => subAffiliateWire(r, p.productType, firstDay, now)),
      total: matches.length,
      size,
      current: page,
      pages: pageCount(matches.length, size),
    },
  };
};

export const withdrawals: Handler = ({ ep, raw, now, data, widenMs = 0 }) => {
  const p = readFields<Range & { withdrawID?: string; coin?: string; fromAccountType?: AccountType; toAccountType?: AccountType }>(ep, raw);
  const { page, size } = readPaging(ep, raw);
  checkTimeWindow(ep.window!, p, now);
  // Only the past month exists for this endpoint; no bounds means the whole month.
  const from = (p.startTime ?? now - WINDOWS.withdrawals.maxAgeMs) - widenMs;
  const to = Math.min((p.endTime ?? now) + widenMs, now);
  const fromType = p.fromAccountType ?? "SPOT";
  const toType = p.toAccountType ?? "SPOT";
  const coin = p.coin?.toUpperCase();
  const [i, j] = rangeDesc(data.transfers, (t) => t.createTime, from, to);
  const matches = data.transfers
    .slice(i, j)
    .filter(
      (t) =>
        t.fromAccountType === fromType &&
        t.toAccountType === toType &&
        (coin === undefined || t.coin === coin) &&
        (p.withdrawID === undefined || t.withdrawId === p.withdrawID),
    );
  const pages = pageCount(matches.length, size);
  return {
    body: {
      items: pageOf(matches, page, size).map((t) => transferWire(t, now)),
      total: matches.length,
      pageSize: size,
      page,
      pages,
      hasNextPage: page < pages,
    },
  };
};
