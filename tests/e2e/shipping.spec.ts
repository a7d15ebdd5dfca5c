import { expect, test } from "@playwright/test";
import { insertCampaign, insertDraw, insertEntry, insertOrder, orderRow, pastDates, signedClaimToken, updateCampaign } from "./campaigns";
import { expectToast, latestEmail, signInAsAdmin, uniqueEmail } from "./support";

/** Shipping with tracking, followed on the claim page; the public prize timeline (decision 052). */

const DAY = 24 * 60 * 60 * 1000;

/** An ended, drawn t-shirt giveaway whose winner has claimed (the order waits in the manual queue), and the winner's claim link. */
async function claimedPrize() {
  const campaign = insertCampaign({ status: "completed", ...pastDates(), title: `Shipping E2E ${Date.now().toString(36)}` });
  const winner = insertEntry(campaign.id, uniqueEmail("winner"));
  const deadline = new Date(Date.now() + 14 * DAY);
  updateCampaign(campaign.id, {
    winnerEntryId: winner.id,
    winnerEmail: winner.email,
    claimDeadline: deadline,
    winnersNotifiedAt: new Date(),
  });
  const order = insertOrder(campaign.id, { winnerEmail: winner.email, entryId: winner.id, color: "black", size: "L" });
  const token = await signedClaimToken({ campaignId: campaign.id, rank: 1, entryId: winner.id, deadline });
  return { campaign, winner, order, claimPath: `/claim/${token}` };
}

test("an admin ships a prize with carrier and tracking number, and the winner's claim page shows them with the tracking link", async ({
  page,
}) => {
  const { campaign, order, claimPath } = await claimedPrize();

  await page.goto(claimPath);
  await expect(page.getByTestId("claim-order-status")).toHaveText("Being prepared for printing");
  await expect(page.getByTestId("claim-tracking-link")).toHaveCount(0);

  await signInAsAdmin(page);
  await page.goto("/admin/orders?status=pending");
  const card = page.locator(`[data-order-id="${order.id}"]`);
  await expect(card.getByRole("heading", { name: campaign.title })).toBeVisible();
  await card.getByLabel("Carrier", { exact: true }).selectOption("Royal Mail");
  await card.getByLabel("Tracking number").fill("AB 123 456 785 GB");
  await card.getByRole("button", { name: "Mark shipped" }).click();
  await expectToast(page, "Order Shipped");
  expect(orderRow(order.id)).toMatchObject({ status: "shipped", carrier: "Royal Mail", trackingNumber: "AB 123 456 785 GB" });
  const link = "https://www.royalmail.com/track-your-item#/tracking-results/AB123456785GB";
  expect(latestEmail(order.winnerEmail)?.text).toContain(`Track your parcel on Royal Mail (${link})`);

  await page.goto(claimPath);
  const status = page.getByTestId("claim-order-status");
  await expect(status).toContainText("Shipped");
  await expect(page.getByText("Your prize is on its way.")).toBeVisible();
  await expect(page.getByText(/being prepared/)).toHaveCount(0);
  await expect(page.getByTestId("claim-carrier")).toHaveText("Royal Mail");
  await expect(page.getByTestId("claim-tracking-number")).toHaveText("AB 123 456 785 GB");
  await expect(page.getByRole("link", { name: /Track your parcel on Royal Mail/ })).toHaveAttribute("href", link);

  // Delivered, marked by the admin: the claim page follows.
  await page.goto("/admin/orders?status=shipped");
  await page.locator(`[data-order-id="${order.id}"]`).getByRole("button", { name: "Mark delivered" }).click();
  await expectToast(page, "Order Updated", "Marked as delivered.");
  await page.goto(claimPath);
  await expect(status).toContainText("Delivered");
  await expect(page.getByText("Your prize has been delivered.")).toBeVisible();
});

test("an ended giveaway's page shows the prize timeline, linked to the draw, with no personal details", async ({ page }) => {
  const campaign = insertCampaign({ status: "completed", ...pastDates() });
  const winner = insertEntry(campaign.id, uniqueEmail("winner"));
  updateCampaign(campaign.id, { winnerEntryId: winner.id, winnerEmail: winner.email, claimDeadline: new Date(Date.now() + 14 * DAY) });
  insertDraw(campaign.id, [{ rank: 1, entryId: winner.id, ticket: "0", counter: 0 }], new Date(Date.now() - 2 * DAY));
  insertOrder(campaign.id, {
    winnerEmail: winner.email,
    entryId: winner.id,
    status: "shipped",
    shipName: "Margaret Hamilton",
    shipLine1: "9 Apollo Lane",
    submittedAt: new Date(Date.now() - DAY),
    shippedAt: new Date(Date.now() - 3600_000),
    carrier: "UPS",
    trackingNumber: "1Z999AA10123456784",
  });

  await page.goto(`/campaign/${campaign.id}`);
  const timeline = page.getByRole("region", { name: "Prize delivery" });
  await expect(timeline).toBeVisible();
  const steps = timeline.getByRole("list").getByRole("listitem");
  await expect(steps).toHaveCount(5);
  await expect(steps.nth(0)).toContainText(/Winner drawn: \d+ \w+ \d{4}/);
  await expect(steps.nth(1)).toContainText(/Claimed by the winner: \d+ \w+ \d{4}/);
  await expect(steps.nth(2)).toContainText(/In production: \d+ \w+ \d{4}/);
  await expect(steps.nth(3)).toContainText(/Shipped: \d+ \w+ \d{4}/);
  await expect(steps.nth(4)).toHaveText("Delivered: not yet");
  for (const personal of [winner.email, "Margaret Hamilton", "9 Apollo Lane", "1Z999AA10123456784"])
    await expect(page.getByText(personal)).toHaveCount(0);

  await timeline.getByRole("link", { name: "Winner drawn" }).click();
  await expect(page).toHaveURL(new RegExp(`/campaign/${campaign.id}/draw$`));
});
