/**
 * Text work of the invitee-value pages that needs no decimal arithmetic: which coins
 * a set of per-coin amounts holds (in a fixed order, so columns do not jump), the list of uids a
 * person pasted or uploaded into the referral check, and that check's answer as CSV.
 */
import type { CoinAmounts, ReferralCheck } from "@/lib/contract/responses";

/** Coins shown first, in this order; any other after them alphabetically. */
const COIN_ORDER = ["USDT", "BTC"];

/** The coins that occur in any of the amounts (nulls skipped): USDT, BTC, then the rest A→Z. */
export function coinsIn(amounts: Iterable<CoinAmounts | null | undefined>): string[] {
  const seen = new Set<string>();
  for (const a of amounts) if (a) for (const c of Object.keys(a)) seen.add(c);
  const rank = (c: string) => (COIN_ORDER.includes(c) ? COIN_ORDER.indexOf(c) : COIN_ORDER.length);
  return [...seen].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** A uid as WEEX's Long ids and the API take it (lib/weex/wire.ts inId): digits, no leading zero. */
export const UID_RE = /^[1-9]\d{0,18}$/;

export interface UidList {
  /** every entry in the order given (what is sent: the API names a bad one by its place) */
  uids: string[];
  /** entries that are not uids, with their 1-based place in the list */
  bad: { place: number; text: string }[];
}

/**
 * A pasted or uploaded list of uids: one per line or separated by commas, semicolons, tabs or
 * spaces (a spreadsheet column, a CSV export, a chat message). A first line that is a header
 * (`uid`, `UID`, `user id`) is skipped; quotes around an entry are dropped.
 */
export function parseUidList(text: string): UidList {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  if (lines.length && /^\s*"?(uid|user\s*id|userid)"?\s*[,;\t]?\s*$/i.test(lines[0])) lines.shift();
  const uids = lines
    .join("\n")
    .split(/[\s,;]+/)
    .map((s) => s.replace(/^"(.*)"$/, "$1").trim())
    .filter(Boolean);
  const bad = uids.flatMap((text, i) => (UID_RE.test(text) ? [] : [{ place: i + 1, text }]));
  return { uids, bad };
}

/** The referral check's answer as CSV (RFC 4180, CRLF, a BOM for spreadsheet programs): `uid,referral` per uid asked. */
export function referralsCsv(check: Pick<ReferralCheck, "items">): string {
  const rows = check.items.map((i) => `${i.uid},${i.referral}`);
  return `\uFEFF${["uid,referral", ...rows].join("\r\n")}\r\n`;
}
