import { describe, expect, it } from "vitest";
import {
  ACTION_CATALOGUE,
  actionDay,
  actionListText,
  EntryActionInputSchema,
  formatActionLimit,
  normaliseActionCode,
  normaliseHandle,
  procedureWeight,
} from "~/domain/entry-actions";
import { PLAN_CATALOGUE } from "~/domain/plans";

describe("entry actions", () => {
  it("gives every kind an honest verification: follows are self-reported, codes verified", () => {
    expect(ACTION_CATALOGUE.follow.verification).toBe("self-reported");
    expect(ACTION_CATALOGUE.code.verification).toBe("verified");
    expect(ACTION_CATALOGUE.visit.verification).toBe("tracked");
    expect(ACTION_CATALOGUE.question.verification).toBe("answered");
    expect(ACTION_CATALOGUE.daily).toMatchObject({ verification: "tracked", daily: true });
  });

  it("seeds Starter 1, Growth 5 and Pro unlimited actions", () => {
    expect(PLAN_CATALOGUE.map((plan) => [plan.id, plan.entryActionLimit])).toEqual([
      ["starter_tee", 1],
      ["growth_tee", 5],
      ["pro_tee", null],
    ]);
    expect([1, 5, null].map(formatActionLimit)).toEqual(["1 entry action", "Up to 5 entry actions", "Unlimited entry actions"]);
  });

  it("normalises codes and handles as entrants type them", () => {
    expect(normaliseActionCode(" spring 24 ")).toBe("SPRING24");
    expect(normaliseHandle("@Some.Brand")).toBe("some.brand");
    expect(normaliseHandle("https://www.instagram.com/some_brand/?hl=en")).toBe("some_brand");
    expect(normaliseHandle("two words")).toBeNull();
  });

  it("counts a daily action per UTC day and a once-only action once", () => {
    const at = new Date("2026-11-29T23:30:00-05:00");
    expect(actionDay("daily", at)).toBe("2026-11-30");
    expect(actionDay("visit", at)).toBe("");
  });

  it("refuses a bonus outside 1-10, a plain-http visit and a single choice", () => {
    expect(EntryActionInputSchema.safeParse({ kind: "daily", label: "Daily", bonus: "11" }).success).toBe(false);
    expect(EntryActionInputSchema.safeParse({ kind: "daily", label: "Daily", bonus: "10" }).success).toBe(true);
    expect(EntryActionInputSchema.safeParse({ kind: "visit", label: "Shop", bonus: "2", url: "http://shop.example" }).success).toBe(false);
    expect(EntryActionInputSchema.safeParse({ kind: "question", label: "Q", bonus: "1", question: "Size?", choices: "M" }).success).toBe(
      false,
    );
    const parsed = EntryActionInputSchema.parse({ kind: "question", label: "Q", bonus: "1", question: "Size?", choices: " S \n\nM\n" });
    expect(parsed).toMatchObject({ choices: "S\nM", bonus: 1 });
    expect(EntryActionInputSchema.parse({ kind: "code", label: "Code", bonus: "3", code: "ab c1" })).toMatchObject({ code: "ABC1" });
  });

  it("writes actions.csv sorted by entry, time and action, with the rejected claims after", () => {
    const text = actionListText(
      [
        { entryId: "b", actionId: "a2", kind: "visit", bonus: 2, completedMs: 5 },
        { entryId: "a", actionId: "a3", kind: "daily", bonus: 1, completedMs: 9 },
        { entryId: "a", actionId: "a1", kind: "code", bonus: 3, completedMs: 9 },
      ],
      [{ entryId: "c", actionId: "a4", completedMs: 7, reason: "false_claim" }],
    );
    expect(text).toBe(
      "entry_id,action_id,kind,bonus,completed_ms\na,a1,code,3,9\na,a3,daily,1,9\nb,a2,visit,2,5\n" +
        "disqualified_entry_id,action_id,completed_ms,reason\nc,a4,7,false_claim\n",
    );
    expect(procedureWeight(2, 4)).toBe(11);
  });
});
