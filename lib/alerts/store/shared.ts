/** What every alerts table module shares: the database handle (or a transaction) and new text ids. */
import { randomBytes } from "node:crypto";
import type { Db } from "@/lib/db/connection";

export type { Db };
/** A transaction handle, as `db.transaction` gives it. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Either: a store function runs alone or inside the caller's transaction. */
export type Q = Db | Tx;

/** A rule's, destination's or schedule's id: 16 hex digits. */
export const newId = () => randomBytes(8).toString("hex");

/** A page of `pageSize` rows from 1-based `page`: the OFFSET. */
export const offsetOf = (q: { page: number; pageSize: number }) => (q.page - 1) * q.pageSize;
