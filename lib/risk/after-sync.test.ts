/**
 * The risk rules evaluated after the archive's runs, through the sync's own engine and
 * scheduler handler: an upstream in memory serves planted patterns, the engine writes them as
 * it writes WEEX's pages, and the runner evaluates the rules that read each run's dataset over
 * the subjects that run wrote. After every sync the flags are those a full pass gives (a full
 * pass then fires and expires nothing); an episode fires once across syncs, re-syncs of the
 * same and of changed data, and two runners evaluating at once; a dismissed flag stays so.
 */
import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { onEachTestDatabase } from "@/lib/db/test-support";
import { archiveInvitee } from "@/lib/db/schema/archive";
import type { DatasetKey } from "@/lib/archive/settings";
import { DAY_MS } from "@/lib/time/calendar";
import { riskRunner, type RiskRunner } from "./after-sync";
import type { RuleOutcome } from "./evaluate";
import { listFlags, reviewFlag } from "./flags";
import { day, emptyUpstream, expectFullPassAgrees as expectFullPassAgreesAt, flagSnapshot, invitee, openFlags, subDay, syncAll, trade, type Upstream } from "./sync-test-support";

const NOW = Date.UTC(2026, 10, 29, 12);

/** Ordinary history (below every threshold) and the patterns planted before the first sync. */
function plantedUpstream(): Upstream {
  const up = emptyUpstream();
  for (let n = -40; n <= -1; n++) {
    up.invitees.push(invitee(`calm-${n}`, day(n) + 3_600_000, "CALM"));
    up.subDays.push(subDay("sub-calm", n, 1000 + (n % 3)));
    if (n % 2 === 0) up.subDays.push(subDay("sub-spike", n, 1000));
    up.trades.push(trade("trader", day(n) + 7_200_000, 50));
  }
  // 20 registrations with code BURST within 10 minutes, 10 days ago
  for (let i = 0; i < 20; i++) up.invitees.push(invitee(`burst-${i}`, day(-10) + i * 20_000, "BURST"));
  // 100 in, 95 out within 3 days, 20 traded, 20 days ago
  up.moves.push({ uid: "io", time: day(-20) + 1000, deposit: 100, withdrawal: 0 }, { uid: "io", time: day(-19) + 1000, deposit: 0, withdrawal: 95 });
  up.trades.push(trade("io", day(-20) + 2000, 20));
  // 25,000 traded every 7 days on 100 deposited: churn holds from 39 days ago on, and goes on
  up.moves.push({ uid: "churner", time: day(-60) + 1000, deposit: 100, withdrawal: 0 });
  for (let n = -60; n < 0; n += 7) up.trades.push(trade("churner", day(n) + 5000, 25_000));
  return up;
}

const flags = flagSnapshot;
const fired = (outs: RuleOutcome[]) => outs.reduce((n, o) => n + o.fired, 0);

