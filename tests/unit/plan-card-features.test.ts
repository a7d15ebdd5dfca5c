import { describe, expect, it } from "vitest";
import { aiCreditsLine, planCardFeatures } from "~/domain/plans";

describe("a plan card's AI-credit line", () => {
  it("is written from the plan's credits, whatever the admin typed", () => {
    expect(planCardFeatures(["Up to 500 entries", "Standard analytics", "5 AI design credits"], 8)).toEqual([
      "Up to 500 entries",
      "Standard analytics",
      "8 AI design credits",
    ]);
    expect(planCardFeatures(["Up to 50 entries", "3 ai credits included"], 1)).toEqual(["Up to 50 entries", "1 AI design credit"]);
  });

  it("is added after the first line when the admin's text has none", () => {
    expect(planCardFeatures(["Unlimited entries", "Advanced analytics"], 15)).toEqual([
      "Unlimited entries",
      "15 AI design credits",
      "Advanced analytics",
    ]);
    expect(planCardFeatures([], 0)).toEqual(["0 AI design credits"]);
  });

  it("says credit for one and credits otherwise", () => {
    expect(aiCreditsLine(1)).toBe("1 AI design credit");
    expect(aiCreditsLine(1000)).toBe("1,000 AI design credits");
  });
});
