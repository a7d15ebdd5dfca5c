import { describe, expect, it } from "vitest";
import {
  colorNotMadeMessage,
  confirmDesignLabel,
  madeProductColors,
  normalizeBrandUrl,
  productColors,
  productDesignSchema,
  wizardSteps,
} from "~/domain/campaign-schemas";
import { frozenChanges, type FrozenSnapshot, LiveEditSchema, PLATFORMS_LABEL } from "~/domain/live-edit";

const snapshot: FrozenSnapshot = {
  fields: {
    brandName: "Acme",
    productType: "t-shirt",
    isPromotingProduct: "no",
    productTitle: "",
    productValue: "",
    planId: "pro_tee",
    entryLimit: "",
    couponCode: "",
    designMode: "upload",
    finalDesignUrl: "/uploads/custom_design/abc.png",
    designFile: "",
    selectedColors: "white,black",
    selectedSizes: "M,L",
    startDate: "2026-11-20",
    durationDays: "7",
    endDate: "2026-11-27",
    timeZone: "America/New_York",
    limitOneEntryPerPerson: "on",
    referralCap: "10",
    giveCouponToEntrants: "",
    entrantCouponCode: "",
    giveBonusGiftToWinner: "",
    winnerBonusGiftName: "",
    winnerBonusGiftCode: "",
    shipCountries: "",
    sponsorLegalName: "Acme Apparel LLC",
    sponsorAddress: "1 Main St, Springfield, IL 62701, USA",
    minimumAge: "18",
    prizeValue: "25",
    excludedRegions: "",
    drawCommitment: "c0ffee",
    drawSeed: "",
    status: "active",
  },
  prizes: [{ title: "Gift card", code: "", value: "50" }],
  platforms: { instagramHandle: true, xHandle: false, tiktokHandle: false },
};

describe("frozen fields of a live campaign", () => {
  it("lets the presentation through, and frozen fields sent unchanged (in any order or case)", () => {
    const entries: [string, string][] = [
      ["description", "New words"],
      ["selectedColors", "black"],
      ["selectedColors", "white"],
      ["durationDays", "7"],
      ["limitOneEntryPerPerson", "on"],
      ["additionalPrizes[0].title", " Gift card "],
      ["startDate", "2026-11-20"],
    ];
    expect(frozenChanges(entries, snapshot)).toEqual([]);
  });

  it("names each frozen field a form tries to change", () => {
    expect(
      frozenChanges(
        [
          ["durationDays", "30"],
          ["selectedColors", "white"],
          ["limitOneEntryPerPerson", ""],
          ["additionalPrizes[0].title", "A car"],
          ["additionalPrizes[1].title", "A boat"],
          ["shipCountries", "US,CA"],
          ["designFile", { size: 10, name: "x.png" }],
        ],
        snapshot,
      ),
    ).toEqual(["Design", "Duration", "Colours", "One entry per person", "Prize titles", "Prizes and their number", "Shipping countries"]);
  });

  it("freezes what the official rules state: sponsor, minimum age and the prizes' values (decision 053)", () => {
    const unchanged: [string, string][] = [
      ["sponsorLegalName", "Acme Apparel LLC"],
      ["sponsorAddress", "1 Main St,  Springfield, IL 62701, USA"],
      ["minimumAge", "18"],
      ["prizeValue", "$25"],
      ["additionalPrizes[0].value", "50"],
    ];
    expect(frozenChanges(unchanged, snapshot)).toEqual([]);
    expect(
      frozenChanges(
        [
          ["sponsorLegalName", "Someone Else Inc"],
          ["sponsorAddress", "2 Other Rd"],
          ["minimumAge", "21"],
          ["prizeValue", "6000"],
          ["additionalPrizes[0].value", "5000"],
          ["excludedRegions", "US-NY,US-FL"],
        ],
        snapshot,
      ),
    ).toEqual(["Sponsor's legal name", "Sponsor's postal address", "Minimum age", "Grand prize value", "Prize values", "Excluded regions"]);
  });

  it("freezes the referral bonus's limit (decision 104): the same number passes, another or none is a change", () => {
    expect(frozenChanges([["referralCap", "10"]], snapshot)).toEqual([]);
    expect(frozenChanges([["referralCap", "010"]], snapshot)).toEqual([]);
    for (const changed of ["11", ""]) {
      expect(frozenChanges([["referralCap", changed]], snapshot)).toEqual(["Most friends per entrant who earn bonus entries"]);
    }
  });

  it("lets a listed platform's handle be corrected, but no platform be added or removed (decision 057)", () => {
    expect(frozenChanges([["instagramHandle", "@acme.shop"]], snapshot)).toEqual([]);
    expect(
      frozenChanges(
        [
          ["instagramHandle", "acme"],
          ["xHandle", ""],
          ["tiktokHandle", " @ "],
        ],
        snapshot,
      ),
    ).toEqual([]);
    expect(frozenChanges([["instagramHandle", ""]], snapshot)).toEqual([PLATFORMS_LABEL]);
    expect(frozenChanges([["instagramHandle", "@"]], snapshot)).toEqual([PLATFORMS_LABEL]);
    expect(frozenChanges([["xHandle", "acme"]], snapshot)).toEqual([PLATFORMS_LABEL]);
    expect(
      frozenChanges(
        [
          ["tiktokHandle", "acme"],
          ["xHandle", "acme"],
        ],
        snapshot,
      ),
    ).toEqual([PLATFORMS_LABEL]);
  });

  it("ignores an empty file input and an empty extra prize row", () => {
    expect(
      frozenChanges(
        [
          ["designFile", { size: 0, name: "" }],
          ["additionalPrizes[1].title", ""],
        ],
        snapshot,
      ),
    ).toEqual([]);
  });

  it("validates the presentation like the wizard, and adds https:// to the brand URL", () => {
    const ok = LiveEditSchema.safeParse({
      title: "Summer Tee",
      description: "Ten letters at least",
      brandUrl: "acme.com",
      supportEmail: "A@B.co",
    });
    expect(ok.success && ok.data).toMatchObject({ brandUrl: "https://acme.com", supportEmail: "a@b.co" });
    expect(LiveEditSchema.safeParse({ title: "Summer Tee", description: "Ten letters at least", supportEmail: "nope" }).success).toBe(
      false,
    );
  });
});

