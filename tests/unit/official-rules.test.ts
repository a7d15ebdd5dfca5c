import { describe, expect, it } from "vitest";
import {
  buildOfficialRules,
  excludedRegionNames,
  needsRegistrationWarning,
  type RulesInput,
  RULES_VERSION,
  rulesVersionLine,
  rulesVersionOf,
  totalPrizeValueCents,
} from "~/domain/official-rules";

const input: RulesInput = {
  sponsorLegalName: "Acme Apparel LLC",
  sponsorAddress: "1 Main St, Springfield, IL 62701, USA",
  brandName: "Acme",
  brandUrl: "https://acme.example",
  minimumAge: 18,
  shipping: "The prize ships to: Canada.",
  excludedRegions: "",
  start: "Nov 1, 2026, 00:00 UTC",
  end: "Nov 8, 2026, 00:00 UTC",
  entryLimit: null,
  referralsEnabled: true,
  referralBonus: 3,
  prizes: [
    { rank: 1, description: "Grand prize: one t-shirt.", valueCents: 2500 },
    { rank: 2, description: "Second prize: gift card.", valueCents: 5000 },
  ],
  extras: [],
  claimWindowDays: 14,
  platforms: ["Instagram", "X", "TikTok"],
  launchedAt: "Nov 1, 2026, 09:30 UTC",
  version: 1,
  winnersPath: "/campaign/c123/winners",
  privacyPath: "/privacy",
};
/** The current wording (decision 057). */
const v2: RulesInput = { ...input, version: 2 };

const all = (sections: ReturnType<typeof buildOfficialRules>) =>
  sections.flatMap((s) => [s.heading, ...s.paragraphs.map((p) => p.text), ...(s.items ?? [])]).join("\n");

describe("the official rules text, version 1 (decision 053)", () => {
  it("states the sponsor, its address, eligibility, the UTC period, values and total, claim, redraw and the release", () => {
    const text = all(buildOfficialRules(input));
    expect(text).toContain("This giveaway is sponsored by Acme Apparel LLC (trading as Acme), https://acme.example.");
    expect(text).toContain("Sponsor address: 1 Main St, Springfield, IL 62701, USA");
    expect(text).toContain("NO PURCHASE NECESSARY TO ENTER OR WIN. Every entry is free.");
    expect(text).toContain("18 years of age or older");
    expect(text).toContain("The prize ships to: Canada.");
    expect(text).toContain("Void where prohibited");
    expect(text).toContain("Coordinated Universal Time (UTC)");
    expect(text).toContain("adds 3 bonus entries");
    expect(text).toContain("depend on the number of eligible entries");
    expect(text).toContain("Grand prize: one t-shirt. Approximate retail value: $25.00.");
    expect(text).toContain("Total approximate retail value of all prizes: $75.00.");
    expect(text).toContain("claimed within 14 days");
    expect(text).toContain("a redraw");
    expect(text).toContain("only with the winner's consent");
    expect(text).toContain("Giveawear provides the service");
    expect(text).toContain("associated with, Instagram, X or TikTok. By entering, you release Instagram, X and TikTok");
  });

  it("says no bonus entries when referrals are off, and names only the listed platforms (none: no release)", () => {
    const off = all(buildOfficialRules({ ...input, referralsEnabled: false, platforms: ["X"] }));
    expect(off).toContain("Bonus entries are not offered in this giveaway.");
    expect(off).not.toContain("bonus entries to yours");
    expect(off).toContain("associated with, X. By entering, you release X from");
    expect(off).not.toContain("Instagram");
    const none = buildOfficialRules({ ...input, platforms: [] });
    expect(none.map((s) => s.id)).not.toContain("release");
  });

  it("states excluded regions and a higher minimum age under eligibility", () => {
    const sections = buildOfficialRules({ ...input, minimumAge: 21, excludedRegions: "US-NY,US-FL" });
    const eligibility = sections.find((s) => s.id === "eligibility");
    const text = eligibility?.paragraphs.map((p) => p.text).join(" ");
    expect(text).toContain("21 years of age or older");
    expect(text).toContain("Residents of New York and Florida are not eligible to enter or win.");
  });

  it("does not invent what an older campaign never gave", () => {
    const text = all(
      buildOfficialRules({
        ...input,
        sponsorLegalName: "",
        sponsorAddress: "",
        prizes: [
          { rank: 1, description: "Grand prize: one mug.", valueCents: 1500 },
          { rank: 2, description: "Gift.", valueCents: null },
        ],
      }),
    );
    expect(text).toContain("This giveaway is sponsored by Acme, https://acme.example.");
    expect(text).toContain("Sponsor address: not provided.");
    expect(text).toContain("Gift. Approximate retail value: not provided.");
    expect(text).toContain("$15.00 (not counting prizes whose value was not provided)");
  });

  it("versions the rules at launch and warns above $5,000 only", () => {
    expect(rulesVersionLine("Nov 1, 2026, 09:30 UTC", 1)).toBe(
      "Version 1, fixed at launch on Nov 1, 2026, 09:30 UTC. These rules cannot change while the giveaway runs.",
    );
    expect(rulesVersionLine("Nov 1, 2026, 09:30 UTC")).toBe(
      "Version 2, fixed at launch on Nov 1, 2026, 09:30 UTC. These rules cannot change while the giveaway runs.",
    );
    expect(rulesVersionLine(null)).toContain("fixed when the giveaway launches");
    expect(needsRegistrationWarning(totalPrizeValueCents([500_000]))).toBe(false);
    expect(needsRegistrationWarning(totalPrizeValueCents([400_000, 100_100, null]))).toBe(true);
    expect(excludedRegionNames("US-NY,US-FL")).toEqual(["New York", "Florida"]);
  });
});

