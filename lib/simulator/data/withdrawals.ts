/**
 * Internal transfers (getInternalWithdrawalStatus) over the past month. Every transfer has
 * a settlement time: it is PROGRESSING until then and SUCCESS or FAILED afterwards, so the
 * statuses move with the clock (a few stay stuck in PROGRESSING). User ids are above 2^53
 * and go out as raw JSON numbers.
 */
import { jsonNumber } from "../../weex/wire";
import { intBetween, logNormal, pickWeighted, type Rng } from "../prng";
import { formatUnits } from "../units";
import { DAY_MS } from "../../time/calendar";

export type AccountType = "SPOT" | "FUND";

export interface Transfer {
  withdrawId: string;
  /** digits above 2^53 */
  fromUserId: string;
  toUserId: string;
  coin: string;
  /** integer units of 10^-dp */
  amountUnits: number;
  dp: number;
  createTime: number;
  /** Infinity = stuck */
  settleAt: number;
  finalStatus: "SUCCESS" | "FAILED";
  fromAccountType: AccountType;
  toAccountType: AccountType;
}

/** Transfers per day at scale 1 (≥ 5,000 in the past month promised). */
export const TRANSFERS_PER_DAY = 200;

const COINS = [
  { coin: "USDT", dp: 4, median: 120, weight: 78 },
  { coin: "USDC", dp: 4, median: 150, weight: 8 },
  { coin: "BTC", dp: 8, median: 0.004, weight: 5 },
  { coin: "ETH", dp: 8, median: 0.08, weight: 4 },
  { coin: "SOL", dp: 6, median: 2, weight: 3 },
  { coin: "BNB", dp: 6, median: 0.4, weight: 2 },
];
const ACCOUNT_PAIRS: ReadonlyArray<readonly [AccountType, AccountType]> = [
  ["SPOT", "SPOT"],
  ["SPOT", "FUND"],
  ["FUND", "SPOT"],
  ["FUND", "FUND"],
];

/** A random 18-digit user id, i.e. above 2^53 (≈ 9.007e15). */
function bigUserId(rng: Rng): string {
  let s = String(intBetween(rng, 1, 9));
  for (let i = 0; i < 17; i++) s += Math.floor(rng() * 10);
  return s;
}

export function buildTransfers(rng: Rng, scale: number, firstDay: number, days: number): Transfer[] {
  const senders = Array.from({ length: 6 }, () => bigUserId(rng));
  const receivers = Array.from({ length: Math.max(50, Math.round(2_000 * scale)) }, () => bigUserId(rng));
  const out: Transfer[] = [];
  let seq = 1_384_000_000_000_000_000n;
  for (let d = 0; d < days; d++) {
    const weekday = new Date(firstDay + d * DAY_MS).getUTCDay();
    const expected = TRANSFERS_PER_DAY * scale * (0.9 + (0.2 * d) / days) * (weekday === 0 || weekday === 6 ? 0.8 : 1.05);
    const count = Math.floor(expected + rng());
    const times: number[] = [];
    for (let k = 0; k < count; k++) times.push(firstDay + d * DAY_MS + Math.floor(rng() * DAY_MS));
    times.sort((a, b) => a - b);
    for (const createTime of times) {
      seq += BigInt(intBetween(rng, 1, 50_000));
      const c = pickWeighted(rng, COINS, COINS.map((x) => x.weight));
      const amount = logNormal(rng, c.median, 1.2);
      const [fromAccountType, toAccountType] = pickWeighted(rng, ACCOUNT_PAIRS, [70, 10, 10, 10]);
      const stuck = rng() < 0.006;
      out.push({
        withdrawId: seq.toString(),
        fromUserId: senders[Math.floor(rng() * senders.length)],
        toUserId: receivers[Math.floor(rng() * receivers.length)],
        coin: c.coin,
        amountUnits: Math.max(1, Math.round(amount * 10 ** c.dp)),
        dp: c.dp,
        createTime,
        settleAt: stuck ? Number.POSITIVE_INFINITY : createTime + Math.min(2 * 3_600_000, Math.round(logNormal(rng, 20_000, 1.5))),
        finalStatus: rng() < 0.06 ? "FAILED" : "SUCCESS",
        fromAccountType,
        toAccountType,
      });
    }
  }
  // Newest first, then withdrawId descending.
  out.reverse();
  return out;
}

/** The wire record at `now`; user ids as raw JSON numbers, as WEEX writes them. */
export function transferWire(t: Transfer, now: number): Record<string, unknown> {
  const settled = now >= t.settleAt;
  return {
    fromUserId: jsonNumber(t.fromUserId),
    toUserId: jsonNumber(t.toUserId),
    withdrawId: t.withdrawId,
    coin: t.coin,
    status: settled ? t.finalStatus : "PROGRESSING",
    amount: formatUnits(t.amountUnits, t.dp),
    createTime: t.createTime,
    updateTime: settled ? t.settleAt : t.createTime,
  };
}
