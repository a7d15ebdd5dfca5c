import { expect, test } from "@playwright/test";
import { seriousViolations, chooseTheme } from "./axe";
import { insertCampaign, insertDraw, insertEntry, insertOrder, pastDates, signedClaimToken, updateCampaign } from "./campaigns";
import { uniqueEmail } from "./support";

// axe-core on the public prize timeline and on a shipped prize's claim page (decision 052), light and dark.
// In its own file because axe runs in the page: the no-js project skips *a11y.spec.ts.

const DAY = 24 * 60 * 60 * 1000;

test.use({ viewport: { width: 360, height: 740 } });

for (const theme of ["light", "dark"] as const) {
  test(`no serious accessibility violation on the prize timeline and the shipped claim page, ${theme} theme`, async ({ page }) => {
    await chooseTheme(page, theme);
    const campaign = insertCampaign({ status: "completed", ...pastDates() });
    const winner = insertEntry(campaign.id, uniqueEmail("winner"));
    const deadline = new Date(Date.now() + 14 * DAY);
    updateCampaign(campaign.id, {
      winnerEntryId: winner.id,
      winnerEmail: winner.email,
      claimDeadline: deadline,
      winnersNotifiedAt: new Date(),
    });
    insertDraw(campaign.id, [{ rank: 1, entryId: winner.id, ticket: "0", counter: 0 }], new Date(Date.now() - 2 * DAY));
    insertOrder(campaign.id, {
      winnerEmail: winner.email,
      entryId: winner.id,
      status: "shipped",
      shippedAt: new Date(Date.now() - 3600_000),
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
      trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    });

    await page.goto(`/campaign/${campaign.id}`);
    await expect(page.getByRole("region", { name: "Prize delivery" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const token = await signedClaimToken({ campaignId: campaign.id, rank: 1, entryId: winner.id, deadline });
    await page.goto(`/claim/${token}`);
    await expect(page.getByTestId("claim-tracking-link")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