describe("the official rules text, version 2 (decision 057)", () => {
  it("is the current version; a stored 1 stays 1, and anything unknown reads as the current one", () => {
    expect(RULES_VERSION).toBe(2);
    expect(rulesVersionOf(1)).toBe(1);
    expect(rulesVersionOf(2)).toBe(2);
    expect(rulesVersionOf(null)).toBe(RULES_VERSION);
    expect(rulesVersionOf(99)).toBe(RULES_VERSION);
  });

  it("names the sponsor without the brand's URL, which a live campaign may edit", () => {
    const text = all(buildOfficialRules(v2));
    expect(text).toContain("This giveaway is sponsored by Acme Apparel LLC (trading as Acme).");
    expect(text).not.toContain("acme.example");
  });

  it("publishes the winners list with region, and the winner's objection from the claim page", () => {
    const publicity = buildOfficialRules(v2).find((s) => s.id === "publicity");
    const text = publicity?.paragraphs.map((p) => p.text).join(" ") ?? "";
    expect(text).toContain("for publicity only with the winner's consent");
    expect(text).toContain("the winners list is published at /campaign/c123/winners and stays available after the giveaway ends");
    expect(text).toContain("their region (state or province, or country)");
    expect(text).toContain("Any winner may object to being listed, at any time, from their claim page");
    expect(text).toContain('"Winner chose not to be listed"');
    // Version 1 never promised a list.
    expect(all(buildOfficialRules(input))).not.toContain("/winners");
  });

  it("gives the entrant's data rights: see, export, withdraw and erase from any email or the privacy page", () => {
    const privacy = buildOfficialRules(v2).find((s) => s.id === "privacy");
    const text = privacy?.paragraphs.map((p) => p.text).join(" ") ?? "";
    expect(text).toContain(
      "At any time you can see your data, export it, withdraw your marketing consent and erase your data: from the link in any email we send you, or from the form on our privacy page (/privacy), which emails you that link.",
    );
    expect(text).toContain("To correct your data, write to us through our contact form (/contact).");
    expect(all(buildOfficialRules(input))).toContain("by writing to us through our contact form (/contact)");
  });

  it("keeps every other section as version 1 states it", () => {
    const one = buildOfficialRules({ ...input, brandUrl: "" });
    const two = buildOfficialRules({ ...v2, brandUrl: "" });
    expect(two.map((s) => s.heading)).toEqual(one.map((s) => s.heading));
    for (const [index, section] of two.entries()) {
      if (section.id === "publicity" || section.id === "privacy") continue;
      expect(section, section.id).toEqual(one[index]);
    }
  });
});
