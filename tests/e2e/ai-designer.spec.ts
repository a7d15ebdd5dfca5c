import { expect, test } from "@playwright/test";
import { signIn, uniqueEmail } from "./support";

test("a signed-in creator generates designs, picks one and confirms it", async ({ page }) => {
  await signIn(page, uniqueEmail("designer"));
  await page.goto("/create-campaign-v2");
  const main = page.getByRole("main");
  await main.getByLabel("Giveaway Title").fill("Night Owl Club Tee");
  await main.getByLabel("Description", { exact: true }).fill("A tee for people who code at night.");
  await main.getByLabel("Brand Name").fill("Owl Labs");
  await main.getByRole("button", { name: "Continue" }).click();
  await main.getByRole("radio", { name: /Starter Tee/ }).check();
  await main.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByRole("heading", { name: "Step 3: T-Shirt Design" })).toBeVisible();
  await main.getByRole("tab", { name: "Use AI Designer" }).click();
  await expect(main.getByLabel(/Prompt 1: modern minimalist/)).toHaveValue(
    /^Night Owl Club line illustration for Owl Labs, modern minimalist design on a t-shirt$/,
  );
  await expect(main.getByRole("progressbar", { name: "AI design credits" })).toHaveAttribute("aria-valuenow", "6");
  await main.getByLabel(/Prompt 3: abstract geometric/).fill("");
  await main.getByRole("button", { name: /^Generate (2 )?Designs$/ }).click();

  const designs = main.getByRole("img", { name: /^Design \d/ });
  await expect(designs).toHaveCount(2);
  await expect(main.getByRole("progressbar", { name: "AI design credits" })).toHaveAttribute("aria-valuenow", "4");
  await designs.first().click();
  await main.getByRole("button", { name: "This Is My Shirt" }).click();
  await expect(main.getByText("Design locked in", { exact: true })).toBeVisible();
  await expect(main.getByRole("img", { name: "Your confirmed design" })).toHaveAttribute("src", /\/uploads\/ai_design\/.+-preview\.webp$/);
});

test("visitors are offered sign-in instead of generating", async ({ page }) => {
  await page.goto("/create-campaign-v2?step=3&mode=ai");
  await expect(page.getByRole("main").getByRole("link", { name: "Sign In & Generate Designs" })).toBeVisible();
});
