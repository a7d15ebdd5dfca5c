import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { campaignExists, insertAiDesign, insertCampaign, insertEntry, insertEntryWith, pastDates, userIdByEmail } from "./campaigns";
import { expectToast, signIn, uniqueEmail } from "./support";

const DAY = 24 * 60 * 60 * 1000;

function main(page: Page) {
  return page.getByRole("main");
}

function campaignItem(page: Page, title: string) {
  return main(page)
    .getByTestId("campaign-item")
    .filter({ has: page.getByRole("heading", { name: title }) });
}

async function signedInCreator(page: Page): Promise<{ email: string; userId: string }> {
  const email = uniqueEmail("creator");
  await signIn(page, email);
  return { email, userId: userIdByEmail(email) };
}

test("a creator moves between tabs and views by URL, and the view is remembered", async ({ page }) => {
  const { userId } = await signedInCreator(page);
  const live = insertCampaign({ creatorId: userId, title: `Live Tee ${userId.slice(-4)}`, entryCount: 12 });
  const draft = insertCampaign({ creatorId: userId, title: `Draft Tee ${userId.slice(-4)}`, status: "draft" });
  const ended = insertCampaign({ creatorId: userId, title: `Ended Tee ${userId.slice(-4)}`, entryCount: 3, ...pastDates() });
  // Its 3 counted entries exist too, so the server's job can freeze its list as it would a real one's.
  for (const n of [1, 2, 3]) insertEntry(ended.id, `ended-${n}-${userId.slice(-4)}@e2e.test`);

  await page.goto("/my-campaigns");
  await expect(main(page).getByRole("heading", { level: 1 })).toContainText("Welcome back");
  const stats = main(page).getByTestId("dashboard-stats");
  await expect(stats).toContainText("Campaigns3");
  await expect(stats).toContainText("Active1");
  await expect(stats).toContainText("Total entries15");
  for (const c of [live, draft, ended]) await expect(campaignItem(page, c.title)).toBeVisible();
  await expect(campaignItem(page, live.title).getByTestId("campaign-status")).toHaveText("Active");
  await expect(campaignItem(page, draft.title).getByTestId("campaign-status")).toHaveText("Draft");
  await expect(campaignItem(page, ended.title).getByTestId("campaign-status")).toHaveText("Completed");
  // Every card has View; before launch it is the creator's preview of the page.
  await expect(campaignItem(page, live.title).getByRole("link", { name: `View ${live.title}` })).toHaveAttribute(
    "href",
    `/campaign/${live.id}`,
  );
  await expect(campaignItem(page, draft.title).getByRole("link", { name: `Preview ${draft.title}` })).toHaveAttribute(
    "href",
    `/campaign/${draft.id}`,
  );

  const tabs = main(page).getByRole("navigation", { name: "Campaign status" });
  await tabs.getByRole("link", { name: /^Draft/ }).click();
  await expect(page).toHaveURL(/\/my-campaigns\?tab=draft&view=grid$/);
  await expect(campaignItem(page, draft.title)).toBeVisible();
  await expect(campaignItem(page, draft.title).getByRole("link", { name: `Edit ${draft.title}` })).toHaveAttribute(
    "href",
    `/create-campaign-v2?campaignId=${draft.id}`,
  );
  await expect(campaignItem(page, live.title)).toHaveCount(0);

  await tabs.getByRole("link", { name: /^Completed/ }).click();
  await expect(page).toHaveURL(/tab=completed/);
  await expect(campaignItem(page, ended.title)).toBeVisible();
  await expect(campaignItem(page, draft.title)).toHaveCount(0);

  await main(page).getByRole("navigation", { name: "Layout" }).getByRole("link", { name: "List view" }).click();
  await expect(page).toHaveURL(/tab=completed&view=list$/);
  await expect(main(page).locator('[data-view="list"]')).toBeVisible();

  // No ?view= now: the last choice comes back from its cookie.
  await page.goto("/my-campaigns?tab=active");
  await expect(main(page).locator('[data-view="list"]')).toBeVisible();
  await expect(campaignItem(page, live.title)).toBeVisible();
  await expect(campaignItem(page, live.title).getByRole("link", { name: `Stats for ${live.title}` })).toHaveAttribute(
    "href",
    `/dashboard/campaigns/${live.id}/analytics`,
  );
  // A live campaign's presentation can be edited (decision 048), and Copy starts a new one from it.
  await expect(campaignItem(page, live.title).getByRole("link", { name: `Edit ${live.title}` })).toHaveAttribute(
    "href",
    `/create-campaign-v2?campaignId=${live.id}`,
  );
  await expect(campaignItem(page, live.title).getByRole("link", { name: `Copy ${live.title}` })).toHaveAttribute(
    "href",
    `/create-campaign-v2?duplicateId=${live.id}`,
  );
  await expect(main(page).getByRole("link", { name: "AI Designer" })).toHaveAttribute("href", "/create-campaign-v2?step=3&mode=ai");
});

