import { expect, test, type Page } from "@playwright/test";
import { openPage, violationsInEachTheme } from "./axe";
import { insertCampaign, insertDraw, insertEntry, pastDates, updateCampaign } from "./campaigns";
import { confirmFromEmail, latestEmail, uniqueEmail } from "./support";

// axe-core on every public page, light and dark: no serious or critical violation.

const STATIC_PAGES = [
  "/",
  "/start",
  "/home",
  "/go",
  "/pricing",
  "/how-it-works",
  "/giveaways",
  "/about",
  "/contact",
  "/terms",
  "/privacy",
  "/privacy/my-data",
  "/login",
];

/** The data page an entrant's first email links to (decision 054). */
async function dataPagePath(page: Page): Promise<string> {
  const { email } = await enterCampaign(page);
  const link = /https?:\/\/\S+\/privacy\/my-data\/[A-Za-z0-9_-]+/.exec(latestEmail(email)?.text ?? "")?.[0];
  expect(link).toBeTruthy();
  return new URL(link!).pathname;
}

/** Enters a new campaign (with an entrant coupon) through its form; the entry then waits for confirmation. */
async function enterCampaign(page: Page): Promise<{ id: string; email: string }> {
  const { id } = insertCampaign({ giveCouponToEntrants: true, entrantCouponCode: "A11Y10", entrantCouponDescription: "10% off" });
  const email = uniqueEmail("a11y");
  await page.goto(`/campaign/${id}`);
  await page.getByRole("main").getByLabel("Email").fill(email);
  await page
    .getByRole("main")
    .getByLabel(/I am 18 or older/)
    .check();
  await page.getByRole("main").getByRole("button", { name: "Enter Now" }).click();
  await expect(page.getByRole("main").getByRole("heading", { name: "Check your email to confirm your entry" })).toBeVisible();
  return { id, email };
}

/** Campaign pages in each of their states; each returns the path to check. */
const CAMPAIGN_PAGES: Record<string, (page: Page) => Promise<string>> = {
  "campaign: entry form": async () => `/campaign/${insertCampaign().id}`,
  "campaign: waiting for confirmation": async (page) => `/campaign/${(await enterCampaign(page)).id}`,
  "campaign: confirm page": async (page) => {
    const { email } = await enterCampaign(page);
    const link = /https?:\/\/\S+\/confirm\/[a-z0-9]+-[0-9a-f]+/.exec(latestEmail(email)?.text ?? "")?.[0];
    expect(link).toBeTruthy();
    return new URL(link!).pathname;
  },
  "campaign: entered": async (page) => {
    const { id, email } = await enterCampaign(page);
    await confirmFromEmail(page, email);
    return `/campaign/${id}`;
  },
  "campaign: winner": async () =>
    `/campaign/${insertCampaign({ ...pastDates(), status: "completed", winnerEmail: "a11y.winner@example.com", winnerPublic: true }).id}`,
  "campaign: ended": async () => `/campaign/${insertCampaign(pastDates()).id}`,
  "campaign: full": async () => `/campaign/${insertCampaign({ entryLimit: 1, entryCount: 1 }).id}`,
  "campaign: not found": async () => "/campaign/doesnotexist123456",
  "campaign: official rules": async () => `/campaign/${insertCampaign().id}/rules`,
  "campaign: draw page before the end": async () => `/campaign/${insertCampaign().id}/draw`,
  "campaign: winners list before the draw": async () => `/campaign/${insertCampaign().id}/winners`,
  "campaign: winners list": async () => {
    const { id } = insertCampaign({ ...pastDates(), status: "completed", rulesVersion: 2 });
    const winner = insertEntry(id, uniqueEmail("a11y-winner"));
    updateCampaign(id, { winnerEntryId: winner.id, winnerEmail: winner.email });
    insertDraw(id, [{ rank: 1, entryId: winner.id, ticket: "0", counter: 0 }]);
    return `/campaign/${id}/winners`;
  },
  "entrant data: the data page": dataPagePath,
  "entrant data: erase confirm": async (page) => `${await dataPagePath(page)}/erase`,
};

// Each page is set up once and checked in both themes (violationsInEachTheme): half the set-ups.
test.describe.configure({ timeout: 60_000 });

for (const path of STATIC_PAGES) {
  test(`${path} has no serious accessibility violation, light or dark`, async ({ page }) => {
    expect(await violationsInEachTheme(page, () => openPage(page, path))).toEqual({ light: [], dark: [] });
  });
}
for (const [name, open] of Object.entries(CAMPAIGN_PAGES)) {
  test(`${name} has no serious accessibility violation, light or dark`, async ({ page }) => {
    const path = await open(page);
    const status = name === "campaign: not found" ? 404 : 200;
    expect(await violationsInEachTheme(page, () => openPage(page, path, status))).toEqual({ light: [], dark: [] });
  });
}
