/**
 * The value list's export, read from the database a batch at a time.
 *
 * The list's one statement (value-query.ts `inviteeValueStatement`: the rows `fullAnswer` pages,
 * in the same order) is declared as a cursor WITH HOLD and fetched EXPORT_BATCH rows at a time,
 * each batch handed on before the next is asked for (the CSV response pulls them as the
 * connection takes them: lib/export/response.ts). The database sorts and keeps the rows (past
 * work_mem in its temporary files); this process holds one batch — where reading the answer
 * whole held every row twice (the driver's rows and the items) before the first byte was sent:
 * over five years at simulator scale 10, hundreds of thousands of rows.
 *
 * WITH HOLD, declared outside a transaction: the statement runs and its result is kept when
 * DECLARE commits, so no transaction stays open while a slow client downloads (on the embedded
 * database, a transaction would hold its one connection from everyone, the sync included). The
 * cursor belongs to its session: on PostgreSQL the export borrows one pool connection for its
 * FETCHes, for as long as the download lasts (one export at a time per person:
 * lib/server/export-turns.ts); PGlite has one session. It is closed when the file is written,
 * fails or its client goes away (the generator's `finally`).
 */
import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { Pool } from "pg";
import type { InviteeValue } from "@/lib/contract/responses";
import { rows, type Db } from "./db";
import type { SelectedSources } from "./sources";
import { inviteeValueStatement, valueItem, type StatementRow, type ValueQuery } from "./value-query";

/** Rows per FETCH: one batch in memory at a time, one round trip per thousand rows. */
export const EXPORT_BATCH = 1000;

/** Every row of the value list's filter, in its order, a batch at a time. */
export async function* inviteeValueBatches(sources: SelectedSources, q: ValueQuery, signal?: AbortSignal): AsyncGenerator<InviteeValue[]> {
  const { db, statement } = await inviteeValueStatement(sources, q, signal);
  for await (const batch of cursorBatches<StatementRow>(db, statement, EXPORT_BATCH, signal)) yield batch.map(valueItem);
}

/** The rows of `statement` through a cursor of their own, `size` at a time (see above). */
export async function* cursorBatches<T>(db: Db, statement: SQL, size: number, signal?: AbortSignal): AsyncGenerator<T[]> {
  const session = await oneSession(db);
  const name = sql.raw(`export_${randomUUID().replace(/-/g, "")}`);
  let broken: unknown;
  try {
    await session.db.execute(sql`DECLARE ${name} NO SCROLL CURSOR WITH HOLD FOR ${statement}`);
    try {
      for (;;) {
        signal?.throwIfAborted();
        const batch = await rows<T>(session.db, sql`FETCH FORWARD ${sql.raw(String(size))} FROM ${name}`);
        if (batch.length) yield batch;
        if (batch.length < size) return;
      }
    } finally {
      // (a connection that cannot close its cursor is not lent again: the pool drops it)
      await session.db.execute(sql`CLOSE ${name}`).catch((e: unknown) => (broken = e));
    }
  } finally {
    session.release(broken);
  }
}

/** One database session for a cursor's statements: a pool's connection, lent; PGlite's own. */
async function oneSession(db: Db): Promise<{ db: Db; release: (err?: unknown) => void }> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof Pool)) return { db, release: () => {} };
  const conn = await client.connect();
  return { db: drizzle({ client: conn }) as unknown as Db, release: (err) => conn.release(err instanceof Error ? err : err === undefined ? undefined : true) };
}
