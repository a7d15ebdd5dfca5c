import { expect, test, type Page } from "@playwright/test";
import { designPng } from "./fixtures";
import { campaignRow, expectToast, signIn, uniqueEmail } from "./support";

// Without Stripe keys the production build uses the built-in test checkout (TEST_CHECKOUT=true in
// playwright.config.ts), which drives the same completion as Stripe's webhook.

/** A Growth Tee campaign up to the review step, with SAVE10 applied. */
async function reviewWithCoupon(page: Page, title: string) {
  await signIn(page, uniqueEmail("payer"));
  await page.goto("/create-campaign-v2");
  await page.getByRole("main").getByLabel("Giveaway Title").fill(title);
  await page.getByRole("main").getByLabel("Description", { exact: true }).fill("One tee a week for our subscribers.");
  await page.getByRole("main").getByLabel("Brand Name").fill("Paid Threads");
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByRole("heading", { name: "Step 2: Select Plan" })).toBeVisible();
  await page.getByRole("radio", { name: /Growth Tee/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByRole("heading", { name: "Step 3: T-Shirt Design" })).toBeVisible();
  await page.getByRole("tab", { name: "Upload Your Own" }).click();
  await page
    .getByRole("main")
    .getByLabel("Custom Design")
    .setInputFiles(await designPng("payments-design.png"));
  await page.getByRole("button", { name: "This Is My Shirt" }).click();
  await expect(page.getByText("Design locked in", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByRole("heading", { name: "Step 4: Entry Rules & Rewards" })).toBeVisible();
  await page.getByRole("main").getByLabel("Start date").fill(new Date().toISOString().slice(0, 10));
  await page
    .getByRole("main")
    .getByLabel(/I accept the/)
    .check();
  // What the official rules state (decision 053).
  await page.getByRole("main").getByLabel("Sponsor's legal name").fill("Pay Co LLC");
  await page.getByRole("main").getByLabel("Sponsor's postal address").fill("1 Pay Street, Austin, TX 78701, USA");
  await page.getByRole("main").getByLabel("Grand prize: approximate retail value (US$)").fill("25");
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByRole("heading", { name: "Step 5: Review & Launch" })).toBeVisible();
  await page.getByLabel("Have a Coupon Code?").fill("SAVE10");
  await page.getByRole("button", { name: "Apply Coupon" }).click();
  await expectToast(page, "Coupon Applied");
  await expect(page.getByLabel("Have a Coupon Code?")).toHaveValue("SAVE10");
}

async function proceedToTestCheckout(page: Page) {
  await page.getByRole("button", { name: "Confirm & Proceed to Payment" }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/test_cs_[0-9a-f]+$/);
  await expect(page.getByText("TEST MODE", { exact: true })).toBeVisible();
  await expect(page.getByText("$26.10").first()).toBeVisible();
}

test("a creator pays for a Growth Tee with SAVE10 in the test checkout and the campaign goes live", async ({ page, javaScriptEnabled }) => {
  const title = `Paid Tee ${Date.now()} ${test.info().project.name}`;
  await reviewWithCoupon(page, title);
  await proceedToTestCheckout(page);
  await expect(page.getByRole("main")).toContainText(title);

  await page.getByRole("button", { name: "Pay $26.10" }).click();
  await expect(page.getByRole("heading", { name: "Campaign Launched!" })).toBeVisible();
  await expect(page.getByText(`Congratulations! Your giveaway "${title}" is now live.`)).toBeVisible();
  await expect(page).toHaveURL(/\/campaign-success\/[a-z0-9]+\?session_id=test_cs_[0-9a-f]+$/);
  // The link is in a field to copy; the copy button only where JavaScript can copy.
  await expect(page.getByLabel("Your giveaway's link")).toHaveValue(/\/campaign\/[a-z0-9]+$/);
  await expect(page.getByRole("button", { name: "Share Link" })).toHaveCount(javaScriptEnabled ? 1 : 0);

  const row = campaignRow(title);
  expect(row).toMatchObject({ status: "active", planId: "growth_tee", couponCode: "SAVE10", totalCents: 2610 });
  expect(String(row?.drawCommitment)).toMatch(/^[0-9a-f]{64}$/);
});

test("a creator cancels the payment, keeps the campaign, and the success page waits for the payment", async ({ page, context }) => {
  // Two checkouts, a second tab and the success page's own poll (CONFIRM_POLL_SECONDS): a long journey.
  test.slow();
  const title = `Cancelled Tee ${Date.now()} ${test.info().project.name}`;
  await reviewWithCoupon(page, title);
  await proceedToTestCheckout(page);

  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: "Step 5: Review & Launch" })).toBeVisible();
  await expectToast(page, "Payment Cancelled", "Your campaign is saved; you can pay when you're ready.");
  expect(campaignRow(title)).toMatchObject({ status: "pending_payment", totalCents: 2610 });

  // Back on the checkout, but paying in another tab: the first tab's success page notices by itself.
  await proceedToTestCheckout(page);
  const checkoutUrl = page.url();
  const row = campaignRow(title);
  await page.goto(`/campaign-success/${String(row?.id)}?session_id=${String(row?.stripeCheckoutSessionId)}`);
  await expect(page.getByRole("heading", { name: "Confirming your payment…" })).toBeVisible();

  const other = await context.newPage();
  await other.goto(checkoutUrl);
  await expect(other.getByText("TEST MODE", { exact: true })).toBeVisible();
  await other.getByRole("button", { name: "Pay $26.10" }).click();
  await expect(other.getByRole("heading", { name: "Campaign Launched!" })).toBeVisible();

  await expect(page.getByRole("heading", { name: "Campaign Launched!" })).toBeVisible({ timeout: 10_000 });
  expect(campaignRow(title)).toMatchObject({ status: "active" });
});

test("a checkout that does not exist says so, still in TEST MODE", async ({ page }) => {
  await signIn(page, uniqueEmail("lost"));
  const response = await page.goto("/checkout/test/test_cs_00000000000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("TEST MODE", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Checkout not found" })).toBeVisible();
});
