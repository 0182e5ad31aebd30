/**
 * What invitees do after they register, for WEEX's rebate reads (getChannelUserTradeAndAsset,
 * getAffiliateCommission, getAssert, getDealData): their deposits and withdrawals, and the
 * commission records of their trades; and the commission the affiliate earns on its
 * sub-affiliates' own invitees (sourceType 2).
 *
 * Nothing of it is generated at start or held as one array: one invitee's one UTC day comes
 * from its own seed (simulator seed, uid, day) whenever it is asked for, so the same day reads
 * the same in every query, whatever else was asked before. A query about one invitee generates
 * that invitee's days; a query about everyone reads whole days (`DayBook`, packed into typed
 * arrays and kept in a bounded cache: at scale 1 a year fits, at scale 10 the oldest days are
 * generated again when asked for).
 *
 * The rules, which the funnel of getAffiliateUIDs (invitees.ts) already fixes:
 * - deposits only from `firstDeposit` (a deposit exactly then) to `lastDeposit` (one exactly
 *   then), on some days between; withdrawals on some days after the first deposit's day, up to
 *   the last day of activity;
 * - trades only from `firstTrade` (a record exactly then) to `lastTrade` (one exactly then), on
 *   some days between: each invitee trades on its own share of days, so on a given day a few
 *   per cent of all invitees trade;
 * - a record's volume (`takerAmount`, `makerAmount`) is in USDT cents whatever its coin; its
 *   fee is charged in the record's coin — USDT, or BTC on BTC-quoted spot pairs — and
 *   commission = fee × rate exactly (fee with 8 decimals, rate with 2, commission with 10);
 * - sourceType 2: each sub-affiliate (subAffiliates.ts) has a few invitees of its own. Its daily
 *   record of a product is split into commission records of those invitees, whose volumes add
 *   up to the day's `tradingVolume` and whose fees to its `netTradingFee` exactly (at the
 *   sub-affiliate's fee rate); the affiliate's override is 10 % of the fee. Those uids are not
 *   the affiliate's direct invitees (verifyReferrals says false, the totals leave them out).
 *
 * Amounts are integers of a fixed unit (cents; 1e-8 of a coin; 1e-10 for commission) and become
 * decimal text only on the wire (units.ts).
 */
import { logNormal, subSeed } from "../prng";

import type { Invitee } from "./invitees";
import type { SubAffiliateData } from "./subAffiliates";
import { DAY_MS } from "../../time/calendar";
import { addTrade, dayOf, DayBook, emptyTotals, tradeRecord, type Commission, type CommissionFilter, type Counted, type InviteeDay, type Movement, type ProductType, type Totals } from "./activity-records";
import { habitsOf, mix, pickSkewed, rngOf, type SymbolLists } from "./activity-seeds";
import { plantedDay } from "./risk-plants";

/** The fee of a record in 1e-8 USDT, per million of volume: taker and maker, per product. */
const FEE_PPM: Record<ProductType, { taker: number; maker: number }> = {
  FUTURES: { taker: 600, maker: 200 },
  SPOT: { taker: 1000, maker: 800 },
};
/** The affiliate's override on its sub-affiliates' invitees, in hundredths of the fee. */
export const SUB_AGENT_RATE_PCT = 10;
/** Uids of sub-affiliates' own invitees: far above the direct invitees' (4.2e9 and up). */
export const SUB_AGENT_UID_BASE = 90_000_000_000;
/** An ordinary invitee trades at most 3,300 USDT a day: 30 days stay below churn's 100,000 USDT floor (risk-plants.ts exceeds it). */
const MAX_DAY_CENTS = 330_000;
/** Deposits and withdrawals keep to their own 3 days of a 10-day cycle, as often as on any day before. */
const MOVE_CYCLE_DAYS = 10;
const CYCLE_SHARE = MOVE_CYCLE_DAYS / 3;
/** Records of all kinds the day cache keeps before it forgets the least recently read day. */
export const MAX_CACHED_RECORDS = 1_500_000;

export class InviteeActivity {
  private readonly base: number;
  private readonly symbols: string[];
  private readonly symbolIndex: Map<string, number>;
  /** direct invitees that ever deposit, by the day their activity starts: index into `invitees`, first and last day */
  private readonly spanInvitee: Int32Array;
  private readonly spanStart: Int32Array;
  private readonly spanEnd: Int32Array;
  private readonly subIndex: Map<string, number>;
  private readonly books = new Map<number, DayBook>();
  private cachedCount = 0;
  /** the last totals computed, by window (a walk over its pages asks for the same window each time) */
  private readonly totalsCache = new Map<string, Totals[]>();

