import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  aiGenerationProblem,
  CAMPAIGN_MESSAGES,
  CampaignInfoSchema,
  DURATIONS,
  entryRulesSchema,
  parseProductColors,
  parseGarmentSizes,
  PlanSelectionSchema,
  PRODUCT_TYPES,
  reviewProblems,
  dollarsToCents,
  PRODUCT_COLORS,
  productHasSizes,
  productSizes,
  GARMENT_SIZES,
  productDesignSchema,
  sizesAfterProductChange,
  VALIDATION_TOAST,
  WIZARD_STEPS,
  withDesignFileFlag,
} from "~/domain/campaign-schemas";

type Fields = Record<string, string | string[] | File>;

/** Step 3 of a t-shirt campaign: every listed size is made. */
const ShirtDesignSchema = productDesignSchema({ productType: "t-shirt" });

function formData(fields: Fields): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  return data;
}

/** Exactly what the route does: parseWithZod over the submitted FormData. */
function submit<S extends z.ZodType>(schema: S, fields: Fields | FormData) {
  return parseWithZod(fields instanceof FormData ? fields : formData(fields), { schema });
}

function errorsOf<S extends z.ZodType>(schema: S, fields: Fields | FormData): Record<string, string[] | null> {
  const submission = submit(schema, fields);
  expect(submission.status).toBe("error");
  return (submission.status === "error" && submission.error) || {};
}

function valueOf<S extends z.ZodType>(schema: S, fields: Fields | FormData): z.output<S> {
  const submission = submit(schema, fields);
  if (submission.status !== "success") throw new Error(`expected success, got ${JSON.stringify(submission.error)}`);
  return submission.value;
}

describe("wizard constants", () => {
  it("lists the five steps with their headings", () => {
    expect(WIZARD_STEPS.map((s) => [s.id, s.number, s.title, s.heading])).toEqual([
      ["campaignInfo", 1, "Campaign Info", "Step 1: Campaign Info & Branding"],
      ["planSelection", 2, "Select Plan", "Step 2: Select Plan"],
      ["shirtDesign", 3, "T-Shirt Design", "Step 3: T-Shirt Design"],
      ["entryRules", 4, "Entry Rules & Rewards", "Step 4: Entry Rules & Rewards"],
      ["reviewLaunch", 5, "Review & Launch", "Step 5: Review & Launch"],
    ]);
  });
  it("has the spec's toast, colours, sizes, durations and product types", () => {
    expect(`${VALIDATION_TOAST.title}: ${VALIDATION_TOAST.description}`).toBe(
      "Validation Error: Please correct the errors on this step before proceeding.",
    );
    expect(PRODUCT_COLORS).toEqual([
      { key: "white", name: "White", hex: "#FFFFFF" },
      { key: "black", name: "Black", hex: "#000000" },
      { key: "heather_gray", name: "Heather Gray", hex: "#A0A0A0" },
    ]);
    expect(GARMENT_SIZES).toEqual(["XS", "S", "M", "L", "XL", "2XL", "3XL"]);
    expect(DURATIONS).toEqual([7, 14, 21, 30]);
    expect(PRODUCT_TYPES.map((p) => [p.key, p.label])).toEqual([
      ["t-shirt", "T-Shirt"],
      ["hoodie", "Hoodie"],
      ["mug", "Mug"],
    ]);
  });
});

describe("Conform integration", () => {
  it("derives field constraints from every step's schema", () => {
    // getZodConstraint throws on a root-level transform, and the forms call it.
    expect(getZodConstraint(CampaignInfoSchema).title).toMatchObject({ required: true });
    expect(getZodConstraint(CampaignInfoSchema).brandUrl).toMatchObject({ required: false });
    expect(getZodConstraint(PlanSelectionSchema).planId).toMatchObject({ required: true });
    expect(getZodConstraint(ShirtDesignSchema).selectedColors).toMatchObject({ required: true, multiple: true });
    expect(getZodConstraint(ShirtDesignSchema).selectedSizes).toMatchObject({ required: true, multiple: true });
    // A mug has no sizes, so none are required.
    expect(getZodConstraint(productDesignSchema({ productType: "mug" })).selectedSizes).toMatchObject({ required: false });
    const entryRules = getZodConstraint(entryRulesSchema({ today: new Date("2025-06-15T12:00:00Z") }));
    expect(entryRules.termsAccepted).toMatchObject({ required: true });
    expect(entryRules["additionalPrizes[].title"]).toMatchObject({ required: false });
  });
});

