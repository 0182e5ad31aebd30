/**
 * Build the Next app into the given dist dir unless a build newer than every source file is
 * already there. `npm run demo` and the test pipeline both call this, so a fresh clone builds
 * once and later runs start at once.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const distDir = process.argv[2] ?? ".next";
const root = process.cwd();
const SOURCES = ["app", "components", "lib", "messages", "public", "proxy.ts", "instrumentation.ts", "next.config.mjs", "package.json", "postcss.config.mjs", "tsconfig.json"];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function buildIsFresh(dir: string): boolean {
  const id = join(root, dir, "BUILD_ID");
  if (!existsSync(id)) return false;
  const built = statSync(id).mtimeMs;
  return SOURCES.every((s) => newestMtime(join(root, s)) <= built);
}

if (buildIsFresh(distDir) && !process.env.FORCE_BUILD) {
  console.log(`[build] ${distDir} is up to date`);
} else {
  console.log(`[build] building into ${distDir} …`);
  const r = spawnSync("npx", ["next", "build"], { stdio: "inherit", env: { ...process.env, NEXT_DIST_DIR: distDir } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
