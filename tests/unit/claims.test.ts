import { describe, expect, it } from "vitest";
import {
  base64UrlDecode,
  base64UrlEncode,
  CLAIM_MESSAGES,
  countryNotShippedMessage,
  postalInvalidMessage,
  postalRequiredMessage,
  regionRequiredMessage,
  claimExpired,
  claimOptions,
  claimSchema,
  claimTokenPayload,
  parseClaimTokenPayload,
  signClaimToken,
  sizeNotInStyleMessage,
  sizesNotInStyle,
  verifyClaimToken,
} from "~/domain/claims";
import { PRODUCT_TYPES, PRODUCT_COLORS, GARMENT_SIZES } from "~/domain/campaign-schemas";
import { printifyItem } from "~/domain/printify";

const SECRET = "unit-test-secret-0123456789abcdef";
const DEADLINE = new Date("2030-03-01T12:00:00Z");
const claim = { campaignId: "cmpn0123456789abcdefghijk", rank: 1, entryId: "ntry0123456789abcdefghijk", deadline: DEADLINE };

const shirt = claimOptions({ productType: "t-shirt", selectedSizes: "S,M,XL", selectedColors: "white,heather_gray" });
const mug = claimOptions({ productType: "mug", selectedSizes: "11oz", selectedColors: "black" });

const address = {
  shipName: "Ada Lovelace",
  shipLine1: "12 Analytical Way",
  shipCity: "London",
  shipPostalCode: "n1 9gu",
  shipCountry: "GB",
};

function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
}

describe("claim options", () => {
  it("offers the campaign's sizes and colours, and both styles of t-shirt", () => {
    expect(shirt.sizes).toEqual(["S", "M", "XL"]);
    expect(shirt.styles).toEqual(["Unisex", "Women's fit"]);
    expect(shirt.sizesByStyle).toEqual({ Unisex: ["S", "M", "XL"], "Women's fit": ["S", "M", "XL"] });
    expect(shirt.colors.map((c) => c.key)).toEqual(["white", "heather_gray"]);
  });

  it("offers a hoodie in its one (unisex) cut and without XS, which it is not made in", () => {
    const hoodie = claimOptions({ productType: "hoodie", selectedSizes: "XS,S,L", selectedColors: "black" });
    expect(hoodie.styles).toEqual(["Unisex"]);
    expect(hoodie.sizes).toEqual(["S", "L"]);
    // Nothing usable stored: every size a hoodie is made in, still no XS.
    expect(claimOptions({ productType: "hoodie", selectedSizes: "", selectedColors: "white" }).sizes).toEqual([
      "S",
      "M",
      "L",
      "XL",
      "2XL",
      "3XL",
    ]);
    // Only sizes it is not made in: the winner still gets a choice rather than a form they cannot send.
    expect(claimOptions({ productType: "hoodie", selectedSizes: "XS", selectedColors: "white" }).sizes).toEqual(GARMENT_SIZES.slice(1));
  });

  it("offers Women's fit only in the sizes it is made in (no 3XL), and no Women's fit when it fits none of them", () => {
    const big = claimOptions({ productType: "t-shirt", selectedSizes: "L,3XL", selectedColors: "black" });
    expect(big.sizes).toEqual(["L", "3XL"]);
    expect(big.sizesByStyle).toEqual({ Unisex: ["L", "3XL"], "Women's fit": ["L"] });
    expect(sizesNotInStyle(big, "Women's fit")).toEqual(["3XL"]);
    expect(sizesNotInStyle(big, "Unisex")).toEqual([]);
    const only3xl = claimOptions({ productType: "t-shirt", selectedSizes: "3XL", selectedColors: "white" });
    expect(only3xl.styles).toEqual(["Unisex"]);
    expect(only3xl.sizes).toEqual(["3XL"]);
  });

  it("offers a mug in the one colour it is made in (a Black saved before is not offered): no size, no style", () => {
    expect(mug).toMatchObject({ productType: "mug", sizes: [], styles: [] });
    expect(mug.colors.map((c) => c.name)).toEqual(["White"]);
  });

  it("still lets the winner choose when a stored list has nothing usable", () => {
    const odd = claimOptions({ productType: "t-shirt", selectedSizes: "", selectedColors: "" });
    expect(odd.sizes).toEqual(["XS", "S", "M", "L", "XL", "2XL", "3XL"]);
    expect(odd.colors.map((c) => c.key)).toEqual(["white"]);
  });

  it("offers only what Printify can make: every size, style and colour the form accepts together maps to a catalogue variant", () => {
    const subsets = <T>(values: readonly T[]) =>
      Array.from({ length: 2 ** values.length }, (_, mask) => values.filter((_, i) => mask & (1 << i)));
    let accepted = 0;
    for (const { key: productType } of PRODUCT_TYPES) {
      for (const sizes of subsets(GARMENT_SIZES)) {
        for (const colors of subsets(PRODUCT_COLORS.map((c) => c.key))) {
          const options = claimOptions({ productType, selectedSizes: sizes.join(","), selectedColors: colors.join(",") });
          const schema = claimSchema(options);
          expect(options.colors.length).toBeGreaterThan(0);
          if (productType !== "mug") expect(options.sizes.length).toBeGreaterThan(0);
          for (const color of options.colors) {
            for (const size of options.sizes.length ? options.sizes : [undefined]) {
              for (const style of options.styles.length ? options.styles : [undefined]) {
                const result = schema.safeParse({ size, style, color: color.key, ...address });
                if (!result.success) {
                  // Refused only as a size its style is not made in.
                  expect(errorsOf(result)).toEqual({ size: sizeNotInStyleMessage(style ?? "", size ?? "") });
                  expect(() => printifyItem({ productType, style, size, color: color.key })).toThrow();
                  continue;
                }
                accepted += 1;
                const data = result.data;
                expect(printifyItem({ productType, style: data.style, size: data.size, color: data.color }).variantId).toBeGreaterThan(0);
              }
            }
          }
        }
      }
    }
    expect(accepted).toBeGreaterThan(1000);
    // Over 3,000 form configurations, each checked exhaustively: well over a second on a busy 2-core machine.
  }, 60_000);
});

