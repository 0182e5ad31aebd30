import next from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import noImportCycle from "./eslint-rules/no-import-cycle.mjs";

const SERVER_ONLY = ["@/lib/server/*", "@/lib/config/*", "@/lib/log/*", "@/lib/db/*", "@/lib/weex/sign", "@/lib/weex/client", "@/lib/weex/party", "@/lib/simulator/*"];
const LINK = { name: "next/link", importNames: ["default"], message: "Use IntentLink (components/ui/intent-link.tsx): a link prefetches its page on intent, not on sight." };

// Client code: the parts several pages share (components/) and each page's own view and parts in
// its route folder (app/(app)/<page>/view.tsx and beside it). In those folders only these run on
// the server alone: the pages (sign-in, role, prefetch), the layout, the group's sign-in and
// prefetch plumbing, and *.server.ts. A new file in a route folder is client code unless it is
// named here.
const CLIENT = ["components/**/*.{ts,tsx}", "app/(app)/**/*.{ts,tsx}"];
const SERVER_IN_ROUTES = [
  "app/(app)/**/page.tsx",
  "app/(app)/layout.tsx",
  "app/(app)/define-page.tsx",
  "app/(app)/session.ts",
  "app/(app)/server-prefetch.tsx",
  "app/(app)/answer-in-process.ts",
  "app/(app)/**/*.server.ts",
];

const config = [
  ...next,
  ...nextTs,
  {
    ignores: ["node_modules/**", ".next*/**", ".data*/**", "next-env.d.ts", "test-results/**", "playwright-report/**", "bench/out/**", "drizzle/**"],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Links are IntentLinks: they prefetch their page on intent, not on sight (its note says
    // why). Every file of app/; the client code's blocks below repeat it: for a file two blocks
    // match, the later block's setting of a rule replaces the earlier one's.
    files: ["app/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { paths: [LINK] }] },
  },
  {
    // No module reaches itself through its imports, type imports and import() included: two
    // modules in a cycle can be read, moved and tested only together. What both need moves to
    // the module that owns it (eslint-rules/no-import-cycle.mjs says how cycles are found).
    files: ["**/*.{ts,tsx,mts,mjs}"],
    plugins: { house: { rules: { "no-import-cycle": noImportCycle } } },
    rules: { "house/no-import-cycle": "error" },
  },
  {
    // lib/ stays a set of small named modules a newcomer reads top-down: a file past 400 lines
    // holds two concerns, a function past 80 lines a step to name. A new dataset or rule adds an
    // entry to its table, not a branch. Tests, migrations and the simulator's seed data are
    // tables and scripts, not modules: their length is not counted.
    files: ["lib/**/*.{ts,tsx}"],
    ignores: ["lib/**/*.test.ts", "lib/db/migrations/**"],
    rules: { "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ["lib/**/*.{ts,tsx}"],
    ignores: ["lib/**/*.test.ts", "lib/db/migrations/**", "lib/simulator/data/**"],
    rules: { "max-lines": ["error", { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    // Client code must never reach server-only modules (secrets, signing, database).
    files: CLIENT,
    ignores: SERVER_IN_ROUTES,
    rules: { "no-restricted-imports": ["error", { patterns: SERVER_ONLY }] },
  },
  {
    // …and its links are IntentLinks (the one file that wraps next/link is the exception).
    files: CLIENT,
    ignores: [...SERVER_IN_ROUTES, "components/ui/intent-link.tsx"],
    rules: { "no-restricted-imports": ["error", { paths: [LINK], patterns: SERVER_ONLY }] },
  },
  {
    // Kept off every page's first load (bench/web.ts counts it): zod (the browser checks nothing
    // with it), decimal.js (shown amounts are text: lib/ui/format.ts; sums and comparisons load
    // lazily). Types are free; `import()` is how a page gets the arithmetic when its data is there.
    files: CLIENT,
    ignores: [...SERVER_IN_ROUTES, "components/charts/series-chart.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: ["zod", "zod/mini", "decimal.js", "@/lib/contract/decimal", "@/lib/contract/alerts", "@/lib/ui/decimal", "@/lib/ui/series"].map((name) => ({
            name,
            allowTypeImports: true,
            message: "Not on a page's first load: use lib/ui/format, lib/contract/alert-kinds, or import() it when the data is there (components/ui/use-lazy-module).",
          })),
        },
      ],
    },
  },
  {
    // Which way imports point (docs/code-map.md): a page's route folder may use the shared
    // parts, never the other way round, so nothing under components/ or lib/ imports from app/
    // (a part two pages need moves out of the route folder: components/ or lib/ui/). The API
    // contract is browser-safe and the bottom layer for the pages: it holds the locale list it
    // validates (lib/contract/locales.ts) and does not reach into lib/i18n. The paths are those
    // the import resolves to, so `@/app/…` and `../../app/…` alike.
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          basePath: import.meta.dirname,
          zones: [
            { target: ["./components", "./lib"], from: "./app", message: "components/ and lib/ do not import from app/: move what several pages share to components/ or lib/ui/." },
            { target: "./lib/contract", from: "./lib/i18n", message: "The contract does not import lib/i18n: the locale list is lib/contract/locales.ts." },
          ],
        },
      ],
    },
  },
];

export default config;
