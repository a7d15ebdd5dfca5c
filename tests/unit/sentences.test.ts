import { describe, expect, it } from "vitest";
import { shareText } from "~/domain/campaign-page";
import { entryConsentLabels, fillConsentWording } from "~/domain/consent";
import { EMAIL_TEMPLATE_DEFAULTS } from "~/domain/email-template-defaults";
import { buildOfficialRules, type RulesInput } from "~/domain/official-rules";
import { endSentence, endsSentence } from "~/domain/sentences";
import { fillTemplate } from "~/domain/templates";

/** A brand whose name ends with its own period (decision 069). */
const BRAND = "Kestrel Coffee Co.";

describe("ending a sentence with a name", () => {
  it("adds a period unless the text already ends one", () => {
    expect(endSentence("Enter the giveaway by Acme")).toBe("Enter the giveaway by Acme.");
    expect(endSentence(`Enter the giveaway by ${BRAND}`)).toBe("Enter the giveaway by Kestrel Coffee Co.");
    expect(endSentence("A giveaway by Yahoo!")).toBe("A giveaway by Yahoo!");
    expect(endSentence("Who made it? ")).toBe("Who made it?");
    expect(endSentence("More to come…")).toBe("More to come…");
    expect(endSentence("By Acme (Inc.)")).toBe("By Acme (Inc.).");
    expect(endsSentence("Co.")).toBe(true);
    expect(endsSentence("Co")).toBe(false);
  });

  it("keeps one period in emails: every default template, filled with the brand", () => {
    for (const template of EMAIL_TEMPLATE_DEFAULTS) {
      const tokens = Object.fromEntries(template.tokens.map((token) => [token, token === "brand_name" ? BRAND : `x-${token}`]));
      const filled = fillTemplate(`${template.subject}\n${template.htmlBody}`, tokens);
      expect(filled, template.id).not.toContain("Co..");
    }
    expect(fillTemplate("<p>You are the winner by {{brand_name}}.</p>", { brand_name: BRAND })).toBe(
      "<p>You are the winner by Kestrel Coffee Co.</p>",
    );
    expect(fillTemplate("by {{ brand_name }}. Thanks", { brand_name: "Acme" })).toBe("by Acme. Thanks");
    // An empty or unknown token leaves the template's own period.
    expect(fillTemplate("Hello{{missing}}.", {})).toBe("Hello.");
    expect(fillTemplate("{{brand_name}}.", { brand_name: "<Co.>" })).toBe("&lt;Co.&gt;.");
  });

  it("keeps one period in the marketing consent, the share text and the official rules", () => {
    expect(entryConsentLabels({ brand: BRAND, minimumAge: 18 }).marketing.text).toBe(
      "Send me news and offers from Kestrel Coffee Co. Optional: it does not change your chances.",
    );
    expect(fillConsentWording("From {brand}. And {brand} again", { brand: "Acme", minimumAge: 18 })).toBe("From Acme. And Acme again");
    expect(shareText("the Winter Mug", BRAND, false)).toBe("Enter the Winter Mug by Kestrel Coffee Co.");
    expect(shareText("the Winter Mug", "Acme", false)).toBe("Enter the Winter Mug by Acme.");

    const rules: RulesInput = {
      sponsorLegalName: BRAND,
      sponsorAddress: "1 Main St, Springfield, IL 62701, USA",
      brandName: BRAND,
      brandUrl: null,
      minimumAge: 18,
      shipping: "The prize ships to: Canada.",
      excludedRegions: "",
      start: "Nov 1, 2026, 00:00 UTC",
      end: "Nov 8, 2026, 00:00 UTC",
      entryLimit: null,
      referralsEnabled: true,
      referralBonus: 3,
      prizes: [{ rank: 1, description: "Grand prize: one mug.", valueCents: 2500 }],
      extras: [],
      claimWindowDays: 14,
      platforms: [],
      launchedAt: "Nov 1, 2026, 09:30 UTC",
      version: 2,
      winnersPath: "/campaign/c1/winners",
      privacyPath: "/privacy",
    };
    const text = buildOfficialRules(rules)
      .flatMap((section) => [section.heading, ...section.paragraphs.map((p) => p.text), ...(section.items ?? [])])
      .join("\n");
    expect(text).toContain("This giveaway is sponsored by Kestrel Coffee Co.\n");
    expect(text).not.toContain("Co..");
    expect(buildOfficialRules({ ...rules, sponsorLegalName: "Kestrel Coffee Company Ltd", brandName: BRAND })[0]?.paragraphs[0]?.text).toBe(
      "This giveaway is sponsored by Kestrel Coffee Company Ltd (trading as Kestrel Coffee Co.).",
    );
  });
});
