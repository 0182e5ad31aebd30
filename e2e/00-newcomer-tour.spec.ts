/**
 * The newcomer tour: the first ten minutes of a new user, walked in Chromium.
 * It starts from the e2e server's empty database (the file name sorts first, so no other spec
 * has used the server yet), signs in through the login page as each role, and visits every
 * page that role adds at 1440 and at 390 px wide. It fails on
 *   - a console error or a failed request (other than a 429 the page explains with its wait
 *     notice, and requests the page itself cancelled),
 *   - text cut off by overflow, a table wider than its box without a horizontal scroll region
 *     or without its identifying first column kept in view, a page wider than the screen,
 *   - the sidebar's border ending before the page does,
 *   - an export route (app/api/.../export/route.ts) whose page has no "Export CSV" button.
 */
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { NAV_SECTIONS } from "../components/shell/nav-items";
import type { Role } from "../lib/contract/roles";
import { settled } from "./helpers";

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

/** Which page shows each export route's data (a new export route must be added here: the tour fails until it is). */
const EXPORT_PAGES: Record<string, string> = {
  "/api/affiliate/invitees/export": "/invitees",
  "/api/affiliate/sub-affiliates/export": "/sub-affiliates",
  "/api/affiliate/withdrawals/export": "/transfers",
  "/api/affiliate/invitees/value/export": "/value",
  // (and in an invitee's detail there, its own records: e2e/value.spec.ts downloads them)
  "/api/affiliate/commissions/export": "/value",
  "/api/risk/flags/export": "/risk",
};

/** Every export route in the source tree, as its URL path. */
function exportRoutes(dir = join(process.cwd(), "app", "api")): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...exportRoutes(path));
    else if (entry.name === "route.ts" && path.split(sep).includes("export")) {
      found.push("/" + relative(join(process.cwd(), "app"), path).split(sep).slice(0, -1).join("/"));
    }
  }
  return found;
}

/** The pages a role adds to the one below it (each role also lands on the overview). */
function pagesOf(role: Role): string[] {
  const own = NAV_SECTIONS.flatMap((s) => s.items).filter((i) => i.role === role).map((i) => i.href);
  return own.includes("/") ? own : ["/", ...own];
}

