import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { E2E_DATABASE } from "../../playwright.config";
import { designPng } from "./fixtures";
import { campaignRow, expectToast, signIn, uniqueEmail } from "./support";

function prizeRows(campaignId: string) {
  const db = new Database(E2E_DATABASE, { readonly: true });
  try {
    return db.prepare(`SELECT rank, title, code FROM "AdditionalPrize" WHERE "campaignId" = ? ORDER BY rank`).all(campaignId);
  } finally {
    db.close();
  }
}

// The browser's clock is Chicago's: with JavaScript, step 4 starts in the browser's zone (decision 095).
test.use({ timezoneId: "America/Chicago" });

function isoDay(offsetDays: number) {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

async function fillStep1(page: Page, title: string, product: "T-Shirt" | "Hoodie" | "Mug" = "Hoodie") {
  await expect(page.getByRole("heading", { name: "Step 1: Campaign Info & Branding" })).toBeVisible();
  await page.getByRole("main").getByLabel("Giveaway Title").fill(title);
  await page.getByRole("main").getByLabel("Description", { exact: true }).fill("Three limited tees for our newsletter readers.");
  await page.getByRole("main").getByLabel(product, { exact: true }).check();
  await page.getByRole("main").getByLabel("Brand Name").fill("Acme Threads");
  // Typed without a scheme, as people do: https:// is added.
  await page.getByRole("main").getByLabel("Brand URL").fill("acme.example");
  await page.getByRole("main").getByLabel("Instagram").fill("@acme.threads");
  await page.getByRole("main").getByLabel("Yes").check();
  await page.getByRole("main").getByLabel("Bonus Item Title").fill("Sticker pack");
  await page.getByRole("main").getByLabel("Approximate Value").fill("$12");
  await page.getByRole("button", { name: "Continue" }).click();
}

test("a new user builds a campaign with an uploaded design and launches it free", async ({ page }) => {
  // Every step of the wizard with an upload and the design's render: close to the 30 s default.
  test.slow();
  const title = `Summer Tee Drop ${Date.now()} ${test.info().project.name}`;
  await signIn(page, uniqueEmail("creator"));
  await page.goto("/create-campaign-v2");
  await fillStep1(page, title);

  await expect(page.getByRole("heading", { name: "Step 2: Select Plan" })).toBeVisible();
  await page.getByRole("radio", { name: /Starter Tee/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();

  // Step 3 speaks of the product chosen in step 1.
  await expect(page.getByRole("heading", { name: "Step 3: Hoodie Design" })).toBeVisible();
  await page.getByRole("tab", { name: "Upload Your Own" }).click();
  await page
    .getByRole("main")
    .getByLabel("Custom Design")
    .setInputFiles(await designPng());
  await page.getByRole("button", { name: "This Is My Hoodie" }).click();
  await expect(page.getByText("Design locked in", { exact: true })).toBeVisible();
  // Hoodies are not made in XS, so the wizard does not offer it.
  await expect(page.getByRole("group", { name: "Sizes", exact: true }).locator("label")).toHaveText(["S", "M", "L", "XL", "2XL", "3XL"]);
  const strip = page.getByTestId("mockup-strip");
  await expect(strip.getByRole("img", { name: "Mockup on Black" })).toHaveCount(0);
  await page.getByRole("main").getByLabel("Black").check();
  // With JavaScript the preview follows the colours as they are ticked; without, it follows on save.
  if (test.info().project.name === "js") await expect(strip.getByRole("img", { name: "Mockup on Black" })).toBeVisible();
  await page.getByRole("main").getByLabel("2XL").check();
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByRole("heading", { name: "Step 4: Entry Rules & Rewards" })).toBeVisible();
  // A new creator: the browser's zone with JavaScript, UTC without (no earlier choice).
  const zone = page.getByRole("main").getByLabel("Time zone");
  await expect(zone).toHaveValue(test.info().project.name === "js" ? "America/Chicago" : "UTC");
  await zone.selectOption("America/New_York");
  await page.getByRole("main").getByLabel("Start date").fill(isoDay(0));
  await page.getByText("14 days").click();
  if (test.info().project.name === "js") await expect(page.getByTestId("campaign-window")).toContainText("23:59 New York time");
  await page
    .getByRole("main")
    .getByLabel(/I accept the/)
    .check();
  await page.getByRole("main").getByLabel("Email entrants a reminder").check();
  await page.getByRole("main").getByLabel("Give every entrant a coupon").check();
  await page.getByRole("main").getByLabel("Coupon code").fill("THANKS15");
  await page.getByRole("main").getByLabel("Coupon description").fill("15% off your next order");
  await page.getByRole("button", { name: "Add 2nd place prize" }).click();
  await page.getByRole("main").getByLabel("Prize title for tier 2").fill("Tote bag");
  await page.getByRole("main").getByLabel("Tier 2: approximate retail value (US$)").fill("20");
  // What the official rules state (decision 053).
  await page.getByRole("main").getByLabel("Sponsor's legal name").fill("Acme Threads LLC");
  await page.getByRole("main").getByLabel("Sponsor's postal address").fill("1 Loom Lane, Portland, OR 97201, USA");
  await page.getByRole("main").getByLabel("Minimum age of entrants").fill("21");
  await page.getByRole("main").getByLabel("Grand prize: approximate retail value (US$)").fill("45");
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByRole("heading", { name: "Step 5: Review & Launch" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("23:59 New York time");
  await expect(page.locator("details[open]")).toHaveCount(6);
  await page.getByRole("button", { name: "Launch Free Campaign" }).click();

  await expect(page.getByRole("heading", { name: "Campaign Launched!" })).toBeVisible();
  await expect(page.getByText(`Congratulations! Your giveaway "${title}" is now live.`)).toBeVisible();
  await expect(page).toHaveURL(/\/campaign-success\/[a-z0-9]+\?free_campaign=true$/);

  const row = campaignRow(title);
  expect(row).toMatchObject({
    status: "active",
    description: "Three limited tees for our newsletter readers.",
    productType: "hoodie",
    brandName: "Acme Threads",
    brandUrl: "https://acme.example",
    instagramHandle: "acme.threads",
    isPromotingProduct: 1,
    productTitle: "Sticker pack",
    productValue: "$12",
    planId: "starter_tee",
    designMode: "upload",
    selectedColors: "white,black",
    selectedSizes: "M,L,XL,2XL",
    durationDays: 14,
    timeZone: "America/New_York",
    termsAccepted: 1,
    sendReminder: 1,
    giveCouponToEntrants: 1,
    entrantCouponCode: "THANKS15",
    entrantCouponDescription: "15% off your next order",
    totalCents: 0,
    entryLimit: 50,
    sponsorLegalName: "Acme Threads LLC",
    sponsorAddress: "1 Loom Lane, Portland, OR 97201, USA",
    minimumAge: 21,
    prizeValueCents: 4500,
    excludedRegions: "",
  });
  expect(String(row?.finalDesignUrl)).toMatch(/^\/uploads\/custom_design\/.+\.png$/);
  expect(String(row?.drawCommitment)).toMatch(/^[0-9a-f]{64}$/);
  expect(prizeRows(String(row?.id))).toEqual([{ rank: 2, title: "Tote bag", code: null }]);

  const design = await page.request.get(String(row?.finalDesignUrl));
  expect(design.headers()["content-type"]).toBe("image/png");
});

test("a mug asks for no sizes, and a garment chosen again offers the default ones", async ({ page }) => {
  const title = `Morning Mug ${Date.now()} ${test.info().project.name}`;
  await signIn(page, uniqueEmail("mug"));
  await page.goto("/create-campaign-v2");
  await fillStep1(page, title, "Mug");

  await expect(page.getByRole("heading", { name: "Step 2: Select Plan" })).toBeVisible();
  await page.getByRole("radio", { name: /Starter Tee/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();

  // A mug's step 3 speaks of a mug, and offers the one colour mugs are made in.
  await expect(page.getByRole("heading", { name: "Step 3: Mug Design" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Wizard steps" })).toContainText("Mug Design");
  await expect(page.getByRole("main")).not.toContainText(/T-Shirt Design|This Is My Shirt|besides the tee/);
  const colours = page.getByRole("group", { name: "Mug colours", exact: true });
  await expect(colours).toBeVisible();
  await expect(colours.locator("label")).toHaveText(["White"]);
  await expect(colours).toContainText("Mugs come in White only.");
  await expect(page.getByRole("group", { name: "Sizes", exact: true })).toHaveCount(0);
  await page.getByRole("tab", { name: "Upload Your Own" }).click();
  await page
    .getByRole("main")
    .getByLabel("Custom Design")
    .setInputFiles(await designPng());
  await page.getByRole("button", { name: "This Is My Mug" }).click();
  await expect(page.getByText("Design locked in", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByRole("heading", { name: "Step 4: Entry Rules & Rewards" })).toBeVisible();
  const row = campaignRow(title);
  expect(row).toMatchObject({ productType: "mug", selectedColors: "white", selectedSizes: "" });
  const campaignId = String(row?.id);

  // The review lists the mug's colour (and its mockup in it), never Black, and no sizes.
  await page.goto(`/create-campaign-v2?step=5&campaignId=${campaignId}`);
  await expect(page.getByRole("heading", { name: "Step 5: Review & Launch" })).toBeVisible();
  const definitions = page.getByRole("main").getByRole("definition");
  await expect(definitions.filter({ hasText: /^White$/ }).last()).toBeVisible();
  await expect(definitions.filter({ hasText: /Black/ })).toHaveCount(0);
  await expect(
    page
      .getByRole("main")
      .getByRole("term")
      .filter({ hasText: /^Sizes$/ }),
  ).toHaveCount(0);

  // Back to a t-shirt: the sizes return, starting from M, L and XL.
  await page.goto(`/create-campaign-v2?step=1&campaignId=${campaignId}`);
  await page.getByRole("main").getByLabel("T-Shirt", { exact: true }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Step 2: Select Plan" })).toBeVisible();
  expect(campaignRow(title)).toMatchObject({ productType: "t-shirt", selectedSizes: "M,L,XL" });
  await page.goto(`/create-campaign-v2?step=3&campaignId=${campaignId}`);
  const sizes = page.getByRole("group", { name: "Sizes", exact: true });
  await expect(sizes.locator("label")).toHaveText(["XS", "S", "M", "L", "XL", "2XL", "3XL"]);
  await expect(sizes.getByRole("checkbox", { checked: true })).toHaveCount(3);
  for (const size of ["M", "L", "XL"]) await expect(sizes.getByLabel(size, { exact: true })).toBeChecked();
});

test("each step refuses bad input with the spec's messages", async ({ page }) => {
  await signIn(page, uniqueEmail("strict"));
  await page.goto("/create-campaign-v2");
  await page.getByRole("main").getByLabel("Giveaway Title").fill("Hey");
  await page.getByRole("main").getByLabel("Brand URL").fill("not a url");
  await page.getByRole("main").getByLabel("Yes").check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Giveaway title must be at least 5 characters.")).toBeVisible();
  await expect(page.getByText("Giveaway description is required.")).toBeVisible();
  await expect(page.getByText("Brand name is required.")).toBeVisible();
  await expect(page.getByText("Enter a valid URL (e.g., https://example.com).")).toBeVisible();
  await expect(page.getByText("Bonus item title is required if enabled.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Step 1: Campaign Info & Branding" })).toBeVisible();
});

test("a visitor's draft survives signing in", async ({ page }) => {
  const title = `Visitor Draft ${Date.now()} ${test.info().project.name}`;
  await page.goto("/create-campaign-v2");
  await expect(page.getByText("Your progress is saved on this device")).toBeVisible();
  await fillStep1(page, title);
  await expect(page.getByRole("heading", { name: "Step 2: Select Plan" })).toBeVisible();

  await page.goto("/create-campaign-v2?step=1");
  await expect(page.getByText("Local Draft Loaded")).toBeVisible();
  await expect(page.getByRole("main").getByLabel("Giveaway Title")).toHaveValue(title);

  await page.goto("/create-campaign-v2?step=5");
  await page.getByRole("button", { name: "Launch Free Campaign" }).click();
  await expect(page).toHaveURL(/\/create-campaign-v2\/sign-in/);
  await expectToast(page, "Authentication Required", "Please sign in to launch your campaign.");

  const email = uniqueEmail("converted");
  await page.getByRole("main").getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Magic Link" }).click();
  const { loginCodeFor, submitCode } = await import("./support");
  await submitCode(page, await loginCodeFor(email));
  await expect(page.getByRole("heading", { name: "Step 5: Review & Launch" })).toBeVisible();
  await expect(page.getByText("Your draft is now saved to your account.")).toBeVisible();

  const row = campaignRow(title);
  expect(row?.creatorId).toBeTruthy();
  expect(row?.draftToken).toBeNull();
  expect(row?.status).toBe("draft");
});