describe("claim form", () => {
  const schema = claimSchema(shirt);

  it("accepts a complete claim and normalises it", () => {
    const result = schema.safeParse({ size: "M", style: "Women's fit", color: "heather_gray", ...address, shipLine2: "  ", shipPhone: "" });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ size: "M", style: "Women's fit", color: "heather_gray", shipPostalCode: "N1 9GU" });
    expect(result.data?.shipLine2).toBeUndefined();
    expect(result.data?.shipPhone).toBeUndefined();
  });

  it("reports every missing field at once, with clear messages", () => {
    const errors = errorsOf(schema.safeParse({}));
    expect(errors).toMatchObject({
      size: CLAIM_MESSAGES.sizeRequired,
      style: CLAIM_MESSAGES.styleRequired,
      color: CLAIM_MESSAGES.colorRequired,
      shipName: CLAIM_MESSAGES.nameRequired,
      shipLine1: CLAIM_MESSAGES.line1Required,
      shipCity: CLAIM_MESSAGES.cityRequired,
      shipCountry: CLAIM_MESSAGES.countryRequired,
    });
  });

  it("refuses a size or colour the campaign does not offer, and a country outside the list", () => {
    const errors = errorsOf(schema.safeParse({ size: "3XL", style: "Unisex", color: "black", ...address, shipCountry: "XX" }));
    expect(errors).toMatchObject({
      size: CLAIM_MESSAGES.sizeRequired,
      color: CLAIM_MESSAGES.colorRequired,
      shipCountry: countryNotShippedMessage("XX"),
    });
    // A real country the campaign does not ship to is named in the message.
    const chosen = claimSchema(claimOptions({ productType: "mug", selectedSizes: "", selectedColors: "white", shipCountries: "GB,IE" }));
    expect(errorsOf(chosen.safeParse({ color: "white", ...address, shipCountry: "US" })).shipCountry).toBe(
      countryNotShippedMessage("United States of America"),
    );
    expect(chosen.safeParse({ color: "white", ...address, shipCountry: "GB" }).success).toBe(true);
  });

  it("asks for a region where carriers need one, and a postal code where there are postal codes", () => {
    const us = { size: "S", style: "Unisex", color: "white", ...address, shipCountry: "US", shipPostalCode: "" };
    const errors = errorsOf(schema.safeParse({ ...us, shipName: "" }));
    expect(errors).toMatchObject({
      shipName: CLAIM_MESSAGES.nameRequired,
      shipRegion: regionRequiredMessage("State"),
      shipPostalCode: postalRequiredMessage("ZIP code"),
    });
    expect(schema.safeParse({ ...us, shipRegion: "CA", shipPostalCode: "94107" }).success).toBe(true);
    expect(schema.safeParse({ ...us, shipCountry: "HK", shipPostalCode: "" }).success).toBe(true);
    expect(errorsOf(schema.safeParse({ ...us, shipRegion: "CA", shipPostalCode: "!!" })).shipPostalCode).toBe(
      postalInvalidMessage("ZIP code", "12345 or 12345-6789"),
    );
    // The postal code follows the country: a Canadian one is not a ZIP code, and a UK postcode needs no region.
    expect(errorsOf(schema.safeParse({ ...us, shipRegion: "CA", shipPostalCode: "K1A 0B1" })).shipPostalCode).toBeDefined();
    expect(schema.safeParse({ ...us, shipCountry: "CA", shipRegion: "ON", shipPostalCode: "k1a 0b1" }).success).toBe(true);
    expect(schema.safeParse({ ...us, shipCountry: "GB", shipRegion: "", shipPostalCode: "SW1A 1AA" }).success).toBe(true);
    // A country outside the table: region and postal code optional, but a postal code given must look like one.
    expect(schema.safeParse({ ...us, shipCountry: "EE", shipRegion: "", shipPostalCode: "" }).success).toBe(true);
    expect(errorsOf(schema.safeParse({ ...us, shipCountry: "EE", shipPostalCode: "!!" })).shipPostalCode).toBeDefined();
  });

  it("checks the optional phone", () => {
    const base = { size: "S", style: "Unisex", color: "white", ...address };
    expect(schema.safeParse({ ...base, shipPhone: "+44 20 7946 0958" }).success).toBe(true);
    expect(errorsOf(schema.safeParse({ ...base, shipPhone: "call me" })).shipPhone).toBe(CLAIM_MESSAGES.phoneInvalid);
  });

  it("refuses a size its style is not made in, saying so on the size, alongside the other errors", () => {
    const schema3xl = claimSchema(claimOptions({ productType: "t-shirt", selectedSizes: "M,3XL", selectedColors: "white" }));
    const errors = errorsOf(schema3xl.safeParse({ size: "3XL", style: "Women's fit", color: "white", ...address, shipName: "" }));
    expect(errors).toEqual({ size: sizeNotInStyleMessage("Women's fit", "3XL"), shipName: CLAIM_MESSAGES.nameRequired });
    expect(sizeNotInStyleMessage("Women's fit", "3XL")).toBe("Women's fit is not available in 3XL. Please choose another size or style.");
    expect(schema3xl.safeParse({ size: "3XL", style: "Unisex", color: "white", ...address }).success).toBe(true);
    expect(schema3xl.safeParse({ size: "M", style: "Women's fit", color: "white", ...address }).success).toBe(true);
  });

  it("refuses a Women's fit hoodie and an XS hoodie, which are not made", () => {
    const hoodie = claimSchema(claimOptions({ productType: "hoodie", selectedSizes: "XS,M", selectedColors: "black" }));
    expect(errorsOf(hoodie.safeParse({ size: "M", style: "Women's fit", color: "black", ...address }))).toEqual({
      style: CLAIM_MESSAGES.styleRequired,
    });
    expect(errorsOf(hoodie.safeParse({ size: "XS", style: "Unisex", color: "black", ...address }))).toEqual({
      size: CLAIM_MESSAGES.sizeRequired,
    });
    expect(hoodie.safeParse({ size: "M", style: "Unisex", color: "black", ...address }).success).toBe(true);
  });

  it("ignores sizes and styles for a mug", () => {
    const result = claimSchema(mug).safeParse({ size: "XL", style: "Unisex", color: "white", ...address });
    expect(result.success).toBe(true);
    expect(result.data?.size).toBeUndefined();
    expect(result.data?.style).toBeUndefined();
  });
});

