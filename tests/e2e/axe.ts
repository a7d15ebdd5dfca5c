import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Opens `path` and expects it to answer `status`. */
export async function openPage(page: Page, path: string, status = 200) {
  expect((await page.goto(path))?.status(), path).toBe(status);
}

/** Switches the site theme for this browser context (the /theme form, as the toggle posts it). */
export async function chooseTheme(page: Page, theme: "light" | "dark") {
  const response = await page.request.post("/theme", { form: { theme, redirectTo: "/start" }, maxRedirects: 0 });
  expect(response.status()).toBeLessThan(400);
}

export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

/**
 * One page, set up once, checked in each theme: for each, the theme is chosen (the /theme form), the
 * page opened by `open` (which checks its response) and axe run. Returns each theme's serious
 * violations, so a test expects `{ light: [], dark: [] }`. Two axe runs per test: a11y files give
 * their tests 60 s.
 */
export async function violationsInEachTheme(page: Page, open: () => Promise<void>) {
  const found: Partial<Record<Theme, Awaited<ReturnType<typeof seriousViolations>>>> = {};
  for (const theme of THEMES) {
    await chooseTheme(page, theme);
    await open();
    await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark)/);
    found[theme] = await seriousViolations(page);
  }
  return found;
}

/** axe-core's serious and critical WCAG 2.1 A/AA violations on the page as it is now, in short. */
export async function seriousViolations(page: Page) {
  // A toast fades in and out over its 5 s life; axe sampling it mid-fade measures a half-transparent
  // text. Each toast is checked as it reads for most of its life: held at full opacity while axe runs.
  const held = await page.evaluate(() => {
    const toasts = document.getAnimations().filter((a) => a instanceof CSSAnimation && a.animationName === "toast-life");
    for (const toast of toasts) {
      toast.pause();
      toast.currentTime = 2500;
    }
    return toasts.length;
  });
  // Confetti pieces are decorative and moving; axe would sample them as text backgrounds.
  // Legacy mode runs axe.run in the page itself. The default opens a blank page in the context to put
  // the frames' results together, a new renderer per call: half of each check's time, for pages whose
  // frames are all our own origin anyway (decision 098).
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .exclude('[data-testid="confetti"]')
    .analyze();
  if (held > 0) {
    await page.evaluate(() => {
      for (const a of document.getAnimations()) if (a instanceof CSSAnimation && a.animationName === "toast-life") a.play();
    });
  }
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
    }));
}
