/**
 * The money rules (fundedInvitee, concentration) evaluated after the archive's runs, through the
 * sync's engine and the scheduler's handler, as after-sync.test.ts does for the other rules: the
 * upstream serves the account's internal transfers and commission in two coins. A trade synced
 * after the transfer it follows decides that transfer again; a record synced late in a month
 * decides the month's share (its position is the month's start, further back than the pass's
 * margin). After every sync the flags are those a full pass gives; an episode fires once across
 * syncs and re-syncs; a dismissed flag stays dismissed.
 */
import { beforeAll, expect, it } from "vitest";
import { onEachTestDatabase } from "@/lib/db/test-support";
import { riskRunner } from "./after-sync";
import { evaluateRisk } from "./evaluate";
import { listFlags, reviewFlag } from "./flags";
import { saveRuleSetting } from "./settings";
import { day, emptyUpstream, expectFullPassAgrees, flagSnapshot, invitee, openFlags, syncAll, trade, transfer, type Upstream } from "./sync-test-support";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const usdt = (commission: string) => ({ coin: "USDT", commission });
const btc = (commission: string) => ({ coin: "BTC", commission });

/** Ordinary trading (0.4 USDT a day), the transfers, and November's commission before the first sync. */
function moneyUpstream(): Upstream {
  const up = emptyUpstream();
  // (one code: its share is the account's, so a share under half at one is under at both)
  for (const uid of ["trader", "funded", "loner", "whale", "rival", "third"]) up.invitees.push(invitee(uid, day(-60), "CALM"));
  for (let n = -40; n <= -10; n++) up.trades.push(trade("trader", day(n) + 2 * HOUR, 50));
  // November: whale 60 USDT (under the floor), rival 40; in BTC rival brings 80 % (0.002 of 0.0025)
  up.trades.push(trade("whale", day(-24), 1000, usdt("60")), trade("rival", day(-23), 1000, usdt("40")));
  up.trades.push(trade("whale", day(-22), 1000, btc("0.0005")), trade("rival", day(-21), 1000, btc("0.002")));
  // the account pays 500 USDT to funded today, and paid loner 6 days ago; neither has traded since
  up.transfers.push(transfer("t-funded", "funded", day(-9) + HOUR, "500"), transfer("t-loner", "loner", day(-15), "300"));
  return up;
}

