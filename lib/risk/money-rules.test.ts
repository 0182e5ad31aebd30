/**
 * The money rules (fundedInvitee, concentration) on archive rows written directly (commission
 * records through the database's own summaries): just over each threshold fires and just under
 * does not; coins are never summed; an episode fires once across evaluations and a later
 * transfer or month is a new one; changed data expires a flag; a dismissed flag stays dismissed.
 */
import { createTranslator } from "next-intl";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { onEachTestDatabase } from "@/lib/db/test-support";
import { archiveCommission, archiveInvitee, archiveTransfer } from "@/lib/db/schema/archive";
import type { Db } from "@/lib/archive/db";
import { DAY_MS } from "@/lib/time/calendar";
import en from "@/messages/en";
import zhCN from "@/messages/zh-CN";
import { evaluateRisk } from "./evaluate";
import { listFlags, reviewFlag, type RiskFlag } from "./flags";
import { checkParams, saveRuleSetting } from "./settings";
import { flagSummary, type RiskTranslate } from "./summary";

/** 2026-06-01 00:00 UTC */
const D0 = Date.UTC(2026, 5, 1);
const day = (n: number) => D0 + n * DAY_MS;
/** the first instant of the UTC month `n` months after June 2026 */
const month = (n: number) => Date.UTC(2026, 5 + n, 1);
const HOUR = 3_600_000;

let seq = 0;
/** One commission record (its volume all taker); source type 1 (a direct client) unless said. */
async function record(db: Db, uid: string, time: number, coin: string, commission: string, volume = "1000", sourceType = 1) {
  seq += 1;
  await db.insert(archiveCommission).values({
    key: `k${seq}`, uid, time, coin, productType: "FUTURES", symbol: "BTCUSDT", sourceType, fee: "0", commission, rate: "0.3", takerAmount: volume, makerAmount: "0", syncedAt: D0,
  });
}

async function transfer(db: Db, id: string, to: string, time: number, opts: { status?: string; amount?: string; coin?: string } = {}) {
  await db.insert(archiveTransfer).values({
    withdrawId: id, fromUserId: "9000", toUserId: to, coin: opts.coin ?? "USDT", status: opts.status ?? "SUCCESS", amount: opts.amount ?? "250.50",
    createTime: time, updateTime: time + 1000, fromAccountType: "SPOT", toAccountType: "SPOT", syncedAt: D0,
  });
}

async function invitee(db: Db, uid: string, code: string | null) {
  await db.insert(archiveInvitee).values({ uid, registerTime: D0 - 100 * DAY_MS, kycResult: true, inviteCode: code, syncedAt: D0 });
}

/** A transfer at noon of day 10, and 7 days (the default window) after it. */
const T = day(10) + 12 * HOUR;
const WEEK = 7 * DAY_MS;

// (their commission is in a coin concentration does not judge, to keep the two rules apart)
async function plantTransfers(db: Db) {
  await transfer(db, "w-hit", "fi-hit", T);
  await record(db, "fi-hit", T + WEEK - 1, "ETH", "0.5", "1234.5");
  // the window's ends: a trade exactly 7 days after, one just before the transfer
  await transfer(db, "w-late", "fi-late", T);
  await record(db, "fi-late", T + WEEK, "ETH", "0.5");
  await transfer(db, "w-before", "fi-before", T);
  await record(db, "fi-before", T - 1, "ETH", "0.5");
  // only a SUCCESS transfer of a positive amount moved money (the least one counts); a transfer
  // to an invitee who did not trade
  await transfer(db, "w-failed", "fi-failed", T, { status: "FAILED" });
  await transfer(db, "w-progress", "fi-progress", T, { status: "PROGRESSING" });
  await transfer(db, "w-zero", "fi-zero", T, { amount: "0" });
  await transfer(db, "w-tiny", "fi-tiny", T, { amount: "0.00000001", coin: "BTC" });
  for (const uid of ["fi-failed", "fi-progress", "fi-zero", "fi-tiny"]) await record(db, uid, T + DAY_MS, "ETH", "0.5");
  await transfer(db, "w-idle", "fi-idle", T);
  // a sub-affiliate's client's record is not the invitee's own trade
  await transfer(db, "w-sub", "fi-sub", T);
  await record(db, "fi-sub", T + DAY_MS, "ETH", "0.5", "1000", 2);
}