describe("step 1: campaign info", () => {
  const valid = { title: "Summer Tee Drop", description: "Win our limited summer tee.", brandName: "Acme" };

  it("accepts the required fields and fills the rest with defaults", () => {
    expect(valueOf(CampaignInfoSchema, valid)).toEqual({
      ...valid,
      brandUrl: "",
      instagramHandle: "",
      xHandle: "",
      tiktokHandle: "",
      productType: "t-shirt",
      isPromotingProduct: false,
      productTitle: "",
      productValue: "",
      productDescription: "",
      accentColor: "",
      supportEmail: "",
      hideGiveawearBranding: false,
    });
  });

  it("keeps everything on a full submission, trimming and dropping a leading @ from handles", () => {
    const value = valueOf(CampaignInfoSchema, {
      ...valid,
      title: "  Summer Tee Drop  ",
      brandUrl: "https://acme.example.com/shop",
      instagramHandle: "@acme.store_1",
      xHandle: "@acme_hq",
      tiktokHandle: "acme.tok",
      productType: "hoodie",
      isPromotingProduct: "yes",
      productTitle: "Sticker pack",
      productValue: "$25",
      productDescription: "Ten vinyl stickers.",
    });
    expect(value).toMatchObject({
      title: "Summer Tee Drop",
      brandUrl: "https://acme.example.com/shop",
      instagramHandle: "acme.store_1",
      xHandle: "acme_hq",
      tiktokHandle: "acme.tok",
      productType: "hoodie",
      isPromotingProduct: true,
      productTitle: "Sticker pack",
      productValue: "$25",
      productDescription: "Ten vinyl stickers.",
    });
  });

  it("requires a title of 5 to 100 characters", () => {
    expect(errorsOf(CampaignInfoSchema, { ...valid, title: "" }).title).toEqual(["Giveaway title is required."]);
    expect(errorsOf(CampaignInfoSchema, { ...valid, title: "   " }).title).toEqual(["Giveaway title is required."]);
    const { title: _title, ...withoutTitle } = valid;
    expect(errorsOf(CampaignInfoSchema, withoutTitle).title).toEqual(["Giveaway title is required."]);
    expect(errorsOf(CampaignInfoSchema, { ...valid, title: "Tees" }).title).toEqual(["Giveaway title must be at least 5 characters."]);
    expect(errorsOf(CampaignInfoSchema, { ...valid, title: "x".repeat(101) }).title).toEqual([
      "Giveaway title must be at most 100 characters.",
    ]);
    expect(valueOf(CampaignInfoSchema, { ...valid, title: "x".repeat(100) }).title).toHaveLength(100);
  });

  it("requires a description of 10 to 500 characters", () => {
    expect(errorsOf(CampaignInfoSchema, { ...valid, description: "" }).description).toEqual(["Giveaway description is required."]);
    expect(errorsOf(CampaignInfoSchema, { ...valid, description: "Too short" }).description).toEqual([
      "Giveaway description must be at least 10 characters.",
    ]);
    expect(errorsOf(CampaignInfoSchema, { ...valid, description: "x".repeat(501) }).description).toEqual([
      "Giveaway description must be at most 500 characters.",
    ]);
  });

  it("requires a brand name of at most 50 characters", () => {
    expect(errorsOf(CampaignInfoSchema, { ...valid, brandName: "" }).brandName).toEqual(["Brand name is required."]);
    expect(errorsOf(CampaignInfoSchema, { ...valid, brandName: "x".repeat(51) }).brandName).toEqual([
      "Brand name must be at most 50 characters.",
    ]);
  });

  it("accepts only http and https brand URLs with a real host", () => {
    // Typed without a scheme, a URL gets https:// (decision 048); a scheme other than http(s) is still refused.
    expect(valueOf(CampaignInfoSchema, { ...valid, brandUrl: "example.com" }).brandUrl).toBe("https://example.com");
    for (const brandUrl of ["ftp://example.com", "javascript:alert(1)", "https://localhost", "https://exa mple.com", "exa mple.com"]) {
      expect(errorsOf(CampaignInfoSchema, { ...valid, brandUrl }).brandUrl, brandUrl).toEqual([
        "Enter a valid URL (e.g., https://example.com).",
      ]);
    }
    expect(valueOf(CampaignInfoSchema, { ...valid, brandUrl: "http://shop.example.co.uk/a?b=c" }).brandUrl).toBe(
      "http://shop.example.co.uk/a?b=c",
    );
  });

  it("checks each social handle's characters", () => {
    expect(errorsOf(CampaignInfoSchema, { ...valid, instagramHandle: "acme store" }).instagramHandle).toEqual([
      "Invalid Instagram handle.",
    ]);
    expect(errorsOf(CampaignInfoSchema, { ...valid, instagramHandle: "@" }).instagramHandle).toEqual(["Invalid Instagram handle."]);
    expect(errorsOf(CampaignInfoSchema, { ...valid, xHandle: "acme.hq" }).xHandle).toEqual(["Invalid X (Twitter) handle."]);
    expect(errorsOf(CampaignInfoSchema, { ...valid, xHandle: "a".repeat(16) }).xHandle).toEqual(["Invalid X (Twitter) handle."]);
    expect(errorsOf(CampaignInfoSchema, { ...valid, tiktokHandle: "acme-tok" }).tiktokHandle).toEqual(["Invalid TikTok handle."]);
  });

  it("rejects a product type outside the list", () => {
    expect(errorsOf(CampaignInfoSchema, { ...valid, productType: "poster" }).productType).toEqual(["Please choose a product type."]);
  });

  it("requires a bonus item title when promoting a product, with limits on the bonus fields", () => {
    expect(errorsOf(CampaignInfoSchema, { ...valid, isPromotingProduct: "yes" }).productTitle).toEqual([
      "Bonus item title is required if enabled.",
    ]);
    const errors = errorsOf(CampaignInfoSchema, {
      ...valid,
      isPromotingProduct: "yes",
      productTitle: "x".repeat(101),
      productValue: "x".repeat(31),
      productDescription: "x".repeat(301),
    });
    expect(errors).toEqual({
      productTitle: ["Bonus item title must be at most 100 characters."],
      productValue: ["Approximate value must be at most 30 characters."],
      productDescription: ["Bonus item description must be at most 300 characters."],
    });
  });

  it("reports conditional errors together with the other fields' errors", () => {
    const errors = errorsOf(CampaignInfoSchema, { ...valid, title: "", isPromotingProduct: "yes" });
    expect(errors.title).toEqual(["Giveaway title is required."]);
    expect(errors.productTitle).toEqual(["Bonus item title is required if enabled."]);
  });

  it("clears the bonus item when not promoting, ignoring stale hidden values", () => {
    const value = valueOf(CampaignInfoSchema, {
      ...valid,
      isPromotingProduct: "no",
      productTitle: "x".repeat(200),
      productValue: "$25",
      productDescription: "Leftover",
    });
    expect(value).toMatchObject({ isPromotingProduct: false, productTitle: "", productValue: "", productDescription: "" });
  });
});