onEachTestDatabase("money rules after a sync", (database) => {
  const db = () => database().db;
  const up = moneyUpstream();
  let clock = day(-9) + 12 * HOUR;
  const runner = () => riskRunner({ db: async () => db(), now: () => clock });
  const sync = (opts: { resync?: { from: number; to: number } } = {}) => syncAll(db(), up, clock, [runner()], opts);
  const open = () => openFlags(db());
  const only = async (state: "dismissed" | "expired") => (await listFlags(db(), { state, page: 1, pageSize: 50 })).items.map((f) => `${f.rule}:${f.subject.id}`);

  beforeAll(async () => {
    await sync();
  }, 180_000);

  it("flags the second coin's share on its own after the first sync, and no transfer without a trade", async () => {
    expect(await open()).toEqual(["concentration:BTC"]);
    const [flag] = (await listFlags(db(), { state: "open", rule: "concentration", page: 1, pageSize: 5 })).items;
    expect(flag!.evidence).toMatchObject({ month: "2026-11", coin: "BTC", uid: "rival", commission: "0.002", total: "0.0025" });
    await expectFullPassAgrees(db(), clock);
  });

  it("decides an earlier transfer and the month's share again when a later sync brings the trade and the record", async () => {
    clock = day(-6) + 12 * HOUR;
    // funded trades 3 days after the transfer; loner 9 days after its own (outside the 7 days);
    // whale earns 60 more: 120 of November's 168.4 USDT
    up.trades.push(trade("funded", day(-6) + 2 * HOUR, 800), trade("loner", day(-6) + 3 * HOUR, 900), trade("whale", day(-6) + 4 * HOUR, 1000, usdt("60")));
    await sync();
    expect(await open()).toEqual(["concentration:BTC", "concentration:USDT", "fundedInvitee:funded"]);
    const funded = (await listFlags(db(), { state: "open", rule: "fundedInvitee", page: 1, pageSize: 5 })).items;
    expect(funded.map((f) => f.evidence)).toMatchObject([{ transferId: "t-funded", amount: "500", time: day(-9) + HOUR, trades: 1, volume: "800" }]);
    const usdtFlag = (await listFlags(db(), { state: "open", rule: "concentration", subject: "USDT", page: 1, pageSize: 5 })).items;
    expect(usdtFlag.map((f) => f.evidence)).toMatchObject([{ from: Date.UTC(2026, 10, 1), uid: "whale", commission: "120", total: "168.4" }]);
    await expectFullPassAgrees(db(), clock);
    // the same data again, by a re-sync and by the next sync: nothing fires again
    const before = await flagSnapshot(db());
    clock += HOUR;
    await sync({ resync: { from: day(-45), to: clock } });
    clock += DAY;
    await sync();
    expect(await flagSnapshot(db())).toEqual(before);
  });

  it("keeps a dismissed transfer dismissed while later trades carry its episode on", async () => {
    const [flag] = (await listFlags(db(), { state: "open", rule: "fundedInvitee", page: 1, pageSize: 5 })).items;
    await reviewFlag(db(), flag!.id, { state: "dismissed", note: "a prize we paid" }, "admin", clock);
    clock = day(-4) + 12 * HOUR;
    up.trades.push(trade("funded", day(-4) + 2 * HOUR, 200));
    await sync();
    await sync({ resync: { from: day(-45), to: clock } });
    expect(await only("dismissed")).toEqual(["fundedInvitee:funded"]);
    const [after] = (await listFlags(db(), { state: "dismissed", page: 1, pageSize: 5 })).items;
    expect(after).toMatchObject({ id: flag!.id, evidence: { trades: 2, volume: "1000" } });
    expect(await open()).toEqual(["concentration:BTC", "concentration:USDT"]);
    await expectFullPassAgrees(db(), clock);
  });

  it("expires the month's share when a later record pulls it under", async () => {
    clock = day(-3) + 12 * HOUR;
    // a third invitee earns 100: whale's 120 of 268.8 is under half
    up.trades.push(trade("third", day(-3) + 2 * HOUR, 1000, usdt("100")));
    await sync();
    expect(await open()).toEqual(["concentration:BTC"]);
    expect(await only("expired")).toEqual(["concentration:USDT"]);
    expect(await only("dismissed")).toEqual(["fundedInvitee:funded"]);
    await expectFullPassAgrees(db(), clock);
  });

  it("decides a transfer further back than the pass's margin when the trade window is tuned longer", async () => {
    // 14 days: the admin's change re-evaluates (loner's trade, 9 days after its transfer, now counts)
    await saveRuleSetting(db(), "fundedInvitee", { params: { days: 14 } }, "admin", clock);
    await evaluateRisk(db(), { now: clock, since: 0, rules: ["fundedInvitee"] });
    expect(await open()).toEqual(["concentration:BTC", "fundedInvitee:loner"]);
    // paid today; the next sync nine days later brings nothing; the one after, a trade of the day
    // before, 10 days after the transfer (further back than the 8 days a pass reads before its rows;
    // the commission run reads up to an hour ago)
    clock += DAY;
    const paid = clock - HOUR;
    up.transfers.push(transfer("t-late", "late", paid, "250"));
    await sync();
    clock += 9 * DAY;
    await sync();
    expect(await open()).toEqual(["concentration:BTC", "fundedInvitee:loner"]);
    clock += DAY;
    up.trades.push(trade("late", paid + 10 * DAY - HOUR, 700));
    await sync();
    expect(await open()).toEqual(["concentration:BTC", "fundedInvitee:late", "fundedInvitee:loner"]);
    await expectFullPassAgrees(db(), clock);
  });
});
