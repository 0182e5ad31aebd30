/**
 * The invitee funnel of a cohort: of the users who registered in the range, how many passed
 * KYC, made a first deposit, made a first trade (at any time since — the cohort is defined by
 * registration, the stages by whether they ever happened).
 */
import type { InviteeRecord } from "@/lib/weex/records";

export interface Funnel {
  registered: number;
  kycPassed: number;
  firstDeposit: number;
  firstTrade: number;
}

/**
 * Count the funnel over every batch. Records registered outside [startTime, endTime] are not
 * counted even if the upstream sends them (its filter semantics are not documented), so the
 * funnel always means "registered in the range".
 */
export async function buildFunnel(
  batches: AsyncIterable<InviteeRecord[]>,
  range: { startTime: number; endTime: number },
): Promise<Funnel> {
  const funnel: Funnel = { registered: 0, kycPassed: 0, firstDeposit: 0, firstTrade: 0 };
  for await (const batch of batches) {
    for (const r of batch) {
      if (r.registerTime < range.startTime || r.registerTime > range.endTime) continue;
      funnel.registered++;
      if (r.kycResult) funnel.kycPassed++;
      if (r.firstDeposit !== null) funnel.firstDeposit++;
      if (r.firstTrade !== null) funnel.firstTrade++;
    }
  }
  return funnel;
}
