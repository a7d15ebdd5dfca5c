import { expect, test, type Locator, type Page } from "@playwright/test";
import { REFERRAL_BONUS_ENTRIES } from "../../app/domain/entries";
import { brandCampaign } from "./brand-campaign";
import { insertCampaign, insertEntryAction } from "./campaigns";
import { latestEmail, submitEntry, uniqueEmail } from "./support";

// Decision 091: the moment after entering is the moment to share. On a phone, the page after entering
// and the page after confirming say the entrant's state in plain words with the share buttons on the
// first screen; the receipt waits behind a closed disclosure. The campaign page's fairness details
// wait behind one, and Enter Now says why it is off.

const VIEWPORT = { width: 360, height: 740 };
test.use({ viewport: VIEWPORT });

function main(page: Page) {
  return page.getByRole("main");
}

/** Wholly inside the viewport as it is now, after the page's own jump to its anchor. */
async function expectInViewport(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, "has a box").not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(VIEWPORT.height);
}

async function enter(page: Page, email: string) {
  await submitEntry(page, email);
  await page.waitForURL(/#enter$/);
}

test("after entering and after confirming, the first screen says the state in words and offers the share buttons", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  const { id } = brandCampaign();
  // An entry action makes the confirmation email carry the personal link (decision 077).
  insertEntryAction(id, { kind: "daily", label: "Come back every day", bonus: 1, position: 0 });
  await page.goto(`/campaign/${id}`);
  const email = uniqueEmail("after-entering");
  await enter(page, email);

  // Pending: what to do to be counted, and the giveaway's page to share meanwhile.
  const pending = main(page).getByTestId("entry-state");
  await expect(pending).toContainText('Not counted yet: open that email and tap "Confirm my entry".');
  await expect(pending).toContainText(
    `Then you're in with 1 entry, and your own link: each friend who enters through it and confirms gives you ${REFERRAL_BONUS_ENTRIES} more.`,
  );
  await expectInViewport(pending);
  const pendingShare = main(page).getByRole("link", { name: "Share via WhatsApp" });
  await expectInViewport(pendingShare);
  // No referral link before the confirmation (decision 038): the share is the page's own address.
  await expect(pendingShare).toHaveAttribute("href", new RegExp(encodeURIComponent(`/campaign/${id}`) + "$"));

  // Confirmed: the count and what a friend brings, the referral link's share buttons, the receipt closed.
  const link = /https?:\/\/\S+\/confirm\/[a-z0-9]+-[0-9a-f]+/.exec(latestEmail(email)?.text ?? "")?.[0];
  await page.goto(new URL(link!).pathname);
  await main(page).getByRole("button", { name: "Confirm my entry" }).click();
  await page.waitForURL(/#enter$/);
  const state = `You're in: 1 entry. Each friend who enters through your link and confirms gives you ${REFERRAL_BONUS_ENTRIES} more.`;
  await expect(main(page).getByTestId("entry-state")).toHaveText(state);
  await expectInViewport(main(page).getByTestId("entry-state"));
  const referral = await main(page).getByLabel("Your referral link").inputValue();
  const share = main(page).getByRole("link", { name: "Share via Email" });
  await expectInViewport(share);
  await expect(share).toHaveAttribute("href", new RegExp(encodeURIComponent(referral).replace(/[.?]/g, "\\$&")));
  await expectInViewport(main(page).getByRole("link", { name: "Share via WhatsApp" }));
  const receipt = main(page).getByTestId("receipt-details");
  await expect(receipt).not.toHaveAttribute("open");
  await expect(main(page).getByTestId("receipt-id")).toBeHidden();
  await receipt.getByText("Your receipt").click();
  await expect(main(page).getByTestId("receipt-id")).toHaveText(/^[a-z0-9]+$/);
  await expect(main(page).getByTestId("receipt-weight")).toHaveText("1");

  // The personal link from the email opens the same first screen in another browser.
  const personal = /https?:\/\/\S+\/campaign\/[a-z0-9]+\/entry\/[a-z0-9]+-[0-9a-f]+/.exec(latestEmail(email)?.text ?? "")?.[0];
  expect(personal).toBeTruthy();
  const phone = await browser.newContext({ javaScriptEnabled, viewport: VIEWPORT });
  const other = await phone.newPage();
  await other.goto(new URL(personal!).pathname);
  await other.waitForURL(/#enter$/);
  await expect(main(other).getByTestId("entry-state")).toHaveText(state);
  await expectInViewport(main(other).getByTestId("entry-state"));
  await expectInViewport(main(other).getByRole("link", { name: "Share via Email" }));
  await expect(main(other).getByTestId("receipt-details")).not.toHaveAttribute("open");
  await phone.close();
});

test("the confirm page's receipt is inside a closed disclosure", async ({ page }) => {
  const campaign = insertCampaign();
  await page.goto(`/campaign/${campaign.id}`);
  const email = uniqueEmail("receipt");
  await enter(page, email);
  const link = /https?:\/\/\S+\/confirm\/[a-z0-9]+-[0-9a-f]+/.exec(latestEmail(email)?.text ?? "")?.[0];
  await page.goto(new URL(link!).pathname);
  await main(page).getByRole("button", { name: "Confirm my entry" }).click();
  await page.waitForURL(/#enter$/);
  // Opened again, the confirm link's page shows the confirmed entry with its receipt closed.
  await page.goto(new URL(link!).pathname);
  await expect(main(page).getByRole("heading", { name: "Your entry is confirmed" })).toBeVisible();
  await expect(main(page).getByTestId("receipt-details")).not.toHaveAttribute("open");
  await expect(main(page).getByTestId("receipt-id")).toBeHidden();
  await main(page).getByText("Your receipt").click();
  await expect(main(page).getByTestId("receipt-id")).toBeVisible();
});

test("the campaign page keeps its fairness details behind one disclosure, and Enter Now says why it is off", async ({
  page,
  javaScriptEnabled,
}) => {
  const campaign = insertCampaign();
  await page.goto(`/campaign/${campaign.id}`);
  const fairness = main(page).getByTestId("draw-fairness");
  await expect(fairness).not.toHaveAttribute("open");
  await expect(main(page).getByTestId("draw-commitment")).toBeHidden();
  await fairness.getByText("How the winner is drawn fairly").click();
  await expect(main(page).getByTestId("draw-commitment")).toHaveText(/^[0-9a-f]{64}$/);
  await expect(main(page).getByTestId("draw-commitment")).toBeVisible();

  const button = main(page).getByRole("button", { name: "Enter Now" });
  await expect(button).toHaveAccessibleDescription("Tick the terms box above to enter.");
  const hint = main(page).getByText("Tick the terms box above to enter.");
  await expect(hint).toBeVisible();
  if (javaScriptEnabled) await expect(button).toBeDisabled();
  else await expect(button).toBeEnabled();
  await main(page)
    .getByLabel(/I am 18 or older/)
    .check();
  // With JavaScript the box ticked turns the button on and the hint off; without, the server checks.
  if (javaScriptEnabled) {
    await expect(button).toBeEnabled();
    await expect(hint).toBeHidden();
  }
});
