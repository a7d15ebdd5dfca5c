import { expect, test, type Page } from "@playwright/test";
import { LONG_TITLE, brandCampaign, expectInFirstScreen } from "./brand-campaign";

// The campaign page's three layouts (decision 106), with JavaScript on and off (the "js" and "no-js"
// projects): each keeps the email field and Enter Now on a phone's first screen (decision 043) and
// stands as described on a wide screen. The brand campaign is the worst case: a cover over the page
// and an 80-character title.

const LAYOUTS = ["split", "image", "minimal"] as const;

async function openLayout(page: Page, layout: (typeof LAYOUTS)[number]) {
  const { id } = brandCampaign({ pageLayout: layout });
  await page.goto(`/campaign/${id}`);
  const main = page.getByRole("main");
  await expect(main.locator("[data-layout]")).toHaveAttribute("data-layout", layout);
  await expect(main.getByRole("heading", { level: 1, name: LONG_TITLE })).toBeVisible();
  return main;
}

for (const layout of LAYOUTS) {
  test(`${layout}: a phone's first screen (360 × 740) holds the email field and Enter Now`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const main = await openLayout(page, layout);
    await expect(main.getByTestId("cover-image")).toBeVisible();
    await expectInFirstScreen(main.getByRole("heading", { level: 1, name: LONG_TITLE }));
    await expectInFirstScreen(main.getByRole("region", { name: "Time left to enter" }));
    await expectInFirstScreen(main.getByLabel("Email"));
    await expectInFirstScreen(main.getByRole("button", { name: "Enter Now" }));
    // What leads: the wide prize picture (image), or the small one beside the title (split, minimal).
    if (layout === "image") {
      await expectInFirstScreen(main.getByTestId("prize-hero"));
      await expect(main.getByTestId("prize-thumbnail")).toHaveCount(0);
    } else {
      await expectInFirstScreen(main.getByTestId("prize-thumbnail"));
      await expect(main.getByTestId("prize-hero")).toHaveCount(0);
    }
  });

  test(`${layout}: at 1280 px the page stands as described`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const main = await openLayout(page, layout);
    await expect(main.getByLabel("Email")).toBeVisible();
    await expect(main.getByRole("button", { name: "Enter Now" })).toBeVisible();
    const form = (await main.locator("form[data-entry-form]").boundingBox())!;
    const big = main.locator("img[data-colour]").first();
    if (layout === "minimal") {
      // No big picture; the column is centred; the small picture stays beside the title.
      await expect(main.locator("img[data-colour]")).toHaveCount(0);
      await expect(main.getByTestId("prize-thumbnail")).toBeVisible();
      const column = (await main.locator("[data-layout]").boundingBox())!;
      const width = page.viewportSize()!.width;
      expect(Math.abs(column.x - (width - column.x - column.width))).toBeLessThanOrEqual(20);
      expect(column.width).toBeLessThanOrEqual(600);
    } else {
      // The big picture on the left, the form beside it on the right; "image" gives the picture the wider column.
      await expect(big).toBeVisible();
      const picture = (await big.boundingBox())!;
      expect(picture.x + picture.width).toBeLessThanOrEqual(form.x);
      expect(picture.y).toBeLessThan(400);
      if (layout === "image") expect(picture.width).toBeGreaterThan(form.width * 1.3);
      await expect(main.getByTestId(layout === "image" ? "prize-hero" : "prize-thumbnail")).toBeHidden();
    }
  });
}