onEachTestDatabase("risk after a sync", (database) => {
  const db = () => database().db;
  const up = plantedUpstream();
  let clock = NOW;
  const runner = () => riskRunner({ db: async () => db(), now: () => clock });
  const sync = (runners: RiskRunner[], opts: { resync?: { from: number; to: number } } = {}) => syncAll(db(), up, clock, runners, opts);
  const expectFullPassAgrees = () => expectFullPassAgreesAt(db(), clock);
  const open = () => openFlags(db());

  beforeAll(async () => {
    await sync([runner()]);
  }, 180_000);

  it("evaluates what the first sync wrote as a full pass does", async () => {
    expect(await open()).toEqual(["churn:churner", "inAndOut:io", "signupBurst:BURST"]);
    await expectFullPassAgrees();
  });

  it("fires a new episode once after the day's sync, as a full pass does", async () => {
    clock = NOW + DAY_MS;
    // today: a sub-affiliate trades 20× its median, 20 new registrations of FRESH in 10 minutes,
    // and the churner trades again (its episode, begun more than a month ago, goes on)
    up.subDays.push(subDay("sub-spike", 0, 20_000));
    up.trades.push(trade("churner", NOW + 2 * 3_600_000, 25_000));
    for (let i = 0; i < 20; i++) up.invitees.push(invitee(`fresh-${i}`, day(0) + 3_600_000 + i * 20_000, "FRESH"));
    const r = runner();
    await sync([r]);
    expect(await open()).toEqual(["churn:churner", "inAndOut:io", "signupBurst:BURST", "signupBurst:FRESH", "subSpike:sub-spike"]);
    const [churn] = (await listFlags(db(), { state: "open", rule: "churn", page: 1, pageSize: 5 })).items;
    expect(churn!.evidence).toMatchObject({ to: day(1), volume: "125000" });
    await expectFullPassAgrees();
    // the next day's sync writes nothing new: no pass fires again
    clock = NOW + 2 * DAY_MS;
    const before = await flags(db());
    await sync([r]);
    expect(await flags(db())).toEqual(before);
  });

  it("keeps one flag per episode and a dismissed flag dismissed across re-syncs of the same data", async () => {
    const [burst] = (await listFlags(db(), { state: "open", rule: "signupBurst", subject: "BURST", page: 1, pageSize: 5 })).items;
    await reviewFlag(db(), burst!.id, { state: "dismissed", note: "our campaign" }, "admin", clock);
    const before = await flags(db());
    clock += 3_600_000;
    await sync([runner()], { resync: { from: day(-45), to: clock } });
    expect(await flags(db())).toEqual(before);
    await expectFullPassAgrees();
  });

  it("expires a flag when a re-sync brings changed data, and keeps the dismissed one", async () => {
    // WEEX now reports the withdrawal as 50 (no longer ≥ 90 % of the deposit) and one fewer BURST registration
    up.moves = up.moves.map((m) => (m.uid === "io" && m.withdrawal > 0 ? { ...m, withdrawal: 50 } : m));
    up.invitees = up.invitees.filter((i) => i.uid !== "burst-19");
    clock += 3_600_000;
    await sync([runner()], { resync: { from: day(-45), to: clock } });
    expect(await open()).toEqual(["churn:churner", "signupBurst:FRESH", "subSpike:sub-spike"]);
    const { items } = await listFlags(db(), { state: "expired", page: 1, pageSize: 10 });
    expect(items.map((f) => `${f.rule}:${f.subject.id}`)).toEqual(["inAndOut:io"]);
    // (19 registrations no longer fire; the person's review stays what they decided)
    const dismissed = (await listFlags(db(), { state: "dismissed", page: 1, pageSize: 10 })).items;
    expect(dismissed.map((f) => `${f.rule}:${f.subject.id}`)).toEqual(["signupBurst:BURST"]);
    await expectFullPassAgrees();
  });

  it("fires an episode once when two runners evaluate the same sync at once (two instances)", async () => {
    clock += DAY_MS;
    // a new in-and-out today; both runners are told of every run, and their passes overlap
    up.moves.push({ uid: "io2", time: clock - 3_600_000, deposit: 500, withdrawal: 0 }, { uid: "io2", time: clock - 1_800_000, deposit: 0, withdrawal: 500 });
    const outcomes: RuleOutcome[] = [];
    const counted = () => riskRunner({ db: async () => db(), now: () => clock, onPass: (_dataset, outs) => outcomes.push(...outs) });
    const before = (await listFlags(db(), { state: "open", page: 1, pageSize: 50 })).total;
    await sync([counted(), counted()]);
    const after = await listFlags(db(), { state: "open", rule: "inAndOut", page: 1, pageSize: 50 });
    expect(after.items.map((f) => f.subject.id)).toEqual(["io2"]);
    expect((await listFlags(db(), { state: "open", page: 1, pageSize: 50 })).total).toBe(before + 1);
    // both passed over io2 (inviteeTotals and commissions runs, each runner): one counted it fired
    expect(outcomes.filter((o) => o.rule === "inAndOut" && o.held > 0).length).toBeGreaterThanOrEqual(2);
    expect(fired(outcomes)).toBe(1);
    const rows = await db().execute(sql`SELECT count(*) AS n FROM risk_flag WHERE rule = 'inAndOut' AND subject_id = 'io2'`);
    expect(Number((rows as unknown as { rows: { n: unknown }[] }).rows[0]!.n)).toBe(1);
    await expectFullPassAgrees();
  });

  it("evaluates nothing after a failed run, a run's start, or a dataset no rule reads", async () => {
    const r = runner();
    const before = await flags(db());
    await db().insert(archiveInvitee).values(Array.from({ length: 20 }, (_, i) => ({ uid: `late-${i}`, registerTime: clock - DAY_MS + i * 20_000, kycResult: false, inviteCode: "LATE", syncedAt: clock })));
    const runs: [DatasetKey, unknown][] = [["invitees", new Error("upstream")], ["withdrawals", undefined]];
    for (const [dataset, error] of runs) {
      r.onRun({ dataset, phase: "start" });
      r.onRun({ dataset, phase: "end", error });
    }
    await r.idle();
    expect(await flags(db())).toEqual(before);
  });
});
