import { describe, expect, it } from "vitest";
import {
  ANALYTICS_LEVELS,
  analyticsIncludes,
  cheapestPlanWith,
  hasAnalytics,
  mostPopularPlanId,
  MOST_POPULAR_MIN_LAUNCHES,
  toAnalyticsLevel,
} from "~/domain/plan-features";
import { PLAN_CATALOGUE } from "~/domain/plans";
import { durationChoices, pricingStory } from "~/components/marketing/price";

describe("analytics levels", () => {
  it("unlock counts on basic, charts and export on standard, the rest on advanced", () => {
    expect(hasAnalytics("basic", "counts")).toBe(true);
    expect(hasAnalytics("basic", "dailyChart")).toBe(false);
    expect(hasAnalytics("basic", "csvExport")).toBe(false);
    expect(hasAnalytics("standard", "dailyChart")).toBe(true);
    expect(hasAnalytics("standard", "csvExport")).toBe(true);
    for (const section of ["sources", "topReferrers", "emailDomains", "hourlyChart"] as const) {
      expect(hasAnalytics("standard", section), section).toBe(false);
      expect(hasAnalytics("advanced", section), section).toBe(true);
    }
    expect(analyticsIncludes("advanced")).toHaveLength(6);
  });

  it("read an unknown stored value as basic, never as more", () => {
    expect(toAnalyticsLevel("premium")).toBe("basic");
    expect(toAnalyticsLevel(null)).toBe("basic");
    for (const level of ANALYTICS_LEVELS) expect(toAnalyticsLevel(level)).toBe(level);
  });

  it("point an upgrade at the cheapest plan with the level", () => {
    const plans = [
      { name: "Pro", priceCents: 7900, analyticsLevel: "advanced" as const },
      { name: "Growth", priceCents: 2900, analyticsLevel: "standard" as const },
      { name: "Starter", priceCents: 0, analyticsLevel: "basic" as const },
    ];
    expect(cheapestPlanWith(plans, "standard")?.name).toBe("Growth");
    expect(cheapestPlanWith(plans, "advanced")?.name).toBe("Pro");
    expect(cheapestPlanWith(plans.slice(1), "advanced")).toBeUndefined();
  });

  it("are what the seeded catalogue's feature lines say", () => {
    for (const plan of PLAN_CATALOGUE) {
      expect(
        plan.features.some((line) => line.toLowerCase().startsWith(`${plan.analyticsLevel} analytics`)),
        plan.id,
      ).toBe(true);
      expect(
        plan.features.some((line) => /custom branding/i.test(line)),
        plan.id,
      ).toBe(plan.customBranding);
      expect(
        plan.features.some((line) => /support/i.test(line)),
        plan.id,
      ).toBe(false);
    }
  });
});

describe("Most Popular", () => {
  const offered = ["starter", "growth", "pro"];
  it("needs enough launches", () => {
    expect(mostPopularPlanId([{ planId: "growth", count: MOST_POPULAR_MIN_LAUNCHES - 1 }], offered)).toBeNull();
    expect(mostPopularPlanId([{ planId: "growth", count: MOST_POPULAR_MIN_LAUNCHES }], offered)).toBe("growth");
  });

  it("is the single leader among the plans on offer", () => {
    const launches = [
      { planId: "retired", count: 20 },
      { planId: "growth", count: 6 },
      { planId: "pro", count: 4 },
      { planId: null, count: 3 },
    ];
    expect(mostPopularPlanId(launches, offered)).toBe("growth");
    expect(
      mostPopularPlanId(
        [
          { planId: "growth", count: 5 },
          { planId: "pro", count: 5 },
        ],
        offered,
      ),
    ).toBeNull();
  });
});

describe("the pricing story", () => {
  it("names the free plan and the lowest paid price, and the wizard's durations", () => {
    const story = pricingStory([
      { id: "pro", name: "Pro", priceCents: 7900 },
      { id: "free", name: "Free", priceCents: 0 },
      { id: "growth", name: "Growth", priceCents: 2950 },
    ]);
    expect(story).toEqual({ free: { id: "free", name: "Free" }, paid: { id: "growth", name: "Growth", price: "$29.50" } });
    expect(pricingStory([{ id: "pro", name: "Pro", priceCents: 7900 }]).free).toBeNull();
    expect(durationChoices()).toBe("7, 14, 21 or 30");
  });
});
