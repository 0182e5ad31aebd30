/**
 * The import rules of eslint.config.mjs fire where they should. Each case lints a few lines as
 * if they were a file at the given path (ESLint's lintText: the real config and resolver, nothing
 * written), so a rule that stops matching — a glob that misses the route folders, a zone that
 * no longer resolves `@/app/…` — fails here and not only when someone adds the import it was
 * meant to refuse. `npm run lint` checks that no file of the project breaks them today.
 */
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// Loading the config (typescript-eslint, the import resolver) takes seconds on a busy machine.
const SLOW_MS = 120_000;

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: import.meta.dirname });
}, SLOW_MS);

/** The import rules a file at `path` with these lines breaks (other rules, e.g. unused names, left out). */
async function importRulesBroken(path: string, lines: string[]): Promise<string[]> {
  const [result] = await eslint.lintText(lines.join("\n") + "\n", { filePath: path });
  return result.messages.map((m) => m.ruleId ?? `(${m.message})`).filter((id) => id.includes("restricted") || id.startsWith("("));
}

describe("which way imports point", () => {
  it.each([
    ["components/period/x.ts", 'import { overviewQueries } from "@/app/(app)/(overview)/query-options";'],
    ["components/period/x.ts", 'import { inviteesSearch } from "../../app/(app)/invitees/search-params";'],
    ["components/ui/x.tsx", 'import type { auditSearch } from "@/app/(app)/admin/audit/search-params";'],
    ["lib/ui/x.ts", 'import { transfersSearch } from "@/app/(app)/transfers/search-params";'],
    ["lib/ui/x.ts", 'const m = () => import("../../app/(app)/cohorts/query-options");'],
    ["lib/contract/x.ts", 'import { LOCALE_NAMES } from "@/lib/i18n/locales";'],
    ["lib/contract/x.ts", 'import { isLocale } from "../i18n/locales";'],
  ])("%s may not: %s", async (path, line) => {
    expect(await importRulesBroken(path, [line])).toEqual(["import/no-restricted-paths"]);
  }, SLOW_MS);

  it.each([
    ["app/(app)/invitees/view.tsx", 'import { Badge } from "@/components/ui/badge";'],
    ["app/(app)/invitees/view.tsx", 'import { inviteesSearch } from "./search-params";'],
    ["lib/i18n/x.ts", 'import { LOCALES } from "@/lib/contract/locales";'],
    ["lib/contract/x.ts", 'import { LOCALES } from "./locales";'],
  ])("%s may: %s", async (path, line) => {
    expect(await importRulesBroken(path, [line])).toEqual([]);
  }, SLOW_MS);
});

describe("a page's view in its route folder is client code, as components/ is", () => {
  it.each(["app/(app)/invitees/view.tsx", "app/(app)/(overview)/leaderboard.tsx", "app/(app)/trading/new-form.tsx", "components/ui/x.tsx"])(
    "%s: no server-only module, no next/link, no zod or decimal.js on the first load",
    async (path) => {
      const broken = await importRulesBroken(path, [
        'import { getConfig } from "@/lib/config/config";',
        'import { getCurrentUser } from "@/lib/server/identity/auth";',
        'import Link from "next/link";',
        'import Decimal from "decimal.js";',
        'import { z } from "zod";',
        'import type { Dec } from "@/lib/contract/decimal";',
      ]);
      expect(broken).toEqual([
        "no-restricted-imports",
        "no-restricted-imports",
        "no-restricted-imports",
        "@typescript-eslint/no-restricted-imports",
        "@typescript-eslint/no-restricted-imports",
      ]);
    },
    SLOW_MS,
  );

  it.each(["app/(app)/invitees/page.tsx", "app/(app)/define-page.tsx", "app/(app)/(overview)/search-params.server.ts"])(
    "%s runs on the server: it may read the session; next/link is still refused",
    async (path) => {
      expect(await importRulesBroken(path, ['import { getCurrentUser } from "@/lib/server/identity/auth";', 'import Link from "next/link";'])).toEqual(["no-restricted-imports"]);
    },
    SLOW_MS,
  );
});

describe("the house's shape", () => {
  /** The rules of this block a file at `path` with these lines breaks. */
  async function shapeRulesBroken(path: string, text: string): Promise<string[]> {
    const [result] = await eslint.lintText(text, { filePath: path });
    return result.messages.map((m) => m.ruleId ?? `(${m.message})`).filter((id) => ["house/no-import-cycle", "max-lines", "max-lines-per-function"].includes(id) || id.startsWith("("));
  }

  it("refuses an import that closes a cycle, a type import too", async () => {
    // lib/weex/limits.ts imports lib/time/calendar.ts: the calendar importing it back closes a cycle.
    const broken = await shapeRulesBroken("lib/time/calendar.ts", 'import type { ProductType } from "@/lib/weex/limits";\nexport type P = ProductType;\n');
    expect(broken).toEqual(["house/no-import-cycle"]);
  }, SLOW_MS);

  it("lets the same import stand where it closes no cycle", async () => {
    expect(await shapeRulesBroken("lib/time/x.ts", 'import type { ProductType } from "@/lib/weex/limits";\nexport type P = ProductType;\n')).toEqual([]);
  }, SLOW_MS);

  it("refuses a file of lib/ past 400 lines and a function past 80, not a test's", async () => {
    const longFile = Array.from({ length: 401 }, (_, i) => `export const c${i} = ${i};`).join("\n") + "\n";
    const longFunction = `export function f(): number {\n  let n = 0;\n${"  n += 1;\n".repeat(80)}  return n;\n}\n`;
    expect(await shapeRulesBroken("lib/time/x.ts", longFile)).toEqual(["max-lines"]);
    expect(await shapeRulesBroken("lib/time/x.ts", longFunction)).toEqual(["max-lines-per-function"]);
    expect(await shapeRulesBroken("lib/time/x.test.ts", longFile + longFunction)).toEqual([]);
  }, SLOW_MS);
});