describe("product-aware wizard", () => {
  it("makes a mug in White only and garments in every colour", () => {
    expect(productColors("mug").map((c) => c.key)).toEqual(["white"]);
    expect(productColors("hoodie").map((c) => c.key)).toEqual(["white", "black", "heather_gray"]);
    expect(madeProductColors("mug", "black,heather_gray")).toEqual(["white"]);
    expect(madeProductColors("mug", "black,white")).toEqual(["white"]);
    expect(madeProductColors("t-shirt", ["black", "white", "black"])).toEqual(["black", "white"]);
    expect(colorNotMadeMessage("mug")).toBe("Mugs come in White only.");
  });

  it("refuses a mug's colour it is not made in, with the message on the colours", () => {
    const result = productDesignSchema({ productType: "mug" }).safeParse({
      designMode: "upload",
      finalDesignUrl: "/uploads/custom_design/a.png",
      selectedColors: ["white", "black"],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["selectedColors", "Mugs come in White only."]]);
  });

  it("names step 3 and its button for the product", () => {
    expect(wizardSteps("mug")[2]).toMatchObject({ title: "Mug Design", heading: "Step 3: Mug Design" });
    expect(wizardSteps("t-shirt")[2]).toMatchObject({ title: "T-Shirt Design" });
    expect(confirmDesignLabel("mug")).toBe("This Is My Mug");
    expect(confirmDesignLabel("t-shirt")).toBe("This Is My Shirt");
  });

  it("adds https:// only when no scheme was typed", () => {
    expect(normalizeBrandUrl("acme.com")).toBe("https://acme.com");
    expect(normalizeBrandUrl(" www.acme.com/shop ")).toBe("https://www.acme.com/shop");
    expect(normalizeBrandUrl("http://acme.com")).toBe("http://acme.com");
    expect(normalizeBrandUrl("javascript:alert(1)")).toBe("javascript:alert(1)");
    expect(normalizeBrandUrl("")).toBe("");
  });
});
