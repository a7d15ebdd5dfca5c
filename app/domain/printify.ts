import { z } from "zod";
import { OrderStatus, type PrizeOrder, type ProviderUpdate, type Shipment, safeTrackingUrl } from "./orders";

/**
 * Printify (decision 014), the pure part: which catalogue product a prize is, the
 * order we send, how Printify's statuses and webhook events become ours (domain/orders). The HTTP
 * client and the jobs live in app/server/fulfilment/.
 */

// ---------------------------------------------------------------------------------------------
// The catalogue mapping

/**
 * Our product types as Printify catalogue items: a blueprint (the garment or mug), the print
 * provider that makes it, and a variant id per (colour, size).
 *
 * Where the ids come from: Printify's catalogue API, GET /v1/catalog/blueprints.json (blueprint
 * ids), GET /v1/catalog/blueprints/{blueprint_id}/print_providers.json (providers that make it) and
 * GET /v1/catalog/blueprints/{blueprint_id}/print_providers/{print_provider_id}/variants.json (one
 * id per colour/size, with its title such as "White / M"). Variant ids belong to a blueprint AND a
 * provider: choosing another provider means new ids. The blueprints are the common ones (12 =
 * Bella+Canvas 3001, 77 = Gildan 18500, 68 = 11oz ceramic mug); the variant ids below have the
 * catalogue's shape but were not read from the live catalogue (no network where this was written),
 * so check each against the variants endpoint for your provider before taking real orders. A wrong
 * id is refused by Printify: the order stays pending with the error shown in the admin queue.
 */
export interface PrintifyProduct {
  /** What the admin queue and the order label call it. */
  title: string;
  blueprintId: number;
  printProviderId: number;
  /** Our colour key (Campaign.selectedColors) → size → variant id. Mugs have one size, ONE_SIZE. */
  variants: Record<string, Record<string, number>>;
}

export const ONE_SIZE = "11oz";

export const PRINTIFY_PRODUCTS = {
  /** Bella+Canvas 3001 Unisex Jersey Short Sleeve Tee, made by Monster Digital. Heather Gray is "Athletic Heather". */
  "t-shirt": {
    title: "Unisex Jersey Short Sleeve Tee (Bella+Canvas 3001)",
    blueprintId: 12,
    printProviderId: 29,
    variants: {
      white: { XS: 18095, S: 18100, M: 18101, L: 18102, XL: 18103, "2XL": 18104, "3XL": 18105 },
      black: { XS: 18051, S: 18052, M: 18053, L: 18054, XL: 18055, "2XL": 18056, "3XL": 18057 },
      heather_gray: { XS: 18032, S: 18033, M: 18034, L: 18035, XL: 18036, "2XL": 18037, "3XL": 18038 },
    },
  },
  /**
   * The "Women's fit" style: a women's cut tee (Bella+Canvas 6400 Women's Relaxed T-Shirt), no 3XL.
   * Its blueprint id is the least certain entry here: look it up in /v1/catalog/blueprints.json.
   */
  "t-shirt:womens": {
    title: "Women's Relaxed T-Shirt (Bella+Canvas 6400)",
    blueprintId: 1000,
    printProviderId: 29,
    variants: {
      white: { XS: 72180, S: 72181, M: 72182, L: 72183, XL: 72184, "2XL": 72185 },
      black: { XS: 72168, S: 72169, M: 72170, L: 72171, XL: 72172, "2XL": 72173 },
      heather_gray: { XS: 72162, S: 72163, M: 72164, L: 72165, XL: 72166, "2XL": 72167 },
    },
  },
  /** Gildan 18500 Unisex Heavy Blend Hooded Sweatshirt, made by Monster Digital: one (unisex) cut, no XS. Heather Gray is "Sport Grey". */
  hoodie: {
    title: "Unisex Heavy Blend Hooded Sweatshirt (Gildan 18500)",
    blueprintId: 77,
    printProviderId: 29,
    variants: {
      white: { S: 32918, M: 32919, L: 32920, XL: 32921, "2XL": 32922, "3XL": 32923 },
      black: { S: 32878, M: 32879, L: 32880, XL: 32881, "2XL": 32882, "3XL": 32883 },
      heather_gray: { S: 32910, M: 32911, L: 32912, XL: 32913, "2XL": 32914, "3XL": 32915 },
    },
  },
  /** Mug 11oz (white ceramic), made by SPOKE Custom Products: whatever colour the campaign shows, the mug is white. */
  mug: {
    title: "Mug 11oz",
    blueprintId: 68,
    printProviderId: 1,
    variants: { white: { [ONE_SIZE]: 33719 } },
  },
} as const satisfies Record<string, PrintifyProduct>;

