import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { brandCampaign } from "./brand-campaign";

// axe-core on the brand's campaign page (cover, logo, profiles, a red accent, two colours) at 360 px,
// light and dark. In its own file because axe runs in the page: the no-js project skips *a11y.spec.ts.

test.use({ viewport: { width: 360, height: 740 } });

for (const theme of ["light", "dark"] as const) {
  test(`no serious accessibility violation in the ${theme} theme`, async ({ page }) => {
    const response = await page.request.post("/theme", { form: { theme, redirectTo: "/start" }, maxRedirects: 0 });
    expect(response.status()).toBeLessThan(400);
    const { id } = brandCampaign({ accentColor: "#b91c1c" });
    await page.goto(`/campaign/${id}`);
    await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark)/);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5) }));
    expect(serious).toEqual([]);
  });
}
