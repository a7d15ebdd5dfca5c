import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { E2E_DATABASE } from "../../playwright.config";
import { insertCampaign, insertEntryWith, userIdByEmail } from "./campaigns";
import { expectToast, signIn, uniqueEmail } from "./support";

const MINUTE = 60 * 1000;

function entryState(campaignId: string): { entryCount: number; disqualified: { email: string; reason: string; note: string | null }[] } {
  const db = new Database(E2E_DATABASE, { readonly: true });
  try {
    const { entryCount } = db.prepare(`SELECT "entryCount" FROM "Campaign" WHERE id = ?`).get(campaignId) as { entryCount: number };
    const disqualified = db
      .prepare(
        `SELECT email, "disqualifyReason" AS reason, "disqualifyNote" AS note FROM "Entry"
         WHERE "campaignId" = ? AND "disqualifiedAt" IS NOT NULL ORDER BY email`,
      )
      .all(campaignId) as { email: string; reason: string; note: string | null }[];
    return { entryCount, disqualified };
  } finally {
    db.close();
  }
}

test("a creator reviews flagged entries and disqualifies the selected ones", async ({ page }) => {
  const creator = uniqueEmail("fraud-creator");
  await signIn(page, creator);
  const campaign = insertCampaign({ creatorId: userIdByEmail(creator), entryCount: 6 });
  const start = Date.now() - 3 * 60 * MINUTE;
  const entries = ["amber", "basil", "cedar", "dune", "ember", "fjord"].map((name, i) =>
    insertEntryWith(campaign.id, `${name}@fans.test`, {
      createdAt: new Date(start + i * 7 * MINUTE),
      confirmedAt: new Date(start + i * 7 * MINUTE),
      ip: "203.0.113.9",
      ipNetwork: "203.0.113.0/24",
    }),
  );

  await page.goto(`/dashboard/campaigns/${campaign.id}/analytics`);
  const review = page.getByTestId("fraud-review");
  await expect(review.getByRole("heading", { name: "Entries to review" })).toBeVisible();
  await expect(review.getByTestId("review-patterns")).toContainText("6 entries from network 203.0.113.0/24 within 35 minutes");
  await expect(review.getByTestId("review-entries").locator("li[data-entry-id]")).toHaveCount(6);

  // Without a reason nothing changes, and the form says why.
  await review.getByLabel(entries[0]!.email).check();
  await review.getByRole("button", { name: "Disqualify selected" }).click();
  await expect(page.getByText("Choose why the entries are disqualified.").first()).toBeVisible();
  expect(entryState(campaign.id).disqualified).toEqual([]);

  await review.getByLabel(entries[0]!.email).check();
  await review.getByLabel(entries[1]!.email).check();
  await review.getByLabel("Reason for disqualifying").selectOption("fake");
  await review.getByLabel(/Private note/).fill("Two of the same person");
  await review.getByRole("button", { name: "Disqualify selected" }).click();
  await expectToast(page, "Entries disqualified", "2 entries are out of the draw.");

  const row = page.getByTestId("review-entries").locator(`li[data-entry-id="${entries[0]!.id}"]`);
  await expect(row).toContainText("Disqualified: Fake");
  await expect(row).toContainText("Your note: Two of the same person");
  expect(entryState(campaign.id)).toEqual({
    entryCount: 4,
    disqualified: [
      { email: "amber@fans.test", reason: "fake", note: "Two of the same person" },
      { email: "basil@fans.test", reason: "fake", note: "Two of the same person" },
    ],
  });

  // One entry's own Restore button brings it back.
  await row.getByRole("button", { name: `Restore ${entries[0]!.email}` }).click();
  await expectToast(page, "Entry restored", "1 entry is back in the giveaway.");
  expect(entryState(campaign.id).entryCount).toBe(5);
});