  constructor(
    seed: number,
    private readonly invitees: readonly Invitee[],
    private readonly inviteesByUid: ReadonlyMap<string, Invitee>,
    private readonly subs: SubAffiliateData,
    readonly lists: SymbolLists,
  ) {
    this.base = subSeed(seed, "activity");
    this.symbols = [...lists.futures, ...lists.spotUsdt, ...lists.spotBtc];
    this.symbolIndex = new Map(this.symbols.map((s, i) => [s, i]));
    this.subIndex = new Map(subs.subs.map((s, i) => [s.uid, i]));
    const spans: Array<[number, number, number]> = [];
    invitees.forEach((inv, i) => {
      if (Number.isFinite(inv.firstDeposit)) spans.push([i, dayOf(inv.firstDeposit), dayOf(lastActive(inv))]);
    });
    spans.sort((a, b) => a[1] - b[1]);
    this.spanInvitee = Int32Array.from(spans, (s) => s[0]);
    this.spanStart = Int32Array.from(spans, (s) => s[1]);
    this.spanEnd = Int32Array.from(spans, (s) => s[2]);
  }

  // -------------------------------------------------------------------------------------------
  // Generation

  /** One direct invitee's day `day` (UTC day number): the same every time it is asked for. */
  inviteeDay(inv: Invitee, day: number): InviteeDay {
    const out: InviteeDay = { deposits: [], withdrawals: [], trades: [] };
    if (!Number.isFinite(inv.firstDeposit)) return out;
    const firstDay = dayOf(inv.firstDeposit);
    const lastDay = dayOf(lastActive(inv));
    if (day < firstDay || day > lastDay) return out;
    const rng = rngOf(this.base, Number(inv.uid), day);
    if (inv.plant) return plantedDay(inv.uid, inv.plant, day, rng, this.lists, FEE_PPM);
    const h = habitsOf(this.base, inv.uid);
    const dayStart = day * DAY_MS;
    const anyTime = () => dayStart + Math.floor(rng() * DAY_MS);
    const depositOf = (time: number) => ({ time, cents: Math.max(1_000, Math.round(logNormal(rng, h.depositCents, 0.8))) });

    // Deposits: exactly at the first and the last one, some days between (days 0-2 of the cycle
    // from the first). Withdrawals: after the first deposit's day, up to the last active day, on
    // days 5-7 and 3 days or more from the last deposit: never within the inAndOut rule's 3 days.
    const lastDepositDay = dayOf(inv.lastDeposit);
    const phase = (day - firstDay) % MOVE_CYCLE_DAYS;
    if (day === firstDay) out.deposits.push(depositOf(inv.firstDeposit));
    if (inv.lastDeposit !== inv.firstDeposit && day === lastDepositDay) out.deposits.push(depositOf(inv.lastDeposit));
    if (day > firstDay && day < lastDepositDay && rng() < h.depositDays * CYCLE_SHARE && phase < 3) out.deposits.push(depositOf(anyTime()));
    if (day > firstDay && rng() < h.withdrawalDays * CYCLE_SHARE && phase >= 5 && phase <= 7 && Math.abs(day - lastDepositDay) >= 3) {
      out.withdrawals.push({ time: anyTime(), cents: Math.max(500, Math.round(logNormal(rng, h.depositCents * 0.4, 0.8))) });
    }
    out.deposits.sort((a, b) => a.time - b.time);

    // Trades: exactly at the first and the last trade, on some days between.
    if (!Number.isFinite(inv.firstTrade)) return out;
    const ft = dayOf(inv.firstTrade);
    const lt = dayOf(inv.lastTrade);
    if (day < ft || day > lt) return out;
    if (day !== ft && day !== lt && rng() >= h.tradeDays) return out;
    const lo = day === ft ? inv.firstTrade : dayStart;
    const hi = day === lt ? inv.lastTrade : dayStart + DAY_MS - 1;
    const count = lo === hi ? 1 : 1 + Math.floor(rng() * 3);
    for (let k = 0; k < count; k++) {
      const time = k === 0 && day === ft ? lo : k === count - 1 && day === lt ? hi : lo + Math.floor(rng() * (hi - lo + 1));
      const productType: ProductType = rng() < h.futuresShare ? "FUTURES" : "SPOT";
      const btc = productType === "SPOT" && rng() < h.btcShare && this.lists.spotBtc.length > 0;
      const symbol = pickSkewed(rng, productType === "FUTURES" ? this.lists.futures : btc ? this.lists.spotBtc : this.lists.spotUsdt);
      const cents = Math.min(Math.floor(MAX_DAY_CENTS / count), Math.max(500, Math.round(logNormal(rng, h.dayCents / count, 0.9))));
      out.trades.push(tradeRecord(rng, inv.uid, time, productType, btc ? "BTC" : "USDT", symbol, 1, cents, FEE_PPM[productType], h.ratePct[productType]));
    }
    return out;
  }