test("a creator deletes a draft after confirming; a live campaign cannot be deleted", async ({ page }) => {
  const { userId } = await signedInCreator(page);
  const draft = insertCampaign({ creatorId: userId, title: `Doomed Draft ${userId.slice(-4)}`, status: "draft" });
  const live = insertCampaign({ creatorId: userId, title: `Keeper Tee ${userId.slice(-4)}` });

  await page.goto("/my-campaigns?tab=all&view=grid");
  const liveItem = campaignItem(page, live.title);
  await liveItem.getByText("Delete", { exact: true }).click();
  await expect(liveItem.getByText("Live and ended giveaways can't be deleted")).toBeVisible();
  await expect(liveItem.getByRole("button", { name: "Yes, delete campaign" })).toHaveCount(0);

  const draftItem = campaignItem(page, draft.title);
  const confirm = draftItem.getByRole("button", { name: "Yes, delete campaign" });
  await expect(confirm).toBeHidden();
  await draftItem.getByText("Delete", { exact: true }).click();
  await expect(confirm).toBeVisible();
  await confirm.click();

  await expectToast(page, "Campaign Deleted");
  await expect(page).toHaveURL(/\/my-campaigns\?tab=all&view=grid$/);
  await expect(campaignItem(page, draft.title)).toHaveCount(0);
  await expect(campaignItem(page, live.title)).toBeVisible();
  expect(campaignExists(draft.id)).toBe(false);
  expect(campaignExists(live.id)).toBe(true);
});

