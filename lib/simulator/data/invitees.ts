/**
 * Invited users (getAffiliateUIDs) over the last year with a believable funnel:
 * registered → KYC (~60%) → first deposit (~35%) → first trade (~25%), registrations growing
 * over the year, quieter weekends and campaign spikes (each with its own invite code).
 *
 * Every funnel step has a time; a response shows only what happened by the exchange's
 * `now`, so users registered after the start appear later and convert while it runs.
 */
import { intBetween, logNormal, pickWeighted, type Rng } from "../prng";
import { DAY_MS } from "../../time/calendar";
import type { PlantedRegistration, PlantScript } from "./risk-plants";

export interface Invitee {
  uid: string;
  registerTime: number;
  inviteCode: string;
  /** Infinity = never */
  kycAt: number;
  firstDeposit: number;
  firstTrade: number;
  lastDeposit: number;
  lastTrade: number;
  /** a risk pattern planted on purpose (risk-plants.ts): what it does instead of the habits of the ordinary population */
  plant?: PlantScript;
}

interface Campaign {
  code: string;
  startDay: number;
  days: number;
  boost: number;
  /** campaign sign-ups convert differently (bonus hunters pass KYC, deposit less) */
  kyc: number;
  deposit: number;
}

const HOUR = 3_600_000;
const STANDING_CODES = ["WX7K2M", "AFF9QZ", "VIPR8T"];
const CAMPAIGN_CODES = ["SPRING50", "FUTURES100", "SUMMERX", "TRADERWEEK", "HALVING24", "NEWYEAR"];

/** Registrations per year at scale 1 (≥ 20,000 promised). */
export const INVITEES_PER_YEAR = 24_000;

/**
 * @param firstDay start of the first UTC day of the year of history
 * @param days number of days to generate (history + days ahead that appear while running)
 * @param planted registrations of the risk patterns, oldest first, joined in on their days: each
 *   takes the next uid up (no random draw, so the ordinary population stays what it was)
 */
export function buildInvitees(rng: Rng, scale: number, firstDay: number, historyDays: number, days: number, planted: readonly PlantedRegistration[] = []): Invitee[] {
  const campaigns: Campaign[] = CAMPAIGN_CODES.map((code, i) => ({
    code,
    startDay: Math.floor(((i + 0.3 + rng() * 0.5) * historyDays) / CAMPAIGN_CODES.length),
    days: intBetween(rng, 5, 14),
    boost: 1.4 + rng() * 1.8,
    kyc: 0.7 + rng() * 0.15,
    deposit: 0.35 + rng() * 0.3,
  }));

  // Daily weights: growth over the year, quieter weekends, noise, campaigns.
  const weights: number[] = [];
  let historyWeight = 0;
  for (let d = 0; d < days; d++) {
    const weekday = new Date(firstDay + d * DAY_MS).getUTCDay();
    let w = (0.55 + (0.9 * d) / historyDays) * (weekday === 0 || weekday === 6 ? 0.78 : 1) * logNormal(rng, 1, 0.15);
    for (const c of campaigns) if (d >= c.startDay && d < c.startDay + c.days) w *= c.boost;
    weights.push(w);
    if (d < historyDays) historyWeight += w;
  }

  const perWeight = (INVITEES_PER_YEAR * scale) / historyWeight;
  const out: Invitee[] = [];
  let uid = 4_200_000_000;
  let next = 0;
  for (let d = 0; d < days; d++) {
    const expected = weights[d] * perWeight;
    const count = Math.floor(expected + rng());
    const dayStart = firstDay + d * DAY_MS;
    const times: number[] = [];
    for (let k = 0; k < count; k++) times.push(dayStart + Math.floor(rng() * DAY_MS));
    times.sort((a, b) => a - b);
    const campaign = campaigns.find((c) => d >= c.startDay && d < c.startDay + c.days);
    for (const registerTime of times) {
      for (; next < planted.length && planted[next].registerTime <= registerTime; next++) out.push(plantedInvitee(String(++uid), planted[next]));
      uid += intBetween(rng, 1, 4_000);
      const viaCampaign = campaign !== undefined && rng() < 1 - 1 / campaign.boost;
      const inviteCode = viaCampaign ? campaign.code : pickWeighted(rng, STANDING_CODES, [6, 3, 1]);
      out.push(funnel(rng, String(uid), registerTime, inviteCode, viaCampaign ? campaign : undefined));
    }
    for (; next < planted.length && planted[next].registerTime < dayStart + DAY_MS; next++) out.push(plantedInvitee(String(++uid), planted[next]));
  }
  // Newest first, then uid descending: the order every page is cut from.
  out.reverse();
  return out;
}

function funnel(rng: Rng, uid: string, registerTime: number, inviteCode: string, campaign?: Campaign): Invitee {
  const never = Number.POSITIVE_INFINITY;
  const inv: Invitee = { uid, registerTime, inviteCode, kycAt: never, firstDeposit: never, firstTrade: never, lastDeposit: never, lastTrade: never };
  if (rng() >= (campaign?.kyc ?? 0.6)) return inv;
  inv.kycAt = registerTime + Math.min(30 * DAY_MS, Math.round(logNormal(rng, 2 * HOUR, 1.6)));
  if (rng() >= (campaign?.deposit ?? 0.6)) return inv;
  inv.firstDeposit = inv.kycAt + Math.min(60 * DAY_MS, Math.round(logNormal(rng, 20 * HOUR, 1.5)));
  inv.lastDeposit = rng() < 0.45 ? inv.firstDeposit : inv.firstDeposit + Math.round(logNormal(rng, 20 * DAY_MS, 1.2));
  if (rng() >= 0.72) return inv;
  inv.firstTrade = inv.firstDeposit + Math.min(30 * DAY_MS, Math.round(logNormal(rng, 3 * HOUR, 1.5)));
  inv.lastTrade = rng() < 0.3 ? inv.firstTrade : inv.firstTrade + Math.round(logNormal(rng, 25 * DAY_MS, 1.2));
  return inv;
}

/** A planted invitee's funnel, from its script: verified half an hour after registering, its first and last deposit and trade. */
function plantedInvitee(uid: string, p: PlantedRegistration): Invitee {
  const never = Number.POSITIVE_INFINITY;
  const times = (xs: Array<{ time: number }>) => xs.map((x) => x.time);
  const deposits = times(p.script.deposits);
  const trades = times(p.script.trades);
  return {
    uid,
    registerTime: p.registerTime,
    inviteCode: p.inviteCode,
    kycAt: p.kyc ? p.registerTime + 30 * 60_000 : never,
    firstDeposit: Math.min(never, ...deposits),
    lastDeposit: deposits.length ? Math.max(...deposits) : never,
    firstTrade: Math.min(never, ...trades),
    lastTrade: trades.length ? Math.max(...trades) : never,
    plant: p.script,
  };
}

/** An event time as the exchange shows it at `now`: null when it has not happened (yet). */
function seen(t: number, now: number): number | null {
  return t <= now ? t : null;
}

/** The wire record at `now`. A latest deposit/trade still in the future shows the first one. */
export function inviteeWire(inv: Invitee, now: number): Record<string, unknown> {
  return {
    uid: inv.uid,
    registerTime: inv.registerTime,
    kycResult: inv.kycAt <= now,
    inviteCode: inv.inviteCode,
    firstDeposit: seen(inv.firstDeposit, now),
    firstTrade: seen(inv.firstTrade, now),
    lastDeposit: seen(inv.lastDeposit, now) ?? seen(inv.firstDeposit, now),
    lastTrade: seen(inv.lastTrade, now) ?? seen(inv.firstTrade, now),
  };
}
