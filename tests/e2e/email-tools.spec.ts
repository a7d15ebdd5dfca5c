/**
 * Email tools (decision 056) in the browser, with JavaScript on and off: from My Campaigns to the
 * integrations, connecting Klaviyo and Mailchimp (a refused key says why, a good key is checked and
 * then its list picked), the key never shown again, and disconnecting. The services are the fakes
 * in tests/fakes/email-tools-e2e.ts (playwright.config.ts starts them).
 */
import { expect, test, type Page } from "@playwright/test";
import { E2E_KLAVIYO_KEY, E2E_MAILCHIMP_KEY } from "../fakes/email-tools-e2e";
import { expectToast, signIn, uniqueEmail } from "./support";

const main = (page: Page) => page.getByRole("main");

async function openEmailTools(page: Page) {
  await page.goto("/my-campaigns");
  await main(page).getByRole("link", { name: "Integrations" }).click();
  await expect(page).toHaveURL(/\/dashboard\/integrations$/);
  await expect(main(page).getByRole("heading", { level: 1, name: "Integrations" })).toBeVisible();
  await expect(main(page).getByRole("link", { name: /Webhooks/ })).toHaveAttribute("href", "/dashboard/integrations/webhooks");
  await main(page)
    .getByRole("link", { name: /Email tools/ })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/integrations\/email-tools$/);
  await expect(main(page).getByRole("heading", { level: 1, name: "Email tools" })).toBeVisible();
}

async function connect(page: Page, tool: "Klaviyo" | "Mailchimp", key: string) {
  const form = main(page).getByRole("region", { name: "Connect an email tool" });
  await form.getByRole("radio", { name: tool }).check();
  await form.getByLabel("API key").fill(key);
  await form.getByRole("button", { name: "Check key & connect" }).click();
}

test("a creator connects Klaviyo: a refused key says why, a good one is checked, a list is picked, then it is disconnected", async ({
  page,
}) => {
  await signIn(page, uniqueEmail("tools"));
  await openEmailTools(page);

  const refusedKey = "pk_nope00123456789abcdef0123456789abcd";
  await connect(page, "Klaviyo", refusedKey);
  await expect(main(page).getByText("Klaviyo did not accept this API key (401)").first()).toBeVisible();
  // Nothing saved, and the server does not put the key typed back into the page it answers.
  await expect(main(page).getByRole("article")).toHaveCount(0);
  if (test.info().project.name === "no-js") await expect(main(page).getByLabel("API key")).toHaveValue("");
  expect(await page.content()).not.toContain(refusedKey);

  await connect(page, "Klaviyo", E2E_KLAVIYO_KEY);
  await expectToast(page, "Klaviyo Connected");
  const picker = main(page).getByTestId("list-picker");
  await expect(picker.getByRole("heading", { name: "Choose the Klaviyo list entrants join" })).toBeVisible();
  await picker.getByRole("radio", { name: "Giveaway leads" }).check();
  await picker.getByRole("button", { name: "Save list" }).click();
  await expectToast(page, "List Saved");

  const card = main(page).getByTestId("email-tool-klaviyo");
  await expect(card.getByTestId("connection-status")).toHaveText("Connected");
  await expect(card.getByTestId("key-last4")).toHaveText(`…${E2E_KLAVIYO_KEY.slice(-4)}`);
  await expect(card.getByTestId("list-name")).toHaveText("Giveaway leads");
  await expect(main(page).getByTestId("list-picker")).toHaveCount(0);
  expect(await page.content()).not.toContain(E2E_KLAVIYO_KEY);

  await card.locator("summary", { hasText: "Disconnect Klaviyo" }).click();
  await card.getByRole("button", { name: "Disconnect Klaviyo" }).click();
  await expectToast(page, "Klaviyo Disconnected");
  await expect(main(page).getByTestId("email-tool-klaviyo")).toHaveCount(0);
  await expect(main(page).getByRole("radio", { name: "Klaviyo" })).toBeVisible();
});

test("a creator connects Mailchimp after a key of the wrong shape, and changes the audience", async ({ page }) => {
  await signIn(page, uniqueEmail("chimp"));
  await openEmailTools(page);

  await connect(page, "Mailchimp", "not-a-mailchimp-key");
  await expect(main(page).getByText("That is not a Mailchimp API key").first()).toBeVisible();
  await expect(main(page).getByRole("article")).toHaveCount(0);

  await connect(page, "Mailchimp", E2E_MAILCHIMP_KEY);
  await expectToast(page, "Mailchimp Connected");
  const picker = main(page).getByTestId("list-picker");
  await picker.getByRole("radio", { name: "Brand Newsletter" }).check();
  await picker.getByRole("button", { name: "Save audience" }).click();
  await expectToast(page, "List Saved");
  const card = main(page).getByTestId("email-tool-mailchimp");
  await expect(card.getByTestId("list-name")).toHaveText("Brand Newsletter");
  await expect(card.getByTestId("sync-counts")).toContainText("Waiting0");

  await card.getByRole("link", { name: "Change audience" }).click();
  await expect(picker.getByRole("radio", { name: "Brand Newsletter" })).toBeChecked();
  await picker.getByRole("radio", { name: "Giveaway Entrants" }).check();
  await picker.getByRole("button", { name: "Save audience" }).click();
  await expectToast(page, "List Saved");
  await expect(card.getByTestId("list-name")).toHaveText("Giveaway Entrants");
  // Only Klaviyo is left to connect.
  await expect(main(page).getByRole("radio", { name: "Mailchimp" })).toHaveCount(0);
  await expect(main(page).getByRole("radio", { name: "Klaviyo" })).toBeVisible();
});
