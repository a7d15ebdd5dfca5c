import { expect, test } from "@playwright/test";
import { E2E_KLAVIYO_KEY } from "../fakes/email-tools-e2e";
import { seriousViolations, chooseTheme } from "./axe";
import { signIn, uniqueEmail } from "./support";

// axe-core on the integrations pages (decision 056), light and dark: the index, the email tools page
// with its connect form, and with a connected tool, its list picker and a refused key's message.

// Four axe runs in a test: a11y files give their tests 60 s (axe.ts).
test.describe.configure({ timeout: 60_000 });

for (const theme of ["light", "dark"] as const) {
  test(`the integrations pages have no serious accessibility violation (${theme})`, async ({ page }) => {
    await signIn(page, uniqueEmail("tools-a11y"));
    await chooseTheme(page, theme);
    expect((await page.goto("/dashboard/integrations"))?.status()).toBe(200);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto("/dashboard/integrations/email-tools");
    expect(await seriousViolations(page)).toEqual([]);

    const form = page.getByRole("region", { name: "Connect an email tool" });
    await form.getByRole("radio", { name: "Klaviyo" }).check();
    await form.getByLabel("API key").fill("pk_nope00123456789abcdef0123456789abcd");
    await form.getByRole("button", { name: "Check key & connect" }).click();
    await expect(form.getByText("Klaviyo did not accept this API key (401)")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await form.getByLabel("API key").fill(E2E_KLAVIYO_KEY);
    await form.getByRole("button", { name: "Check key & connect" }).click();
    await expect(page.getByTestId("list-picker")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
