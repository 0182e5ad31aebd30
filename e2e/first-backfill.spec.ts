/**
 * The first backfill in the browser: on a fresh database the overview does not wait for the
 * first backfill. It says "Building your history — N %; charts fill in as it goes", draws the
 * days the history holds so far (naming the days not loaded yet, comparing nothing partial),
 * and fills in by itself until the period is whole.
 *
 * A simulator and server of this test's own (the suite's server may have finished its backfill
 * long before this file runs): WEEX answers sub-affiliate pages slowly until the test lets it
 * go at full speed, so the backfill is caught halfway.
 */
import { expect, test } from "@playwright/test";
import { startSimulator, type Simulator } from "../lib/simulator";
import { startNextServer, type NextServer } from "../tests/http/server";
import { login } from "./helpers";

let sim: Simulator | undefined;
let server: NextServer | undefined;

test.afterAll(async () => {
  await server?.stop();
  await sim?.close();
});

test("the overview draws what the history holds while it builds, then fills in", async ({ browser }) => {
  test.setTimeout(420_000);
  sim = await startSimulator({ port: 0, quiet: true, scale: 0.05, ipWeightPer10s: 1e9, uidWeightPer10s: 1e9 });
  sim.setFaults({ latencyMs: 4_000, endpoints: ["subAffiliates"] });
  const upstream = { WEEX_SPOT_BASE_URL: sim.url, WEEX_CONTRACT_BASE_URL: sim.url, WEEX_IP_WEIGHT_PER_10S: "1000000", WEEX_UID_WEIGHT_PER_10S: "1000000" };
  server = await startNextServer({ env: { ...upstream, ARCHIVE_SYNC: "on", ARCHIVE_SYNC_INTERVAL_MS: "5000", ARCHIVE_SUB_AFFILIATE_DAYS: "150", LOG_LEVEL: "warn" } });
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await login(page, "viewer");

  // The backfill has stored its first slice (the newest 30 days).
  await expect
    .poll(async () => ((await (await page.request.get("/api/archive/status")).json()) as { datasets: { dataset: string; heldFrom: number | null }[] }).datasets.find((d) => d.dataset === "subAffiliates")?.heldFrom ?? null, {
      timeout: 180_000,
    })
    .not.toBeNull();

  await page.goto("/?period=90d");
  const charts = page.getByRole("region", { name: "Volume, net fee and commission over time" });
  const note = charts.getByTestId("freshness");
  await expect(note).toContainText(/Building your history — \d+ %; charts fill in as it goes/, { timeout: 60_000 });
  await expect(charts.getByTestId("pending-days")).toContainText(/Not loaded yet: \d{4}-\d\d-\d\d – \d{4}-\d\d-\d\d/);
  await expect(charts.getByTestId("series-chart").first()).toBeVisible();
  // The partial total is shown as "so far", compared with nothing.
  const volume = page.getByTestId("kpi-tradingVolume");
  await expect(volume).toContainText("So far: part of this period is not loaded yet");
  await expect(volume).not.toContainText("%");

  // WEEX at full speed: the backfill completes, and the page fills in without a reload.
  sim.setFaults({});
  await expect(note).toContainText(/^Updated /, { timeout: 300_000 });
  await expect(charts.getByTestId("pending-days")).toHaveCount(0);
  await expect(charts.getByTestId("series-chart").first()).toBeVisible();
  await expect(volume).not.toContainText("So far");
  await expect(volume.getByTestId("kpi-tradingVolume-value")).toBeVisible();
  await context.close();
});
