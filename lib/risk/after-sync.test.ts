/**
 * The archive scheduler's run end evaluates the risk rules that read its dataset, over the recent
 * days; a run that failed, a run's start, or a dataset no rule reads evaluates nothing.
 */
import { expect, it } from "vitest";
import { onEachTestDatabase } from "@/lib/db/test-support";
import { archiveInvitee } from "@/lib/db/schema/archive";
import { DAY_MS } from "@/lib/time/calendar";
import { riskRunner } from "./after-sync";
import { listFlags } from "./flags";

const NOW = Date.UTC(2026, 10, 29, 12);

onEachTestDatabase("risk after a sync", (database) => {
  it("evaluates the rules that read the dataset of a run that ended well", async () => {
    const db = database().db;
    // 20 registrations with one code within 10 minutes, two days ago
    await db.insert(archiveInvitee).values(Array.from({ length: 20 }, (_, i) => ({ uid: `b-${i}`, registerTime: NOW - 2 * DAY_MS + i * 20_000, kycResult: false, inviteCode: "FRESH", syncedAt: NOW })));
    const runner = riskRunner({ db: async () => db, now: () => NOW });
    const open = async () => (await listFlags(db, { state: "open", page: 1, pageSize: 50 })).items.map((f) => `${f.rule}:${f.subject.id}`);

    runner.onRun({ dataset: "invitees", phase: "start" });
    runner.onRun({ dataset: "invitees", phase: "end", error: new Error("upstream") });
    runner.onRun({ dataset: "withdrawals", phase: "end" });
    await runner.idle();
    expect(await open()).toEqual([]);

    runner.onRun({ dataset: "invitees", phase: "end" });
    await runner.idle();
    expect(await open()).toEqual(["signupBurst:FRESH"]);
  });
});