describe("step 2: plan selection", () => {
  it("requires a plan", () => {
    expect(errorsOf(PlanSelectionSchema, {}).planId).toEqual(["Please select a plan."]);
    expect(errorsOf(PlanSelectionSchema, { planId: " " }).planId).toEqual(["Please select a plan."]);
    expect(valueOf(PlanSelectionSchema, { planId: "growth_tee" })).toEqual({ planId: "growth_tee" });
  });
});

describe("step 3: shirt design", () => {
  const sizes = ["M", "L"];

  it("accepts a confirmed design and returns colours and sizes once each, in catalogue order", () => {
    expect(
      valueOf(ShirtDesignSchema, {
        designMode: "ai",
        finalDesignUrl: "/uploads/designs/abc.png",
        selectedColors: ["heather_gray", "white", "white"],
        selectedSizes: ["3XL", "S", "M"],
      }),
    ).toEqual({
      designMode: "ai",
      finalDesignUrl: "/uploads/designs/abc.png",
      designPrompt: "",
      designFileProvided: false,
      selectedColors: ["white", "heather_gray"],
      selectedSizes: ["S", "M", "3XL"],
    });
  });

  it("takes a single selected value as a one-item list", () => {
    const value = valueOf(ShirtDesignSchema, { finalDesignUrl: "/d.png", selectedColors: "black", selectedSizes: "XL" });
    expect(value.selectedColors).toEqual(["black"]);
    expect(value.selectedSizes).toEqual(["XL"]);
    expect(value.designMode).toBe("ai");
  });

  it("in AI mode without a design asks for a prompt and a design", () => {
    const errors = errorsOf(ShirtDesignSchema, { designMode: "ai", selectedColors: "white", selectedSizes: sizes });
    expect(errors).toEqual({
      designPrompt: ["AI prompt is required if no design is selected."],
      finalDesignUrl: ["A shirt design must be selected or created."],
    });
  });

  it("in AI mode with a prompt but no chosen design still asks for a design", () => {
    const errors = errorsOf(ShirtDesignSchema, {
      designMode: "ai",
      designPrompt: "A retro sunset",
      selectedColors: "white",
      selectedSizes: sizes,
    });
    expect(errors).toEqual({ finalDesignUrl: ["A shirt design must be selected or created."] });
  });

  it("in upload mode without a design asks for a file", () => {
    const errors = errorsOf(ShirtDesignSchema, { designMode: "upload", selectedColors: "white", selectedSizes: sizes });
    expect(errors).toEqual({
      designFile: ["Please upload a design if no design is selected."],
      finalDesignUrl: ["A shirt design must be selected or created."],
    });
  });

  it("treats the empty file a browser sends for an untouched input as no file", () => {
    const errors = errorsOf(ShirtDesignSchema, {
      designMode: "upload",
      designFile: new File([], ""),
      selectedColors: "white",
      selectedSizes: sizes,
    });
    expect(errors.designFile).toEqual(["Please upload a design if no design is selected."]);
  });

  it("in upload mode accepts a file sent with the form", () => {
    const value = valueOf(ShirtDesignSchema, {
      designMode: "upload",
      designFile: new File([new Uint8Array([137, 80, 78, 71])], "art.png", { type: "image/png" }),
      selectedColors: "white",
      selectedSizes: sizes,
    });
    expect(value.designFileProvided).toBe(true);
    expect(value).not.toHaveProperty("designFile");
  });

  it("accepts the server's flag for a file it took out of the form, and only the server's", () => {
    const fields = formData({ designMode: "upload", selectedColors: "white", selectedSizes: sizes, designFileProvided: "1" });
    expect(valueOf(ShirtDesignSchema, withDesignFileFlag(fields, true)).designFileProvided).toBe(true);
    expect(errorsOf(ShirtDesignSchema, withDesignFileFlag(fields, false)).designFile).toEqual([
      "Please upload a design if no design is selected.",
    ]);
  });

  it("requires at least one colour and one size", () => {
    const errors = errorsOf(ShirtDesignSchema, { finalDesignUrl: "/d.png" });
    expect(errors).toEqual({
      selectedColors: ["At least one shirt color must be selected."],
      selectedSizes: ["At least one shirt size must be selected."],
    });
  });

  it("rejects colours and sizes outside the lists", () => {
    const errors = errorsOf(ShirtDesignSchema, { finalDesignUrl: "/d.png", selectedColors: ["white", "red"], selectedSizes: "4XL" });
    expect(errors["selectedColors[1]"]).toEqual(["Please choose one of the listed shirt colors."]);
    expect(errors["selectedSizes[0]"]).toEqual(["Please choose one of the listed shirt sizes."]);
  });

  it("offers each product the sizes some style of it is made in: no XS for a hoodie, none for a mug", () => {
    expect(productSizes("t-shirt")).toEqual(["XS", "S", "M", "L", "XL", "2XL", "3XL"]);
    expect(productSizes("hoodie")).toEqual(["S", "M", "L", "XL", "2XL", "3XL"]);
    expect(productSizes("mug")).toEqual([]);
    expect(PRODUCT_TYPES.filter((p) => productHasSizes(p.key)).map((p) => p.key)).toEqual(["t-shirt", "hoodie"]);
  });

  it("asks a mug for no sizes: none required, and any sent are dropped", () => {
    const mug = productDesignSchema({ productType: "mug" });
    expect(valueOf(mug, { finalDesignUrl: "/d.png", selectedColors: "white" })).toMatchObject({
      selectedColors: ["white"],
      selectedSizes: [],
    });
    // A form from before the product changed still sends sizes: the mug saves none.
    expect(valueOf(mug, { finalDesignUrl: "/d.png", selectedColors: "white", selectedSizes: ["XS", "4XL"] }).selectedSizes).toEqual([]);
    // Its other fields are still checked, and no size error is among them.
    expect(errorsOf(mug, { designMode: "ai" })).toEqual({
      selectedColors: ["At least one mug color must be selected."],
      designPrompt: ["AI prompt is required if no design is selected."],
      finalDesignUrl: ["A mug design must be selected or created."],
    });
  });

  it("still requires a garment to have at least one size", () => {
    for (const productType of ["t-shirt", "hoodie"]) {
      expect(errorsOf(productDesignSchema({ productType }), { finalDesignUrl: "/d.png", selectedColors: "white" })).toEqual({
        selectedSizes: ["At least one shirt size must be selected."],
      });
    }
  });

  it("refuses a size the campaign's product is not made in, and takes the rest", () => {
    const hoodie = productDesignSchema({ productType: "hoodie" });
    const fields = { finalDesignUrl: "/d.png", selectedColors: "white" };
    expect(errorsOf(hoodie, { ...fields, selectedSizes: ["XS", "M"] })).toEqual({
      selectedSizes: ["Hoodies are not made in size XS."],
    });
    expect(valueOf(hoodie, { ...fields, selectedSizes: ["S", "3XL"] }).selectedSizes).toEqual(["S", "3XL"]);
    expect(valueOf(ShirtDesignSchema, { ...fields, selectedSizes: ["XS", "M"] }).selectedSizes).toEqual(["XS", "M"]);
  });

  it("reports a size the product is not made in together with the step's other errors", () => {
    const errors = errorsOf(productDesignSchema({ productType: "hoodie" }), {
      designMode: "ai",
      selectedColors: ["white", "red"],
      selectedSizes: "XS",
    });
    expect(errors).toMatchObject({
      selectedSizes: ["Hoodies are not made in size XS."],
      finalDesignUrl: ["A hoodie design must be selected or created."],
      "selectedColors[1]": ["Please choose one of the listed shirt colors."],
    });
  });

  it("drops the stored sizes a newly chosen product is not made in", () => {
    expect(sizesAfterProductChange("hoodie", "XS,M,L")).toBe("M,L");
    expect(sizesAfterProductChange("hoodie", "XS")).toBe("M,L,XL");
    expect(sizesAfterProductChange("hoodie", "S,M")).toBeNull();
    expect(sizesAfterProductChange("t-shirt", "XS,M")).toBeNull();
  });

  it("stores no sizes for a mug, and gives a garment that had none the default sizes", () => {
    expect(sizesAfterProductChange("mug", "XS,M")).toBe("");
    expect(sizesAfterProductChange("mug", "M,L,XL")).toBe("");
    expect(sizesAfterProductChange("mug", "11oz")).toBe("");
    expect(sizesAfterProductChange("mug", "")).toBeNull();
    expect(sizesAfterProductChange("t-shirt", "")).toBe("M,L,XL");
    expect(sizesAfterProductChange("hoodie", "")).toBe("M,L,XL");
  });

  it("limits the prompt length", () => {
    const errors = errorsOf(ShirtDesignSchema, {
      finalDesignUrl: "/d.png",
      designPrompt: "x".repeat(1001),
      selectedColors: "white",
      selectedSizes: "M",
    });
    expect(errors).toEqual({ designPrompt: ["AI prompt must be at most 1000 characters."] });
  });
});

