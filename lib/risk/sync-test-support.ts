/**
 * Test support for the risk pass after a sync (after-sync*.test.ts): an upstream in memory that
 * the archive's own engine syncs as it syncs WEEX's pages, the records it serves, and the checks
 * that the flags after the syncs are those a full pass gives.
 */
import { expect } from "vitest";
import { ArchiveEngine } from "@/lib/archive/engine";
import { DATASETS, DEFAULT_SETTINGS } from "@/lib/archive/settings";
import type { PageLister } from "@/lib/affiliate/pages";
import type { Db } from "@/lib/archive/db";
import type { CommissionRecord, InviteeRecord, InviteeTotalsRecord, SubAffiliateRecord, WithdrawalRecord } from "@/lib/weex/records";
import { DAY_MS } from "@/lib/time/calendar";
import type { RiskRunner } from "./after-sync";
import { evaluateRisk } from "./evaluate";
import { listFlags } from "./flags";

/** 2026-11-29 00:00 UTC and the days around it */
export const day = (n: number) => Date.UTC(2026, 10, 29) + n * DAY_MS;
const iso = (n: number) => new Date(day(n)).toISOString().slice(0, 10);

/** What WEEX holds, changed by the tests between syncs. */
export interface Upstream {
  invitees: InviteeRecord[];
  subDays: SubAffiliateRecord[];
  trades: CommissionRecord[];
  moves: { uid: string; time: number; deposit: number; withdrawal: number }[];
  /** the account's internal transfers, all SPOT to SPOT */
  transfers: WithdrawalRecord[];
}

export const emptyUpstream = (): Upstream => ({ invitees: [], subDays: [], trades: [], moves: [], transfers: [] });

/** The upstream's pages for the engine: each list filtered by its window, one page. */
export function memoryLister(up: Upstream): PageLister {
  const page = <T,>(items: T[]) => ({ items, page: 1, pageSize: items.length, total: items.length, pages: 1, hasNextPage: false });
  return {
    async list(key, params) {
      const p = params as { startTime: number; endTime: number; productType?: string; fromAccountType?: string; toAccountType?: string };
      const inside = (t: number) => t >= p.startTime && t <= p.endTime;
      if (key === "invitees") return page(up.invitees.filter((i) => inside(i.registerTime))) as never;
      if (key === "subAffiliates") return page(up.subDays.filter((d) => d.productType === p.productType && inside(Date.parse(d.date)))) as never;
      if (key === "commissions") return page(up.trades.filter((t) => t.productType === p.productType && inside(t.date))) as never;
      if (key === "withdrawals") {
        const spot = p.fromAccountType === "SPOT" && p.toAccountType === "SPOT";
        return page(spot ? up.transfers.filter((t) => inside(t.createTime)) : []) as never;
      }
      if (key === "inviteeTotals") {
        const sums = new Map<string, { deposit: number; withdrawal: number }>();
        for (const m of up.moves.filter((x) => inside(x.time))) {
          const s = sums.get(m.uid) ?? { deposit: 0, withdrawal: 0 };
          sums.set(m.uid, { deposit: s.deposit + m.deposit, withdrawal: s.withdrawal + m.withdrawal });
        }
        const totals = [...sums].map(([uid, s]): InviteeTotalsRecord => ({ uid, depositAmount: String(s.deposit), withdrawalAmount: String(s.withdrawal), spotTradingAmount: "0", futuresTradingAmount: "0", commission: "0" }));
        return page(totals) as never;
      }
      return page([]) as never;
    },
  };
}

/** A futures trade's commission record (0.4 USDT unless told). */
export const trade = (uid: string, time: number, volume: number, earned: { coin: string; commission: string } = { coin: "USDT", commission: "0.4" }): CommissionRecord =>
  ({ uid, date: time, coin: earned.coin, productType: "FUTURES", symbol: "BTCUSDT_UMCBL", sourceType: 1, fee: "1", commission: earned.commission, rate: "0.4", takerAmount: String(volume), makerAmount: "0" }) as CommissionRecord;
export const invitee = (uid: string, registerTime: number, inviteCode: string): InviteeRecord =>
  ({ uid, registerTime, kycResult: false, inviteCode, firstDeposit: null, firstTrade: null, lastDeposit: null, lastTrade: null }) as InviteeRecord;
export const subDay = (uid: string, n: number, volume: number): SubAffiliateRecord =>
  ({ subAffiliateUid: uid, productType: "FUTURES", date: iso(n), tradingVolume: String(volume), netTradingFee: "0", paidCommission: "0" }) as SubAffiliateRecord;
/** A SUCCESS transfer of the account (uid `owner`) to `to`. */
export const transfer = (id: string, to: string, time: number, amount: string): WithdrawalRecord =>
  ({ fromUserId: "owner", toUserId: to, withdrawId: id, coin: "USDT", status: "SUCCESS", amount, createTime: time, updateTime: time }) as WithdrawalRecord;

/** Every flag as the rules made it (not when a pass last saw it). */
export async function flagSnapshot(db: Db): Promise<string[]> {
  const out: string[] = [];
  for (const state of ["open", "dismissed", "confirmed", "expired"] as const) {
    const { items } = await listFlags(db, { state, page: 1, pageSize: 500 });
    out.push(...items.map((f) => `${f.rule}|${f.subject.id}|${f.firstSeenAt}|${f.state}|${JSON.stringify(f.evidence)}`));
  }
  return out.sort();
}

/** The open flags as `rule:subject`, sorted. */
export async function openFlags(db: Db): Promise<string[]> {
  return (await listFlags(db, { state: "open", page: 1, pageSize: 50 })).items.map((f) => `${f.rule}:${f.subject.id}`).sort();
}

/** A full pass finds nothing to fire or expire, and changes no flag. */
export async function expectFullPassAgrees(db: Db, now: number) {
  const before = await flagSnapshot(db);
  const full = await evaluateRisk(db, { now, since: 0 });
  expect(full.map((o) => [o.rule, o.fired, o.expired])).toEqual(full.map((o) => [o.rule, 0, 0]));
  expect(await flagSnapshot(db)).toEqual(before);
}

export const SYNC_SETTINGS = { ...DEFAULT_SETTINGS, subAffiliateDays: 60, commissionDays: 90 };

/**
 * One run of each dataset of `up` at `now`, told to `runners` as the scheduler tells them, each
 * run's passes awaited before the next run: the clock stands still through a sync, so a pass
 * left running would also see the rows of the runs after its own (as written since its run
 * started) and decide their subjects too, hiding what its own run's subjects miss. A re-sync
 * re-reads the range of every dataset but the transfers' (whose window is WEEX's last month).
 */
export async function syncAll(db: Db, up: Upstream, now: number, runners: RiskRunner[], opts: { resync?: { from: number; to: number } } = {}) {
  const e = new ArchiveEngine({ db, lister: memoryLister(up), settings: SYNC_SETTINGS, now: () => now });
  for (const dataset of DATASETS) {
    if (opts.resync && dataset !== "withdrawals") await e.requestResync(dataset, opts.resync);
    for (const r of runners) r.onRun({ dataset, phase: "start" });
    await e.run(dataset);
    for (const r of runners) r.onRun({ dataset, phase: "end" });
    await Promise.all(runners.map((r) => r.idle()));
  }
}