  /** The invitees of sub-affiliate `index` (its own, not the affiliate's direct ones). */
  private subAgentPool(index: number): number {
    return 3 + (mix(this.base, index) % 25);
  }

  /** Whether a uid is one of a sub-affiliate's own invitees, and whose. */
  subAgentOf(uid: string): number | undefined {
    const n = Number(uid) - SUB_AGENT_UID_BASE;
    if (!/^\d+$/.test(uid) || n < 0) return undefined;
    const index = Math.floor(n / 1000);
    return index < this.subs.subs.length && n % 1000 < this.subAgentPool(index) ? index : undefined;
  }

  /**
   * The sourceType-2 records of day `day`: each sub-affiliate's daily record (of either
   * product) split among its own invitees; only sub-affiliate `only` when given.
   */
  subAgentDay(day: number, only?: number): Commission[] {
    const out: Commission[] = [];
    const dayIndex = day - dayOf(this.subs.firstDay);
    for (const productType of ["SPOT", "FUTURES"] as const) {
      const list = this.subs.records[productType];
      // newest day first: binary search the day's stretch
      let a = 0;
      let b = list.length;
      while (a < b) {
        const m = (a + b) >>> 1;
        if (list[m].day > dayIndex) a = m + 1;
        else b = m;
      }
      for (let i = a; i < list.length && list[i].day === dayIndex; i++) {
        const r = list[i];
        const index = this.subIndex.get(r.sub.uid)!;
        if (only !== undefined && index !== only) continue;
        const rng = rngOf(this.base, index, day, productType === "FUTURES" ? 1 : 2);
        const parts = Math.min(r.volumeCents, 1 + Math.floor(rng() * 4));
        const cuts = [0, r.volumeCents];
        for (let k = 1; k < parts; k++) cuts.push(1 + Math.floor(rng() * (r.volumeCents - 1)));
        cuts.sort((x, y) => x - y);
        const pool = this.subAgentPool(index);
        const ppm = { taker: r.sub.feePpm[productType], maker: r.sub.feePpm[productType] };
        for (let k = 0; k + 1 < cuts.length; k++) {
          const cents = cuts[k + 1] - cuts[k];
          const member = Math.floor(rng() * pool);
          const time = day * DAY_MS + Math.floor(rng() * DAY_MS);
          const symbol = pickSkewed(rng, productType === "FUTURES" ? this.lists.futures : this.lists.spotUsdt);
          if (cents === 0) continue;
          const uid = String(SUB_AGENT_UID_BASE + index * 1000 + member);
          out.push(tradeRecord(rng, uid, time, productType, "USDT", symbol, 2, cents, ppm, SUB_AGENT_RATE_PCT));
        }
      }
    }
    return out;
  }

  /** A whole day of the network, from the cache or generated. */
  private book(day: number): DayBook {
    const cached = this.books.get(day);
    if (cached) {
      // most recently read last
      this.books.delete(day);
      this.books.set(day, cached);
      return cached;
    }
    const records: Commission[] = this.subAgentDay(day);
    const moves: Array<Movement & { uid: string; withdrawal: boolean }> = [];
    for (let j = 0; j < this.spanStart.length && this.spanStart[j] <= day; j++) {
      if (this.spanEnd[j] < day) continue;
      const inv = this.invitees[this.spanInvitee[j]];
      const d = this.inviteeDay(inv, day);
      records.push(...d.trades);
      for (const m of d.deposits) moves.push({ ...m, uid: inv.uid, withdrawal: false });
      for (const m of d.withdrawals) moves.push({ ...m, uid: inv.uid, withdrawal: true });
    }
    const book = new DayBook(records, moves, this.symbols, this.symbolIndex);
    this.books.set(day, book);
    this.cachedCount += book.size;
    for (const [d, b] of this.books) {
      if (this.cachedCount <= MAX_CACHED_RECORDS || d === day) break;
      this.books.delete(d);
      this.cachedCount -= b.size;
    }
    return book;
  }

