import { expect, test } from "@playwright/test";
import { seriousViolations, useTheme } from "./axe";
import { userIdByEmail } from "./campaigns";
import { signIn, uniqueEmail } from "./support";
import { insertEndpointWithLog } from "./webhook-rows";

// axe-core on the webhooks page (decision 055) with an endpoint whose log has a delivery in every
// state (delivered, retrying, failed, cancelled, erased), light and dark: no serious or critical violation.

for (const theme of ["light", "dark"] as const) {
  test(`the webhooks page has no serious accessibility violation (${theme})`, async ({ page }) => {
    const email = uniqueEmail("hooks-a11y");
    await signIn(page, email);
    insertEndpointWithLog(userIdByEmail(email));
    await useTheme(page, theme);
    const response = await page.goto("/dashboard/integrations/webhooks");
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("delivery")).toHaveCount(4);
    // The payloads too, opened.
    for (const summary of await page.getByText("Payload").all()) await summary.click();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
