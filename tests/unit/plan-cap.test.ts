import { describe, expect, it } from "vitest";
import { aiCreditFigures, planCredits, planCreditsText } from "~/domain/ai-credits";
import { capEmailKey, capLevel, capNoticeTitle, capThresholdCount } from "~/domain/plan-cap";

describe("the cap's thresholds (decision 049)", () => {
  it("reach 80% at the rounded-up count and 100% at the limit", () => {
    expect(capThresholdCount(50, 80)).toBe(40);
    expect(capThresholdCount(7, 80)).toBe(6);
    expect(capThresholdCount(1, 80)).toBe(1);
    expect([39, 40, 49, 50, 51].map((count) => capLevel(count, 50))).toEqual([null, 80, 80, 100, 100]);
    expect(capLevel(1, 1)).toBe(100);
  });

  it("say nothing for an unlimited campaign", () => {
    expect(capLevel(1_000_000, null)).toBeNull();
  });

  it("key the email by threshold, campaign and limit", () => {
    expect(capEmailKey(80, "c1", 500)).toBe("cap80:c1:500");
    expect(capEmailKey(100, "c1", 50)).toBe("cap100:c1:50");
  });

  it("title the banner with the figures", () => {
    expect(capNoticeTitle({ level: 80, entryCount: 4, entryLimit: 5 })).toBe("4 of 5 entries: 80% of the plan's limit");
    expect(capNoticeTitle({ level: 100, entryCount: 1500, entryLimit: 1500 })).toBe("Entry limit reached: 1,500 of 1,500 entries");
  });
});

describe("one AI-credit figure (decision 049)", () => {
  it("counts a plan's credits as used + left = the plan card's number", () => {
    const growth = planCredits("Growth Tee", 5, 2);
    expect(growth).toEqual({ planName: "Growth Tee", total: 5, used: 3, left: 2 });
    expect(planCreditsText(growth)).toBe("2 of 5 Growth Tee plan credits left");
    expect(aiCreditFigures(4, growth)).toEqual({ balance: 4, plan: growth, available: 6 });
    expect(aiCreditFigures(4, null).available).toBe(4);
  });

  it("never shows negative numbers", () => {
    expect(planCredits(null, 1, 3)).toEqual({ planName: null, total: 3, used: 0, left: 3 });
    expect(aiCreditFigures(-2, planCredits(null, 5, -1))).toMatchObject({ balance: 0, available: 0 });
  });
});