test("a creator reads a campaign's analytics, its charts' data and downloads the entries", async ({ page }) => {
  const { userId } = await signedInCreator(page);
  const today = new Date(new Date().toISOString().slice(0, 10) + "T00:00:00Z");
  const start = new Date(today.getTime() - DAY);
  const campaign = insertCampaign({
    creatorId: userId,
    title: `Stats Tee ${userId.slice(-4)}`,
    startDate: start,
    endDate: new Date(start.getTime() + 7 * DAY),
    pageViews: 20,
    entryCount: 4,
  });
  const first = insertEntryWith(campaign.id, "ann@gmail.com", {
    createdAt: new Date(start.getTime() + 9 * 3600 * 1000),
    phoneNumber: "+1 555 0100",
    marketingConsent: true,
  });
  insertEntryWith(campaign.id, "bob@yahoo.com", { createdAt: new Date(start.getTime() + 10 * 3600 * 1000) });
  insertEntryWith(campaign.id, "cat@gmail.com", { createdAt: new Date(start.getTime() + 11 * 3600 * 1000) });
  insertEntryWith(campaign.id, "dan@gmail.com", {
    createdAt: new Date(today.getTime() + 60 * 1000),
    referrerId: first.id,
    referralCredited: true,
  });

  await page.goto("/my-campaigns");
  await campaignItem(page, campaign.title)
    .getByRole("link", { name: `Stats for ${campaign.title}` })
    .click();
  await expect(page).toHaveURL(`/dashboard/campaigns/${campaign.id}/analytics`);
  await expect(main(page).getByRole("heading", { level: 1 })).toHaveText(`${campaign.title} - Analytics`);
  await expect(main(page).getByTestId("total-entries")).toHaveText("4");
  await expect(main(page).getByTestId("entry-rate")).toHaveText("20%");
  await expect(main(page).getByTestId("referral-entries")).toHaveText("1");
  await expect(main(page).getByTestId("campaign-status")).toHaveText("Active");
  await expect(main(page).getByRole("link", { name: "Duplicate Campaign" })).toHaveAttribute(
    "href",
    `/create-campaign-v2?duplicateId=${campaign.id}`,
  );
  await expect(main(page).getByRole("img", { name: "Entries over time, by day (UTC)" })).toBeVisible();

  const overTime = main(page).getByRole("region", { name: "Entries Over Time" });
  await overTime.getByText("Data table").click();
  const days = overTime.getByRole("table");
  await expect(days.getByRole("row")).toHaveCount(3);
  const dayName = (date: Date) =>
    new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" }).format(date);
  await expect(days.getByRole("row", { name: dayName(start) })).toContainText("3");
  await expect(days.getByRole("row", { name: dayName(today) })).toContainText("1");

  const sources = main(page).getByRole("region", { name: "Entry Sources" });
  await sources.getByText("Data table").click();
  await expect(sources.getByRole("row", { name: "Referral" })).toContainText("1");
  await expect(sources.getByRole("row", { name: "Direct" })).toContainText("3");

  const domains = main(page).getByRole("region", { name: "Top Email Domains" });
  await domains.getByText("Data table").click();
  await expect(domains.getByRole("row", { name: "gmail.com" })).toContainText("3");
  await expect(domains.getByRole("row", { name: "yahoo.com" })).toContainText("1");

  await expect(main(page).getByTestId("fulfilment")).toContainText("Pending Selection");

  const downloading = page.waitForEvent("download");
  await main(page).getByRole("link", { name: "Export Entries (CSV)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^stats-tee-[a-z0-9]+-entries-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), "utf8").split("\r\n");
  expect(csv[0]).toBe(
    "entry_id,status,email,phone,entered_at,confirmed_at,referrals_credited,bonus_entries,weight,marketing_consent,consent_given_at,consent_wording_version,consent_withdrawn_at",
  );
  const entered = new Date(start.getTime() + 9 * 3600 * 1000).toISOString();
  expect(csv[1]).toBe(`${first.id},confirmed,ann@gmail.com,'+1 555 0100,${entered},${entered},1,0,1,yes,${entered},,`);
  // Without marketing consent, no contact details (decision 057).
  expect(csv[2]).toMatch(/^e[0-9a-f]+,confirmed,,,/);
  expect(csv.join("\n")).not.toContain("bob@yahoo.com");
  expect(csv).toHaveLength(6);
});

test("another creator's analytics send you back to your dashboard", async ({ page }) => {
  const stranger = insertCampaign({ title: "Not Yours Tee" });
  await signedInCreator(page);
  await page.goto(`/dashboard/campaigns/${stranger.id}/analytics`);
  await expect(page).toHaveURL("/my-campaigns");
  await expectToast(page, "Error", "Campaign not found or you don't have access.");
});

test("the tips card rotates every 7 s with JavaScript and stays put without it", async ({ page, javaScriptEnabled }) => {
  await signedInCreator(page);
  if (javaScriptEnabled) await page.clock.install();
  await page.goto("/my-campaigns");
  const tip = main(page).getByTestId("tip-text");
  // Which offer shows, as the card tells screen readers ("offer 2 of 5").
  const promo = main(page)
    .getByTestId("promo-card")
    .getByText(/^offer \d+ of \d+$/);
  if (javaScriptEnabled) {
    // Hydrated (the buttons only exist then). Pausing both lets the test fix when each clock
    // starts: from here the page's time moves only when told to.
    await main(page).getByRole("button", { name: "Pause tip" }).click();
    await main(page).getByRole("button", { name: "Pause offer" }).click();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5000);
    const firstTip = (await tip.textContent()) ?? "";
    const firstPromo = (await promo.textContent()) ?? "";
    await page.clock.runFor(10_000);
    await expect(tip).toHaveText(firstTip);
    await expect(promo).toHaveText(firstPromo);
    // Resumed at the same paused instant, with the pointer and focus moved away (both hold a card).
    await main(page).getByRole("button", { name: "Resume tip" }).click();
    await main(page).getByRole("button", { name: "Resume offer" }).click();
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(6900);
    await expect(tip).toHaveText(firstTip);
    await page.clock.runFor(200);
    await expect(tip).not.toHaveText(firstTip);
    // The promo has its own, slower clock (9 s).
    await expect(promo).toHaveText(firstPromo);
    await page.clock.runFor(2000);
    await expect(promo).not.toHaveText(firstPromo);
  } else {
    const firstTip = (await tip.textContent()) ?? "";
    expect(firstTip).not.toBe("");
    await expect(main(page).getByRole("button", { name: "Pause tip" })).toHaveCount(0);
    await page.reload();
    await expect(tip).toHaveText(firstTip);
  }
});

test("with many saved designs, the dashboard and the wizard's upload tab still fit a 360 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { userId } = await signedInCreator(page);
  for (let i = 0; i < 6; i++) insertAiDesign(userId);
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

  await page.goto("/my-campaigns");
  await expect(main(page).getByRole("list", { name: "Saved designs" }).getByRole("listitem")).toHaveCount(6);
  expect(await pageWidth()).toBeLessThanOrEqual(360);

  await page.goto("/create-campaign-v2?step=3&mode=upload");
  await expect(page.getByRole("heading", { name: "Step 3: T-Shirt Design" })).toBeVisible();
  await expect(main(page).getByRole("heading", { name: "Reuse a saved design" })).toBeVisible();
  expect(await pageWidth()).toBeLessThanOrEqual(360);
});
