import { describe, expect, it } from "vitest";
import { PRODUCT_TYPES } from "~/domain/campaign-schemas";
import { APPROXIMATE_RETAIL_VALUE_CENTS, approximateRetailValue } from "~/domain/prize-values";

describe("approximate retail value of the grand prize", () => {
  it("gives each product type its value in dollars", () => {
    expect(approximateRetailValue("t-shirt")).toBe("$25.00");
    expect(approximateRetailValue("hoodie")).toBe("$45.00");
    expect(approximateRetailValue("mug")).toBe("$15.00");
  });

  it("has a positive value for every product a campaign can offer", () => {
    for (const product of PRODUCT_TYPES) expect(APPROXIMATE_RETAIL_VALUE_CENTS[product.key]).toBeGreaterThan(0);
  });

  it("reads an unknown product type as a t-shirt, as its label does", () => {
    expect(approximateRetailValue("poster")).toBe("$25.00");
  });
});