export type PrintifyProductKey = keyof typeof PRINTIFY_PRODUCTS;

export interface PrintifyItem {
  product: PrintifyProductKey;
  blueprintId: number;
  printProviderId: number;
  variantId: number;
}

export class PrintifyMappingError extends Error {
  override name = "PrintifyMappingError";
}

/** The style an order without one (older rows) is made in. */
export const DEFAULT_STYLE = "Unisex";

/**
 * The styles a winner may choose per product type, each with the catalogue product it is made as:
 * with PRINTIFY_PRODUCTS, the one source of what the claim form offers (domain/claims). A hoodie
 * comes in one (unisex) cut; a mug has no style.
 */
export const PRODUCT_STYLES = {
  "t-shirt": { Unisex: "t-shirt", "Women's fit": "t-shirt:womens" },
  hoodie: { Unisex: "hoodie" },
  mug: {},
} as const satisfies Record<string, Record<string, PrintifyProductKey>>;

function stylesOf(productType: string): Record<string, PrintifyProductKey> | undefined {
  return Object.hasOwn(PRODUCT_STYLES, productType) ? PRODUCT_STYLES[productType as keyof typeof PRODUCT_STYLES] : undefined;
}

/** The catalogue product for a prize: the product type, and for garments the style the winner chose (Unisex when none). */
export function printifyProductKey(productType: string, style: string | null | undefined): PrintifyProductKey {
  if (productType === "mug") return "mug";
  const styles = stylesOf(productType);
  if (!styles) throw new PrintifyMappingError(`No Printify product for the product type "${productType}".`);
  const chosen = style || DEFAULT_STYLE;
  const key = Object.hasOwn(styles, chosen) ? styles[chosen] : undefined;
  if (!key) throw new PrintifyMappingError(`No Printify product for the style "${chosen}" of the product type "${productType}".`);
  return key;
}

/** The styles the catalogue has for a product type, in offering order; none for a mug or an unknown type. */
export function catalogueStyles(productType: string): string[] {
  return Object.keys(stylesOf(productType) ?? {});
}

/** The sizes the catalogue has for a garment in a style and colour (the mapping's order); none when it has no such garment. */
export function catalogueSizes(productType: string, style: string, color: string): string[] {
  if (productType === "mug") return [];
  let key: PrintifyProductKey;
  try {
    key = printifyProductKey(productType, style);
  } catch {
    return [];
  }
  const variants: PrintifyProduct["variants"] = PRINTIFY_PRODUCTS[key].variants;
  return Object.hasOwn(variants, color) ? Object.keys(variants[color] ?? {}) : [];
}

/** Blueprint, provider and variant for what the winner chose; throws PrintifyMappingError when the catalogue has no such item. */
export function printifyItem(choice: {
  productType: string;
  style?: string | null;
  size?: string | null;
  color?: string | null;
}): PrintifyItem {
  const key = printifyProductKey(choice.productType, choice.style);
  const product: PrintifyProduct = PRINTIFY_PRODUCTS[key];
  const color = key === "mug" ? "white" : (choice.color ?? "");
  const size = key === "mug" ? ONE_SIZE : (choice.size ?? "").toUpperCase();
  const sizes = product.variants[color];
  if (!sizes) throw new PrintifyMappingError(`No Printify variant for the colour "${color}" of ${product.title}.`);
  const variantId = sizes[size];
  if (!variantId) throw new PrintifyMappingError(`No Printify variant for the size "${size || "none"}" in ${color} of ${product.title}.`);
  return { product: key, blueprintId: product.blueprintId, printProviderId: product.printProviderId, variantId };
}

