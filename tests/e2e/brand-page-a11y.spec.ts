import { expect, test } from "@playwright/test";
import { openPage, violationsInEachTheme } from "./axe";
import { brandCampaign } from "./brand-campaign";

// axe-core on the brand's campaign page (cover, logo, profiles, a red accent, two colours) at 360 px,
// light and dark. In its own file because axe runs in the page: the no-js project skips *a11y.spec.ts.

test.use({ viewport: { width: 360, height: 740 } });

test("no serious accessibility violation in the light or the dark theme", async ({ page }) => {
  const { id } = brandCampaign({ accentColor: "#b91c1c" });
  expect(await violationsInEachTheme(page, () => openPage(page, `/campaign/${id}`))).toEqual({ light: [], dark: [] });
});
