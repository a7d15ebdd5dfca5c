import { describe, expect, it } from "vitest";
import { PRODUCT_COLORS, GARMENT_SIZES } from "~/domain/campaign-schemas";
import type { PrizeOrder } from "~/domain/orders";
import {
  buildPrintifyOrder,
  catalogueSizes,
  catalogueStyles,
  PRINTIFY_PRODUCTS,
  PrintifyEventSchema,
  PrintifyMappingError,
  printifyItem,
  splitName,
  statusFromPrintify,
  updateFromEvent,
  updateFromPrintifyOrder,
} from "~/domain/printify";

const order: PrizeOrder = {
  id: "ord_abc123",
  prizeRank: 1,
  winnerEmail: "winner@example.com",
  size: "L",
  style: "Unisex",
  color: "black",
  shipName: "Ada King Lovelace",
  shipLine1: "12 St James's Square",
  shipLine2: "Flat 2",
  shipCity: "London",
  shipRegion: "",
  shipPostalCode: "SW1Y 4JH",
  shipCountry: "gb",
  shipPhone: "+44 20 7946 0000",
};

describe("the catalogue mapping", () => {
  it("maps each product type to its blueprint and print provider", () => {
    expect(printifyItem({ productType: "t-shirt", style: "Unisex", size: "M", color: "white" })).toMatchObject({
      product: "t-shirt",
      blueprintId: 12,
      printProviderId: 29,
    });
    expect(printifyItem({ productType: "hoodie", size: "M", color: "white" })).toMatchObject({ product: "hoodie", blueprintId: 77 });
    expect(printifyItem({ productType: "mug" })).toMatchObject({ product: "mug", blueprintId: 68, variantId: 33719 });
  });

  it("picks the variant by size and colour, and the women's cut for the Women's fit style", () => {
    const unisex = PRINTIFY_PRODUCTS["t-shirt"].variants;
    expect(printifyItem({ productType: "t-shirt", style: "Unisex", size: "L", color: "black" }).variantId).toBe(unisex.black.L);
    expect(printifyItem({ productType: "t-shirt", style: null, size: "xl", color: "heather_gray" }).variantId).toBe(unisex.heather_gray.XL);
    const womens = printifyItem({ productType: "t-shirt", style: "Women's fit", size: "S", color: "white" });
    expect(womens.product).toBe("t-shirt:womens");
    expect(womens.variantId).toBe(PRINTIFY_PRODUCTS["t-shirt:womens"].variants.white.S);
  });

  it("has a distinct variant for every size and colour a t-shirt winner can choose", () => {
    const ids = new Set<number>();
    for (const color of PRODUCT_COLORS) {
      for (const size of GARMENT_SIZES)
        ids.add(printifyItem({ productType: "t-shirt", style: "Unisex", size, color: color.key }).variantId);
    }
    expect(ids.size).toBe(PRODUCT_COLORS.length * GARMENT_SIZES.length);
  });

  it("prints every mug on the white mug, whatever colour the campaign shows", () => {
    expect(printifyItem({ productType: "mug", color: "black", size: null }).variantId).toBe(33719);
  });

  it("refuses what the catalogue does not have, saying what is missing", () => {
    expect(() => printifyItem({ productType: "hoodie", size: "XS", color: "white" })).toThrow(PrintifyMappingError);
    expect(() => printifyItem({ productType: "hoodie", size: "XS", color: "white" })).toThrow(/size "XS"/);
    expect(() => printifyItem({ productType: "t-shirt", size: "M", color: "purple" })).toThrow(/colour "purple"/);
    expect(() => printifyItem({ productType: "poster", size: "M", color: "white" })).toThrow(/product type "poster"/);
  });

  it("never makes a style silently as another: a hoodie has one cut, so a Women's fit hoodie is refused", () => {
    expect(() => printifyItem({ productType: "hoodie", style: "Women's fit", size: "M", color: "white" })).toThrow(/style "Women's fit"/);
    expect(printifyItem({ productType: "hoodie", style: "Unisex", size: "M", color: "white" }).variantId).toBe(
      PRINTIFY_PRODUCTS.hoodie.variants.white.M,
    );
    expect(() => printifyItem({ productType: "t-shirt", style: "Oversized", size: "M", color: "white" })).toThrow(PrintifyMappingError);
  });

  it("says which styles and sizes it makes: what the claim form offers", () => {
    expect(catalogueStyles("t-shirt")).toEqual(["Unisex", "Women's fit"]);
    expect(catalogueStyles("hoodie")).toEqual(["Unisex"]);
    expect(catalogueStyles("mug")).toEqual([]);
    expect(catalogueStyles("poster")).toEqual([]);
    expect(catalogueSizes("t-shirt", "Unisex", "black")).toEqual(["XS", "S", "M", "L", "XL", "2XL", "3XL"]);
    expect(catalogueSizes("t-shirt", "Women's fit", "black")).toEqual(["XS", "S", "M", "L", "XL", "2XL"]);
    expect(catalogueSizes("hoodie", "Unisex", "heather_gray")).toEqual(["S", "M", "L", "XL", "2XL", "3XL"]);
    expect(catalogueSizes("hoodie", "Women's fit", "white")).toEqual([]);
    expect(catalogueSizes("t-shirt", "Unisex", "purple")).toEqual([]);
    expect(catalogueSizes("mug", "Unisex", "white")).toEqual([]);
    // Every size listed has its variant.
    for (const productType of ["t-shirt", "hoodie"]) {
      for (const style of catalogueStyles(productType)) {
        for (const color of PRODUCT_COLORS) {
          for (const size of catalogueSizes(productType, style, color.key)) {
            expect(printifyItem({ productType, style, size, color: color.key }).variantId).toBeGreaterThan(0);
          }
        }
      }
    }
  });
});