  /** Records of all kinds the day cache holds now (at most MAX_CACHED_RECORDS, unless one day alone is more). */
  get cachedRecords(): number {
    return this.cachedCount;
  }

  /** The direct invitee with this uid, registered by `now`. */
  directInvitee(uid: string, now: number): Invitee | undefined {
    const inv = this.inviteesByUid.get(uid);
    return inv && inv.registerTime <= now ? inv : undefined;
  }

  // -------------------------------------------------------------------------------------------
  // Queries: [from, to] in epoch ms, both included; only what happened by `now`.

  /**
   * Commission records of [from, to], newest first (then uid descending), one page of them and
   * the count: every record of the network, or one uid's.
   */
  commissions(from: number, to: number, filter: CommissionFilter, page: { offset: number; size: number }, uid?: string): Counted<Commission> {
    const keep = (r: Commission) => r.productType === filter.productType && (filter.coin === undefined || r.coin === filter.coin) && r.time >= from && r.time <= to;
    if (uid !== undefined) {
      const all = this.recordsOf(uid, from, to).filter(keep).reverse();
      return { total: all.length, items: all.slice(page.offset, page.offset + page.size) };
    }
    const futures = filter.productType === "FUTURES";
    const coinBit = filter.coin === undefined ? -1 : filter.coin === "BTC" ? 2 : filter.coin === "USDT" ? 0 : -2;
    if (coinBit === -2) return { total: 0, items: [] };
    let total = 0;
    const items: Commission[] = [];
    for (let day = dayOf(to); day >= dayOf(from); day--) {
      const b = this.book(day);
      for (let i = b.n - 1; i >= 0; i--) {
        const f = b.flags[i];
        if ((f & 1) !== (futures ? 1 : 0) || (coinBit >= 0 && (f & 2) !== coinBit) || b.time[i] < from || b.time[i] > to) continue;
        if (total >= page.offset && items.length < page.size) items.push(b.record(i));
        total++;
      }
    }
    return { total, items };
  }

  /** Every commission record of one uid in [from, to], oldest first. */
  recordsOf(uid: string, from: number, to: number): Commission[] {
    const out: Commission[] = [];
    const sub = this.subAgentOf(uid);
    const inv = sub === undefined ? this.inviteesByUid.get(uid) : undefined;
    if (sub === undefined && !inv) return out;
    for (let day = dayOf(from); day <= dayOf(to); day++) {
      const day_ = sub !== undefined ? this.subAgentDay(day, sub).filter((r) => r.uid === uid) : this.inviteeDay(inv!, day).trades;
      day_.sort((a, b) => a.time - b.time);
      for (const r of day_) if (r.time >= from && r.time <= to) out.push(r);
    }
    return out;
  }

  /** One direct invitee's totals over [from, to]. */
  totalsOf(inv: Invitee, from: number, to: number): Totals {
    const t = emptyTotals(inv.uid);
    if (!Number.isFinite(inv.firstDeposit)) return t;
    const first = Math.max(dayOf(from), dayOf(inv.firstDeposit));
    const last = Math.min(dayOf(to), dayOf(lastActive(inv)));
    const inWindow = (x: { time: number }) => x.time >= from && x.time <= to;
    for (let day = first; day <= last; day++) {
      const d = this.inviteeDay(inv, day);
      for (const m of d.deposits) if (inWindow(m)) t.depositCents += m.cents;
      for (const m of d.withdrawals) if (inWindow(m)) t.withdrawalCents += m.cents;
      for (const r of d.trades) if (inWindow(r)) addTrade(t, r.productType === "FUTURES", r.coin === "BTC", r.takerCents + r.makerCents, r.feeUnits, r.ratePct);
    }
    return t;
  }

