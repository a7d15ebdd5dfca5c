import { expect, test, type Page } from "@playwright/test";
import { entryRows, insertCampaign, insertEntry, pastDates } from "./campaigns";
import { confirmFromEmail, expectToast, latestEmail, submitEntry, uniqueEmail } from "./support";

function main(page: Page) {
  return page.getByRole("main");
}

test("a visitor enters, shares the link, a friend enters through it and the first visitor earns 3 bonus entries", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  const campaign = insertCampaign({
    giveCouponToEntrants: true,
    entrantCouponCode: "THANKS15",
    entrantCouponDescription: "15% off your next order",
  });
  await page.goto(`/campaign/${campaign.id}`);
  await expect(main(page).getByRole("heading", { level: 1 })).toHaveText(campaign.title);
  await expect(main(page).getByTestId("entry-count")).toHaveText("0 entries so far");
  await expect(main(page).getByLabel(/Send me news and offers/)).not.toBeChecked();

  const first = uniqueEmail("sharer");
  await submitEntry(page, first);
  await expectToast(page, "Check your email to confirm your entry");
  // Pending: not counted yet.
  await expect(main(page).getByTestId("entry-count")).toHaveText("0 entries so far");
  await confirmFromEmail(page, first);
  await expectToast(page, "You're In!");
  await expect(main(page).getByText("THANKS15")).toBeVisible();
  await expect(main(page).getByTestId("entry-count")).toHaveText("1 entry so far");
  const link = await main(page).getByLabel("Your referral link").inputValue();
  expect(link).toMatch(new RegExp(`/campaign/${campaign.id}\\?ref=[a-z0-9]+$`));
  await expect(main(page).getByRole("link", { name: "Share via WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=/);
  await expect(main(page).getByRole("link", { name: "Share via X" })).toHaveAttribute(
    "href",
    new RegExp(encodeURIComponent(link).replace(/[.?]/g, "\\$&")),
  );
  await expect(main(page).getByRole("button", { name: "Copy" })).toBeVisible({ visible: javaScriptEnabled });
  expect(latestEmail(first)?.text).toContain(link);

  const friendContext = await browser.newContext({ javaScriptEnabled });
  const friend = await friendContext.newPage();
  // The link's page is the render every visitor without cookies shares (decision 067), whatever its ?ref=.
  const arrival = await friend.goto(link);
  expect(arrival?.headers()["x-page-cache"]).toMatch(/^(hit|miss)$/);
  const friendEmail = uniqueEmail("friend");
  await submitEntry(friend, friendEmail);
  // The bonus waits for the friend's confirmation.
  expect(entryRows(campaign.id).find((row) => row.email === first)?.bonusEntries).toBe(0);
  await confirmFromEmail(friend, friendEmail);
  await friendContext.close();

  expect(entryRows(campaign.id).find((row) => row.email === first)?.bonusEntries).toBe(3);
  await page.reload();
  await expect(main(page).getByTestId("your-entries")).toHaveText("4 entries");
});

test("a referral link still counts after its visitor switches the theme on the shared page", async ({ page }) => {
  const campaign = insertCampaign();
  const sharer = insertEntry(campaign.id, uniqueEmail("theme-sharer"));
  await page.goto(`/campaign/${campaign.id}?ref=${sharer.id}`);
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/campaign/${campaign.id}\\?ref=${sharer.id}$`));
  const email = uniqueEmail("theme-friend");
  await submitEntry(page, email);
  await expect(main(page).getByRole("heading", { name: "Check your email to confirm your entry" })).toBeVisible();
  expect(entryRows(campaign.id).find((row) => row.email === email)?.referrerId).toBe(sharer.id);
});

test("a referral link to the embeddable card is credited too", async ({ page }) => {
  const campaign = insertCampaign();
  const sharer = insertEntry(campaign.id, uniqueEmail("embed-sharer"));
  await page.goto(`/campaign/${campaign.id}/embed?ref=${sharer.id}`);
  const email = uniqueEmail("embed-friend");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel(/I am 18 or older/).check();
  await page.getByRole("button", { name: "Enter Now" }).click();
  await expect(page.getByTestId("embed-done")).toContainText("Check your email to confirm your entry");
  expect(entryRows(campaign.id).find((row) => row.email === email)?.referrerId).toBe(sharer.id);
});

test("entering again with the same email from another browser says Already Entered! without showing the entry", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  const campaign = insertCampaign();
  const email = uniqueEmail("twice");
  await page.goto(`/campaign/${campaign.id}`);
  await submitEntry(page, email);
  await confirmFromEmail(page, email);

  // Anyone can type an address: the other browser is told, neutrally, and shown nothing of the entry.
  const other = await browser.newContext({ javaScriptEnabled });
  const again = await other.newPage();
  await again.goto(`/campaign/${campaign.id}`);
  await submitEntry(again, email.toUpperCase());
  await expectToast(again, "Already Entered!", "Its confirmation email, with the entry's personal link, has been sent to that address");
  await expect(main(again).getByRole("heading", { name: "You're In!" })).toHaveCount(0);
  await expect(main(again).getByRole("button", { name: "Enter Now" })).toBeVisible();
  await other.close();
  expect(entryRows(campaign.id)).toHaveLength(1);

  // The browser that entered still sees its entry.
  await page.reload();
  await expect(main(page).getByRole("heading", { name: "You're In!" })).toBeVisible();
});

test("a throwaway address is refused, and a plus-tag or trailing-dot variant of an entered address is the same entrant", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  const campaign = insertCampaign();
  await page.goto(`/campaign/${campaign.id}`);
  await submitEntry(page, uniqueEmail("throwaway").replace("@e2e.test", "@mailinator.com"));
  await expect(main(page).getByLabel("Email")).toHaveAccessibleDescription("Please use a permanent email address.");
  expect(entryRows(campaign.id)).toHaveLength(0);

  // Outlook ignores "+tags"; a trailing dot ends the same domain. One person, one entry.
  const local = uniqueEmail("tagged").split("@")[0]!;
  await submitEntry(page, `${local}+first@outlook.com`);
  await confirmFromEmail(page, `${local}+first@outlook.com`);
  const other = await browser.newContext({ javaScriptEnabled });
  const again = await other.newPage();
  await again.goto(`/campaign/${campaign.id}`);
  await submitEntry(again, `${local.toUpperCase()}+second@Outlook.com.`);
  await expectToast(again, "Already Entered!");
  await other.close();
  expect(entryRows(campaign.id).map((row) => row.email)).toEqual([`${local}+first@outlook.com`]);
});

test("the entry form explains what is wrong", async ({ page, javaScriptEnabled }) => {
  const campaign = insertCampaign();
  await page.goto(`/campaign/${campaign.id}`);
  const button = main(page).getByRole("button", { name: "Enter Now" });
  if (javaScriptEnabled) {
    // SPEC: submit is disabled until the terms are ticked; the email is checked as it is typed.
    await expect(button).toBeDisabled();
    await main(page)
      .getByLabel(/I am 18 or older/)
      .check();
    await main(page).getByLabel("Email").fill("not-an-email");
    await main(page).getByLabel("Email").blur();
    await expect(main(page).getByLabel("Email")).toHaveAccessibleDescription("Please enter a valid email address.");
    await expect(button).toBeDisabled();
    await main(page).getByLabel("Email").fill("");
    await expect(main(page).getByLabel("Email")).toHaveAccessibleDescription("Email is required.");
  } else {
    await button.click();
    await expect(main(page).getByLabel("Email")).toHaveAccessibleDescription("Email is required.");
    await expect(main(page).getByLabel(/I am 18 or older/)).toHaveAccessibleDescription("You must agree to the terms and conditions.");
    await main(page).getByLabel("Email").fill("still-not-an-email");
    await main(page)
      .getByLabel(/I am 18 or older/)
      .check();
    await button.click();
    await expect(main(page).getByLabel("Email")).toHaveAccessibleDescription("Please enter a valid email address.");
  }
  expect(entryRows(campaign.id)).toHaveLength(0);
});

test("a tap on the terms box right after a mistyped email still ticks it, then the email's error shows", async ({
  page,
  javaScriptEnabled,
}) => {
  const campaign = insertCampaign();
  await page.goto(`/campaign/${campaign.id}`);
  await main(page).getByLabel("Email").fill("not-an-email");
  // A real press: the email field loses focus on the press, before the box is clicked.
  await main(page)
    .getByLabel(/I am 18 or older/)
    .click();
  await expect(main(page).getByLabel(/I am 18 or older/)).toBeChecked();
  // Without JavaScript the server says so when the form is sent.
  if (!javaScriptEnabled) await main(page).getByRole("button", { name: "Enter Now" }).click();
  await expect(main(page).getByLabel("Email")).toHaveAccessibleDescription("Please enter a valid email address.");
});

test("the countdown shows days, hours, minutes and seconds, and ticks with JavaScript", async ({ page, javaScriptEnabled }) => {
  const campaign = insertCampaign();
  await page.goto(`/campaign/${campaign.id}`);
  const countdown = main(page).getByRole("region", { name: "Time left to enter" });
  await expect(countdown).toContainText("Days");
  await expect(countdown).toContainText("Seconds");
  const first = await countdown.textContent();
  if (javaScriptEnabled) await expect.poll(() => countdown.textContent(), { timeout: 3000 }).not.toBe(first);
});

test("an ended campaign with a public winner shows the masked winner and confetti", async ({ page }) => {
  const campaign = insertCampaign({ ...pastDates(), status: "completed", winnerEmail: "lucky.winner@example.com", winnerPublic: true });
  await page.goto(`/campaign/${campaign.id}`);
  await expect(main(page).getByText("Campaign Ended", { exact: true })).toBeVisible();
  await expect(main(page).getByTestId("winner-name")).toHaveText("luc***@example.com");
  await expect(page.getByTestId("confetti")).toBeAttached();
  await expect(main(page).getByRole("button", { name: "Enter Now" })).toHaveCount(0);
  // The confetti falls behind the page: made hittable, it still answers at no link's or button's centre.
  const controls = await page.evaluate(() => {
    const confetti = document.querySelector<HTMLElement>('[data-testid="confetti"]')!;
    confetti.style.pointerEvents = "auto";
    const onScreen = [...document.querySelectorAll<HTMLElement>("a, button, input, select, textarea")]
      .map((control) => ({ control, box: control.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 4 && box.height > 4 && box.top >= 0 && box.bottom <= window.innerHeight);
    return {
      checked: onScreen.length,
      covered: onScreen
        .filter(({ control, box }) => !control.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)))
        .map(({ control }) => control.outerHTML.slice(0, 80)),
    };
  });
  expect(controls.checked).toBeGreaterThan(0);
  expect(controls.covered).toEqual([]);
});

test("an ended campaign without a public winner shows the ended notice", async ({ page }) => {
  const campaign = insertCampaign({ ...pastDates() });
  await page.goto(`/campaign/${campaign.id}`);
  await expect(main(page).getByText("Campaign Ended", { exact: true })).toBeVisible();
  await expect(main(page).getByText(/winner is being drawn/)).toBeVisible();
  await expect(main(page).getByRole("button", { name: "Enter Now" })).toHaveCount(0);
});

test("a full campaign says so instead of showing the form", async ({ page }) => {
  const campaign = insertCampaign({ entryLimit: 50, entryCount: 50, planId: "starter_tee" });
  await page.goto(`/campaign/${campaign.id}`);
  await expect(main(page).getByText("This giveaway is full: it has reached its entry limit.")).toBeVisible();
  await expect(main(page).getByRole("button", { name: "Enter Now" })).toHaveCount(0);
});

test("an unknown or unpublished campaign is Campaign Not Found, with a way to browse", async ({ page }) => {
  const draft = insertCampaign({ status: "draft" });
  for (const id of ["doesnotexist123456", draft.id]) {
    const response = await page.goto(`/campaign/${id}`);
    expect(response?.status()).toBe(404);
    await expect(main(page).getByRole("heading", { name: "Campaign Not Found" })).toBeVisible();
    await main(page).getByRole("link", { name: "Browse Giveaways" }).click();
    await expect(page).toHaveURL(/\/giveaways$/);
  }
});

test("the official rules are generated from the campaign and linked from the terms checkbox", async ({ page }) => {
  const campaign = insertCampaign({ brandName: "Rules Brand", entryLimit: 500, planId: "growth_tee" });
  await page.goto(`/campaign/${campaign.id}`);
  const commitment = await main(page).getByTestId("draw-commitment").textContent();
  await main(page).getByRole("link", { name: "official rules", exact: true }).click();
  await expect(main(page).getByRole("heading", { level: 1 })).toHaveText(`Official Rules: ${campaign.title}`);
  for (const text of [
    "NO PURCHASE NECESSARY",
    "Rules Brand",
    "18 years of age or older",
    "UTC",
    "at most 500 entries",
    "3 bonus entries",
    "Approximate retail value: $25.00",
    "14 days",
  ]) {
    await expect(main(page)).toContainText(text);
  }
  await expect(main(page).getByTestId("rules-commitment")).toHaveText(commitment ?? "");
});
