import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { E2E_DATABASE } from "../../playwright.config";
import { insertCampaign, insertDraw, insertEntry, notifiedWinnerClaimPath, pastDates, signedClaimToken } from "./campaigns";
import { uniqueEmail } from "./support";

// Decision 105: a winner replaced by a redraw says, from their own claim link, that they did claim.

const DAY = 24 * 60 * 60 * 1000;
test.use({ viewport: { width: 360, height: 740 } });

function main(page: Page) {
  return page.getByRole("main");
}

/** A drawn giveaway whose first winner was replaced by a redraw (as the redraw records it), and the replaced winner's link. */
async function redrawnCampaign() {
  const campaign = insertCampaign({ status: "completed", ...pastDates() });
  const replaced = insertEntry(campaign.id, uniqueEmail("replaced"));
  const current = insertEntry(campaign.id, uniqueEmail("current"));
  const drawnAt = new Date(Date.now() - 16 * DAY);
  const firstDeadline = new Date(drawnAt.getTime() + 14 * DAY);
  const redrawnAt = new Date(firstDeadline.getTime() + 60_000);
  const newDeadline = new Date(redrawnAt.getTime() + 14 * DAY);
  insertDraw(
    campaign.id,
    [
      {
        rank: 1,
        entryId: replaced.id,
        ticket: "0",
        counter: 0,
        replaced: true,
        claimDeadline: firstDeadline.toISOString(),
        notifiedAt: new Date(drawnAt.getTime() + 60_000).toISOString(),
      },
      {
        rank: 1,
        entryId: current.id,
        ticket: "1",
        counter: 1,
        redrawnAt: redrawnAt.toISOString(),
        reason: "The winner did not claim the prize by the deadline.",
        claimDeadline: newDeadline.toISOString(),
      },
    ],
    drawnAt,
  );
  // The current winner holds the prize, notified (the job runner leaves it alone).
  await notifiedWinnerClaimPath(campaign.id, current, newDeadline);
  const path = `/claim/${await signedClaimToken({ campaignId: campaign.id, rank: 1, entryId: replaced.id, deadline: firstDeadline })}`;
  return { campaign, replaced, path };
}

function objectionRows(campaignId: string): { rank: number; entryId: string; message: string }[] {
  const db = new Database(E2E_DATABASE, { readonly: true });
  try {
    return db.prepare(`SELECT "rank", "entryId", "message" FROM "RedrawObjection" WHERE "campaignId" = ?`).all(campaignId) as {
      rank: number;
      entryId: string;
      message: string;
    }[];
  } finally {
    db.close();
  }
}

test("a replaced winner tells the organiser they did claim, from a phone, and sees it was sent", async ({ page }) => {
  const { campaign, replaced, path } = await redrawnCampaign();
  const response = await page.goto(path);
  expect(response?.status()).toBe(410);
  await expect(main(page).getByRole("heading", { name: "Prize redrawn" })).toBeVisible();
  await expect(main(page).getByRole("heading", { name: "Did you claim this prize in time?" })).toBeVisible();

  // Empty: what is missing (in the browser with JavaScript, from the server without); nothing is stored.
  await main(page).getByRole("button", { name: "I did claim this prize" }).click();
  await expect(main(page).getByText("Please tell the organiser briefly how and when you claimed the prize.")).toBeVisible();
  expect(objectionRows(campaign.id)).toEqual([]);

  const message = "I filled in the claim form on the second day and got no confirmation.";
  await main(page).getByLabel("Your message to the organiser").fill(message);
  await main(page).getByRole("button", { name: "I did claim this prize" }).click();
  await expect(main(page).getByText("You told the organiser on")).toBeVisible();
  await expect(main(page).getByRole("button", { name: "I did claim this prize" })).toHaveCount(0);
  expect(objectionRows(campaign.id)).toEqual([{ rank: 1, entryId: replaced.id, message }]);

  // Nothing on the page is wider than the phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