  /**
   * Totals of every direct invitee with a deposit, a withdrawal or a trade in [from, to],
   * newest registration first (uids grow with registration: uid descending).
   */
  totals(from: number, to: number): Totals[] {
    const key = `${from}:${to}`;
    const cached = this.totalsCache.get(key);
    if (cached) return cached;
    const byUid = new Map<number, Totals>();
    const of = (uid: number) => {
      let t = byUid.get(uid);
      if (!t) byUid.set(uid, (t = emptyTotals(String(uid))));
      return t;
    };
    for (let day = dayOf(from); day <= dayOf(to); day++) {
      const b = this.book(day);
      for (let i = 0; i < b.n; i++) {
        const f = b.flags[i];
        if (f & 4 || b.time[i] < from || b.time[i] > to) continue;
        addTrade(of(b.uid[i]), (f & 1) === 1, (f & 2) === 2, b.taker[i] + b.maker[i], b.fee[i], b.rate[i]);
      }
      const m = b.moves;
      for (let i = 0; i < m.uid.length; i++) {
        if (m.time[i] < from || m.time[i] > to) continue;
        const t = of(m.uid[i]);
        if (m.withdrawal[i]) t.withdrawalCents += m.cents[i];
        else t.depositCents += m.cents[i];
      }
    }
    const rows = [...byUid.entries()].sort((a, b) => b[0] - a[0]).map(([, t]) => t);
    this.totalsCache.set(key, rows);
    if (this.totalsCache.size > 4) this.totalsCache.delete(this.totalsCache.keys().next().value!);
    return rows;
  }

  /**
   * Spot and futures volume (USDT cents, direct records only) per direct invitee that traded
   * in [from, to], uid descending (getDealData without userIds).
   */
  deals(from: number, to: number): Array<{ uid: string; spotCents: number; futuresCents: number }> {
    const byUid = new Map<number, { uid: string; spotCents: number; futuresCents: number }>();
    for (let day = dayOf(from); day <= dayOf(to); day++) {
      const b = this.book(day);
      for (let i = 0; i < b.n; i++) {
        const f = b.flags[i];
        if (f & 4 || b.time[i] < from || b.time[i] > to) continue;
        let d = byUid.get(b.uid[i]);
        if (!d) byUid.set(b.uid[i], (d = { uid: String(b.uid[i]), spotCents: 0, futuresCents: 0 }));
        if (f & 1) d.futuresCents += b.taker[i] + b.maker[i];
        else d.spotCents += b.taker[i] + b.maker[i];
      }
    }
    return [...byUid.entries()].sort((a, b) => b[0] - a[0]).map(([, d]) => d);
  }

  /** One direct invitee's deposits in [from, to], oldest first, and its equity at `now` (USDT cents). */
  assets(inv: Invitee, from: number, to: number, now: number): { deposits: Movement[]; equityCents: number } {
    const deposits: Movement[] = [];
    let net = 0;
    if (Number.isFinite(inv.firstDeposit)) {
      const last = Math.min(dayOf(now), dayOf(lastActive(inv)));
      for (let day = dayOf(inv.firstDeposit); day <= last; day++) {
        const d = this.inviteeDay(inv, day);
        for (const m of d.deposits) {
          if (m.time > now) continue;
          net += m.cents;
          if (m.time >= from && m.time <= to) deposits.push(m);
        }
        for (const m of d.withdrawals) if (m.time <= now) net -= m.cents;
      }
    }
    const equityCents = Math.floor((Math.max(0, net) * habitsOf(this.base, inv.uid).pnlPct) / 100);
    return { deposits, equityCents };
  }

  /** Every record a year of days holds, generated day by day without the cache (for the size test and bench). */
  countDays(firstDay: number, days: number): { records: number; direct: number; movements: number } {
    let records = 0;
    let direct = 0;
    let movements = 0;
    for (let day = firstDay; day < firstDay + days; day++) {
      records += this.subAgentDay(day).length;
      for (let j = 0; j < this.spanStart.length && this.spanStart[j] <= day; j++) {
        if (this.spanEnd[j] < day) continue;
        const d = this.inviteeDay(this.invitees[this.spanInvitee[j]], day);
        records += d.trades.length;
        direct += d.trades.length;
        movements += d.deposits.length + d.withdrawals.length;
      }
    }
    return { records, direct, movements };
  }
}

/** The last moment an invitee does anything: its last deposit or last trade. */
function lastActive(inv: Invitee): number {
  return Number.isFinite(inv.lastTrade) ? Math.max(inv.lastDeposit, inv.lastTrade) : inv.lastDeposit;
}
