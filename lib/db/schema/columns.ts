import { bigint } from "drizzle-orm/pg-core";

/** An instant as epoch milliseconds (`bigint` in SQL, a JS number here: safe until the year 287,396). */
export const ms = (name: string) => bigint(name, { mode: "number" });
