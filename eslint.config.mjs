import next from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

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
    // Client code must never reach server-only modules (secrets, signing, database).
    files: ["components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["@/lib/server/*", "@/lib/config/*", "@/lib/log/*", "@/lib/db/*", "@/lib/weex/sign", "@/lib/weex/client", "@/lib/simulator/*"] }],
    },
  },
];

export default config;
