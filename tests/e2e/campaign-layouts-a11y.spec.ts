import { expect, test } from "@playwright/test";
import { openPage, violationsInEachTheme } from "./axe";
import { brandCampaign } from "./brand-campaign";

// axe-core on each of the campaign page's layouts (decision 106) at 360 px and 1280 px, light and
// dark. In its own file because axe runs in the page: the no-js project skips *a11y.spec.ts.

for (const layout of ["split", "image", "minimal"] as const) {
  for (const width of [360, 1280]) {
    test(`${layout} at ${width} px: no serious accessibility violation in the light or the dark theme`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
      const { id } = brandCampaign({ pageLayout: layout });
      expect(await violationsInEachTheme(page, () => openPage(page, `/campaign/${id}`))).toEqual({ light: [], dark: [] });
    });
  }
}
