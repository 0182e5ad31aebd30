import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const alias = {
  "@": fileURLToPath(new URL("./", import.meta.url)),
  // Vitest runs server modules outside Next; the real package throws there by design.
  "server-only": fileURLToPath(new URL("./lib/test/server-only-stub.ts", import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 180_000,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          // Unit tests and integration tests against the in-process simulator over HTTP; and the
          // ESLint config's import rules (eslint.config.test.ts).
          include: ["lib/**/*.test.ts", "components/**/*.test.ts", "scripts/**/*.test.ts", "*.test.ts"],
          // One migrated PGlite database per run, copied for each test database (test-support.ts).
          globalSetup: ["lib/db/pglite-template.ts"],
          environment: "node",
          testTimeout: 30_000,
          // A project does not inherit the root's hook timeout: opening and migrating an
          // embedded database in a hook takes seconds, more on a busy machine.
          hookTimeout: 120_000,
          // Vitest's default is one worker fewer than the cores: one on a 2-core machine, which
          // left a core idle once the build beside this suite ended (`npm test`, scripts/test.ts).
          // Each file's databases are its own (a PGlite copy, a fresh PostgreSQL schema).
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "http",
          // Route handlers through HTTP: a built Next server + the simulator, real sessions.
          include: ["tests/http/**/*.test.ts"],
          globalSetup: ["tests/http/global-setup.ts"],
          // the migrated database global-setup.ts made, for the servers a file starts itself
          setupFiles: ["tests/http/setup.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
