/**
 * The value list's export, read from the database a batch at a time.
 *
 * The list's one statement (value/index.ts `inviteeValueStatement`: the rows `fullAnswer` pages,
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
 * lib/server/http/export-turns.ts); PGlite has one session. It is closed when the file is written,
 * fails or its client goes away (the generator's `finally`).
 *
 * On the embedded database the statement runs inside the server process, in PGlite's WebAssembly
 * memory: every page of it the statement's sorts and hashes touch stays resident for as long as
 * the server runs (that memory is never given back to the system). With PostgreSQL's default
 * work_mem (4 MB, hashes twice that) the five-year export touched ~36 MB more of it at simulator
 * scale 1 and 3 alike (bench/value-export.ts); with EMBEDDED_CURSOR_SETTINGS ~5 MB, in the same
 * time within the bench's noise: the sorts and the kept result go to temporary files instead,
 * which live in the data directory on disk (in memory only for a PGlite opened without one, the
 * tests'). A second export reuses those pages: the cost is paid once. The settings hold for the DECLARE's own transaction only (the result is
 * computed and kept when it commits), so the dashboard's pages keep the defaults.
 */
import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { Pool } from "pg";
import type { InviteeValue } from "@/lib/contract/responses";
import { rows, type Db } from "./db";
import type { SelectedSources } from "./sources";
import { inviteeValueStatement, valueItem, type StatementRow, type ValueQuery } from "./value";

/** Rows per FETCH: one batch in memory at a time, one round trip per thousand rows. */
export const EXPORT_BATCH = 1000;

/**
 * The embedded database's memory settings for a cursor's statement (see above), one per line:
 * the sorts' and the kept result's memory before they spill to disk, and the multiple of it a hash may take.
 */
export const EMBEDDED_CURSOR_SETTINGS: Readonly<Record<string, string>> = {
  work_mem: "1MB",
  hash_mem_multiplier: "1",
};

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
    const declare = sql`DECLARE ${name} NO SCROLL CURSOR WITH HOLD FOR ${statement}`;
    if (!session.embedded) await session.db.execute(declare);
    else {
      await session.db.transaction(async (tx) => {
        for (const [setting, value] of Object.entries(EMBEDDED_CURSOR_SETTINGS)) await tx.execute(sql`SELECT set_config(${setting}, ${value}, true)`);
        await tx.execute(declare);
      });
    }
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
async function oneSession(db: Db): Promise<{ db: Db; embedded: boolean; release: (err?: unknown) => void }> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof Pool)) return { db, embedded: true, release: () => {} };
  const conn = await client.connect();
  return { db: drizzle({ client: conn }) as unknown as Db, embedded: false, release: (err) => conn.release(err instanceof Error ? err : err === undefined ? undefined : true) };
}
