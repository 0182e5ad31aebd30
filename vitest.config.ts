import { defineConfig } from "vitest/config";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";

const alias = {
  "@": fileURLToPath(new URL("./", import.meta.url)),
  // Vitest runs server modules outside Next; the real package throws there by design.
  "server-only": fileURLToPath(new URL("./lib/test/server-only-stub.ts", import.meta.url)),
};

/**
 * The HTTP suites that start simulators and servers of their own (the archive syncing, faults,
 * budgets, several instances on PostgreSQL, the credentials' checks): about half of the HTTP
 * suite's time, beside the route suites that ask the run's shared server.
 */
const OWN_STACKS = [
  "alerts", "archive", "client-address", "cohorts", "demo-seed", "fair-share", "faults", "first-backfill", "invitee-value",
  "odd-records", "order-cap", "order-cap-shared", "people-first", "risk-flags", "secrets", "share-scope", "sign-in-shared", "tokens-shared", "zones", "boundaries", "links-shared",
].map((name) => `tests/http/${name}.test.ts`);

/**
 * Own-stack suites run in the routes half instead, so that the two halves, run side by side with
 * the browser suite (`npm test`), end at about the same time: the stacks half was the step's
 * longest part by ~25 % (CI's file times: `npm test` prints each file's). The suites do not care
 * which half runs them: each starts its own simulator and server. These four mostly wait (for the
 * budget's windows, for a second instance), so the CPU-heavy suites (zones, boundaries, faults)
 * stay together in the stacks half and do not slow the timed ones of the other.
 */
const STACKS_IN_ROUTES = ["fair-share", "client-address", "order-cap", "order-cap-shared", "links-shared"].map((name) => `tests/http/${name}.test.ts`);
const STACKS_HALF = OWN_STACKS.filter((file) => !STACKS_IN_ROUTES.includes(file));

function httpProject(name: string, files: { include?: string[]; exclude?: string[] }) {
  return {
    resolve: { alias },
    test: {
      name,
      include: files.include ?? ["tests/http/**/*.test.ts"],
      exclude: files.exclude ?? [],
      globalSetup: ["tests/http/global-setup.ts"],
      // the migrated database global-setup.ts made, for the servers a file starts itself
      setupFiles: ["tests/http/setup.ts"],
      environment: "node",
      testTimeout: 60_000,
      hookTimeout: 180_000,
      fileParallelism: false,
    },
  };
}

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
          // So: at least two, and the default where there are more cores. Each file's databases
          // are its own (a PGlite copy, a fresh PostgreSQL schema).
          maxWorkers: Math.max(2, availableParallelism() - 1),
        },
      },
      // Route handlers through HTTP: a built Next server + the simulator, real sessions. Two
      // projects, each one file at a time, run side by side by `npm run test:http` (two Vitest
      // processes, scripts/test.ts): each gets its own shared server and simulator from the
      // global setup, so one's files never see the other's requests, sessions or budget. Most
      // of their time is spent waiting (WEEX's budget, timers, servers starting), which is why
      // two at once take little more CPU than one after the other.
      httpProject("http-routes", { exclude: STACKS_HALF }),
      httpProject("http-stacks", { include: STACKS_HALF }),
    ],
  },
});
