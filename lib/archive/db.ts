/**
 * The little the archive needs from the database layer: the Drizzle type (PGlite or
 * node-postgres underneath) and raw rows from a `sql` query on either driver.
 */
import type { SQL } from "drizzle-orm";
import type { Db } from "@/lib/db";

export type { Db };
/** A transaction handle, as `db.transaction` gives it. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Rows of a raw query; both drivers answer `{ rows }`. */
export async function rows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** bigint columns come back as numbers from PGlite and as strings from node-postgres. */
export function toMs(v: unknown): number | null {
  if (v === null || v === undefined) return null;
  return typeof v === "number" ? v : Number(v);
}
