import { describe, expect, it } from "vitest";
import { buildPrintifyProduct, campaignVariants, mockupsByColor, PRINTIFY_PRODUCTS, PrintifyMappingError } from "~/domain/printify";

const hoodie = PRINTIFY_PRODUCTS.hoodie;
const campaign = {
  title: "Summit Hoodie Drop",
  brandName: "Trailhead",
  productType: "hoodie",
  selectedColors: "black,heather_gray",
  selectedSizes: "M,XS",
};

describe("the campaign's Printify product", () => {
  it("has the campaign's colours in the sizes it offers (a hoodie has no XS), the design on the front of each", () => {
    expect(campaignVariants(campaign)).toEqual({ black: [hoodie.variants.black.M], heather_gray: [hoodie.variants.heather_gray.M] });
    const product = buildPrintifyProduct(campaign, "img_1");
    expect(product).toMatchObject({ blueprint_id: hoodie.blueprintId, print_provider_id: hoodie.printProviderId });
    expect(product.variants.map((v) => v.id)).toEqual([hoodie.variants.black.M, hoodie.variants.heather_gray.M]);
    expect(product.print_areas).toEqual([
      {
        variant_ids: [hoodie.variants.black.M, hoodie.variants.heather_gray.M],
        placeholders: [{ position: "front", images: [{ id: "img_1", x: 0.5, y: 0.5, scale: 1, angle: 0 }] }],
      },
    ]);
  });

  it("takes every size when the campaign names none the product has, and refuses colours the partner does not make", () => {
    expect(campaignVariants({ productType: "mug", selectedColors: "white", selectedSizes: "" })).toEqual({
      white: [PRINTIFY_PRODUCTS.mug.variants.white["11oz"]],
    });
    expect(campaignVariants({ productType: "mug", selectedColors: "black", selectedSizes: "" })).toEqual({});
    expect(() => buildPrintifyProduct({ ...campaign, productType: "mug", selectedColors: "black" }, "img")).toThrow(PrintifyMappingError);
  });

  it("picks per colour the front image, the default first, and only https (or the allowed origin)", () => {
    const black = hoodie.variants.black.M;
    const grey = hoodie.variants.heather_gray.M;
    const images = [
      { src: "https://images.printify.com/mockup/p/1/back.jpg", variant_ids: [black], position: "back", is_default: true },
      { src: "https://images.printify.com/mockup/p/1/side.jpg", variant_ids: [black], position: "front", is_default: false },
      { src: "https://images.printify.com/mockup/p/1/front.jpg", variant_ids: [black], position: "front", is_default: true },
      { src: "http://elsewhere.example/mockup/p/2/front.jpg", variant_ids: [grey], position: "front", is_default: false },
    ];
    expect(mockupsByColor(images, { black: [black], heather_gray: [grey] })).toEqual({
      black: "https://images.printify.com/mockup/p/1/front.jpg",
    });
    expect(mockupsByColor(images, { heather_gray: [grey] }, "http://elsewhere.example")).toEqual({
      heather_gray: "http://elsewhere.example/mockup/p/2/front.jpg",
    });
  });
});
