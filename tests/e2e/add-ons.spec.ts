import { readFile } from "node:fs/promises";
import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { E2E_DATABASE } from "../../playwright.config";
import { pdfText } from "../helpers/pdf";
import { seriousViolations } from "./axe";
import { insertCampaign, insertEntryWith, userIdByEmail } from "./campaigns";
import { expectToast, signIn, uniqueEmail } from "./support";

// Add-ons (decision 068): the Featured Listing Boost bought from the success page and paid in the
// built-in TEST MODE checkout, then "Featured" at the top of the home page and Browse Giveaways for
// every visitor; the Advanced Analytics Report bought on the add-ons page and downloaded as a PDF.
// With JavaScript on and off.

const main = (page: Page) => page.getByRole("main");

/** Ends this campaign's featured week now, so the band other specs see is as they left it. */
function endFeature(campaignId: string): void {
  const db = new Database(E2E_DATABASE);
  try {
    db.prepare(`UPDATE "AddOnPurchase" SET "featuredUntil" = ? WHERE "campaignId" = ?`).run(
      new Date(Date.now() - 1000).toISOString().replace("Z", "+00:00"),
      campaignId,
    );
  } finally {
    db.close();
  }
}

test("a creator features a giveaway from the success page, pays in the test checkout, and every visitor sees it Featured on top", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  // Sign-in, the checkout's pages and a second visitor's browser: a long journey, as payments.spec's.
  test.slow();
  const creator = uniqueEmail("boost");
  await signIn(page, creator);
  const campaign = insertCampaign({ creatorId: userIdByEmail(creator), launchedAt: new Date() });
  test.info().attach("campaign", { body: campaign.id });

  await page.goto(`/campaign-success/${campaign.id}?free_campaign=true`);
  const addOns = main(page).getByRole("region", { name: "Boost your giveaway" });
  await expect(addOns).not.toContainText("$49");
  await expect(addOns.getByTestId("success-addon-coming-soon")).toContainText("Coming soon");
  await expect(addOns.getByRole("button", { name: "Buy report for $19.00" })).toBeVisible();
  await addOns.getByRole("button", { name: "Feature it for $29.00" }).click();

  await expect(page).toHaveURL(/\/checkout\/test\/test_cs_[0-9a-f]+$/);
  await expect(page.getByText("TEST MODE", { exact: true })).toBeVisible();
  await expect(main(page).getByRole("heading", { name: "Buy Featured Listing Boost" })).toBeVisible();
  await main(page).getByRole("button", { name: "Pay $29.00" }).click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/addons\\?campaignId=${campaign.id}$`));
  await expectToast(
    page,
    "Featured Listing Boost active",
    `"${campaign.title}" is featured at the top of the home page and Browse Giveaways until`,
  );
  await expect(main(page).getByTestId("featured-now")).toContainText(campaign.title);

  try {
    // A visitor, signed out, in a browser of their own.
    const visitor = await (await browser.newContext({ javaScriptEnabled })).newPage();
    for (const path of ["/home", "/", "/giveaways"]) {
      await visitor.goto(path);
      const band = main(visitor).getByRole("region", { name: "Featured giveaways" });
      const card = band.getByRole("listitem").filter({ hasText: campaign.title });
      await expect(card.getByTestId("featured-badge"), path).toHaveText("Featured");
      await expect(card.getByRole("link", { name: campaign.title })).toHaveAttribute("href", `/campaign/${campaign.id}`);
      // At the top: above the page's own content (the features on the landing pages, the search on Browse).
      const below = {
        "/home": main(visitor).getByRole("heading", { name: "Everything Your Giveaway Needs" }),
        "/": main(visitor).getByRole("heading", { name: "Design in minutes" }),
        "/giveaways": main(visitor).getByRole("search"),
      }[path]!;
      const [bandBox, belowBox] = [await band.boundingBox(), await below.boundingBox()];
      expect(bandBox!.y, path).toBeLessThan(belowBox!.y);
    }
    // The band and its badge pass axe-core (with JavaScript; the a11y specs run in that project only).
    if (javaScriptEnabled) expect(await seriousViolations(visitor)).toEqual([]);
    // The card leads to the giveaway.
    await main(visitor).getByRole("region", { name: "Featured giveaways" }).getByRole("link", { name: campaign.title }).click();
    await expect(visitor).toHaveURL(new RegExp(`/campaign/${campaign.id}$`));
  } finally {
    endFeature(campaign.id);
  }
});

test("a creator buys the Advanced Analytics Report on the add-ons page and downloads it as a PDF", async ({ page }) => {
  const creator = uniqueEmail("report");
  await signIn(page, creator);
  const campaign = insertCampaign({ creatorId: userIdByEmail(creator), launchedAt: new Date(), brandName: "Report Brand", entryCount: 3 });
  for (const name of ["ann", "ben", "cy"]) insertEntryWith(campaign.id, `${name}-${campaign.id}@report.example`);

  await page.goto("/my-campaigns");
  await main(page).getByRole("link", { name: "Add-ons", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/addons$/);
  await expect(main(page).getByRole("heading", { level: 1, name: "Add-ons" })).toBeVisible();
  await expect(main(page).getByTestId("addon-coming-soon")).toContainText("Coming soon");
  await expect(main(page)).not.toContainText("$49");

  const report = main(page).getByTestId("addon-analytics_report");
  await expect(report.getByTestId("addon-price")).toHaveText("$19.00");
  await report.getByLabel("Giveaway to report on").selectOption({ label: campaign.title });
  await report.getByRole("button", { name: "Buy report for $19.00" }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/test_cs_[0-9a-f]+$/);
  await expect(page.getByText("TEST MODE", { exact: true })).toBeVisible();
  await main(page).getByRole("button", { name: "Pay $19.00" }).click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/addons\\?campaignId=${campaign.id}$`));
  await expectToast(page, "Report ready", `Download the Advanced Analytics Report for "${campaign.title}" below.`);
  const reports = main(page).getByTestId("reports");
  await expect(reports).toContainText(campaign.title);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    reports.getByRole("link", { name: "Download report (PDF)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^e2e-giveaway-[0-9a-f]+-analytics-report\.pdf$/);
  const { doc, text } = await pdfText(new Uint8Array(await readFile((await download.path())!)));
  expect(doc.getTitle()).toBe(`${campaign.title} - Advanced Analytics Report`);
  expect(text).toContain(campaign.title);
  expect(text).toContain("by Report Brand");
  expect(text).toMatch(/\n3\nCounted entries\n3\nDirect entries\n0\nReferral entries/);
  expect(text).toContain("1\nreport.example\n3\n100%");
});
