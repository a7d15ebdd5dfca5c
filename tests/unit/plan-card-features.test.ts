import { describe, expect, it } from "vitest";
import { MAX_ADDITIONAL_PRIZES } from "~/domain/campaign-schemas";
import { aiCreditsLine, eliteCard, PLAN_CATALOGUE, planCardFeatures, type PlanCardFacts } from "~/domain/plans";
import { ANALYTICS_FEATURE_LINES, CUSTOM_BRANDING_LINE } from "~/domain/plan-features";

const GROWTH: PlanCardFacts = { entryLimit: 500, entryActionLimit: 5, aiCredits: 5, analyticsLevel: "standard", customBranding: false };

describe("a plan card's lines (decisions 046, 049, 069)", () => {
  it("writes entries, analytics, AI credits and branding from the plan's own columns, whatever the admin typed", () => {
    expect(planCardFeatures(["Up to 5,000 entries", "Advanced analytics", "50 AI design credits", "Custom branding"], GROWTH)).toEqual([
      "Up to 500 entries",
      "Up to 5 entry actions",
      ANALYTICS_FEATURE_LINES.standard,
      "5 AI design credits",
    ]);
    expect(planCardFeatures(["3 ai credits included"], { ...GROWTH, aiCredits: 1, entryLimit: null, customBranding: true })).toEqual([
      "Unlimited entries",
      "Up to 5 entry actions",
      ANALYTICS_FEATURE_LINES.standard,
      "1 AI design credit",
      CUSTOM_BRANDING_LINE,
    ]);
  });

  it("keeps the admin's other lines, in their order, after the plan's facts", () => {
    expect(planCardFeatures(["Our friendliest plan", "Unlimited entries", "Ships in 5 days"], GROWTH)).toEqual([
      "Up to 500 entries",
      "Up to 5 entry actions",
      ANALYTICS_FEATURE_LINES.standard,
      "5 AI design credits",
      "Our friendliest plan",
      "Ships in 5 days",
    ]);
    // A line that only mentions entries is the admin's own, not the limit.
    expect(planCardFeatures(["Bonus entries for referrals"], GROWTH)).toContain("Bonus entries for referrals");
    expect(
      planCardFeatures([], { entryLimit: 50, entryActionLimit: 1, aiCredits: 0, analyticsLevel: "basic", customBranding: false }),
    ).toEqual(["Up to 50 entries", "1 entry action", ANALYTICS_FEATURE_LINES.basic, "0 AI design credits"]);
  });

  it("states the entry action limit from the plan's column, replacing an admin's line about entry actions or methods (decision 076)", () => {
    const lines = planCardFeatures(["Customizable entry methods", "Up to 20 entry actions"], { ...GROWTH, entryActionLimit: null });
    expect(lines).toContain("Unlimited entry actions");
    expect(lines.filter((line) => /entry (actions?|methods?)/i.test(line))).toEqual(["Unlimited entry actions"]);
  });

  it("shows each seeded plan's own lines unchanged", () => {
    for (const plan of PLAN_CATALOGUE) expect(planCardFeatures(plan.features, plan)).toEqual(plan.features);
  });

  it("says credit for one and credits otherwise", () => {
    expect(aiCreditsLine(1)).toBe("1 AI design credit");
    expect(aiCreditsLine(1000)).toBe("1,000 AI design credits");
  });
});

describe("the Elite Solutions card", () => {
  const card = eliteCard("Pro Tee");
  const text = [card.description, card.heading, ...card.features].join("\n");

  it("promises nothing the product does not have", () => {
    for (const claim of [/\bAPI\b/i, /white.?label/i, /\bteam\b/i, /unlimited/i, /account manager/i, /custom feature/i, /development/i]) {
      expect(text).not.toMatch(claim);
    }
  });

  it("says how many winners a giveaway can have, and builds on the top plan", () => {
    expect(card.features).toContain(
      `Up to ${1 + MAX_ADDITIONAL_PRIZES} winners per giveaway: the grand prize and ${MAX_ADDITIONAL_PRIZES} more prizes`,
    );
    expect(card.heading).toBe("Every campaign on Pro Tee, at a price for your volume:");
    expect(eliteCard(undefined).heading).toBe("Every campaign on our top plan, at a price for your volume:");
  });
});
