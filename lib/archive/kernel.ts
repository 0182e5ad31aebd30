/**
 * The archive's kernel: the shapes every dataset's sync and read share, and the SQL helpers
 * they share. The dataset modules (datasets.ts, value-datasets.ts, read.ts, value-read.ts)
 * import these from here and never from each other's, so the table of datasets can list the
 * value datasets without an import cycle.
 */
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { PagedKey } from "@/lib/affiliate/pages";
import { ENDPOINTS } from "@/lib/weex/endpoints";
import { PRODUCT_TYPES } from "@/lib/weex/limits";
import type { Tx } from "./db";
import type { Interval } from "./intervals";
import type { ArchiveSettings, DatasetKey } from "./settings";

/** One request variant of a dataset's query (a product type, an account-type pair). */
export type Variant = Record<string, string>;

/** How one dataset is synced: its endpoint, the variants a time range needs, how a page becomes rows. */
export interface DatasetDef {
  key: DatasetKey;
  endpoint: PagedKey;
  /** the largest page the upstream serves: fewest requests per record */
  pageSize: number;
  variants(settings: ArchiveSettings): Variant[];
  /** the upstream query of one slice and variant (without paging) */
  params(range: Interval, variant: Variant): Record<string, unknown>;
  /** write one page of the query of `range`; returns the rows written */
  upsert(tx: Tx, items: unknown[], variant: Variant, now: number, range?: Interval): Promise<number>;
  /**
   * After a re-sync of `range` (every page read): delete the rows of that range and variant the
   * upstream no longer returned (they were not written since `since`).
   */
  sweep(tx: Tx, range: Interval, variant: Variant, since: number): Promise<void>;
}

/** A dataset read from the endpoint of its name, a page of the largest size WEEX serves at a time. */
export function fromEndpoint<K extends DatasetKey & PagedKey>(key: K): Pick<DatasetDef, "key" | "endpoint" | "pageSize"> {
  return { key, endpoint: key, pageSize: ENDPOINTS[key].paging!.maxSize };
}

/** A dataset WEEX answers one product type per query (its default is SPOT): one variant per product type. */
export const PER_PRODUCT_TYPE: Pick<DatasetDef, "variants" | "params"> = {
  variants: () => PRODUCT_TYPES.map((productType) => ({ productType })),
  params: (range, v) => ({ productType: v.productType, startTime: range.from, endTime: range.to }),
};

/**
 * The `set` of an upsert that overwrites `columns` with the row it would have inserted: a
 * record read again replaces what the archive held of it.
 */
export function fromExcluded<T extends PgTable>(table: T, columns: (keyof T["_"]["columns"] & string)[]): Record<string, SQL> {
  const all = getTableColumns(table) as Record<string, { name: string }>;
  return Object.fromEntries(columns.map((c) => [c, sql.raw(`excluded.${all[c].name}`)]));
}

/** How the archive answers one dataset: the rows of a filter, in the upstream's order, as records. */
export interface ArchiveRead<F, R, W> {
  /** the table and the conditions of a filter (`now`: no record after it exists) */
  from(f: F, now: number): SQL;
  /** the record's columns */
  columns: SQL;
  /** the upstream's order */
  order: SQL;
  /** keyset: the rows after `last` in that order */
  after(last: R): SQL;
  record(row: W, f: F): R;
}

/** SQL conditions joined with AND (TRUE when none). */
export function where(conds: (SQL | undefined)[]): SQL {
  const list = conds.filter((c): c is SQL => c !== undefined);
  return list.length ? sql.join(list, sql` AND `) : sql`TRUE`;
}