/** Commission in the middle of month `n`. */
const mid = (n: number) => month(n) + 10 * DAY_MS;

/** A sub-affiliate's client: its records (source type 2) are the account's commission, no invitee's. */
const SUB = "sub-client";

/** (uid, month index, coin, commission): each a record in the middle of the month, a day later for a second one. */
const COMMISSION: [string, number, string, string][] = [
  // June: USDT exactly 50 % of the account (fires); BTC at its floor, 50 % (fires: a second coin, a second episode)
  ["c-big", 0, "USDT", "60"], ["c-big", 0, "USDT", "40"], ["c-other", 0, "USDT", "100"], ["c-big", 0, "BTC", "0.001"], ["c-other", 0, "BTC", "0.001"],
  // July: 100 of 200.01 USDT is just under half of the account, but all of code SOLO's (fires
  // for the code); BTC alone but under its floor
  ["solo", 1, "USDT", "100"], ["c-other", 1, "USDT", "60"], [SUB, 1, "USDT", "40.01"], ["c-big", 1, "BTC", "0.00099"],
  // August: under the floor; within code TRIO the most is just under half of the code (100 of
  // 200.01) while PAIR's 150.01 of 300.01 is just over (a sub-affiliate's 1,000 keeps every
  // invitee under half of the account)
  ["c-big", 2, "USDT", "99.99"], ["t1", 2, "USDT", "100"], ["t2", 2, "USDT", "100"], ["t3", 2, "USDT", "0.01"],
  ["pair-a", 2, "USDT", "150.01"], ["pair-b", 2, "USDT", "150"], [SUB, 2, "USDT", "1000"],
  // September: 100 of 200.01 with a sub-affiliate's 100.01 (the account's commission counts it)
  ["c-big", 3, "USDT", "100"], [SUB, 3, "USDT", "100.01"],
  // October: coins never summed: 60 USDT + 60 USDC, 0.0006 BTC, all alone; a coin with no floor
  ["c-big", 4, "USDT", "60"], ["c-big", 4, "USDC", "60"], ["c-big", 4, "BTC", "0.0006"], ["c-other", 4, "ETH", "1000"],
];

async function plantCommission(db: Db) {
  for (const [uid, code] of [["c-big", null], ["c-other", null], ["solo", "SOLO"], ["t1", "TRIO"], ["t2", "TRIO"], ["t3", "TRIO"], ["pair-a", "PAIR"], ["pair-b", "PAIR"]] as const) await invitee(db, uid, code);
  const seen = new Set<string>();
  for (const [uid, n, coin, commission] of COMMISSION) {
    const at = mid(n) + (seen.has(`${uid}${n}${coin}`) ? DAY_MS : 0);
    seen.add(`${uid}${n}${coin}`);
    await record(db, uid, at, coin, commission, "1000", uid === SUB ? 2 : 1);
  }
}

const flags = async (db: Db, rule: "fundedInvitee" | "concentration", state: "open" | "dismissed" | "expired" = "open") =>
  (await listFlags(db, { state, rule, page: 1, pageSize: 100 })).items;
const ids = (items: RiskFlag[]) => items.map((f) => `${f.subject.type}:${f.subject.id}@${new Date(f.evidence.from as number).toISOString().slice(0, 10)}`).sort();

