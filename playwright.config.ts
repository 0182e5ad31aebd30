/**
 * Browser tests in Debian's Chromium (never `npx playwright install`) against the demo:
 * e2e/serve.ts starts the simulator and `next start` on a prebuilt dist dir.
 *
 *   npm run build:test && npm run test:e2e
 *   E2E_DIST_DIR=.next-mine npx playwright test    # another build
 */
import { defineConfig, devices } from "@playwright/test";

// One port for the whole run: workers inherit the environment of the main process.
process.env.E2E_PORT ||= String(20_000 + Math.floor(Math.random() * 20_000));
const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "./e2e",
  testMatch: "*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : [["list"]],
  // Override when several runs share the checkout (each run clears its output dir).
  outputDir: process.env.E2E_OUTPUT_DIR || "test-results",
  use: {
    baseURL,
    locale: "en-US",
    timezoneId: "UTC",
    // A trace only when CI runs a failed test again: recording every test costs the browser about
    // a fifth of its CPU (e2e/a11y.spec.ts: 149 s of Chromium CPU with it, 116 s without).
    trace: "on-first-retry",
    // Pages in reduced motion, as people who ask their system for it see them: the skeletons'
    // pulse, composited in software here, kept the GPU process busy while pages loaded.
    reducedMotion: "reduce",
    screenshot: "only-on-failure",
    acceptDownloads: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "npx tsx e2e/serve.ts",
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
