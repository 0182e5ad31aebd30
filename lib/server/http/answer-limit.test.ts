/**
 * A person's archive read on PostgreSQL runs under the read pool's statement timeout, and one
 * that runs past it is answered `answer_too_large` 422 naming `startTime`, as an answer refused
 * before it is built is; the sync's pool keeps no limit. (PGlite cannot interrupt a statement:
 * its read database is its one database, connection.ts.)
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnswerTooLargeError } from "@/lib/contract/answer-limits";
import { openDatabase, type Database } from "@/lib/db/connection";
import { freshSchema, TEST_DATABASE_URL } from "@/lib/db/test-support";
import { fromAnswerLimit } from "./errors";

describe("an answer too large to build", () => {
  it("is answered 422 answer_too_large naming the field to narrow", () => {
    const e = fromAnswerLimit(new AnswerTooLargeError("startTime", "must leave at most 1832 buckets in the range: narrow it, or choose a coarser granularity"));
    expect(e?.status).toBe(422);
    expect(e?.toBody().error).toMatchObject({ code: "answer_too_large", fields: [{ path: "startTime" }] });
    expect(fromAnswerLimit(new Error("something else"))).toBeUndefined();
  });
});

describe.skipIf(!TEST_DATABASE_URL)("the read pool's statement timeout on PostgreSQL", () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshSchema(TEST_DATABASE_URL!);
    drop = fresh.drop;
    database = await openDatabase({ kind: "postgres", url: TEST_DATABASE_URL!, schema: fresh.schema, max: 2, readTimeoutMs: 200 });
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it("cancels a read past it, answered answer_too_large naming startTime; the sync's pool has no limit", async () => {
    const t = Date.now();
    const err = await database.readDb.execute(sql`SELECT pg_sleep(5)`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(Date.now() - t).toBeLessThan(3_000);
    const api = fromAnswerLimit(err);
    expect(api?.status).toBe(422);
    expect(api?.toBody().error).toMatchObject({ code: "answer_too_large", fields: [{ path: "startTime" }] });
    await expect(database.db.execute(sql`SELECT pg_sleep(0.4)`)).resolves.toBeDefined();
  });
});