/** The variant id for what the winner chose, or null when the mapping has none (shown in the admin queue and its CSV). */
export function printifyVariantId(choice: {
  productType: string;
  style?: string | null;
  size?: string | null;
  color?: string | null;
}): number | null {
  try {
    return printifyItem(choice).variantId;
  } catch (error) {
    if (error instanceof PrintifyMappingError) return null;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// The order we send: POST /v1/shops/{shop_id}/orders.json

export interface PrintifyAddress {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  region: string;
  address1: string;
  address2: string;
  city: string;
  zip: string;
}

export interface PrintifyLineItem {
  print_provider_id: number;
  blueprint_id: number;
  variant_id: number;
  /** Position → image URL Printify downloads (must be publicly reachable). */
  print_areas: { front: string };
  quantity: number;
}

export interface PrintifyOrderRequest {
  external_id: string;
  label: string;
  line_items: PrintifyLineItem[];
  /** 1 = standard. */
  shipping_method: number;
  send_shipping_notification: boolean;
  address_to: PrintifyAddress;
}

/** "Ada King Lovelace" → first "Ada King", last "Lovelace"; a single name is all first name. */
export function splitName(fullName: string): { first_name: string; last_name: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { first_name: words[0] ?? "", last_name: "" };
  return { first_name: words.slice(0, -1).join(" "), last_name: words.at(-1) ?? "" };
}

export const LABEL_MAX = 100;

/**
 * The Printify order for a claimed prize: one item (our design as the front print area of the
 * product's blueprint, variant by size and colour), the winner's address, our order id as
 * external_id. Printify's own shipping email stays off: the winner hears from us (order_shipped).
 */
export function buildPrintifyOrder(
  order: PrizeOrder,
  campaign: { title: string; productType: string },
  designUrl: string,
): PrintifyOrderRequest {
  if (!/^https?:\/\//i.test(designUrl)) throw new PrintifyMappingError("The design URL sent to Printify must be absolute (http or https).");
  const missing = (["shipName", "shipLine1", "shipCity", "shipCountry"] as const).filter((field) => !order[field]?.trim());
  if (missing.length) throw new PrintifyMappingError(`The order has no shipping ${missing.join(", ")}.`);
  const item = printifyItem({ productType: campaign.productType, style: order.style, size: order.size, color: order.color });
  const rank = order.prizeRank === 1 ? "" : ` (prize ${order.prizeRank})`;
  return {
    external_id: order.id,
    label: `Giveawear: ${campaign.title}${rank}`.slice(0, LABEL_MAX),
    line_items: [
      {
        print_provider_id: item.printProviderId,
        blueprint_id: item.blueprintId,
        variant_id: item.variantId,
        print_areas: { front: designUrl },
        quantity: 1,
      },
    ],
    shipping_method: 1,
    send_shipping_notification: false,
    address_to: {
      ...splitName(order.shipName ?? ""),
      email: order.winnerEmail,
      phone: order.shipPhone ?? "",
      country: (order.shipCountry ?? "").toUpperCase(),
      region: order.shipRegion ?? "",
      address1: order.shipLine1 ?? "",
      address2: order.shipLine2 ?? "",
      city: order.shipCity ?? "",
      zip: order.shipPostalCode ?? "",
    },
  };
}

// ---------------------------------------------------------------------------------------------
// What Printify tells us: its order (GET /v1/shops/{shop_id}/orders/{id}.json) and its webhooks

/**
 * Printify's order statuses as ours. Everything between "we sent it" and "it left the printer"
 * (on-hold, payment-not-received, sending-to-production, in-production, has-issues,
 * partially-fulfilled, …) is submitted; its own word is kept in Order.providerStatus, and the
 * winner's claim page reads it (domain/orders winnerOrderStep: in production, or a problem when on
 * hold or with issues). A shipment makes it shipped, a delivered shipment delivered (decision 052).
 * Unknown words change nothing.
 */
export function statusFromPrintify(providerStatus: string | null | undefined, hasShipment = false): OrderStatus | null {
  if (hasShipment) return OrderStatus.shipped;
  switch ((providerStatus ?? "").toLowerCase()) {
    case "fulfilled":
      return OrderStatus.fulfilled;
    case "canceled":
    case "cancelled":
      return OrderStatus.cancelled;
    case "on-hold":
    case "pending":
    case "payment-not-received":
    case "checking-quality":
    case "quality-approved":
    case "quality-declined":
    case "ready-for-production":
    case "sending-to-production":
    case "in-production":
    case "has-issues":
    case "partially-fulfilled":
    case "callback-received":
      return OrderStatus.submitted;
    default:
      return null;
  }
}

const text = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .nullish();

const ShipmentSchema = z.object({ carrier: text, number: text, url: text, delivered_at: text });

/** The parts of Printify's order we read. */
export const PrintifyOrderSchema = z.object({
  id: z.string().min(1),
  status: text,
  external_id: text,
  metadata: z.object({ shop_order_id: text }).nullish(),
  shipments: z.array(ShipmentSchema).nullish(),
});
export type PrintifyOrder = z.infer<typeof PrintifyOrderSchema>;

/** Printify's order as an update of ours: its status and its latest shipment with a tracking number. */
export function updateFromPrintifyOrder(order: PrintifyOrder): ProviderUpdate {
  const shipment = [...(order.shipments ?? [])].reverse().find((s) => s.number);
  const found: Shipment | null = shipment?.number
    ? { carrier: shipment.carrier || null, trackingNumber: shipment.number, trackingUrl: safeTrackingUrl(shipment.url) }
    : null;
  // A shipment Printify dates as delivered (its delivered_at) means the parcel arrived (decision 052).
  const delivered = Boolean(found && shipment?.delivered_at);
  return {
    providerStatus: order.status || null,
    status: delivered ? OrderStatus.delivered : statusFromPrintify(order.status, Boolean(found)),
    shipment: found,
  };
}

/** Whether an order in Printify's list is the one we sent with this external_id. */
export function hasExternalId(order: PrintifyOrder, externalId: string): boolean {
  return order.external_id === externalId || order.metadata?.shop_order_id === externalId;
}

const CarrierSchema = z.object({ code: text, tracking_number: text, tracking_url: text });

export const PrintifyEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  resource: z.object({
    id: z.union([z.string(), z.number()]).transform(String),
    type: z.string(),
    data: z
      .object({
        status: text,
        carrier: CarrierSchema.nullish(),
        shipments: z.array(ShipmentSchema).nullish(),
      })

      .nullish(),
  }),
});
export type PrintifyEvent = z.infer<typeof PrintifyEventSchema>;

/** The order events we follow; the rest (products, shops) are acknowledged and ignored. */
export const ORDER_EVENTS = [
  "order:created",
  "order:updated",
  "order:sent-to-production",
  "order:shipment:created",
  "order:shipment:delivered",
] as const;

/**
 * What an event says, or "fetch" when it does not say enough (no status, a shipment without a
 * tracking number): then the order is read from Printify. "ignore" for events about other things.
 */
export function updateFromEvent(event: PrintifyEvent): ProviderUpdate | "fetch" | "ignore" {
  if (event.resource.type !== "order" || !(ORDER_EVENTS as readonly string[]).includes(event.type)) return "ignore";
  const data = event.resource.data ?? {};
  if (event.type === "order:shipment:created" || event.type === "order:shipment:delivered") {
    const fromCarrier = data.carrier?.tracking_number
      ? {
          carrier: data.carrier.code || null,
          trackingNumber: data.carrier.tracking_number,
          trackingUrl: safeTrackingUrl(data.carrier.tracking_url),
        }
      : null;
    const listed = [...(data.shipments ?? [])].reverse().find((s) => s.number);
    const fromList = listed?.number
      ? { carrier: listed.carrier || null, trackingNumber: listed.number, trackingUrl: safeTrackingUrl(listed.url) }
      : null;
    const shipment = fromCarrier ?? fromList;
    if (!shipment) return "fetch";
    const delivered = event.type === "order:shipment:delivered";
    return {
      providerStatus: delivered ? "delivered" : data.status || "shipped",
      status: delivered ? OrderStatus.delivered : OrderStatus.shipped,
      shipment,
    };
  }
  const status = statusFromPrintify(data.status);
  if (!status) return "fetch";
  return { providerStatus: data.status || null, status, shipment: null };
}

// ---------------------------------------------------------------------------------------------
// The campaign's product and its mockups (decision 044): POST /v1/uploads/images.json, then
// POST /v1/shops/{shop_id}/products.json; Printify answers the product with `images`, its own
// mockups, each naming the variants it shows.

/** The catalogue product a campaign's prize is shown as: the product type's default style. */
export function campaignPrintifyKey(productType: string): PrintifyProductKey {
  return printifyProductKey(productType, null);
}

export interface PrintifyProductRequest {
  title: string;
  description: string;
  blueprint_id: number;
  print_provider_id: number;
  variants: { id: number; price: number; is_enabled: boolean }[];
  print_areas: {
    variant_ids: number[];
    placeholders: { position: "front"; images: { id: string; x: number; y: number; scale: number; angle: number }[] }[];
  }[];
}

/**
 * Printify asks a retail price per variant (in cents) for a product it could sell; this product
 * is never published to a sales channel, only made for its mockups, so the price is nominal.
 */
export const MOCKUP_PRODUCT_PRICE_CENTS = 2500;

/** Our colours the catalogue product is made in, each with its variant ids (for the campaign's sizes; all sizes when none match). */
export function campaignVariants(campaign: {
  productType: string;
  selectedColors: string;
  selectedSizes: string;
}): Partial<Record<string, number[]>> {
  const product: PrintifyProduct = PRINTIFY_PRODUCTS[campaignPrintifyKey(campaign.productType)];
  const sizes = campaign.selectedSizes
    .split(",")
    .map((size) => size.trim().toUpperCase())
    .filter(Boolean);
  const out: Partial<Record<string, number[]>> = {};
  for (const color of campaign.selectedColors.split(",").map((c) => c.trim())) {
    const bySize = Object.hasOwn(product.variants, color) ? product.variants[color] : undefined;
    if (!bySize) continue;
    const chosen = Object.entries(bySize).filter(([size]) => sizes.includes(size));
    const ids = (chosen.length ? chosen : Object.entries(bySize)).map(([, id]) => id);
    if (ids.length) out[color] = ids;
  }
  return out;
}

/** The product for a campaign: its design (an uploaded image id) on the front of every variant we show. */
export function buildPrintifyProduct(
  campaign: { title: string; brandName: string; productType: string; selectedColors: string; selectedSizes: string },
  imageId: string,
): PrintifyProductRequest {
  const key = campaignPrintifyKey(campaign.productType);
  const product: PrintifyProduct = PRINTIFY_PRODUCTS[key];
  const variantIds = Object.values(campaignVariants(campaign)).flatMap((ids) => ids ?? []);
  if (!variantIds.length) throw new PrintifyMappingError(`${product.title} is not made in any of the campaign's colours.`);
  return {
    title: `${campaign.title}`.slice(0, LABEL_MAX) || product.title,
    description: `Giveaway prize by ${campaign.brandName || "a Giveawear creator"} (made for its product mockups).`,
    blueprint_id: product.blueprintId,
    print_provider_id: product.printProviderId,
    variants: variantIds.map((id) => ({ id, price: MOCKUP_PRODUCT_PRICE_CENTS, is_enabled: true })),
    print_areas: [
      { variant_ids: variantIds, placeholders: [{ position: "front", images: [{ id: imageId, x: 0.5, y: 0.5, scale: 1, angle: 0 }] }] },
    ],
  };
}

export const PrintifyUploadSchema = z.object({ id: z.union([z.string(), z.number()]).transform(String) });

const PrintifyImageSchema = z.object({
  src: z.string(),
  variant_ids: z.array(z.number()).default([]),
  position: z.string().nullish(),
  is_default: z.boolean().nullish(),
});

/** The parts of Printify's product we read. */
export const PrintifyProductSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  images: z.array(PrintifyImageSchema).default([]),
});
export type PrintifyProductAnswer = z.infer<typeof PrintifyProductSchema>;

/**
 * One mockup per colour: among the images showing any of the colour's variants, the front ones,
 * the default first, else the first listed (Printify lists them in its own order of preference).
 * Only https addresses (or `allowedOrigin`, the fake's in tests) are taken.
 */
export function mockupsByColor(
  images: PrintifyProductAnswer["images"],
  variants: Partial<Record<string, number[]>>,
  allowedOrigin?: string,
): Record<string, string> {
  const usable = (src: string) => {
    if (!URL.canParse(src)) return false;
    const url = new URL(src);
    return url.protocol === "https:" || (allowedOrigin !== undefined && url.origin === allowedOrigin);
  };
  const out: Record<string, string> = {};
  for (const [color, ids] of Object.entries(variants)) {
    const showing = images.filter((image) => usable(image.src) && image.variant_ids.some((id) => ids?.includes(id)));
    const front = showing.filter((image) => (image.position ?? "front") === "front");
    const pick = front.find((image) => image.is_default) ?? front[0] ?? showing.find((image) => image.is_default) ?? showing[0];
    if (pick) out[color] = pick.src;
  }
  return out;
}
