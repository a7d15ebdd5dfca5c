import { expect, test, type Page } from "@playwright/test";
import { insertCampaign, insertEntry, orderRows, pastDates, notifiedWinnerClaimPath } from "./campaigns";
import { uniqueEmail } from "./support";

const DAY = 24 * 60 * 60 * 1000;

function main(page: Page) {
  return page.getByRole("main");
}

/**
 * A t-shirt giveaway that ended and was drawn, as the draw leaves it (notified already, so the job
 * runner leaves it alone), and the link its winner's email carries.
 */
async function drawnCampaign(deadline = new Date(Date.now() + 14 * DAY)) {
  const campaign = insertCampaign({
    status: "completed",
    ...pastDates(),
    selectedSizes: "S,M,L",
    selectedColors: "white,black",
    giveBonusGiftToWinner: true,
    winnerBonusGiftName: "Studio gift card",
    winnerBonusGiftCode: "GIFT-4242",
  });
  const winner = insertEntry(campaign.id, uniqueEmail("winner"));
  return { campaign, winner, path: await notifiedWinnerClaimPath(campaign.id, winner, deadline) };
}

test("the winner chooses size, style and colour, gives an address and sees Claim received; one order is made", async ({
  page,
  javaScriptEnabled,
}) => {
  const { campaign, winner, path } = await drawnCampaign();
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await expect(main(page).getByRole("heading", { name: "Claim your prize" })).toBeVisible();
  await expect(main(page).getByText("Bonus gift: Studio gift card")).toBeVisible();
  await expect(main(page).getByText("GIFT-4242")).toBeVisible();

  // Sending it empty shows what is missing (in the browser with JavaScript, from the server without).
  await main(page).getByRole("button", { name: "Claim My Prize" }).click();
  await expect(main(page).getByText("Please choose a size.")).toBeVisible();
  await expect(main(page).getByText("Full name is required.")).toBeVisible();
  expect(orderRows(campaign.id)).toHaveLength(0);

  await main(page).getByText("L", { exact: true }).click();
  await main(page).getByText("Women's fit").click();
  await main(page).getByText("Black", { exact: true }).click();
  // Country first: the address fields follow it (at once with JavaScript, after "Continue" without).
  await main(page).getByLabel("Country").selectOption("US");
  if (!javaScriptEnabled) {
    await main(page).getByRole("button", { name: "Continue" }).click();
    // The choices made before stay chosen.
    await expect(main(page).getByLabel("Black")).toBeChecked();
  }
  await main(page).getByLabel("Full name").fill("Grace Hopper");
  await main(page).getByLabel("Address line 1").fill("1 Compiler Court");
  await main(page).getByLabel("City").fill("Arlington");
  await main(page).getByLabel("State", { exact: true }).fill("VA");
  await main(page).getByLabel("ZIP code").fill("22201");
  await main(page).getByRole("button", { name: "Claim My Prize" }).click();

  await expect(main(page).getByRole("heading", { name: "Claim received" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.]/g, "\\.")}$`));
  await expect(main(page).getByText("Arlington, United States of America")).toBeVisible();
  await expect(main(page).getByText("1 Compiler Court")).toHaveCount(0);
  expect(orderRows(campaign.id)).toMatchObject([
    {
      prizeRank: 1,
      status: "pending",
      entryId: winner.id,
      winnerEmail: winner.email,
      size: "L",
      style: "Women's fit",
      color: "black",
      shipCity: "Arlington",
      shipCountry: "US",
    },
  ]);

  // Coming back to the link later shows the same confirmation.
  await page.reload();
  await expect(main(page).getByRole("heading", { name: "Claim received" })).toBeVisible();
  expect(orderRows(campaign.id)).toHaveLength(1);
});

test("a forged claim link shows This claim link is not valid. with a 404", async ({ page }) => {
  const { path } = await drawnCampaign();
  const [payload = "", mac = ""] = path.slice("/claim/".length).split(".");
  const forged = `/claim/${payload}.${mac.endsWith("A") ? `${mac.slice(0, -1)}B` : `${mac.slice(0, -1)}A`}`;
  const response = await page.goto(forged);
  expect(response?.status()).toBe(404);
  await expect(main(page).getByRole("heading", { name: "Claim link not valid" })).toBeVisible();
  await expect(main(page).getByText("This claim link is not valid.")).toBeVisible();
  await expect(main(page).getByRole("button", { name: "Claim My Prize" })).toHaveCount(0);
});

test("an expired claim link says so, with the deadline, and offers no form", async ({ page }) => {
  const { campaign, path } = await drawnCampaign(new Date(Date.now() - DAY));
  const response = await page.goto(path);
  expect(response?.status()).toBe(410);
  await expect(main(page).getByText(/This claim link has expired\. The deadline to claim your prize/)).toBeVisible();
  await expect(main(page).getByRole("button", { name: "Claim My Prize" })).toHaveCount(0);
  expect(orderRows(campaign.id)).toHaveLength(0);
});