describe("step 4: entry rules", () => {
  // Mid-day UTC on 15 June: yesterday (14 June) is the earliest allowed start.
  const schema = entryRulesSchema({ today: new Date("2025-06-15T12:00:00Z") });
  const valid = { startDate: "2025-06-15", termsAccepted: "on" };

  it("accepts the minimum and fills in defaults", () => {
    expect(valueOf(schema, valid)).toEqual({
      startDate: "2025-06-15",
      durationDays: 7,
      termsAccepted: true,
      timeZone: "",
      otherLanguages: [],
      limitOneEntryPerPerson: false,
      referralCap: null,
      giveCouponToEntrants: false,
      entrantCouponCode: "",
      entrantCouponDescription: "",
      giveBonusGiftToWinner: false,
      winnerBonusGiftName: "",
      winnerBonusGiftCode: "",
      winnerBonusGiftInstructions: "",
      sendReminder: false,
      additionalPrizes: [],
      // Decision 050: the prize ships everywhere the print partner does unless the creator chooses.
      shipScope: "everywhere",
      shipCountries: "",
      // Decision 053: optional while a draft is saved, required at launch; 18 is the default age.
      sponsorLegalName: "",
      sponsorAddress: "",
      minimumAge: 18,
      prizeValue: "",
    });
  });

  it("takes a referral cap from 1 to 1,000 friends, or none when left empty (decision 104)", () => {
    expect(valueOf(schema, { ...valid, referralCap: "25" })).toMatchObject({ referralCap: 25 });
    expect(valueOf(schema, { ...valid, referralCap: "" })).toMatchObject({ referralCap: null });
    for (const bad of ["0", "1001", "2.5", "ten"]) {
      expect(errorsOf(schema, { ...valid, referralCap: bad }), bad).toEqual({ referralCap: [CAMPAIGN_MESSAGES.referralCapRange] });
    }
  });

  it("takes the official rules' facts and refuses a bad age or value (decision 053)", () => {
    const value = valueOf(schema, {
      ...valid,
      sponsorLegalName: " Acme Apparel LLC ",
      sponsorAddress: "1 Main St, Springfield, IL 62701, USA",
      minimumAge: "21",
      prizeValue: "$1,200",
      "additionalPrizes[0].title": "Gift card",
      "additionalPrizes[0].value": "50",
    });
    expect(value).toMatchObject({ sponsorLegalName: "Acme Apparel LLC", minimumAge: 21, prizeValue: "$1,200" });
    expect(dollarsToCents(value.prizeValue)).toBe(120_000);
    expect(value.additionalPrizes[0]?.value).toBe("50");
    for (const age of ["17", "100", "18.5", "abc"]) {
      expect(errorsOf(schema, { ...valid, minimumAge: age }).minimumAge).toEqual(["Minimum age must be a whole number from 18 to 99."]);
    }
    for (const bad of ["12.50", "-5", "0", "ten"]) {
      expect(errorsOf(schema, { ...valid, prizeValue: bad }).prizeValue).toEqual([
        "Enter the approximate retail value in whole US dollars (e.g., 25).",
      ]);
    }
    expect(
      errorsOf(schema, { ...valid, "additionalPrizes[0].title": "Gift", "additionalPrizes[0].value": "9.99" })["additionalPrizes[0].value"],
    ).toEqual(["Enter the approximate retail value in whole US dollars (e.g., 25)."]);
    expect(errorsOf(schema, { ...valid, sponsorLegalName: "x".repeat(101) }).sponsorLegalName).toEqual([
      "Sponsor's legal name must be at most 100 characters.",
    ]);
  });

  it("keeps every reward when switched on", () => {
    const value = valueOf(schema, {
      ...valid,
      durationDays: "21",
      limitOneEntryPerPerson: "on",
      giveCouponToEntrants: "on",
      entrantCouponCode: " THANKS15 ",
      entrantCouponDescription: "15% off your next order",
      giveBonusGiftToWinner: "on",
      winnerBonusGiftName: "Gift card",
      winnerBonusGiftCode: "GC-123",
      winnerBonusGiftInstructions: "Redeem at checkout.",
      sendReminder: "on",
      "additionalPrizes[0].title": "Tote bag",
      "additionalPrizes[0].code": "TOTE",
      "additionalPrizes[1].title": "Sticker pack",
    });
    expect(value).toEqual({
      startDate: "2025-06-15",
      durationDays: 21,
      termsAccepted: true,
      timeZone: "",
      otherLanguages: [],
      limitOneEntryPerPerson: true,
      referralCap: null,
      giveCouponToEntrants: true,
      entrantCouponCode: "THANKS15",
      entrantCouponDescription: "15% off your next order",
      giveBonusGiftToWinner: true,
      winnerBonusGiftName: "Gift card",
      winnerBonusGiftCode: "GC-123",
      winnerBonusGiftInstructions: "Redeem at checkout.",
      sendReminder: true,
      additionalPrizes: [
        { rank: 2, title: "Tote bag", code: "TOTE", kind: "gift", needsAddress: false, value: "" },
        { rank: 3, title: "Sticker pack", code: "", kind: "gift", needsAddress: false, value: "" },
      ],
      shipScope: "everywhere",
      shipCountries: "",
      sponsorLegalName: "",
      sponsorAddress: "",
      minimumAge: 18,
      prizeValue: "",
    });
  });

  it("requires a start date, as a real calendar day", () => {
    expect(errorsOf(schema, { termsAccepted: "on" }).startDate).toEqual(["Start date is required."]);
    expect(errorsOf(schema, { ...valid, startDate: "2025-02-30" }).startDate).toEqual(["Enter a valid start date (yyyy-mm-dd)."]);
    expect(errorsOf(schema, { ...valid, startDate: "15/06/2025" }).startDate).toEqual(["Enter a valid start date (yyyy-mm-dd)."]);
  });

  it("allows yesterday but nothing earlier", () => {
    expect(valueOf(schema, { ...valid, startDate: "2025-06-14" }).startDate).toBe("2025-06-14");
    expect(errorsOf(schema, { ...valid, startDate: "2025-06-13" }).startDate).toEqual(["Start date cannot be before yesterday."]);
    const lateInTheDay = entryRulesSchema({ today: new Date("2025-06-15T23:59:59Z") });
    expect(valueOf(lateInTheDay, { ...valid, startDate: "2025-06-14" }).startDate).toBe("2025-06-14");
  });

  it("takes only the offered durations", () => {
    for (const days of DURATIONS) expect(valueOf(schema, { ...valid, durationDays: String(days) }).durationDays).toBe(days);
    expect(errorsOf(schema, { ...valid, durationDays: "0" }).durationDays).toEqual(["Duration must be positive."]);
    expect(errorsOf(schema, { ...valid, durationDays: "-7" }).durationDays).toEqual(["Duration must be positive."]);
    expect(errorsOf(schema, { ...valid, durationDays: "abc" }).durationDays).toEqual(["Duration must be positive."]);
    expect(errorsOf(schema, { ...valid, durationDays: "10" }).durationDays).toEqual(["Choose a duration of 7, 14, 21 or 30 days."]);
  });

  it("requires the terms to be accepted", () => {
    expect(errorsOf(schema, { startDate: "2025-06-15" }).termsAccepted).toEqual([
      "You must accept the terms and conditions for the giveaway.",
    ]);
  });

  it("requires the entrant coupon's code and description when switched on", () => {
    expect(errorsOf(schema, { ...valid, giveCouponToEntrants: "on" })).toEqual({
      entrantCouponCode: ["Coupon code is required if enabled."],
      entrantCouponDescription: ["Coupon description is required."],
    });
    expect(
      errorsOf(schema, {
        ...valid,
        giveCouponToEntrants: "on",
        entrantCouponCode: "x".repeat(51),
        entrantCouponDescription: "x".repeat(201),
      }),
    ).toEqual({
      entrantCouponCode: ["Coupon code must be at most 50 characters."],
      entrantCouponDescription: ["Coupon description must be at most 200 characters."],
    });
  });

  it("requires the winner's bonus gift name when switched on, and limits its other fields", () => {
    expect(errorsOf(schema, { ...valid, giveBonusGiftToWinner: "on" })).toEqual({
      winnerBonusGiftName: ["Bonus gift name is required if enabled."],
    });
    expect(
      errorsOf(schema, {
        ...valid,
        giveBonusGiftToWinner: "on",
        winnerBonusGiftName: "x".repeat(101),
        winnerBonusGiftCode: "x".repeat(101),
        winnerBonusGiftInstructions: "x".repeat(501),
      }),
    ).toEqual({
      winnerBonusGiftName: ["Bonus gift name must be at most 100 characters."],
      winnerBonusGiftCode: ["Bonus gift code must be at most 100 characters."],
      winnerBonusGiftInstructions: ["Bonus gift instructions must be at most 500 characters."],
    });
  });

  it("clears rewards that are switched off, ignoring stale hidden values", () => {
    const value = valueOf(schema, {
      ...valid,
      entrantCouponCode: "x".repeat(80),
      entrantCouponDescription: "old",
      winnerBonusGiftName: "old",
      winnerBonusGiftCode: "old",
      winnerBonusGiftInstructions: "x".repeat(600),
    });
    expect(value).toMatchObject({
      entrantCouponCode: "",
      entrantCouponDescription: "",
      winnerBonusGiftName: "",
      winnerBonusGiftCode: "",
      winnerBonusGiftInstructions: "",
    });
  });

  it("requires a title for each additional prize, named by its tier", () => {
    const errors = errorsOf(schema, {
      ...valid,
      "additionalPrizes[0].title": "",
      "additionalPrizes[0].code": "CODE",
      "additionalPrizes[1].title": " ",
    });
    expect(errors).toEqual({
      "additionalPrizes[0].title": ["Prize title for tier 2 is required."],
      "additionalPrizes[1].title": ["Prize title for tier 3 is required."],
    });
    expect(errorsOf(schema, { ...valid, "additionalPrizes[0].title": "x".repeat(101) })).toEqual({
      "additionalPrizes[0].title": ["Prize title for tier 2 must be at most 100 characters."],
    });
  });

  it("allows at most two additional prizes", () => {
    const errors = errorsOf(schema, {
      ...valid,
      "additionalPrizes[0].title": "A",
      "additionalPrizes[1].title": "B",
      "additionalPrizes[2].title": "C",
    });
    expect(errors.additionalPrizes).toEqual(["You can add up to 2 additional prizes."]);
  });

  it("reports every problem on the step at once", () => {
    const errors = errorsOf(schema, { giveCouponToEntrants: "on", "additionalPrizes[0].title": "" });
    expect(Object.keys(errors).sort()).toEqual([
      "additionalPrizes[0].title",
      "entrantCouponCode",
      "entrantCouponDescription",
      "startDate",
      "termsAccepted",
    ]);
  });
});