describe("claim tokens", () => {
  it("round-trips campaign, rank, entry and deadline (whole seconds)", async () => {
    const token = await signClaimToken(SECRET, { ...claim, deadline: new Date(DEADLINE.getTime() + 999) });
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(await verifyClaimToken(SECRET, token)).toEqual(claim);
  });

  it("is deterministic for the same claim and differs for another entry", async () => {
    expect(await signClaimToken(SECRET, claim)).toBe(await signClaimToken(SECRET, claim));
    expect(await signClaimToken(SECRET, { ...claim, entryId: "other0123456789abcdefghij" })).not.toBe(await signClaimToken(SECRET, claim));
  });

  it("refuses a token signed with another secret", async () => {
    const token = await signClaimToken("another-secret", claim);
    expect(await verifyClaimToken(SECRET, token)).toBeNull();
  });

  it("refuses any change to the payload or the signature", async () => {
    const token = await signClaimToken(SECRET, claim);
    const [payload = "", mac = ""] = token.split(".");
    // A later deadline, or another entry, re-encoded with the original signature.
    for (const forged of [
      { ...claim, deadline: new Date("2031-01-01T00:00:00Z") },
      { ...claim, entryId: "evil0123456789abcdefghijk" },
      { ...claim, rank: 2 },
    ]) {
      const body = base64UrlEncode(new TextEncoder().encode(claimTokenPayload(forged)));
      expect(await verifyClaimToken(SECRET, `${body}.${mac}`)).toBeNull();
    }
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
    expect(await verifyClaimToken(SECRET, `${flip(payload, 3)}.${mac}`)).toBeNull();
    expect(await verifyClaimToken(SECRET, `${payload}.${flip(mac, 10)}`)).toBeNull();
    expect(await verifyClaimToken(SECRET, `${payload}.${mac.slice(0, -2)}`)).toBeNull();
    expect(await verifyClaimToken(SECRET, `${payload}.${mac}.x`)).toBeNull();
    expect(await verifyClaimToken(SECRET, payload)).toBeNull();
    expect(await verifyClaimToken(SECRET, "")).toBeNull();
    expect(await verifyClaimToken(SECRET, "not a token")).toBeNull();
    expect(await verifyClaimToken(SECRET, "x".repeat(5000))).toBeNull();
  });

  it("accepts only the canonical base64url spelling", () => {
    const bytes = new Uint8Array([1, 2, 3, 250]);
    expect(base64UrlDecode(base64UrlEncode(bytes))).toEqual(bytes);
    expect(base64UrlDecode(`${base64UrlEncode(bytes)}=`)).toBeNull();
    expect(base64UrlDecode("AQID+g")).toBeNull();
  });

  it("parses only well-formed payloads", () => {
    expect(parseClaimTokenPayload(claimTokenPayload(claim))).toEqual(claim);
    expect(parseClaimTokenPayload("c1.abc.4.def.1")).toBeNull();
    expect(parseClaimTokenPayload("c2.abc.1.def.1")).toBeNull();
    expect(parseClaimTokenPayload("c1.abc.1.de-f.1")).toBeNull();
    expect(parseClaimTokenPayload("c1.abc.1.def.0")).toBeNull();
    expect(() => claimTokenPayload({ ...claim, campaignId: "a.b" })).toThrow();
  });

  it("expires at the deadline", () => {
    expect(claimExpired(DEADLINE, new Date(DEADLINE.getTime() - 1))).toBe(false);
    expect(claimExpired(DEADLINE, DEADLINE)).toBe(true);
    expect(claimExpired(DEADLINE, new Date(DEADLINE.getTime() + 1))).toBe(true);
  });
});
