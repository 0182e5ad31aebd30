/**
 * The shapes the value list's modules hand each other: the query, the answer before the route
 * adds where its data came from, the archive parts a range reads and what its live parts add up to.
 */
import { Dec, decimalText } from "@/lib/contract/decimal";
import type { ValueSort } from "@/lib/contract/params";
import type { InviteeValuePage, MovementPeriod } from "@/lib/contract/responses";
import type { Part } from "../sources";

export interface ValueQuery {
  startTime: number;
  endTime: number;
  uid?: string;
  inviteCode?: string;
  sort: ValueSort;
  /** the coin a commission sort is by first (default USDT; then USDT or BTC) */
  coin?: string;
}

// The answer's shapes are the contract's (lib/contract/responses.ts), one for server and browser.
/** The value list before the route adds where its data came from (freshness, warnings); it always counts its rows. */
export type ValueAnswer = Omit<InviteeValuePage, "freshness" | "warnings" | "total" | "pages"> & { total: number; pages: number };

/** One page of the list, or every row in one answer. */
export type Paging = { page: number; pageSize: number } | "all";

/** A range of instants, both ends included. */
export interface Span {
  startTime: number;
  endTime: number;
}

/** The live parts' contributions, as the statement reads them (JSON: any number of rows in one parameter). */
export interface LiveInput {
  commission: { uid: string; coin: string; commission: string; spot: string; futures: string }[];
  movements: { uid: string; dep: string; wd: string }[];
  invitees: { uid: string; code: string | null; reg: number }[];
  spans: MovementPeriod[];
}

/** The archive's parts of a range: the commission records' and the totals', and whether its invitees are read. */
export interface ArchiveInput {
  commission: Span[];
  movements: Span[];
  invitees: boolean;
}

/** No live part (the per-code totals are read without one, then corrected: codeTotals). */
export const NO_LIVE: LiveInput = { commission: [], movements: [], invitees: [], spans: [] };

/** A part's range clipped to the request's. */
export function clip(p: Part, q: Span): Span {
  return { startTime: Math.max(p.startTime ?? q.startTime, q.startTime), endTime: Math.min(p.endTime ?? q.endTime, q.endTime) };
}

/** An amount the statement answered as text (null: none), as the contract writes amounts. */
export const amountText = (v: string | null | undefined) => decimalText(new Dec(v ?? 0));

/** The invitees of the live parts' rows. */
export function liveUids(live: LiveInput): string[] {
  return [...new Set([...live.commission.map((r) => r.uid), ...live.movements.map((r) => r.uid)])];
}
