/**
 * Partners in Chromium: an admin adds a partner on /admin/users with a scope (and an
 * email, changed after), the partner signs in and sees only their pages (navigation, 403 and
 * redirects) and only their rows, with the header saying whose view it is; a partner with
 * invite codes only has no sub-affiliate page.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { addPartner, expectAccessible, expectOnlyRowsOf, login, signIn } from "./helpers";

const PASSWORD = "partner-password";
const stamp = Date.now().toString(36);

/** Sub-affiliate UIDs and invite codes of the simulator's data, as the admin sees them. */
async function someScope(request: APIRequestContext): Promise<{ uids: string[]; codes: string[] }> {
  const board = await request.get("/api/affiliate/sub-affiliates/leaderboard?limit=4");
  expect(board.ok(), await board.text()).toBe(true);
  const uids = ((await board.json()) as { items: { subAffiliateUid: string }[] }).items.map((i) => i.subAffiliateUid);
  const now = Date.now();
  const codes = await request.get(`/api/affiliate/invitees/codes?startTime=${now - 60 * 86_400_000}&endTime=${now}`);
  expect(codes.ok(), await codes.text()).toBe(true);
  const list = ((await codes.json()) as { items: { inviteCode: string | null }[] }).items.map((i) => i.inviteCode).filter((c): c is string => c !== null);
  expect(uids.length).toBeGreaterThanOrEqual(3);
  expect(list.length).toBeGreaterThanOrEqual(1);
  return { uids, codes: list };
}

test.describe("partners", () => {
  test("an admin adds a partner on /admin/users; the partner sees only their pages and rows", async ({ browser, page, baseURL }) => {
    test.setTimeout(300_000);
    await login(page, "admin");
    const { uids, codes } = await someScope(page.request);
    const mine = uids.slice(0, 2);
    const username = `kol-${stamp}`;

    await page.goto("/admin/users");
    await page.getByLabel("Username", { exact: true }).fill(username);
    await page.getByLabel("Role", { exact: true }).selectOption("partner");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Sub-affiliate UIDs", { exact: true }).fill(mine.join(", "));
    await page.getByLabel("Invite codes", { exact: true }).fill(codes[0]!);
    // where their own scheduled reports go (the reports for each partner)
    await page.getByLabel("Email", { exact: true }).fill(`${username}@example.test`);
    await page.getByRole("button", { name: "Add user" }).click();
    await expect(page.getByTestId("admin-notice")).toContainText(`Added ${username}`);
    const row = page.getByRole("row").filter({ hasText: username });
    await expect(row.getByTestId("user-scope")).toContainText(mine[0]!);
    await expect(row.getByTestId("user-scope")).toContainText(codes[0]!);
    await expect(row.getByTestId("user-email")).toHaveText(`${username}@example.test`);
    await row.getByRole("button", { name: "Edit email" }).click();
    await page.getByLabel(`Email of ${username}`).fill(`${username}-new@example.test`);
    await page.getByRole("button", { name: "Save email" }).click();
    await expect(page.getByTestId("admin-notice")).toContainText(`${username}'s email is saved`);
    await expect(row.getByTestId("user-email")).toHaveText(`${username}-new@example.test`);

    const ctx = await browser.newContext({ baseURL });
    const partner = await ctx.newPage();
    await signIn(partner, username, PASSWORD);
    await partner.goto("/sub-affiliates");
    await expect(partner.getByTestId("partner-view")).toContainText(username);
    await expect(partner.getByTestId("partner-view")).toContainText(mine[0]!);
    const nav = partner.getByRole("navigation", { name: "Main" });
    for (const name of ["Overview", "Invited users", "Cohorts & codes", "Invitee value", "Sub-affiliates", "Markets", "Coins"]) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    for (const name of ["Check referrals", "Internal transfers", "Alerts", "Spot orders", "Place orders", "Users", "Audit log", "Archive sync"]) await expect(nav.getByRole("link", { name, exact: true })).toHaveCount(0);

    // their rows only
    await expectOnlyRowsOf(partner, mine);
    await expectAccessible(partner, "/sub-affiliates as a partner");

    for (const path of ["/transfers", "/alerts", "/referrals", "/admin/users"]) {
      await partner.goto(path);
      await expect(partner.getByTestId("forbidden"), path).toBeVisible();
    }
    await ctx.close();
  });

  test("a partner with invite codes only has no sub-affiliate page and lands on their invitees", async ({ browser, page, baseURL }) => {
    test.setTimeout(180_000);
    await login(page, "admin");
    const { codes } = await someScope(page.request);
    const username = `codes-${stamp}`;
    const partner = await addPartner(browser, page, baseURL!, { username, password: PASSWORD, scope: { inviteCodes: [codes[0]!] } });
    await partner.goto("/");
    await expect(partner).toHaveURL(/\/invitees/);
    const nav = partner.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Invited users", exact: true })).toBeVisible();
    for (const name of ["Overview", "Sub-affiliates"]) await expect(nav.getByRole("link", { name, exact: true })).toHaveCount(0);
    await partner.goto("/sub-affiliates");
    await expect(partner.getByTestId("forbidden")).toBeVisible();
    await partner.context().close();
  });

  test("a partner with sub-affiliate UIDs only sees the overview without invitees or commission records, said, not refused", async ({ browser, page, baseURL }) => {
    test.setTimeout(180_000);
    await login(page, "admin");
    const { uids } = await someScope(page.request);
    const username = `subs-${stamp}`;
    const partner = await addPartner(browser, page, baseURL!, { username, password: PASSWORD, scope: { subAffiliateUids: uids.slice(0, 2) } });
    // every affiliate answer the overview asks for: none may be a 403 (it asked for what is not in the view)
    const refused: string[] = [];
    partner.on("response", (r) => {
      if (r.url().includes("/api/") && r.status() === 403) refused.push(r.url());
    });
    await partner.goto("/");
    const nav = partner.getByRole("navigation", { name: "Main" });
    for (const name of ["Invited users", "Invitee value", "Check referrals"]) await expect(nav.getByRole("link", { name, exact: true })).toHaveCount(0);
    const split = partner.getByRole("region", { name: "Commission by coin: direct clients and sub-agents" });
    await expect(split).toContainText("Not in your view");
    await expect(split).toContainText("your view has none");
    await expect(partner.getByRole("region", { name: "Top by trading volume" }).locator("table, [data-testid=empty-state]").first()).toBeVisible({ timeout: 120_000 });
    expect(refused).toEqual([]);
    await partner.context().close();
  });
});
