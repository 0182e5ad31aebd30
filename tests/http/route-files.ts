/**
 * The route files under app/api, found on the file system, and the HTTP methods each exports.
 * Suites that must cover every route (fuzzing, faults) start from this list, so a new route
 * file fails them until it is described there too.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RouteFile {
  /** the directory under app/api, e.g. "contract/plan-orders/[orderId]" */
  key: string;
  methods: Method[];
}

const API_DIR = join(process.cwd(), "app", "api");
const METHODS = "GET|POST|PUT|PATCH|DELETE";

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return files(p);
    return /^route\.(ts|tsx|js|mjs)$/.test(name) ? [p] : [];
  });
}

/** The HTTP methods a route module exports (const, function, or `export { x as GET }`). */
function exportedMethods(file: string): Method[] {
  const src = readFileSync(file, "utf8");
  const found = new Set<Method>();
  for (const m of src.matchAll(new RegExp(`export\\s+(?:const|let|async\\s+function|function)\\s+(${METHODS})\\b`, "g"))) found.add(m[1] as Method);
  for (const block of src.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const m of block[1]!.matchAll(new RegExp(`(?:\\bas\\s+|^|,)\\s*(${METHODS})\\b`, "g"))) found.add(m[1] as Method);
  }
  return [...found].sort();
}

export function routeFiles(): RouteFile[] {
  return files(API_DIR)
    .map((file) => ({ key: relative(API_DIR, file).split(sep).slice(0, -1).join("/"), methods: exportedMethods(file) }))
    .sort((a, b) => a.key.localeCompare(b.key));
}
