import { expect, test, type Page } from "@playwright/test";
import { insertCampaign, insertDraw, insertEntry, orderRows, pastDates, signedClaimToken, updateCampaign } from "./campaigns";
import { uniqueEmail } from "./support";

/**
 * Decision 057: the winner chooses how the public winners list shows them, from the claim page, with
 * JavaScript and without: a display name, the objection and its withdrawal, before and after claiming.
 */

const DAY = 24 * 60 * 60 * 1000;

function main(page: Page) {
  return page.getByRole("main");
}

/** A drawn t-shirt giveaway (rules version 2), its winner notified, and the winner's claim link. */
async function drawnCampaign() {
  const campaign = insertCampaign({
    status: "completed",
    ...pastDates(),
    selectedSizes: "S,M,L",
    selectedColors: "white,black",
    rulesVersion: 2,
  });
  const winner = insertEntry(campaign.id, uniqueEmail("grace"));
  const deadline = new Date(Date.now() + 14 * DAY);
  updateCampaign(campaign.id, {
    winnerEntryId: winner.id,
    winnerEmail: winner.email,
    claimDeadline: deadline,
    winnersNotifiedAt: new Date(),
  });
  insertDraw(campaign.id, [{ rank: 1, entryId: winner.id, ticket: "0", counter: 0 }], new Date(Date.now() - DAY));
  const token = await signedClaimToken({ campaignId: campaign.id, rank: 1, entryId: winner.id, deadline });
  return { campaign, winner, path: `/claim/${token}`, masked: `${winner.email.slice(0, 3)}***@e2e.test` };
}

test("the winner names themselves, objects, claims and is listed again with their region; the list follows", async ({
  page,
  javaScriptEnabled,
}) => {
  const { campaign, path, masked } = await drawnCampaign();
  const winners = `/campaign/${campaign.id}/winners`;

  // The public list starts with the masked email, and the draw page links to it.
  await page.goto(`/campaign/${campaign.id}/draw`);
  await main(page).getByRole("link", { name: "Winners list" }).click();
  await expect(page).toHaveURL(winners);
  await expect(main(page).getByRole("heading", { level: 1 })).toContainText("Winners:");
  await expect(main(page).getByTestId("winner-tier-1")).toContainText("Grand prize");
  await expect(main(page).getByTestId("winner-tier-1").getByTestId("winner-shown")).toHaveText(masked);

  await page.goto(path);
  const listing = main(page).getByTestId("winner-listing");
  await expect(listing.getByRole("heading", { name: "The winners list" })).toBeVisible();
  await expect(listing.getByTestId("listing-shown-as")).toHaveText(masked);

  // A name that is an email address is refused (in the browser with JavaScript, by the server without).
  await listing.getByLabel("Display name (optional)").fill("grace@example.com");
  await listing.getByRole("button", { name: "Save display name" }).click();
  await expect(listing.getByText("may not be an email address or a web link")).toBeVisible();

  await listing.getByLabel("Display name (optional)").fill("  Grace   H. ");
  await listing.getByRole("button", { name: "Save display name" }).click();
  await expect(listing.getByTestId("listing-shown-as")).toHaveText("Grace H.");

  await listing.getByRole("button", { name: "Don't list me" }).click();
  await expect(listing.getByTestId("listing-shown-as")).toHaveText("Winner chose not to be listed");
  await expect(listing.getByRole("button", { name: "List me again" })).toBeVisible();

  await page.goto(winners);
  await expect(main(page).getByTestId("winner-tier-1").getByTestId("winner-shown")).toHaveText("Winner chose not to be listed");
  await expect(main(page).getByText("Grace H.")).toHaveCount(0);
  await expect(main(page).getByText(masked)).toHaveCount(0);

  // Claiming: the claim form no longer asks for a display name; the listing section stays on the page.
  await page.goto(path);
  await main(page).getByText("M", { exact: true }).click();
  await main(page).getByText("Unisex").click();
  await main(page).getByText("White", { exact: true }).click();
  await main(page).getByLabel("Country").selectOption("US");
  if (!javaScriptEnabled) await main(page).getByRole("button", { name: "Continue" }).click();
  await main(page).getByLabel("Full name").fill("Grace Hopper");
  await main(page).getByLabel("Address line 1").fill("1 Compiler Court");
  await main(page).getByLabel("City").fill("Arlington");
  await main(page).getByLabel("State", { exact: true }).fill("VA");
  await main(page).getByLabel("ZIP code").fill("22201");
  await main(page).getByRole("button", { name: "Claim My Prize" }).click();
  await expect(main(page).getByRole("heading", { name: "Claim received" })).toBeVisible();
  expect(orderRows(campaign.id)).toHaveLength(1);

  // Changed again after claiming, from the same page.
  await main(page).getByTestId("winner-listing").getByRole("button", { name: "List me again" }).click();
  await expect(main(page).getByTestId("listing-shown-as")).toHaveText("Grace H.");

  await page.goto(winners);
  const first = main(page).getByTestId("winner-tier-1");
  await expect(first.getByTestId("winner-shown")).toHaveText("Grace H.");
  await expect(first.getByTestId("winner-region")).toHaveText("VA, United States of America");
  await expect(main(page)).not.toContainText("1 Compiler Court");
});

test("before the draw the list says when the winners will be listed, and the rules link to it", async ({ page }) => {
  const campaign = insertCampaign({ rulesVersion: 2 });
  await page.goto(`/campaign/${campaign.id}/rules`);
  await expect(main(page).getByText(`the winners list is published at /campaign/${campaign.id}/winners`)).toBeVisible();
  await main(page).getByRole("link", { name: "The winners list" }).click();
  await expect(page).toHaveURL(`/campaign/${campaign.id}/winners`);
  await expect(main(page).getByTestId("winners-pending")).toContainText("The winners are drawn");
  await expect(main(page).getByTestId("winners-list")).toHaveCount(0);
});
