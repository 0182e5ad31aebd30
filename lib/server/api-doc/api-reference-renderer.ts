/**
 * The API reference's renderer: Scalar's standalone bundle (@scalar/api-reference), served by
 * the dashboard itself at /docs/api/renderer.js (no CDN, within the pages' CSP). Chosen over
 * Redoc 3 because it needs neither eval nor a web worker: its one probe for `new Function`
 * (zod's) is skipped when the page sets zod's `jitless` first, and it loads no fonts from
 * elsewhere when told not to; Redoc builds its search worker from a blob: URL, which
 * script-src 'self' refuses, and evaluates code in it.
 */
import "server-only";
import { createReadStream, readFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";

const PACKAGE_DIR = join(process.cwd(), "node_modules", "@scalar", "api-reference");

let version: string | undefined;

/** The installed renderer's version: the script's URL names it, so a browser may keep the file. */
export function rendererVersion(): string {
  version ??= (JSON.parse(readFileSync(join(PACKAGE_DIR, "package.json"), "utf8")) as { version: string }).version;
  return version;
}

/** The bundle, streamed from the installed package. */
export function rendererScript(): ReadableStream {
  return Readable.toWeb(createReadStream(join(PACKAGE_DIR, "dist", "browser", "standalone.js"))) as ReadableStream;
}
