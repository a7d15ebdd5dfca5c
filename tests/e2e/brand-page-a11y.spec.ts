import { expect, test } from "@playwright/test";
import { seriousViolations, useTheme } from "./axe";
import { brandCampaign } from "./brand-campaign";

// axe-core on the brand's campaign page (cover, logo, profiles, a red accent, two colours) at 360 px,
// light and dark. In its own file because axe runs in the page: the no-js project skips *a11y.spec.ts.

test.use({ viewport: { width: 360, height: 740 } });

for (const theme of ["light", "dark"] as const) {
  test(`no serious accessibility violation in the ${theme} theme`, async ({ page }) => {
    await useTheme(page, theme);
    const { id } = brandCampaign({ accentColor: "#b91c1c" });
    await page.goto(`/campaign/${id}`);
    await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark)/);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
