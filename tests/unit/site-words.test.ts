/**
 * The site's header and footer in an entrant page's language (decision 097): every label the frame
 * shows has its words in each language, English stays as it was, and French keeps its typography.
 */
import { describe, expect, it } from "vitest";
import { ENTRANT_LANGUAGES } from "~/domain/entrant-language";
import { siteWords } from "~/i18n/page-words";
import { SITE_LABELS, pagesEn } from "~/i18n/pages/en";
import { pagesFr } from "~/i18n/pages/fr";

describe("the site's frame words", () => {
  it("English sends nothing: the frame keeps its own words", () => {
    expect(siteWords("en")).toBeNull();
  });

  for (const language of ENTRANT_LANGUAGES.filter((code) => code !== "en")) {
    it(`${language}: every navigation and footer label, in the language`, () => {
      const words = siteWords(language)!;
      for (const label of [...SITE_LABELS, "Login", "Log Out", "Menu", "Skip to content", "Switch to dark theme"]) {
        expect(words[label], `${language}: ${label}`).toBeTruthy();
        if (!["Menu", "Mobile", "Dashboard", "Legal"].includes(label)) expect(words[label], `${language}: ${label}`).not.toBe(label);
      }
    });
  }

  it("French puts a non-breaking space before : ; ! ?", () => {
    for (const [key, value] of Object.entries(pagesFr)) expect(value, key).not.toMatch(/[^\u00a0][:;!?](\s|$)/);
  });

  it("English is the frame's words as they were", () => {
    expect(pagesEn.siteCopyright).toBe("© {{year}} Giveawear. All rights reserved.");
  });
});
