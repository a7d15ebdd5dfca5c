import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Switches the site theme for this browser context (the /theme form, as the toggle posts it). */
export async function useTheme(page: Page, theme: "light" | "dark") {
  const response = await page.request.post("/theme", { form: { theme, redirectTo: "/start" }, maxRedirects: 0 });
  expect(response.status()).toBeLessThan(400);
}

/** axe-core's serious and critical WCAG 2.1 A/AA violations on the page as it is now, in short. */
export async function seriousViolations(page: Page) {
  // Confetti pieces are decorative and moving; axe would sample them as text backgrounds.
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .exclude('[data-testid="confetti"]')
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
    }));
}