describe("step 5: review", () => {
  it("points each missing piece at its step", () => {
    expect(reviewProblems({ title: " ", planId: null, finalDesignUrl: "", startDate: null })).toEqual([
      { step: 1, message: "Campaign title is missing. Please go back to Step 1." },
      { step: 2, message: "No plan selected. Please go back to Step 2." },
      { step: 3, message: "No T-shirt design confirmed. Please go back to Step 3." },
      { step: 4, message: "Start date is missing. Please go back to Step 4." },
      { step: 4, message: "Sponsor's legal name is missing (the official rules name the sponsor). Please go back to Step 4." },
      { step: 4, message: "Sponsor's postal address is missing (the official rules state it). Please go back to Step 4." },
      { step: 4, message: "Approximate retail value of the grand prize is missing. Please go back to Step 4." },
    ]);
    expect(reviewProblems({})).toHaveLength(7);
    expect(
      reviewProblems({
        title: "Summer Tee Drop",
        planId: "growth_tee",
        finalDesignUrl: "/d.png",
        startDate: "2025-06-15",
        sponsorLegalName: "Acme",
        sponsorAddress: "1 Main St",
        prizeValueCents: 2500,
        additionalPrizes: [{ rank: 2, valueCents: null }],
      }),
    ).toEqual([{ step: 4, message: "Approximate retail value of the 2nd place prize is missing. Please go back to Step 4." }]);
  });

  it("passes a complete draft, with the start date as a Date or a date string", () => {
    const draft = {
      title: "Summer Tee Drop",
      planId: "growth_tee",
      finalDesignUrl: "/d.png",
      sponsorLegalName: "Acme Apparel LLC",
      sponsorAddress: "1 Main St, Springfield, IL 62701, USA",
      prizeValueCents: 2500,
    };
    expect(reviewProblems({ ...draft, startDate: new Date("2025-06-15T00:00:00Z") })).toEqual([]);
    expect(reviewProblems({ ...draft, startDate: "2025-06-15" })).toEqual([]);
    expect(reviewProblems({ ...draft, startDate: new Date("nope") })).toEqual([
      { step: 4, message: "Start date is missing. Please go back to Step 4." },
    ]);
  });
});

describe("stored lists and AI generation", () => {
  it("reads the comma-separated colour and size columns", () => {
    expect(parseProductColors("black, white,red")).toEqual(["white", "black"]);
    expect(parseGarmentSizes("XL,m,L,9XL")).toEqual(["M", "L", "XL"]);
    expect(parseProductColors("")).toEqual([]);
  });

  it("needs a non-empty prompt and a credit per prompt", () => {
    expect(aiGenerationProblem(["", "  ", ""], 5)).toEqual({ title: "No Prompts", description: "Please enter at least one prompt." });
    expect(aiGenerationProblem(["cat", "dog", ""], 1)).toEqual({
      title: "Insufficient Credits",
      description: "You need 2 credits, but have 1. Login or upgrade plan.",
    });
    expect(aiGenerationProblem(["cat", "dog", ""], 2)).toBeNull();
  });
});
