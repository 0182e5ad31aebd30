import next from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const SERVER_ONLY = ["@/lib/server/*", "@/lib/config/*", "@/lib/log/*", "@/lib/db/*", "@/lib/weex/sign", "@/lib/weex/client", "@/lib/simulator/*"];
const LINK = { name: "next/link", importNames: ["default"], message: "Use IntentLink (components/ui/intent-link.tsx): a link prefetches its page on intent, not on sight." };

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
    // The archive stays a set of small named functions (issue 26): a dataset is an entry of a
    // table (datasets.ts, dataset-reads.ts), an answer kind a function of its own, so a new
    // dataset adds an entry and no branch. A function past 80 lines is a sign to extract one.
    files: ["lib/archive/**/*.ts"],
    ignores: ["lib/archive/**/*.test.ts"],
    rules: { "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Client code must never reach server-only modules (secrets, signing, database).
    files: ["components/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: SERVER_ONLY }] },
  },
  {
    // Links are IntentLinks: they prefetch their page on intent, not on sight (its note says
    // why). The same rule as above, so this block repeats the server-only ban: for a file two
    // blocks match, the later block's setting of a rule replaces the earlier one's.
    files: ["components/**/*.{ts,tsx}"],
    ignores: ["components/ui/intent-link.tsx"],
    rules: { "no-restricted-imports": ["error", { paths: [LINK], patterns: SERVER_ONLY }] },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { paths: [LINK] }] },
  },
  {
    // Kept off every page's first load (bench/web.ts counts it): zod (the browser checks nothing
    // with it), decimal.js (shown amounts are text: lib/ui/format.ts; sums and comparisons load
    // lazily). Types are free; `import()` is how a page gets the arithmetic when its data is there.
    files: ["components/**/*.{ts,tsx}"],
    ignores: ["components/charts/series-chart.tsx"],
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
];

export default config;
