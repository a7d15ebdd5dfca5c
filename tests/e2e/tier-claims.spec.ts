import { expect, test, type Page } from "@playwright/test";
import {
  insertAdditionalPrize,
  insertCampaign,
  insertEntry,
  orderRows,
  pastDates,
  signedClaimToken,
  updateCampaign,
  userIdByEmail,
} from "./campaigns";
import { signIn, uniqueEmail } from "./support";

const DAY = 24 * 60 * 60 * 1000;

function main(page: Page) {
  return page.getByRole("main");
}

/** A drawn campaign (already notified, so the jobs leave it alone), optionally the creator's, with a 2nd-place prize. */
async function drawnCampaign(
  options: { creatorId?: string; shipCountries?: string; gift?: { title: string; needsAddress: boolean } } = {},
) {
  const deadline = new Date(Date.now() + 14 * DAY);
  const campaign = insertCampaign({
    status: "completed",
    ...pastDates(),
    selectedSizes: "S,M,L",
    selectedColors: "white,black",
    shipCountries: options.shipCountries ?? "",
    ...(options.creatorId ? { creatorId: options.creatorId } : {}),
  });
  const winner = insertEntry(campaign.id, uniqueEmail("winner"));
  updateCampaign(campaign.id, {
    winnerEntryId: winner.id,
    winnerEmail: winner.email,
    claimDeadline: deadline,
    winnersNotifiedAt: new Date(),
  });
  const path = `/claim/${await signedClaimToken({ campaignId: campaign.id, rank: 1, entryId: winner.id, deadline })}`;
  let giftPath = "";
  if (options.gift) {
    const second = insertEntry(campaign.id, uniqueEmail("second"));
    insertAdditionalPrize(campaign.id, {
      rank: 2,
      title: options.gift.title,
      kind: "gift",
      needsAddress: options.gift.needsAddress,
      winnerEntryId: second.id,
      winnerEmail: second.email,
      claimDeadline: deadline,
    });
    giftPath = `/claim/${await signedClaimToken({ campaignId: campaign.id, rank: 2, entryId: second.id, deadline })}`;
  }
  return { campaign, winner, path, giftPath };
}

test("a claim from a country the creator chose: only those countries, and the postal rule follows the country", async ({
  page,
  javaScriptEnabled,
}) => {
  const { campaign, path } = await drawnCampaign({ shipCountries: "CA,GB" });
  await page.setViewportSize({ width: 360, height: 800 });
  expect((await page.goto(path))?.status()).toBe(200);
  const country = main(page).getByLabel("Country");
  await expect(country.locator("option")).toHaveText(["Choose a country", "Canada", "United Kingdom"]);

  await main(page).getByText("M", { exact: true }).click();
  await main(page).getByText("Unisex").click();
  await main(page).getByText("White", { exact: true }).click();
  await country.selectOption("CA");
  if (!javaScriptEnabled) await main(page).getByRole("button", { name: "Continue" }).click();
  await main(page).getByLabel("Full name").fill("Ada Lovelace");
  await main(page).getByLabel("Address line 1").fill("290 Bremner Blvd");
  await main(page).getByLabel("City").fill("Toronto");
  await main(page).getByLabel("Province").fill("ON");
  // A US ZIP code is not a Canadian postal code.
  await main(page).getByLabel("Postal code").fill("22201");
  await main(page).getByRole("button", { name: "Claim My Prize" }).click();
  await expect(main(page).getByText("Please enter a valid postal code (for example K1A 0B1).")).toBeVisible();
  expect(orderRows(campaign.id)).toHaveLength(0);

  await main(page).getByLabel("Postal code").fill("M5V 3L9");
  await main(page).getByRole("button", { name: "Claim My Prize" }).click();
  await expect(main(page).getByRole("heading", { name: "Claim received" })).toBeVisible();
  await expect(main(page).getByText("Toronto, Canada")).toBeVisible();
  expect(orderRows(campaign.id)).toMatchObject([{ prizeRank: 1, kind: "merch", shipCountry: "CA", shipPostalCode: "M5V 3L9" }]);
});

test("a 2nd-place gift is claimed with a note, the creator sees it and marks it delivered, and the winner's page says so", async ({
  page,
}) => {
  const creator = uniqueEmail("creator");
  await signIn(page, creator);
  const { campaign, giftPath } = await drawnCampaign({
    creatorId: userIdByEmail(creator),
    gift: { title: "$50 studio gift card", needsAddress: false },
  });

  // The winner's side (the claim page needs no account).
  expect((await page.goto(giftPath))?.status()).toBe(200);
  await expect(main(page).getByText("You won 2nd place!")).toBeVisible();
  await expect(main(page).getByRole("heading", { name: "$50 studio gift card" })).toBeVisible();
  await main(page)
    .getByLabel(/A note for/)
    .fill("Please send it to ada@work.example");
  await main(page).getByRole("button", { name: "Confirm My Prize" }).click();
  await expect(main(page).getByRole("heading", { name: "Claim received" })).toBeVisible();
  await expect(main(page).getByText(/Waiting for .* to deliver it/)).toBeVisible();
  expect(orderRows(campaign.id)).toMatchObject([{ prizeRank: 2, kind: "gift", status: "pending" }]);

  // The creator's draw panel: what the winner gave, and Mark delivered.
  await page.goto(`/dashboard/campaigns/${campaign.id}/draw`);
  const tier = main(page).getByTestId("draw-tier-2");
  await expect(tier.getByText("Please send it to ada@work.example")).toBeVisible();
  await expect(tier.getByText("code emailed")).toHaveCount(0);
  await tier.getByRole("button", { name: "Mark delivered" }).click();
  await expect(
    main(page)
      .getByTestId("draw-tier-2")
      .getByText(/Marked delivered .*; the winner was emailed\./),
  ).toBeVisible();
  await expect(main(page).getByTestId("draw-tier-2").getByRole("button", { name: "Mark delivered" })).toHaveCount(0);
  expect(orderRows(campaign.id)).toMatchObject([{ prizeRank: 2, kind: "gift", status: "delivered" }]);

  await page.goto(giftPath);
  await expect(main(page).getByRole("heading", { name: "Prize delivered" })).toBeVisible();
});
