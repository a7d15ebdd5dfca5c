import { expect, test, type Page } from "@playwright/test";
import { insertCampaign, userIdByEmail } from "./campaigns";
import { expectToast, signIn, uniqueEmail } from "./support";

function main(page: Page) {
  return page.getByRole("main");
}

/** Decision 048: a live campaign's presentation is edited from the dashboard; what the rules and the draw depend on is shown, fixed. */
test("a creator edits a live campaign's description from the dashboard, and the public page shows it", async ({ page }) => {
  const email = uniqueEmail("live-edit");
  await signIn(page, email);
  const userId = userIdByEmail(email);
  const live = insertCampaign({ creatorId: userId, title: `Live Typo Tee ${userId.slice(-4)}`, description: "Win our tee, teh best one." });

  await page.goto("/my-campaigns?tab=active");
  const item = main(page)
    .getByTestId("campaign-item")
    .filter({ has: page.getByRole("heading", { name: live.title }) });
  await item.getByRole("link", { name: `Edit ${live.title}` }).click();

  await expect(main(page).getByRole("heading", { name: "Edit live campaign" })).toBeVisible();
  const frozen = main(page).getByTestId("frozen-fields");
  await expect(frozen).toContainText("Fixed at launch: the official rules and the draw depend on it.");
  await expect(frozen).toContainText("Start date");
  await expect(frozen).toContainText("Plan and entry cap");
  // Frozen fields are shown, not offered: nothing to type into.
  await expect(main(page).getByLabel("Start date")).toHaveCount(0);
  // The rules' release names the platforms listed at launch (none here): none can be added now (decision 057).
  await expect(main(page).getByLabel("Instagram")).toBeDisabled();
  await expect(main(page).getByText("Not listed at launch: the official rules name only the platforms listed then.").first()).toBeVisible();

  await main(page).getByLabel("Description", { exact: true }).fill("Win our tee, the best one. Typo fixed.");
  await main(page).getByLabel("Brand URL").fill("acme.example");
  await main(page).getByRole("button", { name: "Save changes" }).click();
  await expectToast(page, "Changes Saved");
  await expect(main(page).getByLabel("Brand URL")).toHaveValue("https://acme.example");

  await page.goto(`/campaign/${live.id}`);
  await expect(page.getByText("Win our tee, the best one. Typo fixed.")).toBeVisible();
});

test("a live campaign's edit refuses a bad support email with the field's message", async ({ page }) => {
  const email = uniqueEmail("live-edit-bad");
  await signIn(page, email);
  const live = insertCampaign({ creatorId: userIdByEmail(email) });
  await page.goto(`/create-campaign-v2?campaignId=${live.id}`);
  await main(page).getByLabel("Support email (optional)").fill("help@localhost");
  await main(page).getByRole("button", { name: "Save changes" }).click();
  await expect(main(page).getByText("Enter a valid support email (e.g., help@example.com).")).toBeVisible();
});