describe("the order payload", () => {
  it("is Printify's order shape: external_id, one catalogue item with the design on the front, the winner's address", () => {
    const payload = buildPrintifyOrder(
      order,
      { title: "Summer Drop", productType: "t-shirt" },
      "https://giveawear.example/uploads/designs/print.png",
    );
    expect(payload).toEqual({
      external_id: "ord_abc123",
      label: "Giveawear: Summer Drop",
      line_items: [
        {
          print_provider_id: 29,
          blueprint_id: 12,
          variant_id: PRINTIFY_PRODUCTS["t-shirt"].variants.black.L,
          print_areas: { front: "https://giveawear.example/uploads/designs/print.png" },
          quantity: 1,
        },
      ],
      shipping_method: 1,
      send_shipping_notification: false,
      address_to: {
        first_name: "Ada King",
        last_name: "Lovelace",
        email: "winner@example.com",
        phone: "+44 20 7946 0000",
        country: "GB",
        region: "",
        address1: "12 St James's Square",
        address2: "Flat 2",
        city: "London",
        zip: "SW1Y 4JH",
      },
    });
  });

  it("labels additional prizes and keeps the label within Printify's 100 characters", () => {
    const payload = buildPrintifyOrder(
      { ...order, prizeRank: 2 },
      { title: "x".repeat(120), productType: "t-shirt" },
      "https://a.example/d.png",
    );
    expect(payload.label).toHaveLength(100);
    expect(buildPrintifyOrder({ ...order, prizeRank: 2 }, { title: "Drop", productType: "t-shirt" }, "https://a.example/d.png").label).toBe(
      "Giveawear: Drop (prize 2)",
    );
  });

  it("fills missing optional address parts with empty strings", () => {
    const payload = buildPrintifyOrder(
      { ...order, shipLine2: null, shipRegion: null, shipPostalCode: null, shipPhone: null, shipName: "Cher" },
      { title: "Drop", productType: "mug" },
      "http://localhost:3000/uploads/d.png",
    );
    expect(payload.address_to).toMatchObject({ first_name: "Cher", last_name: "", address2: "", region: "", zip: "", phone: "" });
  });

  it("refuses a relative design URL (Printify downloads it) and an order without an address", () => {
    expect(() => buildPrintifyOrder(order, { title: "Drop", productType: "t-shirt" }, "/uploads/d.png")).toThrow(/absolute/);
    expect(() =>
      buildPrintifyOrder(
        { ...order, shipLine1: null, shipCity: " " },
        { title: "Drop", productType: "t-shirt" },
        "https://a.example/d.png",
      ),
    ).toThrow(/shipLine1, shipCity/);
  });

  it("splits names on the last space", () => {
    expect(splitName("  Grace   Brewster Hopper ")).toEqual({ first_name: "Grace Brewster", last_name: "Hopper" });
    expect(splitName("")).toEqual({ first_name: "", last_name: "" });
  });
});

