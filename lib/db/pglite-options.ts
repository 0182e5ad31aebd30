/**
 * PGlite's start parameters: its defaults plus a smaller buffer cache. PostgreSQL's default
 * shared_buffers (128 MB) is allocated and touched inside the WebAssembly memory when the
 * database opens, so it is resident from the start and never given back; the embedded
 * database of a demo or a small install holds tens of MB, and pages beyond the cache come
 * from the operating system's file cache. 16 MB keeps the server ~110 MB smaller than the
 * default (measured by bench/demo.ts); a year's daily series of every sub-affiliate still
 * reads in tens of milliseconds (bench/archive.ts). The benches open their PGlite with these
 * too (bench/lib/bench-db.ts), so their figures are the dashboard's.
 */
import { PGlite } from "@electric-sql/pglite";

export const PGLITE_OPTIONS = { startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"] };
