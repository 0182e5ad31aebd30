/**
 * /alerts in Chromium: an admin adds a webhook destination (its secret shown once),
 * sends a test to a real receiver in this test process, and reads the delivery log, including
 * a failed attempt; a viewer sees the rules and the history but no destinations; the bell is in
 * the shell. Reports for each partner: an admin adds a report schedule for each partner (no destinations).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { verifyWebhookSignature } from "../lib/alerts/signature";
import { expectAccessible, login } from "./helpers";

interface Hit {
  body: string;
  signature: string | undefined;
  at: number;
}

let server: Server;
let url = "";
const hits: Hit[] = [];
/** statuses for the next requests (then 200) */
const script: number[] = [];

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      hits.push({ body: Buffer.concat(chunks).toString("utf8"), signature: req.headers["x-weex-signature"] as string | undefined, at: Math.floor(Date.now() / 1000) });
      res.writeHead(script.shift() ?? 200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

test("admin: a webhook destination, its secret once, a signed test, the delivery log with a failed attempt", async ({ page }) => {
  await login(page, "admin");
  await page.goto("/alerts");
  await expect(page.getByRole("heading", { name: "Alerts", level: 1 })).toBeVisible();
  await expect(page.getByTestId("alert-bell")).toBeVisible();

  const form = page.getByRole("form", { name: "Add a destination" });
  await form.getByLabel("Destination name").fill("e2e receiver");
  await form.getByLabel("Webhook URL").fill(url);
  await form.getByRole("button", { name: "Add destination" }).click();
  const secretBox = page.getByTestId("webhook-secret");
  await expect(secretBox).toContainText("not shown again");
  const secret = (await secretBox.locator("code").textContent())!.trim();
  expect(secret).toMatch(/^whsec_/);

  // The first attempt fails: the log says so, and when it tries again.
  script.push(500);
  const row = page.getByTestId("alert-destinations").getByRole("listitem").filter({ hasText: "e2e receiver" });
  await row.getByRole("button", { name: "Send a test" }).click();
  const log = page.getByTestId("delivery-log");
  await expect(log).toContainText("failed (HTTP 500)");
  await expect(log).toContainText("next try");
  expect(hits).toHaveLength(1);
  // Signed with the time (lib/alerts/signature.ts, as a receiver checks it): the same request 5 minutes later is refused.
  expect(verifyWebhookSignature(secret, hits[0]!.signature, hits[0]!.body, hits[0]!.at)).toBe(true);
  expect(verifyWebhookSignature(secret, hits[0]!.signature, hits[0]!.body, hits[0]!.at + 301)).toBe(false);
  expect(verifyWebhookSignature(secret, hits[0]!.signature, hits[0]!.body.replace("admin", "mallory"), hits[0]!.at)).toBe(false);
  expect(JSON.parse(hits[0]!.body)).toMatchObject({ type: "test", sentBy: "admin" });

  // A second test goes through at once.
  await row.getByRole("button", { name: "Send a test" }).click();
  await expect(log.getByText("sent", { exact: true }).first()).toBeVisible();
  await expect(log).toContainText("ok (HTTP 200)");

  // After a reload the secret is gone for good.
  await page.reload();
  await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText(secret);

  // A rule, sent to this destination.
  const ruleForm = page.getByRole("form", { name: "Add a rule" });
  await ruleForm.getByLabel("Rule name").fill("Top partners go quiet");
  await ruleForm.getByLabel("Kind").selectOption("silent");
  await ruleForm.getByLabel("e2e receiver").check();
  await ruleForm.getByRole("button", { name: "Add rule" }).click();
  await expect(page.getByTestId("alert-rules")).toContainText("Top partners go quiet");
  await expectAccessible(page, "/alerts as admin");
});

test("viewer: sees rules and what fired, not destinations or the log", async ({ page }) => {
  await login(page, "viewer");
  await page.goto("/alerts");
  await expect(page.getByRole("heading", { name: "What fired" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Rules" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Destinations" })).toHaveCount(0);
  await expect(page.getByRole("form", { name: "Add a rule" })).toHaveCount(0);
  await expect(page.getByTestId("alert-bell")).toHaveAttribute("aria-label", /Alerts: (none|\d+) unread/);
  await expectAccessible(page, "/alerts as viewer");
});

test("admin: a scheduled report for each partner names no destinations and is listed as such", async ({ page }) => {
  await login(page, "admin");
  await page.goto("/alerts");
  const form = page.getByRole("form", { name: "Add a scheduled report" });
  const name = `Partners e2e ${Date.now().toString(36)}`;
  await form.getByLabel("Report name").fill(name);
  await expect(form.getByRole("group", { name: "Send to" })).toBeVisible();
  await form.getByLabel("Report for").selectOption("each-partner");
  // each partner's report goes to their own email: the destinations are not asked for
  await expect(form.getByRole("group", { name: "Send to" })).toBeHidden();
  await form.getByRole("button", { name: "Add schedule" }).click();
  const row = page.getByTestId("alert-schedules").getByRole("listitem").filter({ hasText: name });
  await expect(row).toContainText("each partner");
  await expectAccessible(page, "/alerts with an each-partner schedule");
  await row.getByRole("button", { name: "Stop" }).click();
  await expect(row).toHaveCount(0);
});