describe("statuses", () => {
  it("maps Printify's words to ours: submitted while it is being made, fulfilled, shipped with a shipment, cancelled", () => {
    for (const word of [
      "on-hold",
      "pending",
      "payment-not-received",
      "sending-to-production",
      "in-production",
      "has-issues",
      "partially-fulfilled",
    ]) {
      expect(statusFromPrintify(word), word).toBe("submitted");
    }
    expect(statusFromPrintify("fulfilled")).toBe("fulfilled");
    expect(statusFromPrintify("fulfilled", true)).toBe("shipped");
    expect(statusFromPrintify("canceled")).toBe("cancelled");
    expect(statusFromPrintify("something-new")).toBeNull();
    expect(statusFromPrintify(null)).toBeNull();
  });
});

const event = (type: string, data: Record<string, unknown>) =>
  PrintifyEventSchema.parse({
    id: "evt-1",
    type,
    created_at: "2024-05-17 15:00:00+00:00",
    resource: { id: "5a96f649b2439217d070f507", type: "order", data },
  });

describe("webhook events", () => {
  it("reads a shipment's carrier and tracking", () => {
    const update = updateFromEvent(
      event("order:shipment:created", {
        shop_id: 815256,
        shipped_at: "2024-05-17 15:00:00+00:00",
        carrier: {
          code: "usps",
          tracking_number: "9400110200828911663274",
          tracking_url: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400110200828911663274",
        },
      }),
    );
    expect(update).toEqual({
      providerStatus: "shipped",
      status: "shipped",
      shipment: {
        carrier: "usps",
        trackingNumber: "9400110200828911663274",
        trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400110200828911663274",
      },
    });
  });

  it("drops a tracking link that is not http(s)", () => {
    const update = updateFromEvent(
      event("order:shipment:created", { carrier: { code: "x", tracking_number: "1", tracking_url: "javascript:alert(1)" } }),
    );
    expect(update !== "fetch" && update !== "ignore" && update.shipment?.trackingUrl).toBeNull();
  });

  it("asks for the order when an event lacks the details", () => {
    expect(updateFromEvent(event("order:shipment:created", { shop_id: 1 }))).toBe("fetch");
    expect(updateFromEvent(event("order:sent-to-production", { shop_id: 1 }))).toBe("fetch");
    expect(updateFromEvent(event("order:updated", { status: "in-production" }))).toEqual({
      providerStatus: "in-production",
      status: "submitted",
      shipment: null,
    });
  });

  it("ignores events about other things", () => {
    expect(updateFromEvent(event("product:publish:started", {}))).toBe("ignore");
  });

  it("reads Printify's order: its status and latest shipment", () => {
    expect(
      updateFromPrintifyOrder({
        id: "x",
        status: "fulfilled",
        shipments: [
          { carrier: "usps", number: "1", url: "https://t.example/1" },
          { carrier: "ups", number: "2", url: null },
        ],
      }),
    ).toEqual({ providerStatus: "fulfilled", status: "shipped", shipment: { carrier: "ups", trackingNumber: "2", trackingUrl: null } });
    expect(updateFromPrintifyOrder({ id: "x", status: "in-production", shipments: [] })).toEqual({
      providerStatus: "in-production",
      status: "submitted",
      shipment: null,
    });
  });
});
