/**
 * The frame and the period pages in Simplified Chinese: a browser that asks
 * for zh-CN (Accept-Language; nobody saves a preference here, so other tests keep English)
 * gets the login page, the shell, the 403 notice, the overview and the sub-affiliates page in
 * Chinese, with Chinese <title>s, and none of the English sentences of those namespaces.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, login } from "./helpers";

test.use({ locale: "zh-CN" });

type Tree = { [key: string]: string | Tree };
/** An English namespace, read as a file (the runner's loader does not import JSON modules). */
const english = (ns: string): Tree => JSON.parse(readFileSync(join(process.cwd(), "messages", "en", `${ns}.json`), "utf8")) as Tree;
function leaves(tree: Tree): string[] {
  return Object.values(tree).flatMap((v) => (typeof v === "string" ? [v] : leaves(v)));
}

/**
 * English sentences of the given namespaces that could show on these pages: long enough to be
 * prose (not "SPOT", a UID or "DEMO"), cut at their first placeholder or tag.
 */
function englishPhrases(...namespaces: string[]): string[] {
  return [...new Set(namespaces.flatMap((ns) => leaves(english(ns))).map((s) => s.split(/[{<]/)[0].trim()).filter((s) => s.length >= 12 && /[a-z]{3} [a-z]{2}/.test(s)))];
}

async function expectNoEnglish(page: Page, phrases: string[]) {
  const text = await page.locator("body").innerText();
  expect(phrases.filter((p) => text.includes(p))).toEqual([]);
}

test("the login page is in Chinese", async ({ page }) => {
  await page.goto("/login");
  await expect(page).toHaveTitle("登录 · WEEX 联盟数据看板");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.getByRole("heading", { name: "登录", exact: true })).toBeVisible();
  await expect(page.getByLabel("用户名")).toBeVisible();
  await expect(page.getByTestId("demo-accounts")).toContainText("报告、图表和 CSV 导出");
  await page.getByRole("button", { name: "登录" }).click();
  await expect(page.getByTestId("login-error")).toHaveText("请输入用户名和密码。");
  await expectNoEnglish(page, englishPhrases("login", "common"));
  await expectAccessible(page, "/login in zh-CN");
});

test("shell, overview and the 403 notice are in Chinese", async ({ page }) => {
  await login(page, "viewer");
  await page.goto("/?period=7d");
  await expect(page).toHaveTitle("概览 · WEEX 联盟");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("概览");
  const nav = page.getByRole("navigation", { name: "主导航" });
  await expect(nav.getByRole("link", { name: "邀请用户", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "退出登录" })).toBeVisible();
  await expect(page.getByTestId("mode-badge")).toContainText("演示");
  await expect(page.getByLabel("时间段", { exact: true })).toBeVisible();
  await expect(page.getByTestId("period-summary")).toContainText("7 天");
  await expect(page.getByTestId("kpi-tradingVolume")).toContainText("交易量");
  await expect(page.getByTestId("kpi-tradingVolume")).toContainText("对比前 7 天", { timeout: 120_000 });
  await expect(page.getByRole("heading", { name: "邀请用户转化漏斗" })).toBeVisible();
  await expect(page.getByTestId("freshness").first()).toHaveText(/更新|正在建立历史数据|历史数据尚未建立/, { timeout: 120_000 });
  await expectNoEnglish(page, englishPhrases("shell", "pages", "period", "overview", "charts", "archive", "ui"));
  await expectAccessible(page, "/ in zh-CN");

  await page.goto("/trading");
  await expect(page).toHaveTitle("下单 · WEEX 联盟");
  await expect(page.getByTestId("forbidden")).toContainText("您的角色无权访问");
  await expect(page.getByTestId("forbidden")).toContainText("交易员");
  await expectNoEnglish(page, englishPhrases("pages"));
});

test("the sub-affiliates page is in Chinese, its amounts and ids unchanged", async ({ page }) => {
  await login(page, "viewer");
  await page.goto("/sub-affiliates?period=7d");
  await expect(page).toHaveTitle("下级代理 · WEEX 联盟");
  const table = page.getByTestId("sub-affiliates-table");
  await expect(table.getByRole("columnheader", { name: "交易量" })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole("button", { name: "导出 CSV" })).toBeVisible();
  await expect(page.getByRole("button", { name: "应用筛选" })).toBeVisible();
  await expect(page.getByText(/每页行数/)).toBeVisible();
  await table.locator("tbody tr").first().getByRole("button", { name: /查看趋势/ }).click();
  await expect(page.locator("#trend-heading")).toContainText("下级代理");
  await expectNoEnglish(page, englishPhrases("shell", "pages", "period", "subAffiliates", "charts", "exports", "ui", "common"));
  await expectAccessible(page, "/sub-affiliates in zh-CN");
});
