import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { PLAN_MESSAGES, PlanSchema } from "~/domain/plans";
import { PlatformSettingsSchema } from "~/domain/platform-settings";
import { RoleChangeSchema } from "~/domain/roles";
import { SLIDER_MESSAGES, SliderMoveSchema } from "~/domain/slider";

/** The admin forms as the server parses a posted form (Conform strips empty fields, ticks become true). */
function errorsOf(schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  const submission = parseWithZod(formData, { schema });
  return submission.status === "success" ? null : (submission.error ?? {});
}

const PLAN = { planId: "pro_tee", name: "Pro", price: "29", aiCredits: "10", features: "Everything", analyticsLevel: "advanced" };

describe("admin form messages", () => {
  it("explain every plan field in words, never the validation library's", () => {
    expect(errorsOf(PlanSchema, PLAN)).toBeNull();
    expect(errorsOf(PlanSchema, { ...PLAN, planId: "" })?.planId).toEqual([PLAN_MESSAGES.choosePlan]);
    expect(errorsOf(PlanSchema, { ...PLAN, customBranding: "yes" })?.customBranding).toEqual(["Custom branding must be either on or off."]);
    expect(errorsOf(PlanSchema, { ...PLAN, analyticsLevel: "premium" })?.analyticsLevel).toEqual([
      "Choose basic, standard or advanced analytics.",
    ]);
    expect(errorsOf(PlanSchema, { ...PLAN, active: "maybe" })?.active).toEqual(["Active must be either on or off."]);
    expect(errorsOf(PlanSchema, { ...PLAN, aiCredits: "" })?.aiCredits).toEqual([PLAN_MESSAGES.aiCreditsRequired]);
    for (const aiCredits of ["1e400", "abc", "1.5", "NaN"]) {
      expect(errorsOf(PlanSchema, { ...PLAN, aiCredits })?.aiCredits, aiCredits).toEqual([
        "Enter a whole number of AI credits from 0 to 1000.",
      ]);
    }
    expect(errorsOf(PlanSchema, { ...PLAN, aiCredits: "-1" })?.aiCredits).toEqual(["AI credits cannot be negative."]);
    expect(errorsOf(PlanSchema, { ...PLAN, aiCredits: "1001" })?.aiCredits).toEqual(["AI credits can be at most 1000."]);
    expect(errorsOf(PlanSchema, { ...PLAN, entryLimit: "1e400" })?.entryLimit).toEqual([
      "Enter a whole number of entries, or leave it empty for unlimited.",
    ]);
    // The entry action limit (decision 076): blank is unlimited, 0 to 100 otherwise.
    for (const entryActionLimit of ["0", "5", "100"])
      expect(errorsOf(PlanSchema, { ...PLAN, entryActionLimit }), entryActionLimit).toBeNull();
    for (const entryActionLimit of ["-1", "101", "2.5", "abc", "1e400"]) {
      expect(errorsOf(PlanSchema, { ...PLAN, entryActionLimit })?.entryActionLimit, entryActionLimit).toEqual([
        PLAN_MESSAGES.entryActionLimitInvalid,
      ]);
    }
  });

  it("explain the settings checkboxes, the role form and the slider's move form", () => {
    const settings = { homepageCopy: "Giveaways that ship." };
    expect(errorsOf(PlatformSettingsSchema, { ...settings, referralsEnabled: "on" })).toBeNull();
    expect(errorsOf(PlatformSettingsSchema, { ...settings, referralsEnabled: "maybe" })?.referralsEnabled).toEqual([
      "Referral bonus entries must be either on or off.",
    ]);
    expect(errorsOf(PlatformSettingsSchema, { ...settings, autoPickWinnerEnabled: "1" })?.autoPickWinnerEnabled).toEqual([
      "Pick winners automatically must be either on or off.",
    ]);
    expect(errorsOf(RoleChangeSchema, { role: "superadmin" })).toEqual({
      userId: ["Choose a user."],
      role: ["Choose user, editor or admin."],
    });
    expect(errorsOf(SliderMoveSchema, { direction: "sideways" })).toEqual({
      imageId: [SLIDER_MESSAGES.chooseImage],
      direction: [SLIDER_MESSAGES.chooseDirection],
    });
  });
});
