/**
 * The browser tests' `test`: Playwright's, with a `page` signed in before each test as the demo
 * user a file or `describe` names with `test.use({ signedInAs: "viewer" })` (none by default).
 */
import { test as base } from "@playwright/test";
import { login, type Role } from "./helpers";

export { expect } from "@playwright/test";

export const test = base.extend<{ signedInAs: Role | null }>({
  signedInAs: [null, { option: true }],
  page: async ({ page, signedInAs }, provide) => {
    if (signedInAs) await login(page, signedInAs);
    await provide(page);
  },
});
