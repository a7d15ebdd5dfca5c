import { expect, test } from "@playwright/test";
import { openPage, violationsInEachTheme } from "./axe";
import { userIdByEmail } from "./campaigns";
import { signIn, uniqueEmail } from "./support";
import { insertEndpointWithLog } from "./webhook-rows";

// axe-core on the webhooks page (decision 055) with an endpoint whose log has a delivery in every
// state (delivered, retrying, failed, cancelled, erased), light and dark: no serious or critical violation.

test("the webhooks page has no serious accessibility violation, light or dark", async ({ page }) => {
  test.slow();
  const email = uniqueEmail("hooks-a11y");
  await signIn(page, email);
  insertEndpointWithLog(userIdByEmail(email));
  const found = await violationsInEachTheme(page, async () => {
    await openPage(page, "/dashboard/integrations/webhooks");
    await expect(page.getByTestId("delivery")).toHaveCount(4);
    // The payloads too, opened.
    for (const summary of await page.getByText("Payload").all()) await summary.click();
  });
  expect(found).toEqual({ light: [], dark: [] });
});
