import { expect, test, type Page } from "@playwright/test";
import { insertCampaign, insertEntryWith, userIdByEmail } from "./campaigns";
import { signIn, uniqueEmail } from "./support";

function main(page: Page) {
  return page.getByRole("main");
}

async function signedInCreator(page: Page): Promise<string> {
  const email = uniqueEmail("plans");
  await signIn(page, email);
  return userIdByEmail(email);
}

test("a campaign on basic analytics shows its counts and what Growth and Pro would add, and offers the upgrade", async ({ page }) => {
  const userId = await signedInCreator(page);
  const campaign = insertCampaign({
    creatorId: userId,
    title: `Basic Tee ${userId.slice(-4)}`,
    planId: "starter_tee",
    analyticsLevel: "basic",
    customBranding: false,
    entryCount: 1,
  });
  insertEntryWith(campaign.id, `basic-${userId.slice(-4)}@e2e.test`);

  await page.goto(`/dashboard/campaigns/${campaign.id}/analytics`);
  await expect(main(page).getByTestId("total-entries")).toHaveText("1");
  await expect(main(page).getByTestId("entries-over-time-chart")).toHaveCount(0);
  await expect(main(page).getByRole("link", { name: "Export Entries (CSV)" })).toHaveCount(0);

  const standard = main(page).getByTestId("upgrade-standard");
  await expect(standard).toContainText("Available on Growth Tee");
  await expect(standard).toContainText("Entries CSV export");
  // A live campaign can be upgraded for the difference (decision 049).
  await expect(standard).toContainText("Upgrade this campaign to Growth Tee or above for the difference in price.");
  await expect(main(page).getByTestId("upgrade-advanced")).toContainText("Available on Pro Tee");
  // Fraud review is not an upsell.
  await expect(main(page).getByTestId("fraud-review")).toBeVisible();

  await standard.getByRole("link", { name: "Upgrade plan" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/campaigns/${campaign.id}/upgrade$`));
  await expect(main(page).getByRole("button", { name: "Upgrade to Growth Tee for $29.00" })).toBeVisible();

  // The export itself refuses, in words.
  const response = await page.request.get(`/dashboard/campaigns/${campaign.id}/entries.csv`);
  expect(response.status()).toBe(403);
  expect(await response.text()).toContain("not part of this campaign's plan");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the upgrade panels fit the screen", async ({ page }) => {
    const userId = await signedInCreator(page);
    const campaign = insertCampaign({ creatorId: userId, planId: "starter_tee", analyticsLevel: "basic", customBranding: false });
    await page.goto(`/dashboard/campaigns/${campaign.id}/analytics`);
    await expect(main(page).getByTestId("upgrade-advanced")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