/** What a page shows that it should not: cut text, unscrollable wide tables, a page wider than the screen, a short sidebar border. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const name = (el: Element) => {
      const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      const id = el.getAttribute("data-testid") ?? el.getAttribute("aria-label") ?? "";
      return `<${el.tagName.toLowerCase()}${id ? ` ${id}` : ""}> "${text}"`;
    };
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const cs = getComputedStyle(el);
      // Visually hidden text for screen readers (Tailwind's sr-only clips it on purpose).
      const srOnly = cs.position === "absolute" && (cs.clipPath.startsWith("inset") || cs.clip.startsWith("rect"));
      return r.width > 1 && r.height > 1 && cs.visibility !== "hidden" && !srOnly;
    };

    if (document.documentElement.scrollWidth > window.innerWidth) problems.push(`the page is ${document.documentElement.scrollWidth - window.innerWidth}px wider than the screen`);

    // Text cut off: a box that hides what overflows it (or ends it with "…") while its content is wider.
    for (const el of document.querySelectorAll<HTMLElement>("body *")) {
      if (!visible(el) || !(el.textContent ?? "").trim()) continue;
      const cs = getComputedStyle(el);
      const hides = cs.textOverflow === "ellipsis" || cs.overflowX === "hidden" || cs.overflowX === "clip";
      if (hides && el.scrollWidth > el.clientWidth + 1) problems.push(`text cut off: ${name(el)} (${el.scrollWidth} > ${el.clientWidth}px)`);
    }

    // Tables wider than their box scroll sideways in a region, with the first column sticky.
    for (const table of document.querySelectorAll("table")) {
      if (!visible(table)) continue;
      const box = table.parentElement!;
      if (table.scrollWidth <= box.clientWidth + 1) continue;
      let scroller: HTMLElement | null = box;
      while (scroller && !["auto", "scroll"].includes(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
      if (!scroller || scroller === document.body || scroller === document.documentElement) {
        problems.push(`table wider than its box without a horizontal scroll region: ${name(table)}`);
        continue;
      }
      const firstCells = [...table.querySelectorAll("tr")].map((tr) => tr.cells[0]).filter((c) => c && c.colSpan === 1 && visible(c));
      const loose = firstCells.filter((c) => getComputedStyle(c).position !== "sticky");
      if (loose.length) problems.push(`wide table whose identifying column scrolls away: ${name(table)} (${loose.length} first cells not sticky)`);
    }

    // The sidebar's border runs as long as the page.
    const sidebar = document.querySelector('[data-testid="sidebar"]');
    const main = document.querySelector("main");
    if (sidebar && main && visible(sidebar) && sidebar.getBoundingClientRect().bottom + 1 < main.getBoundingClientRect().bottom) {
      problems.push(`the sidebar ends at ${Math.round(sidebar.getBoundingClientRect().bottom)}px, the page at ${Math.round(main.getBoundingClientRect().bottom)}px`);
    }
    return problems;
  });
}

/** Console errors and failed requests of a page, collected while it is used. */
function watch(page: Page) {
  const errors: string[] = [];
  page.on("console", (m) => {
    // (Chromium also logs each failed response here; a 429 explained by the page is allowed.)
    if (m.type() === "error" && !/status of 429/.test(m.text())) errors.push(`console: ${m.text()} (${m.location().url})`);
  });
  page.on("pageerror", (e) => errors.push(`uncaught: ${e.message}`));
  page.on("requestfailed", (r) => {
    const why = r.failure()?.errorText ?? "";
    // A query the page cancelled (navigation, a newer filter) is not a failure.
    if (!/ERR_ABORTED|cancel/i.test(why)) errors.push(`request failed: ${r.method()} ${r.url()} ${why}`);
  });
  page.on("response", (r) => {
    const status = r.status();
    if (status < 400) return;
    // WEEX's budget is busy during the first backfill: a 429 is expected, and the page
    // explains it with its wait notice (RateLimitNotice), checked below.
    if (status === 429 && new URL(r.url()).pathname.startsWith("/api/")) {
      test.info().annotations.push({ type: "429", description: r.url() });
      return;
    }
    errors.push(`HTTP ${status}: ${r.request().method()} ${r.url()}`);
  });
  return { take: () => errors.splice(0) };
}

test.describe("newcomer tour", () => {
  test("the export routes each have a page with an export button", () => {
    const routes = exportRoutes();
    expect(routes.sort()).toEqual(Object.keys(EXPORT_PAGES).sort());
  });

  for (const role of ["viewer", "trader", "admin"] as const) {
    test(`${role}: sign in, then every page at 1440 and 390 px`, async ({ page }) => {
      test.setTimeout(900_000);
      const seen = watch(page);

      await page.setViewportSize(WIDTHS[0]);
      await page.goto("/login");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.getByRole("button", { name: `Fill in the ${role} demo account` }).click();
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL((u) => u.pathname === "/");
      await expect(page.getByTestId("user-name")).toHaveText(role);
      expect(seen.take(), "login page").toEqual([]);

      if (role === "viewer") {
        const status = await (await page.request.get("/api/archive/status")).json();
        expect(status.building, "a fresh database: the first backfill runs").toBe(true);
        // …and the overview says so in plain words, not "not synced yet".
        await expect(page.getByTestId("period-coverage")).toContainText(/Building your history|holds sub-affiliate records/);
      }

      for (const path of pagesOf(role)) {
        for (const size of WIDTHS) {
          await test.step(`${path} at ${size.width}px`, async () => {
            await page.setViewportSize(size);
            await page.goto(path);
            await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
            await settled(page, 600_000);
            await expect(page.getByText(/not synced yet/)).toHaveCount(0);
            const exportRoute = Object.entries(EXPORT_PAGES).find(([, p]) => p === path)?.[0];
            if (exportRoute) await expect(page.getByRole("button", { name: "Export CSV" }), `${path} exports ${exportRoute}`).toBeVisible();
            // Soft: one run lists every page's problems.
            expect.soft(await layoutProblems(page), `${path} at ${size.width}px`).toEqual([]);
            expect.soft(seen.take(), `${path} at ${size.width}px: console errors and failed requests`).toEqual([]);
          });
        }
      }
    });
  }
});
