import { describe, expect, it } from "vitest";
import type { InviteeRecord } from "@/lib/weex/records";
import { buildFunnel } from "./funnel";

function inv(uid: string, registerTime: number, kycResult: boolean, firstDeposit: number | null, firstTrade: number | null): InviteeRecord {
  return { uid, registerTime, kycResult, inviteCode: "abc", firstDeposit, firstTrade, lastDeposit: firstDeposit, lastTrade: firstTrade };
}
async function* batches(...b: InviteeRecord[][]) {
  for (const x of b) yield x;
}

describe("buildFunnel", () => {
  it("counts each stage among the invitees registered in the range", async () => {
    const funnel = await buildFunnel(
      batches(
        [inv("1", 1000, true, 1500, 1600), inv("2", 1000, true, 1500, null), inv("3", 2000, false, null, null)],
        [inv("4", 3000, true, null, null), inv("5", 2500, false, 9_999_999, 9_999_999)],
        // registered outside [1000, 3000]: not part of the cohort
        [inv("6", 999, true, 1, 1), inv("7", 3001, true, 1, 1)],
      ),
      { startTime: 1000, endTime: 3000 },
    );
    expect(funnel).toEqual({ registered: 5, kycPassed: 3, firstDeposit: 3, firstTrade: 2 });
  });

  it("is all zeros for nobody", async () => {
    expect(await buildFunnel(batches(), { startTime: 0, endTime: 1 })).toEqual({ registered: 0, kycPassed: 0, firstDeposit: 0, firstTrade: 0 });
  });
});
