import { expect, test, type Locator, type Page } from "@playwright/test";
import { LONG_TITLE, brandCampaign, expectInFirstScreen } from "./brand-campaign";
import { uniqueEmail } from "./support";

// The brand's campaign page (decision 043) on a phone: everything needed to enter is on the
// first screen, a refusal lands at its errors, the brand's frame replaces the site's.

const VIEWPORT = { width: 360, height: 740 };
test.use({ viewport: VIEWPORT });

/** Inside the viewport as it is now (after any scrolling the page did). */
async function expectInViewport(page: Page, locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  const scrollY = await page.evaluate(() => window.scrollY);
  expect(scrollY, "the page scrolled to the form").toBeGreaterThan(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(VIEWPORT.height);
}

test("a phone's first screen holds the title, the prize, the countdown and the whole entry form", async ({ page }) => {
  const { id } = brandCampaign();
  await page.goto(`/campaign/${id}`);
  const main = page.getByRole("main");
  await expect(main.getByTestId("cover-image")).toBeVisible();
  await expectInFirstScreen(main.getByRole("heading", { level: 1, name: LONG_TITLE }));
  await expectInFirstScreen(main.getByTestId("prize-thumbnail"));
  await expectInFirstScreen(main.getByRole("region", { name: "Time left to enter" }));
  await expectInFirstScreen(main.getByLabel("Email"));
  // The optional phone number and its SMS consent line, behind their disclosure (decision 094).
  await expectInFirstScreen(main.getByText("Get a text if you win (optional)"));
  await expectInFirstScreen(main.getByLabel(/I am 18 or older/));
  await expectInFirstScreen(main.getByRole("button", { name: "Enter Now" }));
});

test("a refused entry comes back scrolled to the form, its errors summarised at the top", async ({ page, javaScriptEnabled }) => {
  const { id } = brandCampaign();
  await page.goto(`/campaign/${id}`);
  const main = page.getByRole("main");
  if (javaScriptEnabled) {
    // The page's script keeps the button off until the terms are ticked; the server still refuses a throwaway inbox.
    await main.getByLabel("Email").fill("someone@mailinator.com");
    await main.getByLabel(/I am 18 or older/).check();
  } else {
    await main.getByLabel("Email").fill(uniqueEmail("brand-refused"));
  }
  await main.getByRole("button", { name: "Enter Now" }).click();
  await page.waitForURL(/#enter$/);
  const summary = main.getByRole("alert").filter({ has: page.getByRole("heading", { name: "There is a problem" }) });
  await expectInViewport(page, summary);
  const link = summary.getByRole("link");
  await expect(link).toHaveText(
    javaScriptEnabled ? "Please use a permanent email address." : "You must agree to the terms and conditions.",
  );
  await expect(link).toHaveAttribute("href", javaScriptEnabled ? "#entry-email" : "#entry-terms");
  await expectInViewport(page, main.getByRole("button", { name: "Enter Now" }));
});

test("the optional phone number opens from its disclosure, says what it brings, and a bad one comes back open with its error", async ({
  page,
}) => {
  const { id } = brandCampaign();
  await page.goto(`/campaign/${id}`);
  const main = page.getByRole("main");
  await expect(main.getByLabel(/Phone for SMS/)).toBeHidden();
  await main.getByText("Get a text if you win (optional)").click();
  const phone = main.getByLabel(/Phone for SMS/);
  await expect(phone).toBeVisible();
  await expect(main.getByText(/we text you the winner notice and one reminder before your claim deadline/)).toBeVisible();
  await expect(main.getByText(/Giving a number never changes your chances\./)).toBeVisible();
  await main.getByLabel("Email").fill(uniqueEmail("brand-phone"));
  await phone.fill("12345");
  await main.getByLabel(/I am 18 or older/).check();
  await main.getByRole("button", { name: "Enter Now" }).click();
  await page.waitForURL(/#enter$/);
  const summary = main.getByRole("alert").filter({ has: page.getByRole("heading", { name: "There is a problem" }) });
  await expect(summary.getByRole("link")).toHaveText("Please enter a valid phone number.");
  await expect(summary.getByRole("link")).toHaveAttribute("href", "#entry-phone");
  await expect(main.getByLabel(/Phone for SMS/)).toHaveValue("12345");
});

test("an accepted entry lands at the card that says what happens next", async ({ page }) => {
  const { id } = brandCampaign();
  await page.goto(`/campaign/${id}`);
  const main = page.getByRole("main");
  await main.getByLabel("Email").fill(uniqueEmail("brand-entered"));
  await main.getByLabel(/I am 18 or older/).check();
  await main.getByRole("button", { name: "Enter Now" }).click();
  await page.waitForURL(/#enter$/);
  await expectInViewport(page, main.getByRole("heading", { name: "Check your email to confirm your entry" }));
});

test("the brand's profiles are links, and the page keeps its legal links", async ({ page }) => {
  const { id } = brandCampaign({ planId: "starter_tee" });
  await page.goto(`/campaign/${id}`);
  const main = page.getByRole("main");
  await expect(main.getByRole("img", { name: "Pixel & Pine logo" })).toBeVisible();
  const profiles = [
    ["Pixel & Pine on Instagram (@pixelandpine)", "https://www.instagram.com/pixelandpine"],
    ["Pixel & Pine on X (@pixel_pine)", "https://x.com/pixel_pine"],
    ["Pixel & Pine on TikTok (@pixel.pine)", "https://www.tiktok.com/@pixel.pine"],
  ] as const;
  for (const [name, href] of profiles) {
    const link = main.getByRole("link", { name });
    await expect(link).toHaveAttribute("href", href);
    await expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow ugc");
  }
  // No site navigation: the brand's frame.
  await expect(page.getByRole("link", { name: "Pricing" })).toHaveCount(0);
  await expect(main.getByTestId("powered-by")).toHaveText("Powered by Giveawear");
  const legal = main.getByRole("navigation", { name: "Legal" });
  for (const name of ["Official rules", "Terms", "Privacy"]) await expect(legal.getByRole("link", { name })).toBeVisible();
});

test("custom branding with the choice made drops only the Powered by line", async ({ page }) => {
  const { id } = brandCampaign({ customBranding: true, hideGiveawearBranding: true });
  await page.goto(`/campaign/${id}`);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(main.getByText("Powered by")).toHaveCount(0);
  const legal = main.getByRole("navigation", { name: "Legal" });
  for (const name of ["Official rules", "Terms", "Privacy"]) await expect(legal.getByRole("link", { name })).toBeVisible();

  // The choice without the plan's custom branding changes nothing.
  const { id: basic } = brandCampaign({ customBranding: false, hideGiveawearBranding: true });
  await page.goto(`/campaign/${basic}`);
  await expect(page.getByRole("main").getByTestId("powered-by")).toBeVisible();
});

test("the colour switcher shows one colour at a time, without JavaScript too", async ({ page }) => {
  const { id } = brandCampaign();
  await page.goto(`/campaign/${id}`);
  const main = page.getByRole("main");
  const colours = main.getByRole("group", { name: "Colour" });
  await expect(colours.getByRole("radio", { name: "White" })).toBeChecked();
  await expect(main.getByRole("img", { name: /in White$/ })).toBeVisible();
  await expect(main.getByRole("img", { name: /in Black$/ })).toBeHidden();
  await colours.getByText("Black").click();
  await expect(main.getByRole("img", { name: /in Black$/ })).toBeVisible();
  await expect(main.getByRole("img", { name: /in White$/ })).toBeHidden();
});

test("a full giveaway says so, with no countdown and no bonus-entry promise", async ({ page }) => {
  const { id } = brandCampaign({ entryLimit: 5, entryCount: 5 });
  await page.goto(`/campaign/${id}`);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "This giveaway is full" })).toBeVisible();
  await expect(main.getByRole("region", { name: "Time left to enter" })).toHaveCount(0);
  await expect(main.getByRole("button", { name: "Enter Now" })).toHaveCount(0);
  await expect(main.getByText(/bonus entries/)).toHaveCount(0);
});

test("the share card is the page's Open Graph and Twitter image", async ({ page }) => {
  const { id } = brandCampaign();
  await page.goto(`/campaign/${id}`);
  const image = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(image).toMatch(new RegExp(`^http://localhost:\\d+/campaign/${id}/card\\.png\\?v=\\d+$`));
  await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute("content", "1200");
  await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute("content", "630");
  await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute("content", image!);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
});
