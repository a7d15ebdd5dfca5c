import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { openPage, violationsInEachTheme } from "./axe";
import { signInAsAdmin } from "./support";
import { insertFailedEmail } from "./system-rows";

// axe-core on the admin's System page (decision 085) with a failed email listed, light and dark:
// no serious or critical violation.

// Two axe runs in a test: a11y files give their tests 60 s (axe.ts).
test.describe.configure({ timeout: 60_000 });

test("the System page has no serious accessibility violation, light or dark", async ({ page }) => {
  test.slow();
  const tag = randomUUID().slice(0, 6);
  insertFailedEmail(`axe-${tag}@example.com`, `Checked by axe ${tag}`, "Message failed: 451 Try again later");
  await signInAsAdmin(page);
  const found = await violationsInEachTheme(page, async () => {
    await openPage(page, "/admin/dashboard/system");
    await expect(page.getByTestId("failed-email").filter({ hasText: `Checked by axe ${tag}` })).toHaveCount(1);
  });
  expect(found).toEqual({ light: [], dark: [] });
});