onEachTestDatabase("risk money rules", (database) => {
  const db = () => database().db;
  beforeAll(async () => {
    await plantTransfers(db());
    await plantCommission(db());
  }, 120_000);

  it("fundedInvitee flags a paid invitee who traded within the days after, and its evidence", async () => {
    const outcomes = await evaluateRisk(db(), { now: day(200), since: 0, rules: ["fundedInvitee"] });
    expect(outcomes).toEqual([{ rule: "fundedInvitee", fired: 2, held: 2, expired: 0 }]);
    expect(ids(await flags(db(), "fundedInvitee"))).toEqual(["invitee:fi-hit@2026-06-11", "invitee:fi-tiny@2026-06-11"]);
    const [hit] = (await flags(db(), "fundedInvitee")).filter((f) => f.subject.id === "fi-hit");
    expect(hit).toMatchObject({ severity: "high", subject: { type: "invitee", id: "fi-hit" } });
    expect(hit!.evidence).toEqual({ from: T, to: T + WEEK, transferId: "w-hit", coin: "USDT", amount: "250.5", time: T, trades: 1, volume: "1234.5" });
  });

  it("fundedInvitee's window follows its days, and a later transfer is a new episode", async () => {
    await saveRuleSetting(db(), "fundedInvitee", { params: { days: 8 } }, "admin", day(201));
    await evaluateRisk(db(), { now: day(201), since: 0, rules: ["fundedInvitee"] });
    expect(ids(await flags(db(), "fundedInvitee"))).toEqual(["invitee:fi-hit@2026-06-11", "invitee:fi-late@2026-06-11", "invitee:fi-tiny@2026-06-11"]);
    await saveRuleSetting(db(), "fundedInvitee", { params: { days: 7 } }, "admin", day(202));
    expect(await evaluateRisk(db(), { now: day(202), since: 0, rules: ["fundedInvitee"] })).toEqual([{ rule: "fundedInvitee", fired: 0, held: 2, expired: 1 }]);
    await transfer(db(), "w-hit-2", "fi-hit", day(30));
    await record(db(), "fi-hit", day(31), "ETH", "0.5");
    // (a pass decides a subject again from its standing episode on: the invitees' two earlier flags hold)
    expect(await evaluateRisk(db(), { now: day(203), since: day(25), datasets: ["withdrawals"] })).toContainEqual({ rule: "fundedInvitee", fired: 1, held: 3, expired: 0 });
    expect(ids(await flags(db(), "fundedInvitee"))).toEqual(["invitee:fi-hit@2026-06-11", "invitee:fi-hit@2026-07-01", "invitee:fi-tiny@2026-06-11"]);
  });

  it("fundedInvitee: a transfer that settles as FAILED expires its flag, a dismissed one stays dismissed", async () => {
    const [first] = (await flags(db(), "fundedInvitee")).filter((f) => f.evidence.transferId === "w-hit");
    await reviewFlag(db(), first!.id, { state: "dismissed", note: "a refund of a fee" }, "admin", day(204));
    expect(await evaluateRisk(db(), { now: day(205), since: 0, rules: ["fundedInvitee"] })).toEqual([{ rule: "fundedInvitee", fired: 0, held: 3, expired: 0 }]);
    expect(ids(await flags(db(), "fundedInvitee", "dismissed"))).toEqual(["invitee:fi-hit@2026-06-11"]);
    await db().execute(sql`UPDATE archive_transfer SET status = 'FAILED' WHERE withdraw_id = 'w-hit-2'`);
    expect(await evaluateRisk(db(), { now: day(206), since: 0, rules: ["fundedInvitee"] })).toEqual([{ rule: "fundedInvitee", fired: 0, held: 2, expired: 1 }]);
    expect(ids(await flags(db(), "fundedInvitee"))).toEqual(["invitee:fi-tiny@2026-06-11"]);
    expect(ids(await flags(db(), "fundedInvitee", "expired"))).toEqual(["invitee:fi-hit@2026-07-01", "invitee:fi-late@2026-06-11"]);
  });

  it("concentration flags one scope per coin and month, at the widest scope where it holds", async () => {
    const outcomes = await evaluateRisk(db(), { now: day(200), since: 0, rules: ["concentration"] });
    expect(outcomes).toEqual([{ rule: "concentration", fired: 4, held: 4, expired: 0 }]);
    expect(ids(await flags(db(), "concentration"))).toEqual(["account:BTC@2026-06-01", "account:USDT@2026-06-01", "inviteCode:PAIR/USDT@2026-08-01", "inviteCode:SOLO/USDT@2026-07-01"]);
    const items = await flags(db(), "concentration");
    expect(items.every((f) => f.severity === "low")).toBe(true);
    expect(items.find((f) => f.subject.id === "USDT")!.evidence).toEqual({
      from: month(0), to: month(1), month: "2026-06", coin: "USDT", scope: "account", code: null, uid: "c-big", commission: "100", total: "200", share: "50",
    });
    expect(items.find((f) => f.subject.id === "PAIR/USDT")!.evidence).toMatchObject({ month: "2026-08", scope: "inviteCode", code: "PAIR", uid: "pair-a", commission: "150.01", total: "300.01", share: "50" });
  });

  it("concentration fires once across evaluations; a later month is a new episode; changed data expires it", async () => {
    expect(await evaluateRisk(db(), { now: day(201), since: 0, rules: ["concentration"] })).toEqual([{ rule: "concentration", fired: 0, held: 4, expired: 0 }]);
    await record(db(), "c-big", mid(5), "USDT", "100");
    // (each scope is decided again from its standing episode on: June's four flags hold with the new one)
    expect(await evaluateRisk(db(), { now: day(202), since: month(5) - 35 * DAY_MS, datasets: ["commissions"] })).toContainEqual({ rule: "concentration", fired: 1, held: 5, expired: 0 });
    expect(ids(await flags(db(), "concentration")).filter((s) => s.startsWith("account:USDT"))).toEqual(["account:USDT@2026-06-01", "account:USDT@2026-11-01"]);
    const [btc] = (await flags(db(), "concentration")).filter((f) => f.subject.id === "BTC");
    await reviewFlag(db(), btc!.id, { state: "dismissed", note: "our market maker" }, "admin", day(203));
    // a sub-affiliate's June commission: the USDT shares fall under half; BTC still holds, dismissed
    await record(db(), SUB, mid(0), "USDT", "0.01", "1000", 2);
    expect(await evaluateRisk(db(), { now: day(204), since: 0, rules: ["concentration"] })).toEqual([{ rule: "concentration", fired: 0, held: 4, expired: 1 }]);
    expect(ids(await flags(db(), "concentration", "expired"))).toEqual(["account:USDT@2026-06-01"]);
    expect(ids(await flags(db(), "concentration", "dismissed"))).toEqual(["account:BTC@2026-06-01"]);
  });

  it("says each flag in one sentence in both languages", async () => {
    const say = (messages: typeof en, locale: "en" | "zh-CN", f: RiskFlag) => flagSummary(f, createTranslator({ locale, messages, namespace: "risk" }) as unknown as RiskTranslate);
    const [code] = (await flags(db(), "concentration")).filter((f) => f.subject.id === "SOLO/USDT");
    expect(say(en, "en", code!)).toBe("Invitee solo brought 100 USDT of invite code SOLO's 100 USDT commission in 2026-07 (100 %).");
    const [account] = (await flags(db(), "concentration")).filter((f) => f.subject.id === "USDT");
    expect(say(en, "en", account!)).toBe("Invitee c-big brought 100 USDT of the account's 100 USDT commission in 2026-11 (100 %).");
    expect(say(zhCN as typeof en, "zh-CN", code!)).toBe("2026-07 的 USDT 佣金中，被邀请人 solo 贡献 100 USDT，占邀请码 SOLO 总额 100 USDT 的 100%。");
    const [funded] = await flags(db(), "fundedInvitee", "dismissed");
    expect(say(en, "en", funded!)).toBe("Invitee fi-hit received 250.5 USDT from the account (transfer w-hit) and traded 1234.5 USDT within 7 days after it.");
    expect(say(zhCN as typeof en, "zh-CN", funded!)).toBe("被邀请人 fi-hit 收到账户转入的 250.5 USDT（转账 w-hit），并在之后 7 天内交易 1234.5 USDT。");
  });
});

describe("the money rules' parameters", () => {
  it("are checked against their bounds, naming the field", () => {
    expect(checkParams("fundedInvitee", { days: 31 })).toEqual({ field: "params.days", message: "must be a whole number from 1 to 30" });
    expect(checkParams("concentration", { percent: 0 })).toMatchObject({ field: "params.percent" });
    expect(checkParams("concentration", { minBtc: "0.0005", minUsdt: 250 })).toEqual({ params: { minBtc: 0.0005, minUsdt: 250 } });
  });
});
